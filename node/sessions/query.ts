/** Filtering and sorting a session list: by engine, project, date and text. */
import { open } from 'node:fs/promises'
import type { EngineId } from './engines'
import { sessionKey, type FoundSession, type SessionPlace } from './find'
import { mapLimit, OPEN_FILES } from './map-limit'
import { isOpencodeDatabase } from './walk'
import { opencodeDbSessionsHolding } from '../../src/index'
import { readDatabase } from '../write-ahead-log'

/** The keys a list sorts by; each sorts newest, largest or A to Z first. */
export const SORT_KEYS = ['last', 'start', 'project', 'size', 'engine'] as const
export type SortKey = (typeof SORT_KEYS)[number]

/** What to keep. Dates are ISO 8601 (a day, `2026-01-20`, or a time). */
export interface SessionQuery {
  engine?: EngineId
  /** Part of the project's path or name, any case. */
  project?: string
  /** Active at or after this time. */
  since?: string
  /** Started at or before this time (or, without a start, active before it). */
  until?: string
}

/** The sessions QUERY keeps, in their order. */
export function filterSessions<T extends FoundSession>(
  sessions: readonly T[],
  query: SessionQuery,
): T[] {
  const project = query.project?.toLowerCase()
  return sessions.filter(
    (s) =>
      (query.engine === undefined || s.engine === query.engine) &&
      (project === undefined || s.project.toLowerCase().includes(project)) &&
      (query.since === undefined || s.lastActive >= query.since) &&
      (query.until === undefined || (s.started ?? s.lastActive) <= query.until),
  )
}

/** The sessions sorted by KEY: newest, largest, or A to Z; ties by last activity, newest first. */
export function sortSessions<T extends FoundSession>(sessions: readonly T[], key: SortKey): T[] {
  const byLast = (a: T, b: T) => b.lastActive.localeCompare(a.lastActive)
  const compare: Record<SortKey, (a: T, b: T) => number> = {
    last: byLast,
    start: (a, b) => (b.started ?? '').localeCompare(a.started ?? ''),
    project: (a, b) => a.project.localeCompare(b.project),
    size: (a, b) => b.size - a.size,
    engine: (a, b) => a.engineLabel.localeCompare(b.engineLabel),
  }
  return [...sessions].sort((a, b) => compare[key](a, b) || byLast(a, b))
}

const CHUNK = 1 << 20

/**
 * The keys (sessionKey) of the listed sessions that hold TEXT (logContains). A database is read
 * once for all its sessions, each searched in its own rows, where a long text may run on from one
 * page to the next. A log or a database that cannot be read holds nothing.
 */
export async function sessionsHolding(
  sessions: readonly SessionPlace[],
  text: string,
): Promise<Set<string>> {
  const databases = new Map<string, Set<string>>()
  const logs: string[] = []
  for (const s of sessions) {
    if (s.session !== undefined && isOpencodeDatabase(s.path)) {
      databases.set(s.path, (databases.get(s.path) ?? new Set()).add(s.session))
    } else logs.push(s.path)
  }
  const holding = new Set<string>()
  const paths = [...new Set(logs)]
  const found = await mapLimit(paths, OPEN_FILES, (path) =>
    logContains(path, text).catch(() => false),
  )
  paths.forEach((path, i) => found[i] && holding.add(sessionKey({ path })))
  for (const [path, wanted] of databases) {
    const held = await readDatabase(path).then(
      (bytes) => opencodeDbSessionsHolding(bytes, text),
      () => new Set<string>(),
    )
    for (const session of wanted) if (held.has(session)) holding.add(sessionKey({ path, session }))
  }
  return holding
}

/**
 * Whether a session's log holds TEXT, as it is written in the file's JSON (so quotes and line
 * breaks match their escapes). Reads the whole file, a chunk at a time: run it on the rows kept.
 */
export async function logContains(path: string, text: string): Promise<boolean> {
  const needles = [...new Set([text, JSON.stringify(text).slice(1, -1)])].map((t) => Buffer.from(t))
  const longest = Math.max(...needles.map((n) => n.length))
  const handle = await open(path, 'r')
  try {
    let carry = Buffer.alloc(0)
    for (let position = 0; ;) {
      const chunk = Buffer.allocUnsafe(CHUNK)
      const { bytesRead } = await handle.read(chunk, 0, CHUNK, position)
      if (bytesRead === 0) return false
      position += bytesRead
      const buf = Buffer.concat([carry, chunk.subarray(0, bytesRead)])
      if (needles.some((n) => buf.includes(n))) return true
      carry = Buffer.from(buf.subarray(Math.max(0, buf.length - longest + 1)))
    }
  } finally {
    await handle.close()
  }
}
