import { orderMessage } from '../conversation'
import type { Message } from '../types'
import { ShapeError, isObject, kind, pathString, type Json, type JsonPath } from './json-shape'
import { encodePayload, type ToolCall } from './payload'
import { LocatedError, type ReadInput, type ReadResult } from './reader'
import { NoteList } from './report'
import { firstObjects, lineObjects, listIn, rootObject } from './sniff-shapes'
import type { FormatDescriptor } from './types'
import { UNKNOWN_FIELD_NOTE, attachmentNote } from './vocabulary'

/*
 * Gemini CLI writes a session as ~/.gemini/tmp/<project>/chats/session-*.json(l). Followed:
 * google-gemini/gemini-cli, packages/core/src/services/chatRecordingService.ts and
 * chatRecordingTypes.ts (ConversationRecord, MessageRecord, ToolCallRecord), and
 * packages/core/src/utils/sessionUtils.ts (convertSessionToClientHistory: what a resumed session
 * sends), commit 5411f113 (0.56.0-nightly), read 2026-12-01. See docs/formats/gemini-cli.md.
 */

/** Where a record sits, so notes name the right place: `messages[3].content` or `line 7: content`. */
interface Ctx {
  notes: NoteList
  where: (steps: JsonPath) => string
}

/** One message record of the session, with where it came from. */
interface Entry {
  value: Json
  ctx: Ctx
  /** Set when the record arrived in a `$set.messages` rewrite that dropped this many messages. */
  replaced?: number
}

const MESSAGE_TYPES = new Set(['user', 'gemini', 'info', 'error', 'warning'])
const UI_TYPES = new Set(['info', 'error', 'warning'])
const SESSION_FIELDS = new Set([
  'sessionId',
  'projectHash',
  'startTime',
  'lastUpdated',
  'summary',
  'memoryScratchpad',
  'directories',
  'kind',
])
const METADATA_NOTE = 'session metadata; not part of the conversation'
const USAGE_NOTE = 'provider-reported usage; read by the usage view, not counted here'
const SNAPSHOT = '<state_snapshot>'

/**
 * Reads a Gemini CLI session: the JSONL that current versions append (a metadata line, message
 * records, `$set` updates and `$rewindTo` marks), the single JSON document older versions wrote,
 * or a `/chat save` checkpoint (a bare list of API contents, or `{history}`).
 */
export function readGeminiCli(input: ReadInput): ReadResult {
  const notes = new NoteList()
  let root: unknown
  let isJson = true
  try {
    root = input.json()
  } catch {
    isJson = false
  }
  const pathCtx: Ctx = { notes, where: (steps) => pathString(steps) }
  if (isJson && (Array.isArray(root) || (isObject(root) && Array.isArray(root.history)))) {
    return readCheckpoint(root, pathCtx)
  }
  if (isJson && isObject(root) && 'messages' in root) return readDocument(root, pathCtx)
  if (isJson && !(isObject(root) && isRecord(root))) {
    throw new ShapeError(
      isObject(root)
        ? 'no "messages" and no "sessionId" (a Gemini CLI session has both)'
        : `expected a Gemini CLI session object, found ${kind(root)}`,
      [],
    )
  }
  return readJsonl(input, notes)
}

/** Whether a JSONL value is one of the session file's records. */
function isRecord(o: Json): boolean {
  return (
    (typeof o.sessionId === 'string' && typeof o.projectHash === 'string') ||
    typeof o.$rewindTo === 'string' ||
    isObject(o.$set) ||
    (typeof o.id === 'string' &&
      typeof o.type === 'string' &&
      (MESSAGE_TYPES.has(o.type) || REPLY_FIELDS.some((k) => k in o)))
  )
}

