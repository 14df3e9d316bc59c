import { plural } from '../numbers'
import { orderMessage } from '../conversation'
import type { Wire } from '../pricing/wire'
import { SqliteDatabase, type Row, type TableInfo } from '../sqlite/database'
import type { Message } from '../types'
import {
  ShapeError,
  isObject,
  kind,
  parseArguments,
  pathString,
  type Json,
  type JsonPath,
} from './json-shape'
import { isCrushDatabase, pickSession, readDatabase } from './opencode-db'
import { goOpencodeModel } from './opencode-go-models'
import { encodePayload, opaqueThinking, type PayloadParts, type ToolCall } from './payload'
import type { ReadInput, ReadResult, Sniff } from './reader'
import { NoteList } from './report'
import type { FormatDescriptor, StoredSession } from './types'
import { noteAttachment } from './vocabulary'

/*
 * Crush's database (charmbracelet/crush, read at 37f36e93, 21 August 2026): `crush.db` in the
 * project's `.crush` folder, and the Go opencode's `.opencode/opencode.db`, which Crush grew from
 * and whose tables it kept. internal/db/migrations: `sessions` (id, parent_session_id, title, …,
 * summary_message_id), `messages` (id, session_id, role, parts, model, provider,
 * is_summary_message, created_at); internal/message/message.go: `parts` is a JSON list of
 * `{type, data}`; internal/agent/agent.go: what a request sends (getSessionMessages,
 * preparePrompt; content.go ToAIMessage). See docs/formats/crush-db.md.
 */

/** The columns read, by table; the later migrations' columns are read where they are. */
const COLUMNS = {
  sessions: ['id', 'parent_session_id', 'title', 'updated_at'],
  messages: ['id', 'session_id', 'role', 'parts', 'model', 'created_at'],
} as const
const LATER = {
  sessions: ['summary_message_id'],
  messages: ['provider', 'is_summary_message'],
} as const

type Table = 'sessions' | 'messages'
type At<T extends Table> = Record<(typeof COLUMNS)[T][number] | (typeof LATER)[T][number], number>

const readCrushDb = (input: ReadInput): ReadResult => readDatabase(input, readSession)

function columns<T extends Table>(db: SqliteDatabase, name: T): { info: TableInfo; at: At<T> } {
  const info = db.tables().get(name)
  if (info === undefined) {
    throw new ShapeError(
      `a SQLite database without a "${name}" table: not a Crush database (Crush keeps its sessions in the tables sessions and messages)`,
      [],
    )
  }
  const at = {} as Record<string, number>
  for (const column of COLUMNS[name]) {
    at[column] = info.columns.indexOf(column)
    if (at[column] < 0)
      throw new ShapeError(`Crush's "${name}" table has no column "${column}"`, [])
  }
  for (const column of LATER[name]) at[column] = info.columns.indexOf(column)
  return { info, at: at as At<T> }
}

// Crush writes its times with strftime('%s'), in seconds; the Go opencode's schema says
// milliseconds.
const millisecondsOf = (t: unknown): number => (typeof t !== 'number' ? 0 : t < 1e11 ? t * 1000 : t)

const column = (row: Row, at: number): unknown => (at < 0 ? undefined : row.column(at))

interface Stored {
  id: string
  role: string
  parts: string
  model?: string
  provider?: string
  created: number
}

