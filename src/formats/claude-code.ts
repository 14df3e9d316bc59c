import { orderMessage } from '../conversation'
import { InputError } from '../input-error'
import { locateSyntaxError } from '../json-location'
import { parseJsonText } from '../json-parse'
import type { Message } from '../types'
import { readAnthropicMessage, type BlockContext } from './anthropic-content'
import { ShapeError, isObject, kind, pathString, type Json, type JsonPath } from './json-shape'
import { decodePayload, encodePayload } from './payload'
import { LocatedError, type ReadInput, type ReadResult } from './reader'
import { NoteList, describeLines } from './report'

/** One parsed line of a session file. */
interface SessionEvent {
  line: number
  value: Json
}

// Event types that sit on the uuid/parentUuid chain and carry conversation.
const CHAIN_TYPES = new Set(['user', 'assistant', 'system'])
const USED_EVENT_FIELDS = new Set([
  'type',
  'uuid',
  'parentUuid',
  'isSidechain',
  'message',
  'isCompactSummary',
])
const METADATA_NOTE = 'session metadata; not part of the conversation'

/**
 * Reads a Claude Code session (JSONL, one event per line). Follows the main chain from the last
 * event back to the root by parentUuid, so abandoned branches, history before a compaction and
 * sidechains (subagents) are left out and reported. A line that is not JSON is reported by number
 * and skipped; the rest loads.
 */
export function readClaudeCode(input: ReadInput): ReadResult {
  const notes = new NoteList()
  const multiline = input.spansLines()
  // Checked first: parsing a large pretty-printed JSON file line by line would fail on every line.
  if (multiline && isJson(input)) {
    throw new LocatedError('one JSON document, not JSONL with one session event per line', '')
  }
  const { events, skipped } = multiline ? parseLines(input.source) : parseOneLine(input)
  const onChain = (e: SessionEvent) =>
    CHAIN_TYPES.has(e.value.type as string) && typeof e.value.uuid === 'string'
  if (!events.some((e) => onChain(e) || e.value.type === 'summary')) {
    const first = skipped[0]
    const why = first ? `${first.problem}, and` : 'the file is empty:'
    throw new LocatedError(
      `${why} no line is a Claude Code event`,
      first ? `line ${first.line}` : '',
      first?.line,
    )
  }

  for (const s of skipped) notes.warn(`line ${s.line}`, `${s.problem}; skipped, the rest loaded`)

  const chain = followChain(events.filter(onChain), notes)
  reportOffChain(events.filter(onChain), new Set(chain), notes)

  const messages: Message[] = []
  for (const e of events) {
    if (e.value.type === 'summary') messages.push(readSummary(e, notes))
    else if (!onChain(e))
      notes.info(`line ${e.line}`, `"${String(e.value.type)}" event; not part of the conversation`)
  }
  let model: string | undefined
  let previous: string | undefined
  for (const e of chain) {
    const where = (steps: JsonPath) =>
      steps.length > 0 ? `line ${e.line}: ${pathString(steps)}` : `line ${e.line}`
    const ctx: BlockContext = { notes, where, self: 'claude-code' }
    try {
      const read = readEvent(e, ctx)
      const messageId = read.messageId
      const sameTurn = messageId !== undefined && previous === messageId
      for (const m of read.messages) {
        const last = messages[messages.length - 1]
        if (sameTurn && m.type === 'bot' && last?.type === 'bot') {
          messages[messages.length - 1] = mergeBots(last, m)
          notes.info(
            where([]),
            'merged into the message before it (one API message split across events); its uuid is not kept',
          )
        } else {
          messages.push(m)
        }
      }
      previous = messageId
      if (read.model !== undefined && read.model !== '<synthetic>') model = read.model
    } catch (error) {
      if (!(error instanceof ShapeError)) throw error
      notes.warn(where(error.steps), `${error.problem}; event skipped`)
      previous = undefined
    }
  }
  return { model, messages, notes }
}

function isJson(input: ReadInput): boolean {
  try {
    input.json()
    return true
  } catch (error) {
    if (error instanceof InputError) throw error
    return false
  }
}

interface ParsedLines {
  events: SessionEvent[]
  skipped: { line: number; problem: string }[]
}

/**
 * An input whose text sits on one line: that line's value is the whole input's, which every format
 * shares. Decoding the text and parsing the line again would double what a large minified file of
 * another format costs while this reader rules it out.
 */
function parseOneLine(input: ReadInput): ParsedLines {
  let value: unknown
  try {
    value = input.json()
  } catch (error) {
    if (error instanceof InputError) throw error
    return parseLines(input.source) // says where the line breaks
  }
  const parsed: ParsedLines = { events: [], skipped: [] }
  addEvent(parsed, input.firstContentLine(), value)
  return parsed
}

/** Files an event, or the reason a line's value is not one. */
function addEvent({ events, skipped }: ParsedLines, line: number, value: unknown): void {
  if (!isObject(value) || typeof value.type !== 'string') {
    skipped.push({
      line,
      problem: `${isObject(value) ? 'an object with no "type"' : kind(value)}, not a session event`,
    })
    return
  }
  events.push({ line, value })
}