/** The single-document session that Gemini CLI wrote before it moved to JSONL. */
function readDocument(root: Json, ctx: Ctx): ReadResult {
  if (!Array.isArray(root.messages)) {
    throw new ShapeError(`"messages" is ${kind(root.messages)}, not an array`, ['messages'])
  }
  if (typeof root.sessionId !== 'string') {
    throw new ShapeError('missing "sessionId" (a Gemini CLI session has one)', [])
  }
  for (const key of Object.keys(root)) {
    if (key === 'messages') continue
    if (SESSION_FIELDS.has(key)) metadataNote(root, key, ctx, [key])
    else ctx.notes.warn(key, UNKNOWN_FIELD_NOTE)
  }
  const entries: Entry[] = root.messages.map((value, i) => {
    if (!isObject(value))
      throw new ShapeError(`message is ${kind(value)}, not an object`, ['messages', i])
    return { value, ctx: { notes: ctx.notes, where: (s) => pathString(['messages', i, ...s]) } }
  })
  return readEntries(entries, ctx.notes)
}

function metadataNote(record: Json, key: string, ctx: Ctx, at: JsonPath): void {
  const problem =
    key === 'kind' && record.kind === 'subagent'
      ? "a subagent's session (Gemini CLI keeps it under its parent's id)"
      : key === 'summary'
        ? "Gemini CLI's one-line title for the session browser; never sent to the model"
        : METADATA_NOTE
  ctx.notes.info(ctx.where(at), problem)
}

/**
 * The JSONL session, replayed as Gemini CLI's loader replays it: a record with an id adds or
 * replaces that message (in its first place), `$rewindTo` removes that message and every later
 * one, and `$set.messages` replaces the whole list (a compression or a masking rewrite).
 */
function readJsonl(input: ReadInput, notes: NoteList): ReadResult {
  const { values, broken } = input.jsonLines()
  const lineCtx = (line: number, prefix: JsonPath = []): Ctx => ({
    notes,
    where: (steps) => {
      const at = pathString([...prefix, ...steps])
      return at === '' ? `line ${line}` : `line ${line}: ${at}`
    },
  })
  const records = values.filter((v) => isObject(v.value) && isRecord(v.value))
  if (records.length === 0) {
    const first = broken[0]
    const why = first ? `${first.problem}, and` : values.length === 0 ? 'the file is empty:' : ''
    throw new LocatedError(
      `${why ? `${why} ` : ''}no line is a Gemini CLI session record (sessionId, or a message with an id and a type)`,
      first ? `line ${first.line}` : values[0] ? `line ${values[0].line}` : '',
      first?.line ?? values[0]?.line,
    )
  }
  for (const b of broken) notes.warn(`line ${b.line}`, `${b.problem}; skipped, the rest loaded`)

  const byId = new Map<string, Entry>()
  let rewound = 0
  let rewritten = 0
  for (const { line, value } of values) {
    if (!isObject(value) || !isRecord(value)) {
      const what = isObject(value)
        ? `an object with fields ${Object.keys(value).slice(0, 4).join(', ') || '(none)'}`
        : kind(value)
      notes.warn(`line ${line}`, `${what}, not a Gemini CLI session record; not loaded`)
      continue
    }
    const ctx = lineCtx(line)
    if (typeof value.$rewindTo === 'string') {
      const ids = [...byId.keys()]
      const at = ids.indexOf(value.$rewindTo)
      const gone = at === -1 ? ids : ids.slice(at)
      for (const id of gone) byId.delete(id)
      rewound += gone.length
    } else if (isObject(value.$set)) {
      const set = value.$set
      for (const key of Object.keys(set)) {
        if (key === 'messages' && Array.isArray(set.messages)) continue
        if (SESSION_FIELDS.has(key)) metadataNote(set, key, ctx, ['$set', key])
        else notes.warn(ctx.where(['$set', key]), UNKNOWN_FIELD_NOTE)
      }
      if (Array.isArray(set.messages)) {
        const kept = new Set(
          set.messages.filter(isObject).map((m) => (typeof m.id === 'string' ? m.id : '')),
        )
        // What the rewrite replaced: the conversation's messages, not Gemini CLI's own notices.
        const dropped = [...byId.entries()].filter(
          ([id, e]) => !kept.has(id) && !UI_TYPES.has(e.value.type as string),
        ).length
        rewritten += dropped
        byId.clear()
        set.messages.forEach((m, k) => {
          const at = ['$set', 'messages', k]
          if (!isObject(m) || typeof m.id !== 'string') {
            notes.warn(ctx.where(at), 'not a message record (no "id"); not loaded')
            return
          }
          byId.set(m.id, { value: m, ctx: lineCtx(line, at), replaced: dropped })
        })
      }
    } else if (typeof value.id === 'string') {
      const previous = byId.get(value.id)
      if (previous) {
        notes.info(
          previous.ctx.where([]),
          'an earlier copy of a message Gemini CLI appended again (same id); the last copy is read',
        )
      }
      // Map order is the source's order: a replaced message keeps its first place.
      byId.set(value.id, { value, ctx, replaced: previous?.replaced })
    } else {
      for (const key of Object.keys(value)) metadataNote(value, key, ctx, [key])
    }
  }
  if (rewound > 0) {
    notes.info('', `${rewound} message(s) undone by /rewind; not part of the conversation`)
  }
  if (rewritten > 0) {
    notes.info(
      '',
      `${rewritten} message(s) replaced when Gemini CLI rewrote its history (a compression); not loaded`,
    )
  }
  return readEntries([...byId.values()], notes)
}