function readSession(db: SqliteDatabase, chosen: string | undefined, notes: NoteList): ReadResult {
  const s = columns(db, 'sessions')
  const m = columns(db, 'messages')
  const sessions: (StoredSession & { summary?: string })[] = []
  db.rows(s.info, (row) => {
    const id = row.column(s.at.id)
    if (typeof id !== 'string') return
    const title = row.column(s.at.title)
    const parent = column(row, s.at.parent_session_id)
    const summary = column(row, s.at.summary_message_id)
    sessions.push({
      id,
      title: typeof title === 'string' ? title : '',
      updated: millisecondsOf(row.column(s.at.updated_at)),
      messages: 0,
      ...(typeof parent === 'string' && parent !== '' ? { parent } : {}),
      ...(typeof summary === 'string' && summary !== '' ? { summary } : {}),
    })
  })
  sessions.sort((a, b) => b.updated - a.updated)
  const counts = new Map<string, number>()
  db.rows(m.info, (row) => {
    const id = row.column(m.at.session_id)
    if (typeof id === 'string') counts.set(id, (counts.get(id) ?? 0) + 1)
  })
  for (const session of sessions) session.messages = counts.get(session.id) ?? 0
  // The Go opencode's tables have no provider column: Crush added it (20250627000000).
  const engine: Engine = m.at.provider < 0 ? 'go-opencode' : 'crush'
  const picked = pickSession(
    sessions,
    chosen,
    engine === 'crush' ? 'a Crush database' : "a Go opencode's database",
    notes,
    db.walMode && `${engine === 'crush' ? 'crush' : 'opencode'}.db-wal, beside the database`,
  )
  const stored: Stored[] = []
  db.rows(m.info, (row) => {
    if (row.column(m.at.session_id) !== picked.id) return
    const id = row.column(m.at.id)
    const parts = row.column(m.at.parts)
    const model = row.column(m.at.model)
    const provider = column(row, m.at.provider)
    stored.push({
      id: typeof id === 'string' ? id : String(id),
      role: String(row.column(m.at.role)),
      parts: typeof parts === 'string' ? parts : '',
      ...(typeof model === 'string' && model !== '' ? { model } : {}),
      ...(typeof provider === 'string' && provider !== '' ? { provider } : {}),
      created: millisecondsOf(row.column(m.at.created_at)),
    })
  })
  // ListMessagesBySession: ORDER BY created_at; rows of one second stay in rowid order (a stable
  // sort).
  stored.sort((a, b) => a.created - b.created)
  // Crush sends OpenAI's and Azure's requests over the Responses API from 0.13 on, the release
  // that first carries the is_summary_message column (20250810000000); before it, over Chat
  // Completions.
  const responses = m.at.is_summary_message >= 0
  const read = readMessages(stored, picked.summary, engine, responses, notes)
  return {
    ...read,
    notes,
    sessions: sessions.map(({ summary: _s, ...x }) => x),
    session: picked.id,
    ...(db.walMode ? { logUnread: true as const } : {}),
  }
}

type Engine = 'crush' | 'go-opencode'

/** The engine that wrote the database, by the name its notes give it. */
const AGENT_NAME: Record<Engine, string> = { crush: 'Crush', 'go-opencode': 'the Go opencode' }

/** The engine whose next request is read, and whether it sends a reply with nothing in it. */
interface Agent {
  engine: Engine
  name: string
  emptySent: boolean
}

/**
 * The session's messages as Crush's next request sends them (getSessionMessages): from its latest
 * summary on, when it has one, the summary sent as the user's; each read as ToAIMessage reads it.
 */
