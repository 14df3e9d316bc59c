import type { Message } from './types'

/** The types that reach the summary prompt. A summary is `context`, so it survives a re-compaction. */
export const CONVERSATIONAL_TYPES: ReadonlySet<string> = new Set(['user', 'bot', 'context'])

/** Whether a message reaches the summary prompt. */
export const reachesPrompt = (message: Message): boolean => CONVERSATIONAL_TYPES.has(message.type)

const PREAMBLE = `You are condensing the earlier part of a conversation between a user and an AI assistant, so that the assistant can carry on the work without the full history.

Write a summary with exactly these four sections, as Markdown headings, in this order:

## Discussed
What the user asked for and the topics that came up.

## Accomplished
What has been done so far: decisions made, answers given, work completed.

## Details
Facts the assistant will need later: names, numbers, settings, constraints, errors, and every identifier.

## Ongoing
What is still in progress or unresolved, and the next step.

Copy every opaque identifier exactly as it appears, character for character: ids, hashes, UUIDs, file paths, URLs. Never shorten, reformat or paraphrase one; a changed identifier silently breaks every later reference to it.

Write only the summary. Do not address the user, and add nothing that is not in the conversation below.`

function renderMessage(message: Message): string {
  const id = message.id ? ` id="${message.id}"` : ''
  const body = message.payload ? `${message.text}\n${message.payload}` : message.text
  return `<message type="${message.type}"${id}>\n${body}\n</message>`
}

/**
 * The summary prompt as consecutive pieces whose concatenation is buildSummaryPrompt's text, each
 * made only when asked for. On a long conversation the prompt runs to megabytes: a caller that
 * shows its start reads only the first pieces, and never builds the rest.
 */
export function* summaryPromptPieces(messagesToSummarize: readonly Message[]): Generator<string> {
  yield `${PREAMBLE}\n\n<conversation>\n`
  let first = true
  for (const message of messagesToSummarize) {
    if (!reachesPrompt(message)) continue
    yield first ? renderMessage(message) : `\n\n${renderMessage(message)}`
    first = false
  }
  yield '\n</conversation>\n'
}

/**
 * Renders the prompt that asks a model to condense the history. Only user, bot and context messages
 * reach it; instructions, reasoning, activity and unknown types never do.
 */
export function buildSummaryPrompt(messagesToSummarize: readonly Message[]): string {
  return [...summaryPromptPieces(messagesToSummarize)].join('')
}
