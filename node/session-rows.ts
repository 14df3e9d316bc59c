/**
 * The sessions a page may see, for both hosts that give it sessions (Electron's main and
 * `compaction-inspector serve`): the catalog's entries as the contract's rows, with no path, and a
 * session opened by its id only.
 */
import {
  MAX_SESSION_SEARCH_CHARS,
  invalid,
  typeOf,
  type OpenedFile,
  type Result,
  type SessionRow,
  type SessionRowCounts,
} from '../electron/contract'
import type { SessionCatalog, SessionInfo } from './sessions/catalog'
import { SESSION_ID_PATTERN } from './sessions/catalog'

/** The message for an id the catalog did not make, or a session no longer where it was listed. */
export const UNKNOWN_SESSION =
  'Refused: this session is not in the list the inspector made (or has moved). List the sessions again.'

/**
 * A listed session as the contract's row. Field by field, so a field the catalog adds later does
 * not reach the page by accident (the working directory stays out: the project says it).
 */
export function sessionRowOf(info: SessionInfo): SessionRow {
  const row: SessionRow = {
    id: info.id,
    engine: info.engine,
    engineLabel: info.engineLabel,
    format: info.format,
    project: info.project,
    lastActive: info.lastActive,
    size: info.size,
  }
  if (info.title !== undefined) row.title = info.title
  if (info.started !== undefined) row.started = info.started
  if (info.model !== undefined) row.model = info.model
  if (info.subagent !== undefined) row.subagent = { ...info.subagent }
  return row
}

/** A session id from the page, or the reason it is not one (it may still be unknown). */
export function validateSessionId(value: unknown): Result<string> {
  if (typeof value !== 'string')
    return invalid(`the session id must be a string, not ${typeOf(value)}`)
  if (!SESSION_ID_PATTERN.test(value))
    return invalid('the session id is not one the inspector makes')
  return { ok: true, value }
}

/** A text to search the sessions' logs for, from the page, or the reason it is not one. */
export function validateSearchText(value: unknown): Result<string> {
  if (typeof value !== 'string')
    return invalid(`the text to search for must be a string, not ${typeOf(value)}`)
  if (value.length === 0) return invalid('the text to search for is empty')
  if (value.length > MAX_SESSION_SEARCH_CHARS)
    return invalid(`the text to search for is over ${MAX_SESSION_SEARCH_CHARS} characters`)
  return { ok: true, value }
}

/** The page's side of a catalog: rows, counts and opening, each answering with a Result. */
export function sessionsForPage(
  catalog: SessionCatalog,
  open: (path: string) => Promise<Result<OpenedFile>>,
) {
  return {
    async list(): Promise<Result<SessionRow[]>> {
      return { ok: true, value: (await catalog.list()).map(sessionRowOf) }
    },
    async counts(id: unknown): Promise<Result<SessionRowCounts>> {
      const checked = validateSessionId(id)
      if (!checked.ok) return checked
      let counts: Awaited<ReturnType<SessionCatalog['counts']>>
      try {
        counts = await catalog.counts(checked.value)
      } catch (error) {
        const code = (error as NodeJS.ErrnoException | null)?.code
        return {
          ok: false,
          error: `This session's log could not be read${code ? ` (${code})` : ''}.`,
        }
      }
      if (counts === null) return { ok: false, error: UNKNOWN_SESSION }
      return { ok: true, value: { messages: counts.messages, compactions: counts.compactions } }
    },
    async search(text: unknown): Promise<Result<string[]>> {
      const checked = validateSearchText(text)
      if (!checked.ok) return checked
      return { ok: true, value: await catalog.containing(checked.value) }
    },
    async open(id: unknown): Promise<Result<OpenedFile>> {
      const checked = validateSessionId(id)
      if (!checked.ok) return checked
      const place = await catalog.locate(checked.value)
      if (place === null) return { ok: false, error: UNKNOWN_SESSION }
      const opened = await open(place.path)
      // A database's row is one of its sessions: the page reads that one.
      return opened.ok && place.session !== undefined
        ? { ok: true, value: { ...opened.value, session: place.session } }
        : opened
    },
  }
}

/** What {@link sessionsForPage} returns. */
export type SessionsForPage = ReturnType<typeof sessionsForPage>