function readMessages(
  stored: Stored[],
  summaryId: string | undefined,
  engine: Engine,
  responses: boolean,
  notes: NoteList,
): Pick<ReadResult, 'messages' | 'model' | 'wire'> {
  const from = summaryId === undefined ? -1 : stored.findIndex((x) => x.id === summaryId)
  if (summaryId !== undefined && from < 0) {
    notes.warn(
      'sessions.summary_message_id',
      `the session's summary (message ${summaryId}) is not among its messages; every message loaded`,
    )
  }
  if (from > 0) {
    notes.info(
      pathString(['messages', 0]),
      `${plural(from, 'message')} before the session's latest summary: replaced by it; not loaded, as ${AGENT_NAME[engine]} no longer sends ${from === 1 ? 'it' : 'them'}`,
    )
  }
  const messages: Message[] = []
  const calls = new Set<string>()
  const results = new Set<string>()
  // Only what Crush sends is read: a message before the summary is never parsed.
  const start = Math.max(from, 0)
  const parsed = stored
    .slice(start)
    .map((x, k) => ({ x, i: start + k, parts: partsOf(x, start + k) }))
  // preparePrompt pairs the calls and results of the messages it sends, from the summary on.
  for (const { parts } of parsed) {
    for (const p of parts) {
      if (p.type === 'tool_call' && typeof p.data.id === 'string') calls.add(p.data.id)
      if (p.type === 'tool_result' && typeof p.data.tool_call_id === 'string')
        results.add(p.data.tool_call_id)
    }
  }
  // The model and provider are the last reply's, the summary's among them (a session may hold
  // nothing after its summary yet).
  let model: string | undefined
  let provider: string | undefined
  let modelAt = -1
  // A reply with no parts is sent as nothing, but it names the model it was asked of: its model
  // counts only when no reply with parts names one (a session whose only reply is empty).
  for (const withParts of [true, false]) {
    for (const { x, i, parts } of parsed) {
      if (x.role !== 'assistant' || (parts.length > 0 || i === from) !== withParts) continue
      if (x.model !== undefined) [model, modelAt] = [x.model, i]
      if (x.provider !== undefined) provider = x.provider
    }
    if (model !== undefined || provider !== undefined) break
  }
  let wire = wireOf(provider, model, responses)
  if (engine === 'go-opencode' && model !== undefined) {
    const named = goOpencodeModel(model)
    if (named.model !== model) {
      notes.info(
        pathString(['messages', modelAt, 'model']),
        `"${model}" is the Go opencode's name for the model its requests call "${named.model}"; counted as that`,
      )
    }
    ;({ model, wire } = named)
  }
  // Crush leaves out a reply with nothing in it (preparePrompt); the Go opencode leaves it out
  // over Anthropic's and Gemini's APIs, and sends it as an assistant message with no content over
  // OpenAI's Chat Completions (convertMessages in each provider's client).
  const agent: Agent = {
    engine,
    name: AGENT_NAME[engine],
    emptySent: engine === 'go-opencode' && wire === 'openai-chat',
  }
  for (const { x, i, parts } of parsed) {
    const at: JsonPath = ['messages', i]
    if (i === from) {
      messages.push(summaryOf(x, parts, at, from, notes))
      continue
    }
    if (parts.length === 0) {
      notes.info(pathString(at), `a message with no parts; ${agent.name} sends nothing for it`)
      continue
    }
    if (x.role === 'assistant') {
      messages.push(...readAssistant(x, parts, at, results, agent, notes))
    } else if (x.role === 'user') {
      messages.push(...readUser(x.id, parts, at, agent, notes))
    } else if (x.role === 'tool') {
      messages.push(...readResults(parts, at, calls, agent, notes))
    } else if (x.role === 'system') {
      const text = textOf(parts, at, notes, 'system')
      messages.push({ type: 'instructions', text })
    } else {
      throw new ShapeError(
        `"role" is ${JSON.stringify(x.role)}, not a Crush message role (user, assistant, tool, system)`,
        [...at, 'role'],
      )
    }
  }
  return {
    messages,
    ...(model !== undefined ? { model } : {}),
    ...(provider !== undefined || model !== undefined ? { wire } : {}),
  }
}

interface Part {
  type: string
  data: Json
}

/** A message's `parts` column: a JSON list of `{type, data}` (marshalParts). */
function partsOf(x: Stored, i: number): Part[] {
  const at: JsonPath = ['messages', i, 'parts']
  let value: unknown
  try {
    value = JSON.parse(x.parts)
  } catch {
    throw new ShapeError(`the row's "parts" column is not JSON (message ${x.id})`, at)
  }
  if (!Array.isArray(value)) {
    throw new ShapeError(
      `the row's "parts" column is ${kind(value)}, not a list (message ${x.id})`,
      at,
    )
  }
  return value.map((p: unknown, k) => {
    if (!isObject(p) || typeof p.type !== 'string' || !isObject(p.data)) {
      throw new ShapeError(`part is not {type, data} (message ${x.id})`, [...at, k])
    }
    return { type: p.type, data: p.data }
  })
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '')

/** The text parts of a message Crush sends as text alone (a summary, a system message). */
function textOf(parts: Part[], at: JsonPath, notes: NoteList, what: string): string {
  const texts: string[] = []
  parts.forEach((p, k) => {
    if (p.type === 'text') texts.push(str(p.data.text))
    else if (p.type !== 'finish')
      notes.info(pathString([...at, 'parts', k]), `a ${p.type} part of a ${what}; not sent`)
  })
  return texts.join('\n\n').trim()
}

