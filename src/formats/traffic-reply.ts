import { formatNumber } from '../numbers'
import type { Message } from '../types'
import { readAnthropicMessage, type BlockContext } from './anthropic-content'
import { ShapeError, isObject, pathString, type Json } from './json-shape'
import { readOpenAIChat } from './openai-chat'
import { readOpenAIResponses } from './openai-responses'
import { LocatedError, ReadInput, type ReadResult, type Reader } from './reader'
import type { NoteList } from './report'
import { anyUsage, contextEdits, type UsageCounts } from './reported-usage'
import { rebuildEvents, rebuildStream, type RebuiltStream } from './traffic-stream'

/**
 * The reply half of an API traffic log's pair: the response's assistant message, from its body or
 * rebuilt from its stream, read by the reader of its shape, with its usage noted. And the helper
 * both halves use to read a part of the pair with another format's reader.
 */

/** A pair of the log, as far as its reply goes: its line and its response. */
export interface LoggedPair {
  line: number
  response: unknown
}

/** The problem noted for a pair's HTTP fields. */
export const HTTP_NOTE = 'HTTP metadata; not part of the conversation'
const USAGE_NOTE = 'read by the usage view'

/**
 * Reads `value` with another format's reader, its notes and errors re-placed at `to` on `line`.
 * `from` is the prefix of the reader's own paths that `to` stands for.
 */
export function readNested(
  read: Reader,
  value: unknown,
  from: string,
  to: string,
  line: number,
  notes: NoteList,
): Message[] {
  const rebase = (path: string) => {
    const rest = path.slice(from.length)
    if (rest === '') return to
    return rest.startsWith('[') || rest.startsWith('.') ? `${to}${rest}` : `${to}.${rest}`
  }
  let result: ReadResult
  try {
    result = read(new ReadInput(JSON.stringify(value)))
  } catch (error) {
    if (error instanceof ShapeError) {
      throw new LocatedError(
        error.problem,
        `line ${line}: ${rebase(pathString(error.steps))}`,
        line,
      )
    }
    throw error
  }
  for (const n of result.notes.notes) {
    const path = `line ${line}: ${rebase(n.path)}`
    if (n.severity === 'warning') notes.warn(path, n.problem)
    else notes.info(path, n.problem)
  }
  return result.messages
}

