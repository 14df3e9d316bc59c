import { InputError } from './input-error'
import { locatePath, locateSyntaxError } from './json-location'
import { parseJsonText } from './json-parse'
import type { Message, Summary } from './types'

/** Bad conversation input: says where (line and column, or message index and field) and what. */
export class ConversationParseError extends Error {
  readonly line?: number
  readonly column?: number
  readonly index?: number
  readonly field?: string
  readonly problem: string

  constructor(
    problem: string,
    where: { line?: number; column?: number; index?: number; field?: string } = {},
  ) {
    super(formatLocation(where) + problem)
    this.name = 'ConversationParseError'
    this.problem = problem
    Object.assign(this, where)
  }
}

/** A field the wire shape has no place for; kept out of the messages, but reported. */
export interface ParseWarning {
  /** Where it was, as a JSON path: `messages[3].foo`, or `[3].foo` for a bare array. */
  path: string
  index?: number
  field: string
  problem: string
}

/** A parsed conversation: its messages, the model it names (if any), and what was left out. */
export interface ParsedConversation {
  model?: string
  messages: Message[]
  warnings: ParseWarning[]
}

function formatLocation(where: { line?: number; column?: number; index?: number; field?: string }) {
  const parts: string[] = []
  if (where.line !== undefined) parts.push(`line ${where.line}, column ${where.column ?? 1}`)
  if (where.index !== undefined) {
    parts.push(`message ${where.index}${where.field !== undefined ? `, field ${where.field}` : ''}`)
  }
  return parts.length > 0 ? `${parts.join(': ')}: ` : ''
}

const MESSAGE_FIELDS = new Set(['id', 'type', 'text', 'payload', 'meta'])
const META_FIELDS = new Set(['compacted', 'droppedCount', 'summarizedIds'])
const TOP_FIELDS = new Set(['model', 'messages'])

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)
const kind = (v: unknown) =>
  v === null || v === undefined
    ? String(v)
    : Array.isArray(v)
      ? 'an array'
      : typeof v === 'object'
        ? 'an object'
        : `a ${typeof v}`

/**
 * Reads a conversation: a JSON array of messages, or `{ model?, messages }`. A leading byte-order
 * mark is accepted. Throws ConversationParseError with its location; unknown fields become warnings.
 */
export function parseConversation(text: string): ParsedConversation {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  let root: unknown
  try {
    root = parseJsonText(source)
  } catch (error) {
    if (error instanceof InputError) throw error
    const { line, column, problem } = locateSyntaxError(source)
    throw new ConversationParseError(`malformed JSON: ${problem}`, { line, column })
  }
  return readConversationValue(root, () => source)
}

/**
 * Reads a conversation from its parsed JSON. `source` gives the text, and is called only to
 * locate an error: a file read from its bytes is then decoded, and not before.
 */
export function readConversationValue(root: unknown, source: () => string): ParsedConversation {
  const fail = (problem: string, path: (string | number)[], index?: number, field?: string) => {
    const at = locatePath(source(), path)
    return new ConversationParseError(problem, { ...at, index, field })
  }

  const warnings: ParseWarning[] = []
  let list: unknown
  let model: string | undefined
  let prefix: (string | number)[] = []
  if (Array.isArray(root)) {
    list = root
  } else if (isObject(root)) {
    if (!('messages' in root)) throw fail('the object has no "messages" array', [])
    list = root.messages
    prefix = ['messages']
    if (root.model !== undefined && root.model !== null) {
      if (typeof root.model !== 'string') throw fail(`"model" is ${kind(root.model)}, not a string`, ['model'])
      model = root.model
    }
    for (const key of Object.keys(root)) {
      if (!TOP_FIELDS.has(key)) {
        warnings.push({ path: key, field: key, problem: 'unknown top-level field, ignored' })
      }
    }
    if (!Array.isArray(list)) throw fail(`"messages" is ${kind(list)}, not an array`, ['messages'])
  } else {
    throw fail(`expected an array of messages or an object with "messages", found ${kind(root)}`, [])
  }

  const arrayPath = prefix.length > 0 ? 'messages' : ''
  // What names a message's place, made only when something is said about it: on 100,000 messages,
  // a path, a name and a closure made for each one were garbage at once.
  const whereOf = (index: number) => `${arrayPath}[${index}]`
  // A meta field is named `meta.droppedCount`; its JSON path is ['meta', 'droppedCount'].
  const badAt = (index: number, field: string, problem: string) =>
    fail(problem, [...prefix, index, ...field.split('.')], index, field)
  const messages = (list as unknown[]).map((raw, index) => {
    if (!isObject(raw)) throw fail(`message is ${kind(raw)}, not an object`, [...prefix, index], index)
    if (!('type' in raw)) throw badAt(index, 'type', 'missing "type"')
    if (typeof raw.type !== 'string' || raw.type === '') {
      throw badAt(index, 'type', `"type" is ${kind(raw.type)}${raw.type === '' ? ' (empty)' : ''}, not a non-empty string`)
    }
    if (!('text' in raw)) throw badAt(index, 'text', 'missing "text"')
    if (typeof raw.text !== 'string') throw badAt(index, 'text', `"text" is ${kind(raw.text)}, not a string`)
    const { id, payload } = raw
    if (id !== undefined && id !== null && typeof id !== 'string') {
      throw badAt(index, 'id', `"id" is ${kind(id)}, not a string`)
    }
    if (payload !== undefined && payload !== null && typeof payload !== 'string') {
      throw badAt(index, 'payload', `"payload" is ${kind(payload)}, not a string`)
    }
    // Made in the wire order, whatever order the input used; an empty id or payload is left out.
    const message: Message = id ? { id, type: raw.type, text: raw.text } : { type: raw.type, text: raw.text }
    if (payload) message.payload = payload
    if (raw.meta !== undefined && raw.meta !== null) {
      const bad = (field: string, problem: string) => badAt(index, field, problem)
      message.meta = parseMeta(raw.meta, bad, whereOf(index), index, warnings)
    }
    for (const key in raw) {
      if (!MESSAGE_FIELDS.has(key)) {
        warnings.push({ path: `${whereOf(index)}.${key}`, index, field: key, problem: 'unknown field, ignored' })
      }
    }
    return message.meta ? orderMessage(message) : message
  })
  return { ...(model !== undefined ? { model } : {}), messages, warnings }
}

