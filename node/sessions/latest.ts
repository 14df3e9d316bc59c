import type { EngineId } from './engines'
import { findSessions, type FindOptions, type FoundSession, type Listing } from './find'

/**
 * The most recently active session (of ENGINE, when given), never a subagent's transcript: the
 * one whose log records the latest time, the file's modification time standing in where the log
 * records none. Ties go to the path that sorts first, so the answer does not depend on the order
 * folders are read in.
 */
export async function latestSession(
  options: FindOptions,
  engine?: EngineId,
): Promise<{ session: FoundSession | undefined; listing: Listing }> {
  const listing = await findSessions(options)
  const session = listing.sessions.find(
    (s) => s.subagent === undefined && (engine === undefined || s.engine === engine),
  )
  return { session, listing }
}