/** The response's reply, read as the last message(s), and its usage noted and read. */
export function readResponse(
  pair: LoggedPair,
  notes: NoteList,
): { messages: Message[]; model?: string; usage?: UsageCounts & { at: string } } {
  const { line } = pair
  const at = (path: string) => `line ${line}: ${path}`
  const response = pair.response
  if (!isObject(response)) {
    notes.info(
      at('response'),
      'no response was logged (the request got none); only the request is loaded',
    )
    return { messages: [] }
  }
  // hanqunfeng/claude-trace (vibe-coding-proxy) writes an OpenAI reply's `body` as its own
  // Anthropic-shaped rendering (no reasoning items, no cached-token details); its `events` hold
  // the stream as it came, so the reply is rebuilt from them.
  const rendered = isProxyRendering(response)
  for (const key of Object.keys(response)) {
    if (key === 'events' && rendered) {
      notes.info(
        at('response.body'),
        `the proxy's Anthropic-shaped rendering of the reply (api_format ${String(response.api_format)}); the reply is rebuilt from response.events`,
      )
    } else if (key === 'events' && ('body' in response || 'body_raw' in response)) {
      notes.info(
        at('response.events'),
        'the stream once more, as parsed events; read from the body',
      )
    } else if (key !== 'body' && key !== 'body_raw' && key !== 'events')
      notes.info(at(`response.${key}`), HTTP_NOTE)
  }
  const { body, where, streamed } = replyBody(response, rendered, (rebuilt, where) =>
    reportStream(rebuilt, at(where), notes),
  )
  const field = (key: string) => fieldOf(where, key, streamed)
  if (streamed && where === 'response.body') {
    notes.info(
      at(where),
      'the body is a streamed reply written as text; the reply is rebuilt from its events',
    )
  }
  const status = statusOf(response)
  if (typeof status === 'number' && status >= 400) {
    const error = isObject(body?.error) ? String(body.error.message ?? '') : ''
    notes.warn(
      at(where),
      `the response is an error (status ${status}${error ? `: ${error}` : ''}); no reply loaded`,
    )
    return { messages: [] }
  }
  if (!body) {
    notes.warn(
      at('response'),
      'no reply in the response (no body, or a stream with no message events); only the request is loaded',
    )
    return { messages: [] }
  }
  const read = anyUsage(body.usage)
  // Anthropic's context editing: the usage counts the prompt as edited (reported-usage.ts).
  const edits = contextEdits(body.context_management)
  const counts = read && edits ? { ...read, apiCleared: edits.tokens } : read
  if (isObject(body.usage)) notes.info(at(field('usage')), usageNote(body.usage))
  if (counts?.apiCleared !== undefined) {
    notes.info(
      at(field('context_management')),
      `Anthropic's context editing cleared ${formatNumber(counts.apiCleared)} tokens from this request before the model read it; the usage view takes them off its estimate`,
    )
  }
  const model = typeof body.model === 'string' ? body.model : undefined
  const messages = replyOf(body, where, field, line, notes)
  if (messages.length > 0) {
    notes.info(
      at(where),
      "the response's reply is read as the last message(s); the request did not hold it",
    )
  }
  return {
    messages,
    model,
    ...(counts ? { usage: { ...counts, at: at(field('usage')) } } : {}),
  }
}

/**
 * The response's body: as logged, or rebuilt from its stream (`body_raw`, or a `body` that holds
 * the stream's text, as a recording proxy that keeps every body as text writes it) or its parsed
 * `events` (a proxy's rendering of the body is set aside for the events it kept); `where` is its
 * field, and `streamed` says it was rebuilt.
 */
function replyBody(
  response: Json,
  rendered: boolean,
  report: (rebuilt: RebuiltStream, where: string) => void,
): { body?: Json; where: string; streamed: boolean } {
  if (!rendered && isObject(response.body)) {
    return { body: response.body, where: 'response.body', streamed: false }
  }
  const text =
    typeof response.body_raw === 'string'
      ? { raw: response.body_raw, where: 'response.body_raw' }
      : typeof response.body === 'string' && /^(data|event):/m.test(response.body)
        ? { raw: response.body, where: 'response.body' }
        : undefined
  if (!rendered && text) {
    const rebuilt = rebuildStream(text.raw)
    report(rebuilt, text.where)
    return { body: rebuilt.body, where: text.where, streamed: true }
  }
  if (Array.isArray(response.events)) {
    const rebuilt = rebuildEvents(response.events.map((e) => (isObject(e) ? e.data : e)))
    report(rebuilt, 'response.events')
    return { body: rebuilt.body, where: 'response.events', streamed: true }
  }
  return { where: 'response.body', streamed: false }
}

/**
 * The response's HTTP status: claude-trace's `status_code`, or `status: {code, message}` as
 * DataDog/dd-apm-test-agent's recording proxy writes it (`vcr_proxy.py`, `CassetteDataResponse`).
 */
function statusOf(response: Json): unknown {
  if ('status_code' in response) return response.status_code
  return isObject(response.status) ? response.status.code : undefined
}

/**
 * A pair's response as a Responses API `response` object (its `id` and `output` items), from its
 * body or its stream; undefined for any other reply, or an error.
 */
export function storedResponseOf(pair: LoggedPair): Json | undefined {
  const response = pair.response
  if (!isObject(response)) return undefined
  const status = statusOf(response)
  if (typeof status === 'number' && status >= 400) return undefined
  const { body } = replyBody(response, isProxyRendering(response), () => {})
  return body && typeof body.id === 'string' && Array.isArray(body.output) ? body : undefined
}

