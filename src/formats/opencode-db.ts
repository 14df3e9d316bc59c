import {
  SqliteDatabase,
  SqliteError,
  isWalMode,
  type Row,
  type TableInfo,
} from '../sqlite/database'
import { applyWal, walProblem } from '../sqlite/wal'
import { RequestError } from './errors'
import { ShapeError, isObject, type Json } from './json-shape'
import { readOpencodeMessages } from './opencode'
import type { OcMessage } from './opencode-compaction'
import type { Companion, ReadInput, ReadResult } from './reader'
import { NoteList } from './report'
import type { FormatDescriptor, StoredSession } from './types'

/*
 * opencode's own store: the SQLite database it keeps every session in (`opencode.db` in its data
 * folder, `~/.local/share/opencode` by default; `opencode db path` prints it). Followed: the
 * compiled opencode 1.18.34 (npm opencode-linux-x64), read 2026-12-06: its migrations' `session`,
 * `message` and `part` tables; `MessageV2` reading a message as its `data` column with `id` and
 * `sessionID` from the row's columns, a part likewise with `messageID`; a session's messages in
 * the order of (`time_created`, `id`) and a message's parts in `id` order, as `opencode export`
 * writes them. The session read is then read as an export's (readOpencodeMessages). Kilo's CLI
 * (7.7.9, rebuilt on opencode) keeps the same tables in `kilo.db`. See docs/formats/opencode-db.md.
 */

/** The tables a session is read from, and the columns read from each. */
const TABLES = {
  session: ['id', 'parent_id', 'title', 'directory', 'time_created', 'time_updated'],
  message: ['id', 'session_id', 'time_created', 'data'],
  part: ['id', 'message_id', 'session_id', 'data'],
} as const

type Columns<T extends keyof typeof TABLES> = Record<(typeof TABLES)[T][number], number>

// Where a database's write-ahead log is: the file of its name with `-wal` added.
const LOG = 'opencode.db-wal or kilo.db-wal, beside the database'

/**
 * Reads one session of an opencode database: the one chosen (ReadChoice.session), else the latest.
 * A database in WAL mode is read with the write-ahead log given as its companion, where the host
 * could not lay its own over it (a file dropped on the page, the browser).
 */
export function readOpencodeDb(input: ReadInput): ReadResult {
  return readDatabase(input, readSession)
}

/**
 * A database's reading, one session of it (`read`, given the session chosen): the input's bytes,
 * with the write-ahead log given as its companion laid over them; what SQLite's format refuses, a
 * ShapeError. opencode's and Crush's readers both read so.
 */
export function readDatabase(
  input: ReadInput,
  read: (db: SqliteDatabase, chosen: string | undefined, notes: NoteList) => ReadResult,
): ReadResult {
  const bytes = input.bytes
  if (bytes === undefined) throw new ShapeError('not a SQLite database', [])
  const notes = new NoteList()
  try {
    const db = new SqliteDatabase(withGivenLog(bytes, input.choice.companion, notes))
    return read(db, input.choice.session, notes)
  } catch (error) {
    if (error instanceof SqliteError) throw new ShapeError(error.message, [])
    throw error
  }
}

/** opencode's tables in a database, and its sessions, newest first, their messages counted. */
export interface OpencodeTables {
  db: SqliteDatabase
  session: Table<'session'>
  message: Table<'message'>
  part: Table<'part'>
  sessions: SessionRow[]
}

/**
 * The tables of an opencode database; a ShapeError when it is not one. `eachMessage` sees every
 * row of `message` in the pass that counts them, so that a caller reading the messages for more
 * (the session list's models and sizes) makes no second pass.
 */