/** The message records, in order, as core messages. */
function readEntries(entries: Entry[], notes: NoteList): ReadResult {
  const messages: Message[] = []
  const pairing = new Pairing()
  let model: string | undefined
  for (const entry of entries) {
    try {
      const read = readEntry(entry, pairing)
      messages.push(...read.messages)
      if (read.model !== undefined) model = read.model
    } catch (error) {
      // A file that has a session's sessionId and messages is one; a bad message loses only itself.
      if (!(error instanceof ShapeError)) throw error
      notes.warn(entry.ctx.where(error.steps), `${error.problem}; message skipped`)
    }
  }
  return { model, messages, notes }
}

function readEntry(entry: Entry, pairing: Pairing): { messages: Message[]; model?: string } {
  const { value, ctx } = entry
  const type = value.type
  if (typeof type !== 'string') throw new ShapeError('missing "type"', ['type'])
  if (UI_TYPES.has(type)) {
    ctx.notes.info(
      ctx.where([]),
      `"${type}" message: shown in Gemini CLI, never sent to the model; not loaded`,
    )
    return { messages: [] }
  }
  // Forks of Gemini CLI write their own name for the model's messages; what they carry says what they are.
  const reply = type === 'gemini' || REPLY_FIELDS.some((k) => k in value)
  if (type !== 'user' && !reply) {
    throw new ShapeError(
      `"${type}" is not a Gemini CLI message type (user, gemini, info, error, warning)`,
      ['type'],
    )
  }
  if (type !== 'user' && type !== 'gemini') {
    ctx.notes.info(
      ctx.where(['type']),
      `"${type}" read as the model's reply, which its fields show it is`,
    )
  }
  for (const key of Object.keys(value)) noteField(key, ctx)
  if (type === 'user') return { messages: readUser(entry, pairing) }
  const model = typeof value.model === 'string' && value.model !== '' ? value.model : undefined
  return { messages: readGemini(value, ctx, pairing), model }
}

const REPLY_FIELDS = ['toolCalls', 'thoughts', 'tokens', 'model']

const READ_FIELDS = new Set(['id', 'type', 'content', 'toolCalls', 'thoughts', 'model'])

function noteField(key: string, ctx: Ctx): void {
  if (READ_FIELDS.has(key)) return
  const problem =
    key === 'tokens'
      ? USAGE_NOTE
      : key === 'displayContent'
        ? 'what Gemini CLI displayed in place of content; the model reads content'
        : key === 'timestamp'
          ? METADATA_NOTE
          : UNKNOWN_FIELD_NOTE
  if (problem === UNKNOWN_FIELD_NOTE) ctx.notes.warn(ctx.where([key]), problem)
  else ctx.notes.info(ctx.where([key]), problem)
}

