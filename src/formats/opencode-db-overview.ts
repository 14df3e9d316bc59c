import { SqliteDatabase, type Row } from '../sqlite/database'
import { isObject } from './json-shape'
import { opencodeTables } from './opencode-db'

/*
 * What the session list says of an opencode database: a row for each of its sessions that holds a
 * message, each opened by its id (ReadChoice.session), so that opening a row shows what the row
 * says. docs/sessions.md, "opencode".
 */

/** One session of an opencode database, as the session list shows it. */
export interface OpencodeDbSession {
  id: string
  title: string
  /** The session it is a subagent's (its `parent_id`); absent for a session of its own. */
  parent?: string
  /** The folder opencode ran in ('' when the row has none). */
  directory: string
  /** Milliseconds since 1970, UTC. */
  created: number
  updated: number
  /** The model of its latest reply that names one. */
  model?: string
  /** Its messages, as stored (the import leaves out what opencode no longer sends). */
  messages: number
  /** Its compactions: the `compaction` parts of its messages. */
  compactions: number
  /** The bytes of its messages' and parts' stored JSON (their `data`): its size, as the list shows it. */
  bytes: number
}

/**
 * Every session of the database that holds a message, newest first: one pass over its messages
 * and one over its parts, whatever the number of sessions. Throws a ShapeError for a database that
 * is not opencode's, a SqliteError for a file that is not one.
 */
export function opencodeDbSessions(bytes: Uint8Array): OpencodeDbSession[] {
  // A session's latest reply that names a model: by (time_created, id), as the session's rows are read.
  const models = new Map<string, { created: number; id: string; model: string }>()
  const sizes = new Map<string, number>()
  const count = (session: unknown, size: number) => {
    if (typeof session === 'string') sizes.set(session, (sizes.get(session) ?? 0) + size)
  }
  // In the pass that counts the messages (opencodeTables).
  const t = opencodeTables(new SqliteDatabase(bytes), (row, at) => {
    count(row.column(at.session_id), row.columnSize(at.data))
    const data = row.column(at.data)
    if (typeof data !== 'string' || !data.includes('"modelID"')) return
    const info = parsed(data)
    if (info?.role !== 'assistant' || typeof info.modelID !== 'string') return
    const session = String(row.column(at.session_id))
    const created = Number(row.column(at.time_created)) || 0
    const id = String(row.column(at.id))
    const before = models.get(session)
    if (before && (before.created > created || (before.created === created && before.id > id)))
      return
    models.set(session, { created, id, model: info.modelID })
  })
  const compactions = new Map<string, number>()
  t.db.rows(t.part.table, (row) => {
    count(row.column(t.part.at.session_id), row.columnSize(t.part.at.data))
    const data = row.column(t.part.at.data)
    if (typeof data !== 'string' || !data.includes('"compaction"')) return
    if (parsed(data)?.type !== 'compaction') return
    const session = String(row.column(t.part.at.session_id))
    compactions.set(session, (compactions.get(session) ?? 0) + 1)
  })
  return t.sessions
    .filter((s) => s.messages > 0)
    .map((s) => {
      const model = models.get(s.id)?.model
      return {
        id: s.id,
        title: s.title,
        ...(s.parent !== undefined ? { parent: s.parent } : {}),
        directory: s.directory,
        created: s.created,
        updated: s.updated,
        ...(model !== undefined ? { model } : {}),
        messages: s.messages,
        compactions: compactions.get(s.id) ?? 0,
        bytes: sizes.get(s.id) ?? 0,
      }
    })
}

/**
 * The ids of the database's sessions that hold `text`: in a message's or a part's stored JSON, as
 * written or as a JSON string escapes it (as the session list searches every log). One pass over
 * each table, whatever the number of sessions.
 */
export function opencodeDbSessionsHolding(bytes: Uint8Array, text: string): Set<string> {
  const needles = [...new Set([text, JSON.stringify(text).slice(1, -1)])]
  const holding = new Set<string>()
  const look = (row: Row, at: { session_id: number; data: number }) => {
    const session = row.column(at.session_id)
    if (typeof session !== 'string' || holding.has(session)) return
    const data = row.column(at.data)
    if (typeof data === 'string' && needles.some((n) => data.includes(n))) holding.add(session)
  }
  // The messages in the pass that counts them (opencodeTables), then the parts.
  const t = opencodeTables(new SqliteDatabase(bytes), look)
  t.db.rows(t.part.table, (row) => look(row, t.part.at))
  return holding
}

function parsed(data: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(data)
    return isObject(value) ? value : undefined
  } catch {
    return undefined
  }
}