export function opencodeTables(
  db: SqliteDatabase,
  eachMessage?: (row: Row, at: Table<'message'>['at']) => void,
): OpencodeTables {
  const session = table(db, 'session')
  const message = table(db, 'message')
  const part = table(db, 'part')
  const sessions = sessionsOf(db, session)
  const counts = new Map<string, number>()
  db.rows(message.table, (row) => {
    const id = row.column(message.at.session_id)
    if (typeof id === 'string') counts.set(id, (counts.get(id) ?? 0) + 1)
    eachMessage?.(row, message.at)
  })
  for (const s of sessions) s.messages = counts.get(s.id) ?? 0
  return { db, session, message, part, sessions }
}

/**
 * The database with `log` laid over it when it is in WAL mode and `log` is a write-ahead log of
 * its page size; else as it is, with a note of why the log was not read.
 */
function withGivenLog(bytes: Uint8Array, log: Companion | undefined, notes: NoteList): Uint8Array {
  if (log === undefined) return bytes
  const wal = typeof log.content === 'string' ? TEXT_ENCODER.encode(log.content) : log.content
  if (!isWalMode(bytes)) {
    notes.info(
      '',
      `${log.name} not read: the database is not in WAL mode, so its file holds every commit`,
    )
    return bytes
  }
  const problem = walProblem(bytes, wal)
  if (problem !== undefined) {
    notes.warn('', `${log.name} is not this database's write-ahead log (${problem}); not read`)
    return bytes
  }
  const applied = applyWal(bytes, wal)
  const ignored =
    applied.ignored > 0
      ? `; ${applied.ignored} frame${applied.ignored === 1 ? '' : 's'} after its last commit or from an earlier checkpoint left out, as SQLite leaves them`
      : ''
  notes.info(
    '',
    `read with its write-ahead log ${log.name}: ${applied.frames} committed frame${applied.frames === 1 ? '' : 's'} laid over the file${ignored}`,
  )
  return applied.bytes
}

const TEXT_ENCODER = new TextEncoder()

function readSession(db: SqliteDatabase, chosen: string | undefined, notes: NoteList): ReadResult {
  const tables = opencodeTables(db)
  const found = tables.sessions
  // The picker's and the CLI's list: what a session is named by, without the columns kept for the listing.
  const sessions = found.map(({ directory: _d, created: _c, ...s }) => s)
  const picked = pickSession(sessions, chosen, 'an opencode database', notes, db.walMode && LOG)
  const messages = messagesOf(tables, picked.id, notes)
  const result = readOpencodeMessages(messages, notes)
  return {
    ...result,
    sessions,
    session: picked.id,
    ...(db.walMode ? { logUnread: true as const } : {}),
  }
}

/**
 * The session a read loads from a database of them (`what`: "an opencode database"): the one
 * chosen, else the latest; a RequestError naming the first few when the chosen one is not there.
 * Notes the sessions left out, and, where the database is in WAL mode and `log` (where its log is)
 * was not read with it, what that leaves out.
 */
export function pickSession<S extends StoredSession>(
  sessions: S[],
  chosen: string | undefined,
  what: string,
  notes: NoteList,
  log: string | false,
): S {
  const picked = chosen !== undefined ? sessions.find((s) => s.id === chosen) : latest(sessions)
  if (picked === undefined) {
    if (chosen === undefined) throw new ShapeError(`${what} that holds no session`, [])
    throw new RequestError(
      `no session "${chosen}" in this database; it holds ${sessions.length}: ${sessions
        .slice(0, 3)
        .map((s) => s.id)
        .join(', ')}${sessions.length > 3 ? ', …' : ''}`,
      'session',
    )
  }
  const others = sessions.length - 1
  if (others > 0) {
    notes.info(
      '',
      `${others} other session${others === 1 ? '' : 's'} in the database; not loaded (choose another session to read it)`,
    )
  }
  if (log !== false) {
    notes.info(
      '',
      `the database is in WAL mode and was read without its write-ahead log (${log}): what was written since its last checkpoint is not here. The desktop app and the CLI read the log with a file they open; a dropped file or a browser's comes alone: add its log, or drop or choose the two together`,
    )
  }
  return picked
}

