import { plural } from '../numbers'
import { readAnthropic, anthropicFormat } from './anthropic'
import { RequestError } from './errors'
import { isObject, kind, type Json } from './json-shape'
import { readOpenAIChat } from './openai-chat'
import { readOpenAIResponses } from './openai-responses'
import { LocatedError, type ReadInput, type ReadResult, type Reader } from './reader'
import { NoteList, describeLines, warnSkippedLines } from './report'
import { lineObjects } from './sniff-shapes'
import { HTTP_NOTE, readNested, readResponse, storedResponseOf } from './traffic-reply'
import type { Message } from '../types'
import { UNKNOWN_FIELD_NOTE } from './vocabulary'
import type { FormatDescriptor, ReportedUsage, TrafficRequest } from './types'

/** One request/response pair of the log (claude-trace's RawPair), with its line. */
interface Pair {
  line: number
  request: Json
  response: unknown
  value: Json
}

const PAIR_FIELDS = new Set(['request', 'response', 'logged_at', 'note'])

/**
 * Reads an API traffic log: claude-trace's JSONL of `{request, response, logged_at}` pairs, or the
 * same pairs for OpenAI traffic. One request is loaded (ImportOptions.request, else the main
 * thread: the latest request with the longest message list), read by the reader its body's shape
 * calls for, so its system prompt and tools come with it; the response's reply follows it.
 */
export function readApiTraffic(input: ReadInput): ReadResult {
  const notes = new NoteList()
  const pairs = readPairs(input, notes)
  const requests = pairs.map(describeRequest)
  const { chosen, why } = choose(pairs, requests, input.request)
  const pair = pairs[chosen]
  const { line } = pair
  const summary = requests[chosen]
  notes.info(
    '',
    `request ${summary.index} of ${pairs.length} (line ${line}): ${why}; choose another with --request N, or the request picker in the app`,
  )
  const others = pairs.filter((_, i) => i !== chosen).map((p) => p.line)
  if (others.length > 0) {
    notes.info(
      describeLines(others),
      `${plural(others.length, 'other request')} in the file; not loaded`,
    )
  }
  reportPairFields(pair, notes)
  const body = pair.request.body
  if (typeof body === 'string') throw stringBodyError(line)
  if (!isObject(body)) {
    throw new LocatedError(
      `"request.body" is ${kind(body)}, not a request body`,
      `line ${line}`,
      line,
    )
  }
  const reader = bodyReader(pair.request, body)
  const read = readBody(pairs, chosen, reader, body, notes)
  const reply = readResponse(pair, notes)
  const model = summary.model ?? reply.model
  const messages = [...read, ...reply.messages]
  // Each response reports the size of the request it answers: that request's messages.
  const usage = earlierUsage(pairs, requests, chosen, messages)
  if (reply.usage) usage.push({ prompt: read.length, ...reply.usage, ...(model ? { model } : {}) })
  return {
    ...(model !== undefined ? { model } : {}),
    wire:
      reader === readOpenAIChat
        ? 'openai-chat'
        : reader === readAnthropic
          ? 'anthropic'
          : 'openai-responses',
    messages,
    notes,
    requests,
    request: summary.index,
    usage,
  }
}

/**
 * The reported usage of the loaded request's earlier turns: each earlier request of the same
 * model whose messages begin the loaded conversation (a side request, such as a title with its
 * own system prompt, does not) and whose response reports usage. Its prompt is its own messages.
 */
