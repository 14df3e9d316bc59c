import type { Message } from '../types'
import type { ReadInput, ReadResult } from './reader'
import { ShapeError, isObject, kind, pathString, type Json } from './json-shape'
import { NoteList } from './report'
import { isCount } from './reported-usage'
import { rootObject } from './sniff-shapes'
import type { FormatDescriptor, ReportedUsage } from './types'
import { type Builder, readItem } from './continue-items'
import { readPromptLogs } from './continue-prompt-logs'

/*
 * Continue (continuedev/continue, at d0a3c0b626, read 2026-12-06) keeps each chat session as one
 * JSON document, <global folder>/sessions/<session id>.json, rewritten whole on every change
 * (core/util/history.ts, HistoryManager.save): {sessionId, title, workspaceDirectory, history,
 * mode?, chatModelTitle?, usage?}. The IDE extension and the `cn` CLI both write it, and build
 * their requests from it differently. See docs/formats/continue.md.
 */

const SESSION_NOTES: Record<string, string> = {
  sessionId: 'session metadata; not part of the conversation',
  title: 'session metadata; not part of the conversation',
  workspaceDirectory: 'the folder the session worked in; not part of the conversation',
  mode: 'the mode the IDE ran the session in (chat, agent, plan); not part of the conversation',
  chatModelTitle:
    "the title of the model the user picked in Continue's configuration; not a model id, not read",
  usage: 'the usage and cost of the whole session, summed; not per request, not read',
}

/**
 * Reads a Continue session as the builder that wrote it sends it: the extension from the latest
 * conversation summary on (the summary first), the CLI its history as it stands (a compaction
 * replaced what came before).
 */
export function readContinue(input: ReadInput): ReadResult {
  const notes = new NoteList()
  const root = input.json()
  if (!isObject(root)) throw new ShapeError(`the file is ${kind(root)}, not a Continue session`, [])
  if (isServerEraSession(root)) throw new ShapeError(SERVER_ERA, ['history', 'timeline'])
  const history = root.history
  if (!Array.isArray(history)) {
    throw new ShapeError(`"history" is ${kind(history)}, not a list of history items`, ['history'])
  }
  for (const key of Object.keys(root)) {
    if (key === 'history') continue
    notes.info(
      pathString([key]),
      SESSION_NOTES[key] ?? 'session metadata; not part of the conversation',
    )
  }
  const builder = builderOf(root)
  notes.info(
    '',
    builder === 'cli'
      ? "written by Continue's CLI (cn): its session usage records a cost; read as the CLI sends it"
      : "written by Continue's IDE extension: read as the extension sends it",
  )

  const logged = readPromptLogs(history, builder, notes)
  const messages: Message[] = []
  // The extension's system message, as its latest logged request shows it.
  if (logged.system) messages.push({ type: 'instructions', text: logged.system })
  const usage: ReportedUsage[] = []
  let from = 0
  if (builder === 'ide') {
    const at = lastSummary(history)
    if (at !== -1) {
      const summary = (history[at] as Json).conversationSummary as string
      messages.push({
        type: 'context',
        text: summary,
        meta: { compacted: true, droppedCount: at + 1 },
      })
      notes.info(
        at === 0 ? 'history[0]' : `history[0–${at}]`,
        `${at + 1} history item${at === 0 ? '' : 's'} up to the latest conversation summary; the extension sends the summary in their place (after its system message, under a short label of its own, which the file does not hold), not loaded`,
      )
      from = at + 1
    }
  }
  // Where the current reply's messages start: its thinking comes as items of its own before it.
  let replyStart: number | undefined
  for (let k = from; k < history.length; k++) {
    const item = history[k]
    let read
    try {
      read = readItem(item, k, builder, notes)
    } catch (error) {
      if (!(error instanceof ShapeError)) throw error
      notes.warn(pathString(error.steps), `${error.problem}; item skipped`)
      continue
    }
    const role = isObject(item) && isObject(item.message) ? item.message.role : undefined
    if (role === 'thinking') replyStart ??= messages.length
    const start = role === 'assistant' ? (replyStart ?? messages.length) : messages.length
    if (role !== 'thinking') replyStart = undefined
    if (builder === 'cli' && isObject(item) && typeof item.conversationSummary === 'string') {
      // The CLI's compaction: the history it kept is the summary as an assistant message.
      const first = read.messages[0]
      if (first)
        read.messages[0] = { ...first, type: 'context', meta: { compacted: true, droppedCount: 0 } }
    }
    for (const m of read.messages) messages.push(m)
    const reported = read.reply ? promptSize(read.usage) : undefined
    if (reported) {
      usage.push({
        prompt: start,
        inputTokens: reported.input,
        ...(reported.output !== undefined ? { outputTokens: reported.output } : {}),
        at: pathString(['history', k, 'message', 'usage']),
      })
    }
  }
  return {
    ...(logged.model !== undefined ? { model: logged.model } : {}),
    messages,
    notes,
    ...(usage.length > 0 ? { usage } : {}),
    ...(logged.system !== undefined ? { systemPromptRecorded: true as const } : {}),
  }
}

