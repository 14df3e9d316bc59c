/**
 * Sessions as the app will see them: each identified by an opaque id, never by its path, as
 * node/file-grants.ts does for the files the user opens. Main keeps the catalog; a renderer
 * that holds an id can ask for that session and for nothing else. A path is handed out only after
 * it is checked again to be inside a folder that was listed (real paths), so a log replaced by a
 * link out of its folder after listing is refused too.
 */
import { randomBytes } from 'node:crypto'
import type { SessionSubagent } from '../../electron/contract'
import { realpath } from 'node:fs/promises'
import { sessionCounts, type SessionCounts } from './counts'
import {
  findSessions,
  sessionKey,
  type FindOptions,
  type FoundSession,
  type SessionPlace,
} from './find'
import { mapLimit, OPEN_FILES } from './map-limit'
import { sessionsHolding } from './query'
import { isInside } from './walk'

/**
 * A session as the renderer may see it: everything but where it is. A subagent's session is named
 * by its id, as every session is.
 */
export type SessionInfo = Omit<FoundSession, 'path' | 'session' | 'subagent'> & {
  id: string
  subagent?: SessionSubagent
}

/** The sessions listed, by id. */
export interface SessionCatalog {
  /** Lists the sessions again; ids stay the same for the same file. */
  list(): Promise<SessionInfo[]>
  /** A session's message and compaction counts (reads its whole file); null for an unknown id. */
  counts(id: string): Promise<SessionCounts | null>
  /**
   * Where a session listed is: its path, re-checked to be inside a listed folder, and for a
   * session in a database its id there; null otherwise.
   */
  locate(id: string): Promise<SessionPlace | null>
  /**
   * The ids of the listed sessions whose log holds `text` (exact case, as written or as a JSON
   * string escapes it: query.ts's sessionsHolding), in the listing's order. Reads every log; a log
   * that cannot be read is not a match.
   */
  containing(text: string): Promise<string[]>
}

/** The shape of every id: 24 random bytes, base64url, as file-grants' tokens. */
export const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{32}$/

/** An empty catalog; `randomId` is for tests. */
export function createSessionCatalog(
  options: FindOptions,
  randomId: () => string = () => randomBytes(24).toString('base64url'),
): SessionCatalog {
  const byId = new Map<string, FoundSession>()
  // By sessionKey: a database's sessions share its path.
  const idByKey = new Map<string, string>()
  let searched: string[] = []

  const idOf = (key: string) => {
    let id = idByKey.get(key)
    if (id === undefined) {
      do id = randomId()
      while (byId.has(id))
      idByKey.set(key, id)
    }
    return id
  }

  const locate = async (id: string): Promise<SessionPlace | null> => {
    const session = SESSION_ID_PATTERN.test(id) ? byId.get(id) : undefined
    if (!session) return null
    const real = await realpath(session.path).catch(() => undefined)
    if (real === undefined || !searched.some((root) => isInside(root, real))) return null
    return session.session !== undefined ? { path: real, session: session.session } : { path: real }
  }

  return {
    async list() {
      const listing = await findSessions(options)
      searched = listing.searched
      byId.clear()
      return listing.sessions.map((session) => {
        const id = idOf(sessionKey(session))
        byId.set(id, session)
        return infoOf(id, session, idOf)
      })
    },
    async counts(id) {
      const place = await locate(id)
      return place === null ? null : sessionCounts(byId.get(id)!, place.path)
    },
    locate,
    async containing(text) {
      const ids = [...byId.keys()]
      // Each re-checked to be where it was listed; a database's sessions read in one go.
      const places = await mapLimit(ids, OPEN_FILES, locate)
      const found = places.filter((p): p is SessionPlace => p !== null)
      const holding = await sessionsHolding(found, text)
      return ids.filter((_, i) => places[i] !== null && holding.has(sessionKey(places[i]!)))
    },
  }
}

// Every field but the path, named one by one so that a field added to FoundSession is not
// handed to the renderer by accident.
function infoOf(id: string, s: FoundSession, idOf: (key: string) => string): SessionInfo {
  const info: SessionInfo = {
    id,
    engine: s.engine,
    engineLabel: s.engineLabel,
    format: s.format,
    project: s.project,
    lastActive: s.lastActive,
    size: s.size,
  }
  if (s.cwd !== undefined) info.cwd = s.cwd
  if (s.title !== undefined) info.title = s.title
  if (s.started !== undefined) info.started = s.started
  if (s.model !== undefined) info.model = s.model
  if (s.subagent !== undefined) {
    const { agentId, parentKey, agentType, description } = s.subagent
    const subagent: SessionSubagent = { agentId }
    if (parentKey !== undefined) subagent.parentId = idOf(parentKey)
    if (agentType !== undefined) subagent.agentType = agentType
    if (description !== undefined) subagent.description = description
    info.subagent = subagent
  }
  return info
}
