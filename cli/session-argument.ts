import {
  contextFromProcess,
  ENGINE_IDS,
  engineLabel,
  foldersFromEnv,
  isEngineId,
  latestSession,
  type EngineId,
  type SessionPlace,
} from '../node/sessions/index'
import type { Io } from './command'
import { CliError } from './errors'

/** What FILE may be instead of a path: the most recently active session, of any engine or one. */
export const LATEST_HELP = `FILE may be 'latest', the most recently active session the 'sessions' command
lists, or 'latest:ENGINE' (${ENGINE_IDS.join(', ')}); './latest' is a file.`

/** Whether a FILE argument names a session rather than a path. */
export const isLatest = (file: string): boolean => file === 'latest' || file.startsWith('latest:')

/**
 * What FILE stands for: itself, or for `latest[:ENGINE]` the session last active, found in the
 * engines' folders and COMPACTION_INSPECTOR_SESSION_FOLDERS; which one is said on stderr.
 */
export async function resolveFileArgument(
  command: string,
  file: string,
  io: Io,
): Promise<SessionPlace> {
  if (!isLatest(file)) return { path: file }
  const name = file.slice('latest:'.length)
  let engine: EngineId | undefined
  if (file !== 'latest') {
    if (!isEngineId(name)) {
      throw new CliError(
        `${command}: ${JSON.stringify(file)}: no engine ${JSON.stringify(name)} ` +
          `(engines: ${ENGINE_IDS.join(', ')})`,
      )
    }
    engine = name
  }
  const ctx = contextFromProcess()
  const { session, listing } = await latestSession(
    { ctx, folders: foldersFromEnv(ctx.env) },
    engine,
  )
  if (!session) {
    const what = engine ? `${engineLabel(engine)} session` : 'session'
    throw new CliError(
      `${command}: ${file}: no ${what} found in the ${listing.searched.length} session folders ` +
        `that exist (see 'compaction-inspector sessions --verbose')`,
    )
  }
  const inside = session.session !== undefined ? `, session ${session.session}` : ''
  io.err(
    `${file}: ${session.path}${inside} (${session.engineLabel}, last active ${session.lastActive})`,
  )
  return session.session !== undefined
    ? { path: session.path, session: session.session }
    : { path: session.path }
}
