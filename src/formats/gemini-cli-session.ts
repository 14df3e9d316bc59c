import { formatNumber } from '../numbers'
import type { Message } from '../types'
import { isCount } from './reported-usage'
import type { ReportedUsage } from './types'
import { ShapeError, isObject, kind, pathString, type Json, type JsonPath } from './json-shape'
import { LocatedError, type ReadInput, type ReadResult } from './reader'
import { warnSkippedLines, type NoteList } from './report'
import { UNKNOWN_FIELD_NOTE } from './vocabulary'
import {
  type Ctx,
  type Entry,
  MESSAGE_TYPES,
  METADATA_NOTE,
  SESSION_FIELDS,
  UI_TYPES,
} from './gemini-cli-shared'
import { REPLY_FIELDS, noteField, readGemini, readUser } from './gemini-cli-records'
import { withReportedThoughts } from './gemini-cli-thoughts'
import { NewPrompts } from './gemini-cli-new-prompts'
import { Pairing, readParts } from './gemini-cli-parts'
import { orderMessage } from '../conversation'

/* A Gemini CLI session file: the older single JSON document, or the JSONL log replayed into its message records. */

/** Whether a JSONL value is one of the session file's records. */
export function isRecord(o: Json): boolean {
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
export function readDocument(root: Json, ctx: Ctx): ReadResult {
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
export function readJsonl(input: ReadInput, notes: NoteList): ReadResult {
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
  warnSkippedLines(broken, notes)

  const byId = new Map<string, Entry>()
  // Gemini CLI loads a JSONL session only with a record naming it (sessionId and projectHash).
  let named = false
  let rewound = 0
  let rewritten = 0
  let rewrittenNotices = 0
  for (const { line, value } of values) {
    if (!isObject(value) || !isRecord(value)) {
      const what = isObject(value)
        ? `an object with fields ${Object.keys(value).slice(0, 4).join(', ') || '(none)'}`
        : kind(value)
      notes.warn(`line ${line}`, `${what}, not a Gemini CLI session record; not loaded`)
      continue
    }
    const ctx = lineCtx(line)
    if (typeof value.sessionId === 'string' && typeof value.projectHash === 'string') named = true
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
        // What the rewrite replaced: the conversation's messages, and apart Gemini CLI's own
        // notices, which were never sent.
        const gone = [...byId.entries()].filter(([id]) => !kept.has(id))
        const notices = gone.filter(([, e]) => isNotice(e.value)).length
        const dropped = gone.length - notices
        rewritten += dropped
        rewrittenNotices += notices
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
  if (!named) {
    notes.warn(
      '',
      'no record names the session (sessionId and projectHash), which Gemini CLI writes first and needs to load the file: its beginning may be missing, and what its first request held beyond the file may be earlier conversation, not only the system prompt and tools',
    )
  }
  if (rewound > 0) {
    notes.info(
      '',
      `${formatNumber(rewound)} message(s) undone by /rewind; not part of the conversation`,
    )
  }
  if (rewritten > 0) {
    notes.info(
      '',
      `${formatNumber(rewritten)} message(s) replaced when Gemini CLI rewrote its history (a compression, a masking, or a failed or cancelled request taken back); not loaded`,
    )
  }
  if (rewrittenNotices > 0) {
    notes.info(
      '',
      `${formatNumber(rewrittenNotices)} notice(s) (info, error, warning) removed when Gemini CLI rewrote its history; never sent, not loaded`,
    )
  }
  return readEntries([...byId.values()], notes)
}

/** The message records, in order, as core messages. */
function readEntries(entries: Entry[], notes: NoteList): ReadResult {
  const messages: Message[] = []
  const usage: ReportedUsage[] = []
  const pairing = new Pairing()
  const newPrompts = new NewPrompts()
  let model: string | undefined
  // The prompt the last message read reported, where it is a reply that records no tool call (see
  // UNRECORDED_STEP_NOTE); undefined after anything else.
  let uncalledPrompt: number | undefined
  for (const entry of entries) {
    try {
      const read = readEntry(entry, pairing)
      const request = read.reply ? reportedRequest(entry) : undefined
      const prompt = request?.input
      if (prompt !== undefined && uncalledPrompt !== undefined && prompt > uncalledPrompt) {
        entry.ctx.notes.warn(entry.ctx.where([]), UNRECORDED_STEP_NOTE)
      }
      if (read.messages.length > 0 || read.reply) {
        uncalledPrompt = pairing.lastCalls.length === 0 ? prompt : undefined
      }
      if (read.reply) {
        const reported = geminiTokens(entry, messages.length, read.model)
        if (reported) usage.push(reported)
        const thoughts = withReportedThoughts(read.messages, entry.value.tokens, entry.ctx)
        if (request) {
          newPrompts.reply(request.input, request.output, thoughts, resultChars(read), entry.ctx)
        } else newPrompts.thoughts(thoughts)
      } else if (read.messages.some((m) => m.type === 'user')) {
        newPrompts.prompt(read.messages.reduce((n, m) => n + m.text.length, 0))
      } else if (read.messages.length > 0) newPrompts.other()
      messages.push(...read.messages)
      if (read.model !== undefined) model = read.model
    } catch (error) {
      // A file that has a session's sessionId and messages is one; a bad message loses only itself.
      if (!(error instanceof ShapeError)) throw error
      notes.warn(entry.ctx.where(error.steps), `${error.problem}; message skipped`)
    }
  }
  const thinking = newPrompts.verdict(notes)
  return { model, messages, notes, usage, ...(thinking ? { thinking } : {}) }
}

/** The characters of the tool results a record holds: what the next request adds for them. */
function resultChars(read: { messages: readonly Message[] }): number {
  let chars = 0
  for (const m of read.messages) {
    if (m.type === 'activity') chars += m.text.length + (m.payload?.length ?? 0)
  }
  return chars
}

/**
 * The prompt and output a reply reports (`tokens.input`, `tokens.output`), where it reports a
 * request of its own: a prompt and some output. A record of calls alone (output 0) and one of
 * thoughts alone (input 0) are parts of a reply recorded apart, not requests.
 */
function reportedRequest(entry: Entry): { input: number; output: number } | undefined {
  const tokens = entry.value.tokens
  if (!isObject(tokens) || !isCount(tokens.input) || tokens.input === 0) return undefined
  return isCount(tokens.output) && tokens.output > 0
    ? { input: tokens.input, output: tokens.output }
    : undefined
}

/**
 * A reply that follows a reply with no prompt between, to a larger request: Gemini CLI writes
 * every prompt it sends as a user record, and only a request that answers tool calls goes without
 * one (GeminiChat.sendMessageStream, `isFunctionResponse`), so the earlier reply's step made calls.
 * Where that reply records none, the calls and their results are not in the file: Gemini CLI 0.4.0
 * – 0.8.x recorded no tool calls (the interactive CLI records them from 0.9.0,
 * google-gemini/gemini-cli 974ab66b7a), nor a reply of calls alone (a reply was recorded only
 * when it had text). A request no larger than the reply's own is a retry of it (Gemini CLI
 * retries a reply with no text), and a record of calls or thoughts alone is part of a reply
 * (reportedRequest): neither is warned.
 */
export const UNRECORDED_STEP_NOTE =
  "a reply to a request with no prompt, after a reply that records no tool call: that step's tool calls and results were sent but are not in the file (Gemini CLI 0.4 – 0.8 recorded none, nor a reply of calls alone; later versions record them, but not these), so this request and the later ones are counted low"

/**
 * A reply's `tokens`, which Gemini CLI records from the usageMetadata of the request that produced
 * it (chatRecordingService recordMessageTokens): `input` is promptTokenCount, the whole prompt,
 * `cached` a part of it; the prompt held every message before the reply. Gemini CLI writes 0 for
 * a count the response did not carry (`promptTokenCount ?? 0`), and no request has an empty
 * prompt, so an `input` of 0 reports nothing (ZERO_PROMPT_NOTE).
 */
function geminiTokens(entry: Entry, prompt: number, model?: string): ReportedUsage | undefined {
  const tokens = entry.value.tokens
  if (!isObject(tokens)) return undefined
  const { input, output } = tokens
  if (!isCount(input)) return undefined
  if (input === 0) {
    entry.ctx.notes.info(entry.ctx.where(['tokens', 'input']), ZERO_PROMPT_NOTE)
    return undefined
  }
  return {
    prompt,
    inputTokens: input,
    ...(typeof output === 'number' ? { outputTokens: output } : {}),
    at: entry.ctx.where(['tokens']),
    ...(model !== undefined ? { model } : {}),
  }
}

/**
 * The one `info` record Gemini CLI sends: the audio or video a read_file result read, which
 * `GeminiChat.sendMessageStream` takes out of the result and sends as the next user turn, recorded
 * with `recordSyntheticMessage('info', binaryParts)` (0.44 on, packages/core/src/core/geminiChat.ts).
 * Every later request holds it.
 */
function isMediaTurn(content: unknown): boolean {
  return (
    Array.isArray(content) &&
    content.length > 0 &&
    content.every((p) => isObject(p) && (isObject(p.inlineData) || isObject(p.fileData)))
  )
}

/** Gemini CLI's own notice, never sent: an info, error or warning record, but a media turn. */
function isNotice(record: Json): boolean {
  return (
    UI_TYPES.has(record.type as string) && !(record.type === 'info' && isMediaTurn(record.content))
  )
}

function readMediaTurn(entry: Entry, pairing: Pairing): Message[] {
  const { value, ctx } = entry
  ctx.notes.info(
    ctx.where(['type']),
    'an "info" record that holds audio or video a tool read: Gemini CLI sends it as a user turn after the result; read as context',
  )
  return readParts(value.content, 'user', ['content'], ctx, pairing).map((m, k) =>
    orderMessage({ ...m, ...(k === 0 ? { id: value.id as string } : {}), type: 'context' }),
  )
}

export const ZERO_PROMPT_NOTE =
  'a prompt of 0 tokens: Gemini CLI writes 0 where the response carried no prompt size, so this is not a report of a request, and the usage view leaves it out'

function readEntry(
  entry: Entry,
  pairing: Pairing,
): { messages: Message[]; model?: string; reply?: boolean } {
  const { value, ctx } = entry
  const type = value.type
  if (typeof type !== 'string') throw new ShapeError('missing "type"', ['type'])
  if (type === 'info' && isMediaTurn(value.content)) {
    for (const key of Object.keys(value)) noteField(key, ctx)
    return { messages: readMediaTurn(entry, pairing) }
  }
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
  const messages = readGemini(value, ctx, pairing)
  if (messages.length === 0) {
    // Gemini CLI records a reply as it ends and adds its tool calls once they have run
    // (geminiChat.ts, chatRecordingService.recordToolCalls): a reply that reports output but holds
    // nothing was cancelled as it wrote, or made calls that never finished or were not recorded.
    const wrote =
      isObject(value.tokens) && typeof value.tokens.output === 'number' && value.tokens.output > 0
    ctx.notes.info(ctx.where(['content']), wrote ? UNFINISHED_CALLS_NOTE : EMPTY_REPLY_NOTE)
  }
  return { messages, model, reply: true }
}

const EMPTY_REPLY_NOTE =
  'a reply with no text, thought or tool call (a request cancelled before the model wrote anything): no message to load; its tokens still report its request'
const UNFINISHED_CALLS_NOTE =
  'a reply with no text, thought or tool call, though its tokens report output: its request was cancelled, or the tool calls it made did not finish or were not recorded; no message to load; its tokens still report its request'