function readUser(entry: Entry, pairing: Pairing): Message[] {
  const { value, ctx } = entry
  const id = value.id as string
  // A resumed session's history turns come back as user records holding the functionResponse
  // parts the reply's toolCalls already recorded (updateMessagesFromHistory): read them once.
  const read = readParts(value.content, 'user', ['content'], ctx, pairing)
  const out = read.filter((m) => !(m.type === 'activity' && m.id && pairing.recorded.has(m.id)))
  if (out.length < read.length) {
    ctx.notes.info(
      ctx.where(['content']),
      "tool results that repeat the ones recorded on the reply's toolCalls; read once",
    )
    if (out.length === 0) return []
  }
  const first = out.find((m) => m.type === 'user')
  if (first) {
    const text = first.text.trim()
    const command = text === '' || text.startsWith('/') || text.startsWith('?')
    if (!markContext(first, entry.replaced ?? 0) && out.length === 1 && command) {
      ctx.notes.info(
        ctx.where(['content']),
        text === ''
          ? 'an empty user message; Gemini CLI does not send it'
          : 'a slash command or help request; Gemini CLI runs it and does not send it to the model',
      )
      return []
    }
  }
  if (out.length > 0 && out[0].type !== 'activity') out[0] = orderMessage({ ...out[0], id })
  return out.map(orderMessage)
}

/**
 * Marks a user turn that is not the user's words: a compression's summary (Gemini CLI sends it as a
 * user turn holding a <state_snapshot>) becomes an earlier summary; the session and hook context
 * Gemini CLI sends as user turns becomes context. Returns whether it marked the message.
 */
function markContext(m: Message, droppedCount: number): boolean {
  const text = m.text.trim()
  if (text.includes(SNAPSHOT)) {
    m.type = 'context'
    m.meta = { compacted: true, droppedCount }
    return true
  }
  if (text.startsWith('<session_context>') || text.startsWith('<hook_context>')) {
    m.type = 'context'
    return true
  }
  return false
}

function readGemini(value: Json, ctx: Ctx, pairing: Pairing): Message[] {
  const parts = partList(value.content, ['content'])
  const modern = parts.some((p) => isObject(p) && (isObject(p.functionCall) || p.thought === true))
  const out: Message[] = []
  const thoughts = value.thoughts
  if (thoughts !== undefined && thoughts !== null && !Array.isArray(thoughts)) {
    throw new ShapeError(`"thoughts" is ${kind(thoughts)}, not an array`, ['thoughts'])
  }
  const records = toolCallRecords(value)
  if (modern) {
    // Current sessions keep thoughts and calls in content itself; the fields repeat them.
    if (Array.isArray(thoughts) && thoughts.length > 0) {
      ctx.notes.info(
        ctx.where(['thoughts']),
        'repeats the thought parts in content; read from content',
      )
    }
    out.push(...readParts(value.content, 'model', ['content'], ctx, pairing))
    const inContent = new Set(pairing.lastCalls.map((c) => c.id))
    const missing = records.filter(({ call }) => !inContent.has(call.id))
    if (missing.length > 0)
      addCalls(
        out,
        missing.map((r) => r.call),
        pairing,
      )
  } else {
    for (const [k, t] of (thoughts ?? []).entries()) out.push(thought(t, ['thoughts', k], ctx))
    out.push(...readParts(value.content, 'model', ['content'], ctx, pairing))
    addCalls(
      out,
      records.map((r) => r.call),
      pairing,
    )
  }
  const bot = out.find((m) => m.type === 'bot')
  if (bot) bot.id = value.id as string
  for (const r of records) {
    for (const m of toolResult(r, ctx)) {
      out.push(m)
      if (m.id) pairing.recorded.add(m.id)
    }
  }
  return out.map(orderMessage)
}

/** Adds tool calls to the turn's bot message (made if the turn has none), in order. */
function addCalls(out: Message[], calls: ToolCall[], pairing: Pairing): void {
  if (calls.length === 0) return
  let bot = out.findLast((m) => m.type === 'bot')
  if (!bot) {
    bot = { type: 'bot', text: '' }
    out.push(bot)
  }
  const parts = bot.payload
    ? (JSON.parse(bot.payload) as { tool_calls?: ToolCall[]; attachments?: unknown[] })
    : {}
  const all = [...(parts.tool_calls ?? []), ...calls]
  bot.payload = encodePayload({ tool_calls: all, attachments: parts.attachments })
  pairing.lastCalls = all
}