function earlierUsage(
  pairs: Pair[],
  requests: TrafficRequest[],
  chosen: number,
  loaded: readonly Message[],
): ReportedUsage[] {
  const usage: ReportedUsage[] = []
  const model = requests[chosen].model
  for (let i = 0; i < chosen; i++) {
    const r = requests[i]
    const body = pairs[i].request.body
    if (r.messages === 0 || r.messages > requests[chosen].messages || r.model !== model) continue
    if (!isObject(body)) continue
    const quiet = new NoteList()
    const reported = readResponse(pairs[i], quiet).usage
    if (!reported) continue
    let read: Message[]
    try {
      read = readBody(pairs, i, bodyReader(pairs[i].request, body), body, quiet)
    } catch (error) {
      if (error instanceof LocatedError) continue
      throw error
    }
    if (read.length > loaded.length || !read.every((m, k) => sameMessage(m, loaded[k]))) continue
    usage.push({ prompt: read.length, ...reported, ...(model ? { model } : {}) })
  }
  return usage
}

/**
 * A request body's messages. A Responses request that continues a stored response
 * (`previous_response_id`) is sent the turns of that response: each earlier request's input and
 * its response's output, back along the chain, but not their instructions (OpenAI API reference,
 * "Create a model response", `instructions`; guide "Conversation state"). Where the log holds the
 * response, they are read before the request's own input, and an info note says so; where it does
 * not, the body's reader warns that they are not in the file.
 */
function readBody(
  pairs: Pair[],
  i: number,
  reader: Reader,
  body: Json,
  notes: NoteList,
): Message[] {
  const { line } = pairs[i]
  const chain = reader === readOpenAIResponses ? storedTurns(pairs, i) : undefined
  if (!chain) return readNested(reader, body, '', 'request.body', line, notes)
  const { previous_response_id: _, ...own } = body
  const read = readNested(reader, own, '', 'request.body', line, notes)
  const quiet = new NoteList()
  // What the body's reader puts before the input (instructions, tools): the earlier turns follow
  // it.
  const head = readNested(reader, { ...own, input: [] }, '', '', line, quiet).length
  const earlier = readNested(reader, { input: chain.items }, '', '', line, quiet)
  const [first] = chain.links
  const more = chain.links.length - 1
  notes.info(
    `line ${line}: request.body.previous_response_id`,
    `continues the response to request ${first.index} (line ${first.line})${more > 0 ? `, and the ${plural(more, 'earlier turn')} it continues` : ''}, which this log holds: OpenAI sends those turns again, their input and output but not their instructions, so they are loaded before this request's input`,
  )
  if (chain.missing) {
    notes.warn(
      `line ${chain.missing}: request.body.previous_response_id`,
      'continues a conversation stored by OpenAI whose earlier turns are not in this file',
    )
  }
  return [...read.slice(0, head), ...earlier, ...read.slice(head)]
}

/**
 * The turns a Responses request continues, oldest first, where the log holds the response its
 * `previous_response_id` names (an earlier pair's response `id`): each request's input items and
 * its response's output items, back along the chain. `links` are the requests, newest first;
 * `missing` the line of the request whose own previous response is not in the log.
 */
function storedTurns(
  pairs: Pair[],
  i: number,
): { items: unknown[]; links: { index: number; line: number }[]; missing?: number } | undefined {
  const turns: unknown[][] = []
  const links: { index: number; line: number }[] = []
  const seen = new Set<number>()
  let at = i
  let missing: number | undefined
  for (;;) {
    const body = pairs[at].request.body
    const id = isObject(body) ? body.previous_response_id : undefined
    if (typeof id !== 'string' || id === '') break
    const found = responseIndex(pairs).get(id) ?? -1
    if (found === -1 || found >= at || seen.has(found)) {
      if (at !== i) missing = pairs[at].line
      break
    }
    seen.add(found)
    const earlier = pairs[found].request.body
    const input = isObject(earlier) ? earlier.input : undefined
    const asked = typeof input === 'string' ? [{ role: 'user', content: input }] : input
    const output = storedResponseOf(pairs[found])?.output
    turns.unshift([
      ...(Array.isArray(asked) ? asked : []),
      ...(Array.isArray(output) ? output : []),
    ])
    links.push({ index: found + 1, line: pairs[found].line })
    at = found
  }
  if (links.length === 0) return undefined
  return { items: turns.flat(), links, ...(missing !== undefined ? { missing } : {}) }
}