function summaryOf(
  x: Stored,
  parts: Part[],
  at: JsonPath,
  dropped: number,
  notes: NoteList,
): Message {
  notes.info(pathString(at), "the session's latest summary, sent as the user's first message")
  return orderMessage({
    id: x.id,
    type: 'context',
    text: textOf(parts, at, notes, 'summary'),
    meta: { compacted: true, droppedCount: dropped },
  })
}

/**
 * A user message as ToAIMessage sends it: its text, trimmed; each text file attached after it,
 * in a tag naming its path, the files under a line of Crush's own (PromptWithTextAttachments); a
 * bang-mode shell command and its output after them; other files as file parts. The Go opencode's
 * clients send its first text and every file as an image (convertMessages).
 */
function readUser(
  id: string,
  parts: Part[],
  at: JsonPath,
  agent: Agent,
  notes: NoteList,
): Message[] {
  let text = ''
  const files: string[] = []
  const attachments: unknown[] = []
  const shells: string[] = []
  parts.forEach((p, k) => {
    const here = pathString([...at, 'parts', k])
    if (p.type === 'text') {
      if (text === '') text = str(p.data.text).trim()
      else notes.info(here, `a second text part; ${agent.name} sends only the first`)
    } else if (p.type === 'shell_command') {
      const code = typeof p.data.exit_code === 'number' ? p.data.exit_code : 0
      shells.push(`$ ${str(p.data.command)}\n${str(p.data.output)}\n(exit code ${code})`)
    } else if (p.type === 'binary') {
      const mime = str(p.data.MIMEType)
      const content =
        agent.engine === 'crush' && mime.startsWith('text/') ? decoded(p.data.Data) : undefined
      if (content !== undefined) {
        const path = str(p.data.Path)
        files.push(`${path === '' ? '<file>' : `<file path='${path}'>`}\n\n${content}\n</file>\n`)
        notes.info(
          here,
          `a text file attached: ${agent.name} sends its text inside the prompt, after a line of its own that the file does not hold (counted as ${ATTACHED_FILES_LINE} tokens)`,
        )
      } else if (agent.engine === 'crush' && mime.startsWith('text/')) {
        notes.warn(here, 'a text file attached whose data is not base64 text; counted as its JSON')
        attachments.push(p.data)
      } else {
        const media = mediaPart(str(p.data.Data), mime)
        noteAttachment(notes, here, media.type, media)
        attachments.push(media)
      }
    } else if (p.type === 'image_url') {
      notes.info(here, `an image by address: ${agent.name} does not send it; not loaded`)
    } else if (p.type !== 'finish') {
      notes.warn(here, `a ${p.type} part in a user message; not loaded`)
    }
  })
  text += files.join('')
  for (const shell of shells) text = text === '' ? shell : `${text}\n\n${shell}`
  const payload = encodePayload({
    ...(attachments.length > 0 ? { attachments } : {}),
    ...(files.length > 0
      ? { unwritten: { what: "Crush's line before attached files", tokens: ATTACHED_FILES_LINE } }
      : {}),
  })
  if (text === '' && payload === undefined) return []
  return [{ id, type: 'user', text, ...(payload !== undefined ? { payload } : {}) }]
}

/**
 * The size, in o200k_base tokens, of the line Crush writes between a prompt and the text files
 * attached to it, with the line breaks around it: charmbracelet/crush 37f36e93
 * internal/message/content.go, PromptWithTextAttachments (since b3f73213, v0.29.0). Counted once,
 * by us; the wording is Crush's and is not copied here.
 */
const ATTACHED_FILES_LINE = 23

/** A binary part's `Data` (Go writes bytes as base64) as UTF-8 text; undefined if not base64. */
function decoded(data: unknown): string | undefined {
  if (typeof data !== 'string') return undefined
  try {
    const binary = atob(data)
    const bytes = new Uint8Array(binary.length)
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
    return new TextDecoder().decode(bytes)
  } catch {
    return undefined
  }
}