/**
 * Which of Continue's two front ends wrote the session. The CLI gives every session a `usage`
 * with `totalCost` from its start (extensions/cli/src/session.ts); the extension never sets one.
 */
function builderOf(root: Json): Builder {
  return isObject(root.usage) && 'totalCost' in root.usage ? 'cli' : 'ide'
}

/** The last history item with a conversation summary (constructMessages), else -1. */
function lastSummary(history: readonly unknown[]): number {
  for (let i = history.length - 1; i >= 0; i--) {
    const item = history[i]
    if (
      isObject(item) &&
      typeof item.conversationSummary === 'string' &&
      item.conversationSummary !== ''
    )
      return i
  }
  return -1
}

/**
 * A reply's reported prompt size. The CLI keeps the OpenAI-shaped usage its adapters return
 * (packages/openai-adapters): `prompt_tokens` is the whole prompt, except from Anthropic's adapter,
 * which puts Anthropic's uncached `input_tokens` there and the cache's in `prompt_tokens_details`
 * (`cache_read_tokens`, `cache_write_tokens`, which only it sets). The same holds of the camel-case
 * `Usage` the extension's adapters give (`promptTokens`, `promptTokensDetails.cacheWriteTokens`).
 */
function promptSize(value: unknown): { input: number; output?: number } | undefined {
  if (!isObject(value)) return undefined
  const snake = isCount(value.prompt_tokens)
  const prompt = snake ? value.prompt_tokens : value.promptTokens
  if (!isCount(prompt)) return undefined
  const details = snake ? value.prompt_tokens_details : value.promptTokensDetails
  const write = isObject(details)
    ? snake
      ? details.cache_write_tokens
      : details.cacheWriteTokens
    : undefined
  const read = isObject(details)
    ? snake
      ? (details.cache_read_tokens ?? details.cached_tokens)
      : details.cachedTokens
    : undefined
  const input = isCount(write) ? prompt + write + (isCount(read) ? read : 0) : prompt
  const output = snake ? value.completion_tokens : value.completionTokens
  return { input, ...(isCount(output) ? { output } : {}) }
}

/**
 * A session of Continue 0.x (2023), written by its Python server: `session_info` and a `history`
 * of `{timeline: [{step: {class_name, description, chat_context, …}, observation, …}],
 * current_index}`, steps where the sessions since hold messages. Found in public repositories; not
 * read, but named, rather than refused as no known format.
 */
function isServerEraSession(root: Record<string, unknown>): boolean {
  const history = root.history
  return isObject(history) && Array.isArray(history.timeline) && isObject(root.session_info)
}

const SERVER_ERA =
  'a session of Continue 0.x (2023: steps in history.timeline, written by its Python server), which this version does not read; the sessions Continue has written since (history: a list of {message, contextItems}) are read'

/** Continue: a session document with `sessionId` and a `history` of {message, contextItems}. */
export const continueFormat = {
  id: 'continue',
  label: 'Continue session',
  shape:
    'a JSON object {sessionId, title, workspaceDirectory, history: [{message, contextItems, …}]}',
  detect(sniff) {
    const root = rootObject(sniff)
    // Named when read (SERVER_ERA), not refused as no known format.
    if (root && isServerEraSession(root)) return 3
    if (!root || !Array.isArray(root.history) || typeof root.sessionId !== 'string') return 0
    const first = root.history.find(isObject)
    return first === undefined || (isObject(first.message) && 'contextItems' in first) ? 3 : 0
  },
  read: readContinue,
} as const satisfies FormatDescriptor