function parseLines(source: string): ParsedLines {
  const parsed: ParsedLines = { events: [], skipped: [] }
  const { skipped } = parsed
  source.split('\n').forEach((raw, i) => {
    const line = i + 1
    const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw
    if (text.trim() === '') return
    let value: unknown
    try {
      value = parseJsonText(text)
    } catch (error) {
      if (error instanceof InputError) throw error.onLine(line)
      const at = locateSyntaxError(text)
      skipped.push({
        line,
        problem: `truncated or malformed JSON (column ${at.column}: ${at.problem})`,
      })
      return
    }
    addEvent(parsed, line, value)
  })
  return parsed
}

/** The main chain, root first: from the last non-sidechain event back along parentUuid. */
function followChain(candidates: SessionEvent[], notes: NoteList): SessionEvent[] {
  const byUuid = new Map(candidates.map((e) => [e.value.uuid as string, e]))
  const main = candidates.filter((e) => e.value.isSidechain !== true)
  const pool = main.length > 0 ? main : candidates
  if (main.length === 0) {
    notes.info('', 'every event is on a sidechain (a subagent transcript); following its chain')
  }
  const chain: SessionEvent[] = []
  const seen = new Set<string>()
  for (let e: SessionEvent | undefined = pool[pool.length - 1]; e;) {
    const uuid = e.value.uuid as string
    if (seen.has(uuid)) {
      notes.warn(`line ${e.line}: parentUuid`, 'the chain loops back on itself; stopped here')
      break
    }
    seen.add(uuid)
    chain.push(e)
    const parent = e.value.parentUuid
    if (typeof parent !== 'string') break
    const next: SessionEvent | undefined = byUuid.get(parent)
    if (!next) {
      notes.warn(
        `line ${e.line}: parentUuid`,
        `"${parent}" is not in the file (a broken line?); the chain starts here`,
      )
    }
    e = next
  }
  return chain.reverse()
}

function reportOffChain(candidates: SessionEvent[], chain: Set<SessionEvent>, notes: NoteList) {
  const off = candidates.filter((e) => !chain.has(e))
  const side = off.filter((e) => e.value.isSidechain === true).map((e) => e.line)
  const branch = off.filter((e) => e.value.isSidechain !== true).map((e) => e.line)
  if (side.length > 0) {
    notes.info(describeLines(side), `${side.length} sidechain (subagent) event(s); not loaded`)
  }
  if (branch.length > 0) {
    notes.warn(
      describeLines(branch),
      `${branch.length} event(s) off the main chain (an abandoned branch, or history before a compaction); not loaded`,
    )
  }
}

function readSummary(e: SessionEvent, notes: NoteList): Message {
  for (const key of Object.keys(e.value)) {
    if (key !== 'type' && key !== 'summary') notes.info(`line ${e.line}: ${key}`, METADATA_NOTE)
  }
  const text = typeof e.value.summary === 'string' ? e.value.summary : ''
  return { type: 'context', text }
}

function readEvent(
  e: SessionEvent,
  ctx: BlockContext,
): { messages: Message[]; model?: string; messageId?: string } {
  const { value } = e
  const uuid = value.uuid as string
  for (const key of Object.keys(value)) {
    if (USED_EVENT_FIELDS.has(key) || (key === 'content' && value.type === 'system')) continue
    const problem =
      key === 'toolUseResult'
        ? "Claude Code's own record of the tool output; the model reads message.content"
        : METADATA_NOTE
    ctx.notes.info(ctx.where([key]), problem)
  }
  if (value.type === 'system') {
    const text = typeof value.content === 'string' ? value.content : ''
    return { messages: [orderMessage({ id: uuid, type: 'context', text })] }
  }
  const message = value.message
  if (!isObject(message))
    throw new ShapeError(`"message" is ${kind(message)}, not an object`, ['message'])
  for (const key of Object.keys(message)) {
    if (key !== 'role' && key !== 'content' && key !== 'model' && key !== 'id') {
      ctx.notes.info(
        ctx.where(['message', key]),
        'API response metadata; not part of the conversation',
      )
    }
  }
  let messages = readAnthropicMessage(message, ['message'], ctx, uuid)
  if (value.isCompactSummary === true) {
    messages = messages.map((m) => (m.type === 'user' ? { ...m, type: 'context' } : m))
  }
  return {
    messages,
    model: typeof message.model === 'string' ? message.model : undefined,
    messageId:
      value.type === 'assistant' && typeof message.id === 'string' ? message.id : undefined,
  }
}

/** One bot message from two halves of the same API message: texts joined, tool calls in order. */
function mergeBots(a: Message, b: Message): Message {
  const pa = decodePayload(a.payload) ?? {}
  const pb = decodePayload(b.payload) ?? {}
  const calls = [...(pa.tool_calls ?? []), ...(pb.tool_calls ?? [])]
  const attachments = [...(pa.attachments ?? []), ...(pb.attachments ?? [])]
  const payload = encodePayload({
    ...(calls.length > 0 ? { tool_calls: calls } : {}),
    ...(attachments.length > 0 ? { attachments } : {}),
  })
  const text = [a.text, b.text].filter((t) => t !== '').join('\n\n')
  return orderMessage({ id: a.id, type: 'bot', text, payload })
}
