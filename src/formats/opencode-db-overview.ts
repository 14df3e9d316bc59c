import { SqliteDatabase } from '../sqlite/database'
import { isObject } from './json-shape'
import { latest, opencodeTables, sessionRows } from './opencode-db'

/*
 * What the session list says of an opencode database: it is one row, the session an import reads
 * by default (the latest that is not a subagent's), so that opening the row shows what the row
 * says. docs/sessions.md, "opencode".
 */

/** The session an import of the database reads by default, as the session list shows it. */
export interface OpencodeDbSession {
  id: string
  title: string
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
  /** How many sessions the database holds, this one among them. */
  sessions: number
}

/**
 * The database's default session, for the session list; undefined when it holds none. Throws a
 * ShapeError for a database that is not opencode's, a SqliteError for a file that is not one.
 */
export function opencodeDbSession(bytes: Uint8Array): OpencodeDbSession | undefined {
  const tables = opencodeTables(new SqliteDatabase(bytes))
  const chosen = latest(tables.sessions)
  if (chosen === undefined) return undefined
  const { messages, parts } = sessionRows(tables, chosen.id)
  let model: string | undefined
  for (const m of messages) {
    if (!m.data.includes('"modelID"')) continue
    const info = parsed(m.data)
    if (info?.role === 'assistant' && typeof info.modelID === 'string') model = info.modelID
  }
  const compactions = parts.filter(
    (p) => p.data.includes('"compaction"') && parsed(p.data)?.type === 'compaction',
  ).length
  return {
    id: chosen.id,
    title: chosen.title,
    directory: chosen.directory,
    created: chosen.created,
    updated: chosen.updated,
    ...(model !== undefined ? { model } : {}),
    messages: chosen.messages,
    compactions,
    sessions: tables.sessions.length,
  }
}

/**
 * Whether the database's default session holds `text`: in a message's or a part's stored JSON,
 * as written or as a JSON string escapes it (as the session list searches every log).
 */
export function opencodeDbContains(bytes: Uint8Array, text: string): boolean {
  const tables = opencodeTables(new SqliteDatabase(bytes))
  const chosen = latest(tables.sessions)
  if (chosen === undefined) return false
  const needles = [...new Set([text, JSON.stringify(text).slice(1, -1)])]
  const { messages, parts } = sessionRows(tables, chosen.id)
  return [...messages, ...parts].some((r) => needles.some((n) => r.data.includes(n)))
}

function parsed(data: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(data)
    return isObject(value) ? value : undefined
  } catch {
    return undefined
  }
}