function thought(t: unknown, at: JsonPath, ctx: Ctx): Message {
  if (!isObject(t)) throw new ShapeError(`thought is ${kind(t)}, not an object`, at)
  const subject = typeof t.subject === 'string' ? t.subject : ''
  const description = typeof t.description === 'string' ? t.description : ''
  if ('timestamp' in t) ctx.notes.info(ctx.where([...at, 'timestamp']), METADATA_NOTE)
  // The rendering convertSessionToClientHistory sends for a thought summary.
  return { type: 'reasoning', text: subject ? `**${subject}** ${description}` : description }
}

interface CallRecord {
  call: ToolCall
  raw: Json
  at: JsonPath
}

const CALL_UI_FIELDS = new Set([
  'status',
  'timestamp',
  'agentId',
  'displayName',
  'description',
  'resultDisplay',
  'renderOutputAsMarkdown',
])

function toolCallRecords(value: Json): CallRecord[] {
  const list = value.toolCalls
  if (list === undefined || list === null) return []
  if (!Array.isArray(list))
    throw new ShapeError(`"toolCalls" is ${kind(list)}, not an array`, ['toolCalls'])
  return list.map((raw, k) => {
    const at = ['toolCalls', k]
    if (!isObject(raw)) throw new ShapeError(`tool call is ${kind(raw)}, not an object`, at)
    if (typeof raw.id !== 'string') throw new ShapeError('missing "id"', [...at, 'id'])
    if (typeof raw.name !== 'string') throw new ShapeError('missing "name"', [...at, 'name'])
    return { call: { id: raw.id, name: raw.name, arguments: raw.args ?? {} }, raw, at }
  })
}

/** A tool call's result as Gemini CLI sends it: functionResponse parts, answered by call id. */
function toolResult({ call, raw, at }: CallRecord, ctx: Ctx): Message[] {
  const callId = call.id ?? ''
  for (const key of Object.keys(raw)) {
    if (['id', 'name', 'args', 'result'].includes(key)) continue
    if (CALL_UI_FIELDS.has(key)) {
      ctx.notes.info(
        ctx.where([...at, key]),
        key === 'resultDisplay'
          ? 'what Gemini CLI displayed for the result; the model reads "result"'
          : "Gemini CLI's record of the call for its UI; not sent to the model",
      )
    } else {
      ctx.notes.warn(ctx.where([...at, key]), UNKNOWN_FIELD_NOTE)
    }
  }
  const result = raw.result
  if (result === undefined || result === null) {
    const status = typeof raw.status === 'string' ? ` (status "${raw.status}")` : ''
    ctx.notes.info(
      ctx.where([...at, 'result']),
      `no result recorded${status}; the call has no answer`,
    )
    return []
  }
  if (typeof result === 'string') {
    return [
      { id: call.id, type: 'activity', text: '', payload: encodePayload({ content: result }) },
    ]
  }
  // Each functionResponse starts a result; the parts after it (the text of the files a
  // read_many_files call read, inline data) go with it, as the model reads them.
  const parts = Array.isArray(result) ? result : [result]
  const pieces: { id: string; texts: string[]; attachments: unknown[] }[] = []
  parts.forEach((part, k) => {
    const here = [...at, 'result', ...(Array.isArray(result) ? [k] : [])]
    if (isObject(part) && isObject(part.functionResponse)) {
      const fr = part.functionResponse
      const id = typeof fr.id === 'string' && fr.id !== '' ? fr.id : callId
      pieces.push({ id, texts: [responseText(fr)], attachments: [] })
      return
    }
    let piece = pieces[pieces.length - 1]
    if (!piece) {
      piece = { id: callId, texts: [], attachments: [] }
      pieces.push(piece)
    }
    if (typeof part === 'string') piece.texts.push(part)
    else if (isObject(part) && typeof part.text === 'string' && part.thought !== true) {
      piece.texts.push(part.text)
    } else {
      piece.attachments.push(part)
      ctx.notes.warn(ctx.where(here), attachmentNote(partKind(part)))
    }
  })
  return pieces.map(({ id, texts, attachments }) => ({
    id,
    type: 'activity',
    text: '',
    payload: encodePayload({
      content: texts.join('\n'),
      ...(attachments.length > 0 ? { attachments } : {}),
    }),
  }))
}