const REPLY_FIELDS = ['role', 'content', 'id', 'usage', 'model']

/** The reply in an Anthropic message, a chat completion or a Responses response. */
function replyOf(
  body: Json,
  where: string,
  field: (key: string) => string,
  line: number,
  notes: NoteList,
): Message[] {
  const at = (path: string) => `line ${line}: ${path}`
  const metadata = (o: Json, path: (key: string) => string, read: readonly string[]) => {
    for (const key of Object.keys(o)) {
      if (!read.includes(key))
        notes.info(at(path(key)), 'API response metadata; not part of the conversation')
    }
  }
  if (Array.isArray(body.choices)) {
    metadata(body, field, ['choices', 'usage', 'model'])
    const first = body.choices[0]
    if (body.choices.length > 1)
      notes.info(at(`${where}.choices`), 'only the first choice is loaded')
    if (!isObject(first) || !isObject(first.message)) return []
    metadata(first, (key) => `${where}.choices[0].${key}`, ['message'])
    return readNested(
      readOpenAIChat,
      [first.message],
      '[0]',
      `${where}.choices[0].message`,
      line,
      notes,
    )
  }
  if (Array.isArray(body.output)) {
    metadata(body, field, ['output', 'usage', 'model'])
    return readNested(readOpenAIResponses, body.output, '', `${where}.output`, line, notes)
  }
  if (body.role !== 'assistant') {
    notes.warn(at(where), 'the response holds no assistant message; no reply loaded')
    return []
  }
  metadata(body, field, REPLY_FIELDS)
  const ctx: BlockContext = {
    notes,
    where: (steps) => at(pathString([where, ...steps])),
    self: 'anthropic',
  }
  const id = typeof body.id === 'string' && body.id !== '' ? body.id : undefined
  try {
    return readAnthropicMessage({ role: body.role, content: body.content ?? [] }, [], ctx, id)
  } catch (error) {
    if (error instanceof ShapeError) {
      throw new LocatedError(error.problem, at(pathString([where, ...error.steps])), line)
    }
    throw error
  }
}

/** A response whose body is a proxy's Anthropic-shaped rendering of an OpenAI reply, with its events. */
function isProxyRendering(response: Json): boolean {
  const body = response.body
  return (
    (response.api_format === 'openai' || response.api_format === 'openai-responses') &&
    Array.isArray(response.events) &&
    response.events.length > 0 &&
    isObject(body) &&
    body.role === 'assistant' &&
    Array.isArray(body.content) &&
    !('choices' in body) &&
    !('output' in body)
  )
}

function reportStream(rebuilt: RebuiltStream, path: string, notes: NoteList): void {
  for (const [kindOf, count] of rebuilt.skipped) {
    notes.warn(path, `${count} streamed event(s) of kind "${kindOf}" not read`)
  }
  if (rebuilt.superseded > 0) {
    notes.info(
      path,
      `${rebuilt.superseded} streamed event(s) before the final response event; it holds what they carried`,
    )
  }
}

/** A field of the reply's body: its path in a body, or the stream it was rebuilt from. */
const fieldOf = (where: string, key: string, streamed: boolean) =>
  streamed ? `${where} (${key})` : `${where}.${key}`

/** `provider-reported usage (input_tokens 5210, output_tokens 184); read by the usage view`. */
function usageNote(usage: Json): string {
  const parts: string[] = []
  const walk = (o: Json, prefix: string) => {
    for (const [key, value] of Object.entries(o)) {
      if (typeof value === 'number') parts.push(`${prefix}${key} ${value}`)
      else if (isObject(value)) walk(value, `${prefix}${key}.`)
    }
  }
  walk(usage, '')
  return `provider-reported usage (${parts.join(', ')}); ${USAGE_NOTE}`
}
