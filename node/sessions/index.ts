/** Finding the sessions agents write, where they write them: see docs/sessions.md. */
export { ENGINES, ENGINE_IDS, engineLabel, isEngineId, type Engine, type EngineId } from './engines'
export {
  homeOf,
  LOCATION_VARIABLES,
  sessionRoots,
  vscodeAppData,
  type Layout,
  type LocationContext,
  type Platform,
  type SessionRoot,
} from './locations'
export {
  findSessions,
  readSessionFile,
  rootsFor,
  sessionKey,
  type FindOptions,
  type FoundSession,
  type Listing,
  type SessionPlace,
} from './find'
export { countSession, sessionCounts, type SessionCounts } from './counts'
export {
  filterSessions,
  sessionsHolding,
  sortSessions,
  SORT_KEYS,
  type SessionQuery,
  type SortKey,
} from './query'
export {
  createSessionCatalog,
  SESSION_ID_PATTERN,
  type SessionCatalog,
  type SessionInfo,
} from './catalog'
export { latestSession } from './latest'
export { contextFromProcess, foldersFromEnv, FOLDERS_VARIABLE } from './context'
export { mapLimit, OPEN_FILES } from './map-limit'