/**
 * Why a reply ended, in words, from its finish part's reason (internal/message/content.go: Crush's
 * FinishReason values; the Go opencode's add permission_denied).
 */
function endedBy(reason: unknown): string {
  switch (reason) {
    case undefined:
      return 'it never finished'
    case 'canceled':
      return 'cancelled'
    case 'error':
      return 'it failed'
    case 'end_turn':
      return 'the model ended its turn'
    case 'max_tokens':
      return 'it reached its output limit'
    case 'tool_use':
      return 'it stopped for a tool call'
    case 'permission_denied':
      return "a tool's permission was denied"
    case 'content_filter':
      return "the provider's content filter stopped it"
    default:
      return `it stopped with reason ${JSON.stringify(reason)}`
  }
}

/**
 * An assistant message: its reasoning (with the signature Anthropic needs back, or OpenAI's
 * encrypted reasoning), then its text and tool calls. One with none of them (cancelled, failed,
 * or ended before it wrote anything) is not sent by Crush; the Go opencode may send it empty. A
 * call without a result is sent with one Crush writes (preparePrompt); the Go opencode sends it as
 * it is. The Go opencode's clients send no reasoning back (convertMessages).
 */
function readAssistant(
  x: Stored,
  parts: Part[],
  at: JsonPath,
  results: ReadonlySet<string>,
  agent: Agent,
  notes: NoteList,
): Message[] {
  const texts: string[] = []
  let unsentReasoning = false
  const calls: ToolCall[] = []
  const out: Message[] = []
  let failedAt: string | undefined
  let reason: unknown
  parts.forEach((p, k) => {
    const here: JsonPath = [...at, 'parts', k]
    if (p.type === 'text') texts.push(str(p.data.text))
    else if (p.type === 'reasoning') {
      const thinking = str(p.data.thinking)
      if (thinking === '') return
      if (agent.engine === 'go-opencode') {
        notes.info(pathString(here), 'reasoning: the Go opencode does not send it back; not loaded')
        unsentReasoning = true
        return
      }
      const encrypted = isObject(p.data.responses_data)
        ? str(p.data.responses_data.encrypted_content)
        : ''
      const payload = encodePayload(
        opaqueThinking(thinking, { openai: encrypted, anthropic: str(p.data.signature) }),
      )
      if (str(p.data.thought_signature) !== '') {
        notes.info(pathString(here), 'a Gemini thought signature sent back with it; not counted')
      }
      out.push({ type: 'reasoning', text: thinking, ...(payload ? { payload } : {}) })
    } else if (p.type === 'tool_call') {
      const id = str(p.data.id)
      const input = str(p.data.input)
      calls.push({
        id,
        name: str(p.data.name),
        arguments: input === '' ? {} : parseArguments(input, [...here, 'data', 'input']),
      })
      if (!results.has(id)) {
        notes.warn(
          pathString(here),
          agent.engine === 'crush'
            ? 'a tool call with no result: Crush sends an error result for it that the file does not hold'
            : 'a tool call with no result: the Go opencode sends it without one',
        )
      }
    } else if (p.type === 'finish') {
      reason = p.data.reason
      if (p.data.reason === 'error') failedAt = pathString(here)
    } else {
      notes.warn(pathString(here), `a ${p.type} part in a reply; not loaded`)
    }
  })
  // Crush asks whether the text is empty before ToAIMessage trims it: a reply of blank text is
  // sent, as an assistant message with nothing in it.
  if (texts.join('') === '' && calls.length === 0 && out.length === 0) {
    const ended = endedBy(reason)
    const what = unsentReasoning ? 'only its reasoning' : 'nothing written'
    if (!agent.emptySent) {
      notes.info(pathString(at), `a reply with ${what} (${ended}); ${agent.name} does not send it`)
      return []
    }
    notes.info(
      pathString(at),
      `a reply with ${what} (${ended}); ${agent.name} still sends it, as an assistant message with no content`,
    )
    return [{ id: x.id, type: 'bot', text: '' }]
  }
  const text = texts.join('').trim()
  if (failedAt !== undefined) {
    notes.info(failedAt, `a reply that ended in an error; ${agent.name} still sends what it wrote`)
  }
  const payload = encodePayload(calls.length > 0 ? { tool_calls: calls } : {})
  return [
    ...out,
    { id: x.id, type: 'bot', text, ...(payload !== undefined ? { payload } : {}) },
  ].map((message) => orderMessage(message))
}