function parseMeta(
  raw: unknown,
  bad: (field: string, problem: string) => ConversationParseError,
  where: string,
  index: number,
  warnings: ParseWarning[],
): Summary {
  if (!isObject(raw)) throw bad('meta', `"meta" is ${kind(raw)}, not an object`)
  const { compacted, droppedCount, summarizedIds } = raw
  if (typeof compacted !== 'boolean') throw bad('meta.compacted', `"meta.compacted" is ${kind(compacted)}, not a boolean`)
  if (typeof droppedCount !== 'number' || !Number.isInteger(droppedCount) || droppedCount < 0) {
    throw bad('meta.droppedCount', '"meta.droppedCount" is not a non-negative integer')
  }
  const meta: Summary = { compacted, droppedCount }
  if (summarizedIds !== undefined && summarizedIds !== null) {
    if (!Array.isArray(summarizedIds) || !summarizedIds.every((id) => typeof id === 'string')) {
      throw bad('meta.summarizedIds', '"meta.summarizedIds" is not an array of strings')
    }
    if (summarizedIds.length > 0) meta.summarizedIds = summarizedIds as string[]
  }
  for (const key of Object.keys(raw)) {
    if (!META_FIELDS.has(key)) {
      warnings.push({ path: `${where}.meta.${key}`, index, field: `meta.${key}`, problem: 'unknown field, ignored' })
    }
  }
  return meta
}

/** A copy of a message with its keys in wire order and empty optional fields left out. */
export function orderMessage(m: Message): Message {
  const out: Message = {} as Message
  if (m.id) out.id = m.id
  out.type = m.type
  out.text = m.text
  if (m.payload) out.payload = m.payload
  if (m.meta) {
    out.meta = { compacted: m.meta.compacted, droppedCount: m.meta.droppedCount }
    if (m.meta.summarizedIds && m.meta.summarizedIds.length > 0) {
      out.meta.summarizedIds = [...m.meta.summarizedIds]
    }
  }
  return out
}

const WIRE_KEYS = ['id', 'type', 'text', 'payload']

/**
 * orderMessage(m), or m itself when it is already in that shape (no meta, its keys in wire order,
 * no empty id or payload): what a reader made need not be copied again.
 */
export function inWireOrder(m: Message): Message {
  if (m.meta !== undefined) return orderMessage(m)
  let at = 0
  for (const key in m) {
    while (at < WIRE_KEYS.length && WIRE_KEYS[at] !== key) at++
    if (at === WIRE_KEYS.length || ((key === 'id' || key === 'payload') && !m[key])) {
      return orderMessage(m)
    }
    at++
  }
  return 'type' in m && 'text' in m ? m : orderMessage(m)
}

/** Writes messages in the wire shape: keys in order id, type, text, payload, meta; 2-space indent; trailing newline. */
export function serializeConversation(messages: readonly Message[]): string {
  return JSON.stringify(messages.map(orderMessage), null, 2) + '\n'
}
