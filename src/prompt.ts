import type { Message } from './types'

/** The types that reach the summary prompt. A summary is `context`, so it survives a re-compaction. */
export const CONVERSATIONAL_TYPES: ReadonlySet<string> = new Set(['user', 'bot', 'context'])

/** Whether a message reaches the summary prompt. */
export const reachesPrompt = (message: Message): boolean => CONVERSATIONAL_TYPES.has(message.type)

/** The instructions before the conversation: the same in every summary prompt. */
export const PREAMBLE = `You are condensing the earlier part of a conversation between a user and an AI assistant, so that the assistant can carry on the work without the full history.

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

/**
 * The markup's tags start with these names. The conversation and its messages are written with a
 * boundary (a suffix on every tag name) that no message's type, id, text or payload contains, so
 * nothing a message holds can close its element or open another: the first of '', '-1', '-2', …
 * for which no field contains `<name` or `</name` with the suffix, for any of these names. With
 * '' (nearly every conversation) type and id are attributes, as they always were; a `"` in a type
 * or an id rules '' out, since it could close the attribute. With a suffix they are elements of
 * their own. Nothing is escaped: every identifier reaches the model exactly as it was.
 */
export const PROMPT_TAGS = ['conversation', 'message', 'type', 'id'] as const

// A tag of the markup, with the digits of its boundary if it has one (a suffix longer than nine
// digits is never chosen: no text holds enough tags to rule out all the shorter ones).
const TAG = /<\/?(conversation|message|type|id)(?:-([1-9][0-9]{0,8}))?/g

/** The fields of a message that the prompt writes: what its boundary must not occur in. */
export interface PromptedMessage {
  type: string
  /** Absent, or empty, when the message has no id: no id is written. */
  id?: string
  /** The message's text, then a newline and its payload when it has one. */
  text: string
}

/**
 * The boundary the rule above chooses for these messages' fields. A payload may be given apart
 * from the text: no tag holds a newline, so the two joined hold the same tags as each alone.
 */
export function promptBoundary(messages: Iterable<PromptedMessage & { payload?: string }>): string {
  let plain = true
  const taken = new Set<number>()
  for (const message of messages) {
    const tags = tagsOf(message)
    if (!tags.plain) plain = false
    for (const k of tags.taken) taken.add(k)
  }
  if (plain) return ''
  let k = 1
  while (taken.has(k)) k++
  return `-${k}`
}

/** What one message's fields rule out: the plain markup, and the numbered boundaries they hold. */
interface MessageTags {
  plain: boolean
  taken: readonly number[]
}

const NO_TAGS: MessageTags = { plain: true, taken: [] }

// The app asks for the boundary of every head the user tunes to, over the same message objects:
// each message's fields are scanned once, and again only if they change.
const scanned = new WeakMap<object, { fields: readonly string[]; tags: MessageTags }>()

function tagsOf(message: PromptedMessage & { payload?: string }): MessageTags {
  const { type, id = '', text, payload = '' } = message
  const fields = [type, id, text, payload]
  const hit = scanned.get(message)
  if (hit && hit.fields.every((field, i) => field === fields[i])) return hit.tags
  let plain = !type.includes('"') && !id.includes('"')
  const taken: number[] = []
  for (const field of fields) {
    // Most fields hold no `<` at all: a native search rules them out before the pattern runs.
    if (!field.includes('<')) continue
    for (const [, name, digits] of field.matchAll(TAG)) {
      if (name === 'conversation' || name === 'message') plain = false
      // `<message-12` contains `<message-1`: it rules out both.
      if (digits) for (let k = 1; k <= digits.length; k++) taken.push(Number(digits.slice(0, k)))
    }
  }
  const tags = plain && taken.length === 0 ? NO_TAGS : { plain, taken }
  scanned.set(message, { fields, tags })
  return tags
}

const bodyOf = (message: Message) =>
  message.payload ? `${message.text}\n${message.payload}` : message.text

/** The opening of the conversation element, with the preamble before it. */
export const promptOpening = (boundary: string) => `${PREAMBLE}\n\n<conversation${boundary}>\n`

/** The closing of the conversation element, and the prompt. */
export const promptClosing = (boundary: string) => `\n</conversation${boundary}>\n`

function renderMessage(message: PromptedMessage, boundary: string): string {
  const { type, id, text } = message
  if (boundary === '') {
    return `<message type="${type}"${id ? ` id="${id}"` : ''}>\n${text}\n</message>`
  }
  const idLine = id ? `<id${boundary}>${id}</id${boundary}>\n` : ''
  return (
    `<message${boundary}>\n<type${boundary}>${type}</type${boundary}>\n${idLine}` +
    `${text}\n</message${boundary}>`
  )
}

/** The boundary the summary prompt of this head uses (promptBoundary of the messages that reach it). */
export const summaryPromptBoundary = (messagesToSummarize: readonly Message[]): string =>
  promptBoundary(messagesToSummarize.filter(reachesPrompt))

/**
 * The summary prompt as consecutive pieces whose concatenation is buildSummaryPrompt's text, each
 * made only when asked for. On a long conversation the prompt runs to megabytes: a caller that
 * shows its start reads only the first pieces, and never builds the rest. Choosing the boundary
 * reads every message first (a search, which builds nothing); a caller that already has it
 * (summaryPromptBoundary, worked out elsewhere) passes it.
 */
export function* summaryPromptPieces(
  messagesToSummarize: readonly Message[],
  boundary: string = summaryPromptBoundary(messagesToSummarize),
): Generator<string> {
  yield promptOpening(boundary)
  let first = true
  for (const message of messagesToSummarize) {
    if (!reachesPrompt(message)) continue
    const rendered = renderMessage(
      { type: message.type, id: message.id, text: bodyOf(message) },
      boundary,
    )
    yield first ? rendered : `\n\n${rendered}`
    first = false
  }
  yield promptClosing(boundary)
}

/**
 * Renders the prompt that asks a model to condense the history. Only user, bot and context messages
 * reach it; instructions, reasoning, activity and unknown types never do.
 */
export function buildSummaryPrompt(messagesToSummarize: readonly Message[]): string {
  return [...summaryPromptPieces(messagesToSummarize)].join('')
}