/** The last updated session that is not a subagent's; the last updated of all when every one is. */
export function latest<S extends StoredSession>(sessions: S[]): S | undefined {
  const newest = (list: S[]) =>
    list.reduce<S | undefined>((a, b) => (a && a.updated >= b.updated ? a : b), undefined)
  return (
    newest(sessions.filter((s) => s.parent === undefined && s.messages > 0)) ?? newest(sessions)
  )
}

export interface Table<T extends keyof typeof TABLES> {
  table: TableInfo
  at: Columns<T>
}

/**
 * Whether a database has the tables of Crush's (`crush.db`) and of the Go opencode it grew from
 * (opencode-ai/opencode, `.opencode/opencode.db`): sessions, messages (crush-db.ts), and not
 * opencode's own since its rewrite: session, message and part.
 */
export function isCrushDatabase(tables: ReadonlySet<string>): boolean {
  return tables.has('sessions') && tables.has('messages') && !tables.has('session')
}

const CRUSH_PROBLEM =
  'a database of Crush, or of the Go opencode it grew from (tables sessions and messages): read it as a Crush database. opencode since its rewrite keeps its sessions in the tables session, message and part'

/** A table of opencode's, with the index of each column read; a ShapeError when it is not one. */
function table<T extends keyof typeof TABLES>(db: SqliteDatabase, name: T): Table<T> {
  const info = db.tables().get(name)
  if (info === undefined && db.walMode) {
    // opencode's first writes stay in the log until a checkpoint: a new database's file holds no table yet.
    throw new ShapeError(
      `a SQLite database in WAL mode whose file holds no "${name}" table yet: its tables are in its write-ahead log (${LOG}), which was not read. Open the database from the desktop app or the CLI, which read the log with it; in a browser, choose or drop the database and its log together; or open it once opencode has closed it`,
      [],
    )
  }
  if (info === undefined) {
    throw new ShapeError(
      isCrushDatabase(new Set(db.tables().keys()))
        ? CRUSH_PROBLEM
        : `a SQLite database without a "${name}" table: not an opencode database (opencode keeps its sessions in the tables session, message and part)`,
      [],
    )
  }
  const at = {} as Record<string, number>
  for (const column of TABLES[name]) {
    const index = info.columns.indexOf(column)
    if (index < 0) {
      throw new ShapeError(`opencode's "${name}" table has no column "${column}"`, [])
    }
    at[column] = index
  }
  return { table: info, at: at as Columns<T> }
}

/** A session as the database stores it: what the picker names, and where and when it began. */
export type SessionRow = StoredSession & { directory: string; created: number }

/** Every session, newest first, its messages counted later. */
function sessionsOf(db: SqliteDatabase, t: Table<'session'>): SessionRow[] {
  const sessions: SessionRow[] = []
  db.rows(t.table, (row) => {
    const id = row.column(t.at.id)
    if (typeof id !== 'string') return
    const title = row.column(t.at.title)
    const updated = row.column(t.at.time_updated)
    const created = row.column(t.at.time_created)
    const directory = row.column(t.at.directory)
    const parent = row.column(t.at.parent_id)
    sessions.push({
      id,
      title: typeof title === 'string' ? title : '',
      updated: typeof updated === 'number' ? updated : 0,
      messages: 0,
      ...(typeof parent === 'string' ? { parent } : {}),
      directory: typeof directory === 'string' ? directory : '',
      created: typeof created === 'number' ? created : 0,
    })
  })
  return sessions.sort((a, b) => b.updated - a.updated)
}

export interface StoredRow {
  id: string
  data: string
  created: number
  /** For a part, its message's id. */
  owner: string
}

/**
 * The session's messages with their parts, as `opencode export` lists them: messages by
 * (`time_created`, `id`), parts by `id`, each `data` with the row's ids put back. Places in the
 * report are those the session's export would have: `messages[3].parts[1]`.
 */