/** A functionResponse's `response` as the text the model reads: `output` alone, else its JSON. */
function responseText(fr: Json): string {
  const response = fr.response
  if (isObject(response)) {
    const keys = Object.keys(response)
    if (keys.length === 1 && typeof response.output === 'string') return response.output
  }
  return typeof response === 'string' ? response : JSON.stringify(response ?? {})
}

const partKind = (part: unknown): string =>
  isObject(part) ? (Object.keys(part).find((k) => k !== 'thoughtSignature') ?? 'part') : kind(part)

/** A PartListUnion as a list: a string, one part, or a list of parts and strings. */
function partList(content: unknown, at: JsonPath): unknown[] {
  if (content === undefined || content === null) return []
  if (typeof content === 'string') return content === '' ? [] : [content]
  if (Array.isArray(content)) return content
  if (isObject(content)) return [content]
  throw new ShapeError(`"content" is ${kind(content)}, not text or parts`, at)
}

/** Calls made by the last model turn, to give an id-less functionResponse its call's id. */
class Pairing {
  lastCalls: ToolCall[] = []
  /** The call ids whose results a reply's toolCalls already gave. */
  readonly recorded = new Set<string>()
  private answered = new Set<string>()

  /** The id of the earliest unanswered call by this name in the last model turn. */
  answer(name: string): string | undefined {
    const call = this.lastCalls.find((c) => c.name === name && c.id && !this.answered.has(c.id))
    if (call?.id) this.answered.add(call.id)
    return call?.id
  }
}

/**
 * One turn's parts in order: text → the turn's user or bot text; a thought part → reasoning;
 * functionCall → a tool call on the bot message; functionResponse → an activity whose id is the
 * call id; inline data, files and other parts → attachments, counted as their JSON.
 */
function readParts(
  content: unknown,
  role: 'user' | 'model',
  at: JsonPath,
  ctx: Ctx,
  pairing: Pairing,
  turn = 0,
): Message[] {
  const parts = partList(content, at)
  const type = role === 'user' ? 'user' : 'bot'
  const out: Message[] = []
  let texts: string[] = []
  let calls: ToolCall[] = []
  let attachments: unknown[] = []
  const flush = () => {
    if (texts.length + calls.length + attachments.length === 0) return
    out.push({
      type,
      text: texts.join(''),
      payload: encodePayload({
        ...(calls.length > 0 ? { tool_calls: calls } : {}),
        ...(attachments.length > 0 ? { attachments } : {}),
      }),
    })
    texts = []
    calls = []
    attachments = []
  }
  const modelCalls: ToolCall[] = []
  parts.forEach((part, k) => {
    const here = Array.isArray(content) ? [...at, k] : at
    if (typeof part === 'string') {
      texts.push(part)
      return
    }
    if (!isObject(part)) throw new ShapeError(`part is ${kind(part)}, not an object`, here)
    if ('thoughtSignature' in part && part.thought !== true) {
      ctx.notes.info(
        ctx.where([...here, 'thoughtSignature']),
        "Gemini's thought signature; not counted",
      )
    }
    if (typeof part.text === 'string') {
      if (part.thought === true) {
        flush()
        const signature =
          typeof part.thoughtSignature === 'string' ? part.thoughtSignature : undefined
        out.push({
          type: 'reasoning',
          text: part.text,
          payload: signature ? encodePayload({ signature }) : undefined,
        })
      } else {
        texts.push(part.text)
      }
    } else if (isObject(part.functionCall) && role === 'model') {
      const fc = part.functionCall
      if (typeof fc.name !== 'string')
        throw new ShapeError('missing "name"', [...here, 'functionCall', 'name'])
      let id = typeof fc.id === 'string' && fc.id !== '' ? fc.id : undefined
      if (id === undefined) {
        id = `${fc.name}#${turn}.${k}`
        ctx.notes.info(
          ctx.where([...here, 'functionCall']),
          `a call without an id; paired with its response by name, as "${id}"`,
        )
      }
      const call = { id, name: fc.name, arguments: fc.args ?? {} }
      calls.push(call)
      modelCalls.push(call)
    } else if (isObject(part.functionResponse)) {
      flush()
      const fr = part.functionResponse
      let id = typeof fr.id === 'string' && fr.id !== '' ? fr.id : undefined
      if (id === undefined && typeof fr.name === 'string') id = pairing.answer(fr.name)
      if (id === undefined) {
        ctx.notes.warn(
          ctx.where([...here, 'functionResponse']),
          'a tool result with no call id, and no call by its name before it',
        )
      }
      out.push({
        id,
        type: 'activity',
        text: '',
        payload: encodePayload({ content: responseText(fr) }),
      })
    } else {
      attachments.push(part)
      ctx.notes.warn(ctx.where(here), attachmentNote(partKind(part)))
    }
  })
  flush()
  if (role === 'model') pairing.lastCalls = modelCalls
  return out
}