/** Each log's stored responses by id, made once: the pair whose response has the id, the first. */
const responseIndexes = new WeakMap<Pair[], Map<string, number>>()

function responseIndex(pairs: Pair[]): Map<string, number> {
  let index = responseIndexes.get(pairs)
  if (!index) {
    index = new Map()
    for (let k = 0; k < pairs.length; k++) {
      const id = storedResponseOf(pairs[k])?.id
      if (typeof id === 'string' && !index.has(id)) index.set(id, k)
    }
    responseIndexes.set(pairs, index)
  }
  return index
}

const sameMessage = (a: Message, b: Message) =>
  a.type === b.type && a.text === b.text && (a.payload ?? '') === (b.payload ?? '')

/** Every line that is a pair; broken lines and other values are reported and skipped. */
function readPairs(input: ReadInput, notes: NoteList): Pair[] {
  let values: { line: number; value: unknown }[]
  if (isJsonDocument(input)) {
    // A saved array of pairs, or one pair, rather than JSONL.
    const root = input.json()
    const list = Array.isArray(root) ? root : [root]
    const first = input.firstContentLine()
    values = list.map((value) => ({ line: first, value }))
  } else {
    const lines = input.jsonLines()
    warnSkippedLines(lines.broken, notes)
    values = lines.values
  }
  const pairs: Pair[] = []
  const decoded = { request: [] as number[], response: [] as number[] }
  for (const { line, value } of values) {
    if (isObject(value) && isObject(value.request)) {
      const request = withParsedBody(value.request)
      const response = isObject(value.response) ? withParsedBody(value.response) : undefined
      if (request) decoded.request.push(line)
      if (response) decoded.response.push(line)
      pairs.push({
        line,
        request: request ?? value.request,
        response: response ?? value.response,
        value,
      })
    } else {
      notes.warn(
        `line ${line}`,
        `${kind(value)} with no "request", not a request/response pair; skipped`,
      )
    }
  }
  for (const side of ['request', 'response'] as const) {
    if (decoded[side].length > 0) {
      notes.info(
        `${describeLines(decoded[side])}: ${side}.body`,
        'the body is written as a string of JSON; read as the JSON it holds',
      )
    }
  }
  if (pairs.length === 0) {
    throw new LocatedError(
      'no line is a request/response pair ({request, response, logged_at})',
      values.length > 0 ? `line ${values[0].line}` : '',
      values[0]?.line,
    )
  }
  return pairs
}

/**
 * A request or response whose `body` is the HTTP body as text that holds a JSON object, with that
 * object as its body; undefined for any other. DataDog/dd-apm-test-agent's recording proxy, whose
 * cassettes dd-trace-js's tests keep, writes both bodies so (`vcr_proxy.py`, `CassetteDataRequest`
 * and `CassetteDataResponse`, `body: str`).
 */