function messagesOf(tables: OpencodeTables, session: string, notes: NoteList): OcMessage[] {
  const { messages: rows, parts } = sessionRows(tables, session)
  const byId = new Map<string, { m: OcMessage; index: number }>()
  const messages = rows.map((r, index): OcMessage => {
    const info = { ...dataOf(r, ['messages', index, 'info']), id: r.id, sessionID: session }
    const m: OcMessage = { info, parts: [], at: ['messages', index, 'info'], partAt: [] }
    byId.set(r.id, { m, index })
    return m
  })
  const strays: string[] = []
  for (const p of parts) {
    const owner = byId.get(p.owner)
    if (owner === undefined) {
      strays.push(p.id)
      continue
    }
    const { m, index } = owner
    const at = ['messages', index, 'parts', m.parts.length]
    m.parts.push({ ...dataOf(p, at), id: p.id, sessionID: session, messageID: p.owner })
    m.partAt.push(at)
  }
  if (strays.length > 0) {
    const one = strays.length === 1
    notes.warn(
      '',
      `${strays.length} part${one ? '' : 's'} of the session (${one ? 'row' : 'the first,'} ${strays[0]}) name${one ? 's' : ''} a message the session does not hold; not loaded`,
    )
  }
  return messages
}

/**
 * A session's rows as `opencode export` lists them: its messages by (`time_created`, `id`), its
 * parts by `id`.
 */
export function sessionRows(
  t: OpencodeTables,
  session: string,
): { messages: StoredRow[]; parts: StoredRow[] } {
  const messages = collect(t.db, t.message.table, t.message.at, session, (row) =>
    row.column(t.message.at.time_created),
  )
  const parts = collect(t.db, t.part.table, t.part.at, session, (row) =>
    row.column(t.part.at.message_id),
  )
  messages.sort((a, b) => a.created - b.created || compare(a.id, b.id))
  parts.sort((a, b) => compare(a.id, b.id))
  return { messages, parts }
}

/** The rows of `session` in a message or part table; `key` gives a message's time or a part's message. */
function collect(
  db: SqliteDatabase,
  table: TableInfo,
  at: { id: number; session_id: number; data: number },
  session: string,
  key: (row: Row) => unknown,
): StoredRow[] {
  const rows: StoredRow[] = []
  db.rows(table, (row) => {
    if (row.column(at.session_id) !== session) return
    const id = row.column(at.id)
    const data = row.column(at.data)
    const k = key(row)
    rows.push({
      id: typeof id === 'string' ? id : String(id),
      data: typeof data === 'string' ? data : '',
      created: typeof k === 'number' ? k : 0,
      owner: typeof k === 'string' ? k : '',
    })
  })
  return rows
}

function dataOf(row: StoredRow, at: (string | number)[]): Json {
  let value: unknown
  try {
    value = JSON.parse(row.data)
  } catch {
    throw new ShapeError(`the row's "data" column is not JSON (row ${row.id})`, at)
  }
  if (!isObject(value))
    throw new ShapeError(`the row's "data" column is not a JSON object (row ${row.id})`, at)
  return value
}

// opencode's ids (ASCII) sort by time as strings: compared byte by byte, as SQLite's BINARY collation.
const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

/** opencode's database, read one session at a time. */
export const opencodeDbFormat = {
  id: 'opencode-db',
  label: 'opencode or Kilo database',
  shape:
    'the SQLite database opencode (opencode.db) or Kilo CLI (kilo.db) keeps its sessions in, one session read at a time',
  // A database of Crush's tables is Crush's (crush-db.ts); any other is read as opencode's, whose
  // reader says what it lacks.
  detect: (sniff) =>
    sniff.sqlite ? (sniff.tables !== undefined && isCrushDatabase(sniff.tables) ? 1 : 3) : 0,
  read: readOpencodeDb,
} as const satisfies FormatDescriptor