/** A `/chat save` checkpoint: the API contents themselves, `[{role: user|model, parts}]`. */
function readCheckpoint(root: unknown, ctx: Ctx): ReadResult {
  const list = Array.isArray(root) ? root : ((root as Json).history as unknown[])
  const prefix: JsonPath = Array.isArray(root) ? [] : ['history']
  if (!Array.isArray(root)) {
    for (const key of Object.keys(root as Json)) {
      if (key === 'history') continue
      if (key === 'authType') ctx.notes.info(key, METADATA_NOTE)
      else ctx.notes.warn(key, UNKNOWN_FIELD_NOTE)
    }
  }
  const pairing = new Pairing()
  const messages: Message[] = []
  list.forEach((raw, i) => {
    const at = [...prefix, i]
    if (!isObject(raw)) throw new ShapeError(`content is ${kind(raw)}, not an object`, at)
    const role = raw.role
    if (role !== 'user' && role !== 'model') {
      throw new ShapeError(
        typeof role === 'string'
          ? `role "${role}" is not a Gemini content role (user, model)`
          : 'missing "role"',
        [...at, 'role'],
      )
    }
    if (!Array.isArray(raw.parts)) {
      throw new ShapeError(`"parts" is ${kind(raw.parts)}, not an array`, [...at, 'parts'])
    }
    for (const key of Object.keys(raw)) {
      if (key !== 'role' && key !== 'parts')
        ctx.notes.warn(pathString([...at, key]), UNKNOWN_FIELD_NOTE)
    }
    const read = readParts(raw.parts, role, [...at, 'parts'], ctx, pairing, i)
    for (const m of read) {
      if (m.type === 'user') markContext(m, 0)
      messages.push(orderMessage(m))
    }
  })
  return { messages, notes: ctx.notes }
}

/** Gemini CLI: a session (JSONL, or the older single document), or a /chat save checkpoint. */
export const geminiCliFormat = {
  id: 'gemini-cli',
  label: 'Gemini CLI session',
  shape:
    'JSONL (a metadata line, message records, $set and $rewindTo lines), the older JSON {sessionId, messages}, or a checkpoint [{role, parts}]',
  detect(sniff) {
    const root = rootObject(sniff)
    const isMessage = (o: Json) =>
      typeof o.type === 'string' && MESSAGE_TYPES.has(o.type) && 'id' in o && 'content' in o
    if (root && typeof root.sessionId === 'string' && Array.isArray(root.messages)) {
      return firstObjects(root.messages).some(isMessage) || root.messages.length === 0 ? 3 : 2
    }
    const contents = firstObjects(listIn(sniff, 'history'))
    if (contents.some((o) => o.role === 'model' && Array.isArray(o.parts))) return 3
    if (sniff.json !== undefined && !sniff.lines) return 0
    const lines = lineObjects(sniff)
    const header = lines.some(
      (o) => typeof o.sessionId === 'string' && typeof o.projectHash === 'string' && !('uuid' in o),
    )
    const marks = lines.some((o) => typeof o.$rewindTo === 'string' || isObject(o.$set))
    if (header || marks) return 3
    return lines.some((o) => isMessage(o) && (o.type === 'gemini' || 'toolCalls' in o)) ? 2 : 0
  },
  read: readGeminiCli,
} as const satisfies FormatDescriptor