function withParsedBody(o: Json): Json | undefined {
  const text = o.body
  if (typeof text !== 'string' || !/^\s*\{/.test(text)) return undefined
  try {
    const body: unknown = JSON.parse(text)
    return isObject(body) ? { ...o, body } : undefined
  } catch {
    return undefined
  }
}

function isJsonDocument(input: ReadInput): boolean {
  try {
    input.json()
    return input.spansLines()
  } catch {
    return false
  }
}

/** What the picker lists for a request: its number, model, message count and time. */
function describeRequest(pair: Pair, i: number): TrafficRequest {
  const body = isObject(pair.request.body) ? pair.request.body : {}
  const list = Array.isArray(body.messages) ? body.messages : body.input
  const messages = Array.isArray(list) ? list.length : typeof list === 'string' ? 1 : 0
  const ts = pair.request.timestamp
  const timestamp =
    typeof ts === 'number' && Number.isFinite(ts)
      ? new Date(ts * 1000).toISOString()
      : typeof pair.value.logged_at === 'string'
        ? pair.value.logged_at
        : undefined
  return {
    index: i + 1,
    ...(typeof body.model === 'string' ? { model: body.model } : {}),
    messages,
    ...(timestamp !== undefined ? { timestamp } : {}),
  }
}

/**
 * The request to load: the one asked for, else the main thread, the latest of the longest
 * message lists (side requests such as title generation or a quota check are short). Token-count
 * requests are not the thread, whatever their length.
 */
function choose(
  pairs: Pair[],
  requests: TrafficRequest[],
  asked: number | undefined,
): { chosen: number; why: string } {
  if (asked !== undefined) {
    if (!Number.isInteger(asked) || asked < 1 || asked > pairs.length) {
      throw new RequestError(
        `${asked} is not a request of this file: it has ${plural(pairs.length, 'request')} (1–${pairs.length})`,
      )
    }
    return { chosen: asked - 1, why: 'as chosen' }
  }
  const thread = (i: number) =>
    requests[i].messages > 0 && !String(pairs[i].request.url ?? '').includes('count_tokens')
  let chosen = -1
  requests.forEach((r, i) => {
    if (thread(i) && (chosen === -1 || r.messages >= requests[chosen].messages)) chosen = i
  })
  if (chosen === -1) {
    const text = pairs.find((p) => typeof p.request.body === 'string')
    if (text) throw stringBodyError(text.line)
    throw new LocatedError(
      'no request in the file sends a message list',
      `line ${pairs[0].line}`,
      pairs[0].line,
    )
  }
  const n = requests[chosen].messages
  return {
    chosen,
    why: `the latest with the longest message list (${plural(n, 'message')})`,
  }
}

/** A request body that is text, but not the text of a JSON object. */
const stringBodyError = (line: number) =>
  new LocatedError('"request.body" is a string, not a JSON object', `line ${line}`, line)

function reportPairFields(pair: Pair, notes: NoteList): void {
  const at = (path: string) => `line ${pair.line}: ${path}`
  for (const key of Object.keys(pair.value)) {
    if (!PAIR_FIELDS.has(key)) notes.warn(at(key), UNKNOWN_FIELD_NOTE)
    else if (key === 'logged_at' || key === 'note')
      notes.info(at(key), 'log metadata; not part of the conversation')
  }
  for (const key of Object.keys(pair.request)) {
    if (key !== 'body') notes.info(at(`request.${key}`), HTTP_NOTE)
  }
}

/** The reader for a request body: by the endpoint it went to, else by its shape. */
function bodyReader(request: Json, body: Json): Reader {
  const url = String(request.url ?? '')
  if (url.includes('/chat/completions')) return readOpenAIChat
  if (/\/responses\b/.test(url) || 'input' in body) return readOpenAIResponses
  if (url.includes('/v1/messages') || url.includes('bedrock-runtime') || 'system' in body) {
    return readAnthropic
  }
  return anthropicFormat.detect({ json: body }) >= 2 ? readAnthropic : readOpenAIChat
}

const isPair = (o: Json) =>
  isObject(o.request) &&
  ('url' in o.request || 'body' in o.request) &&
  ('response' in o || 'logged_at' in o)

/**
 * API traffic logs: any recorder's request/response pairs (claude-trace's first), for Anthropic or
 * OpenAI. The label names the shape, not one tool.
 */
export const apiTrafficFormat = {
  id: 'api-traffic',
  label: 'API traffic log ({request, response} pairs)',
  shape:
    'JSONL, one {request, response, logged_at} pair per line, as claude-trace writes; or a JSON pair, or an array of pairs',
  detect(sniff) {
    const json = sniff.json
    const roots = Array.isArray(json) ? json.filter(isObject) : isObject(json) ? [json] : []
    const candidates = sniff.lines ? lineObjects(sniff) : roots
    return candidates.some(isPair) || roots.some(isPair) ? 3 : 0
  },
  read: readApiTraffic,
} as const satisfies FormatDescriptor