/**
 * A tool message's results, each an activity whose id is its call's. A result without a call is
 * not sent by Crush (filterOrphanedToolResults); the Go opencode sends it as it is.
 */
function readResults(
  parts: Part[],
  at: JsonPath,
  calls: ReadonlySet<string>,
  agent: Agent,
  notes: NoteList,
): Message[] {
  const out: Message[] = []
  parts.forEach((p, k) => {
    const here = pathString([...at, 'parts', k])
    if (p.type !== 'tool_result') {
      if (p.type !== 'finish') notes.warn(here, `a ${p.type} part in a tool message; not loaded`)
      return
    }
    const id = str(p.data.tool_call_id)
    if (!calls.has(id)) {
      if (agent.engine === 'crush') {
        notes.warn(
          here,
          'a tool result whose call the session does not hold; Crush does not send it',
        )
        return
      }
      notes.warn(
        here,
        'a tool result whose call the session does not hold; the Go opencode sends it all the same',
      )
    }
    const parts: PayloadParts = {}
    const media = str(p.data.data)
    if (media !== '' && p.data.is_error !== true) {
      const part = mediaPart(media, str(p.data.mime_type))
      noteAttachment(notes, here, part.type, part)
      parts.content = [part]
    } else parts.content = str(p.data.content)
    if (p.data.is_error === true) parts.is_error = true
    if (str(p.data.name) !== '') parts.name = str(p.data.name)
    out.push({ id, type: 'activity', text: '', payload: encodePayload(parts) })
  })
  return out.map((message) => orderMessage(message))
}

/**
 * A file Crush sends as a file part, base64 with its type, in the shape an MCP image or audio
 * content has ({type, data, mimeType}), which is priced by the provider's rule for media.
 */
function mediaPart(
  data: string,
  mimeType: string,
): { type: string; data: string; mimeType: string } {
  return { type: mimeType.startsWith('audio/') ? 'audio' : 'image', data, mimeType }
}

/**
 * The wire a provider's requests go over (internal/agent/coordinator.go): Anthropic's Messages API
 * (anthropic, bedrock), OpenAI's Responses API (openai, azure; Chat Completions before Crush 0.13,
 * told by `responses`), Google's Gemini API (gemini, vertexai, but Anthropic's for a Claude model
 * on them); every other provider is OpenAI-compatible Chat Completions. Where a row names no
 * provider, a Claude or Gemini model's name says its provider's wire, and any other is Chat
 * Completions. The Go opencode's ids say theirs (goOpencodeModel).
 */
function wireOf(provider: string | undefined, model: string | undefined, responses: boolean): Wire {
  const named = provider ?? model ?? ''
  if (/anthropic|bedrock|^claude/.test(named)) return 'anthropic'
  if (named === 'openai' || named === 'azure') return responses ? 'openai-responses' : 'openai-chat'
  if (/^gemini|vertex|google/.test(named)) {
    // Google's provider sends a model whose id holds "anthropic" or "claude" by Anthropic's client
    // over Vertex AI (charmbracelet/fantasy providers/google/google.go, LanguageModel).
    return model !== undefined && /anthropic|claude/.test(model) ? 'anthropic' : 'gemini'
  }
  return 'openai-chat'
}

/** Crush's database, read one session at a time. */
export const crushDbFormat = {
  id: 'crush-db',
  label: 'Crush database',
  shape:
    'the SQLite database Crush (.crush/crush.db) or the Go opencode (.opencode/opencode.db) keeps its sessions in, one session read at a time',
  detect: (sniff: Sniff) => (sniff.sqlite && sniff.tables && isCrushDatabase(sniff.tables) ? 3 : 0),
  read: readCrushDb,
} as const satisfies FormatDescriptor
