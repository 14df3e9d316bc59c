import type { SessionRow, SessionRowCounts } from '../../electron/contract'
import type { SliceCreator } from './types'
import { settle } from './settle'

/** The list of the agents' sessions, as the host last gave it. */
export type SessionList =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'ready'; rows: readonly SessionRow[] }
  | { state: 'error'; error: string }

/** One row's counts: asked for, arrived, or refused (the row's file is gone, say). */
export type RowCounts =
  { state: 'asked' } | ({ state: 'ready' } & SessionRowCounts) | { state: 'error'; error: string }

/** A search of the listed logs' text: asked for on purpose, since it reads every log. */
export type SessionLogSearch =
  | { state: 'none' }
  | { state: 'searching'; text: string }
  | { state: 'done'; text: string; ids: ReadonlySet<string> }
  | { state: 'failed'; text: string; error: string }

export interface SessionsSlice {
  /** Whether the host can list the agents' sessions (the desktop app, `serve`'s page). */
  canListSessions: boolean
  /** Whether the Sessions view is open. */
  sessionsOpen: boolean
  sessionList: SessionList
  /** Each asked row's counts, by session id: asked only for the rows the view shows. */
  sessionCounts: Readonly<Record<string, RowCounts>>
  /** Opens the Sessions view and lists the sessions again (they change as agents run). */
  openSessions(): void
  closeSessions(): void
  refreshSessions(): Promise<void>
  /** Asks the host for the counts of these rows, those not yet asked, a few at a time. */
  askSessionCounts(ids: readonly string[]): void
  /** The last search of the logs' text, and its matches. */
  sessionLogSearch: SessionLogSearch
  /** Searches every listed log for `text` (exact case); an empty text clears the search. */
  searchSessionLogs(text: string): Promise<void>
  /** Opens a listed session; true once it is on screen (the view closes then). */
  openSessionById(id: string): Promise<boolean>
}

/** Why a page that cannot list sessions has no Sessions button, said when its shortcut is pressed. */
export const NO_SESSIONS_REASON =
  "This page cannot see the agents' sessions: open it with compaction-inspector serve, or use the desktop app."

/** Counts read a whole file each: this many at once keeps the host's disk and cores for the rest. */
export const COUNTS_IN_FLIGHT = 4

/**
 * The newest session of an engine, never a subagent's transcript (the host lists them newest
 * activity first; this checks).
 */
export function latestOf(rows: readonly SessionRow[], engine: string): SessionRow | null {
  let latest: SessionRow | null = null
  for (const row of rows) {
    if (row.engine !== engine || row.subagent !== undefined) continue
    if (latest === null || Date.parse(row.lastActive) > Date.parse(latest.lastActive)) latest = row
  }
  return latest
}

export const createSessionsSlice: SliceCreator<SessionsSlice> = (deps) => (set, get) => {
  const queue: string[] = []
  let inFlight = 0
  // A newer listing makes ids of an older one meaningless: their answers are dropped.
  let listing = 0
  // Only the latest search's answer is shown.
  let searching = 0

  const pump = () => {
    while (inFlight < COUNTS_IN_FLIGHT && queue.length > 0) {
      const id = queue.shift()!
      const generation = listing
      inFlight++
      void settle(deps.api.sessionCounts(id)).then((result) => {
        inFlight--
        if (generation === listing) {
          const counts: RowCounts = result.ok
            ? { state: 'ready', ...result.value }
            : { state: 'error', error: result.error }
          set({ sessionCounts: { ...get().sessionCounts, [id]: counts } })
        }
        pump()
      })
    }
  }

  return {
    canListSessions: deps.api.sessions,
    sessionsOpen: false,
    sessionList: { state: 'idle' },
    sessionCounts: {},
    sessionLogSearch: { state: 'none' },

    searchSessionLogs: async (text) => {
      const generation = ++searching
      if (text === '') return set({ sessionLogSearch: { state: 'none' } })
      set({ sessionLogSearch: { state: 'searching', text } })
      const result = await settle(deps.api.searchSessions(text))
      if (generation !== searching) return
      set({
        sessionLogSearch: result.ok
          ? { state: 'done', text, ids: new Set(result.value) }
          : { state: 'failed', text, error: result.error },
      })
    },

    openSessions: () => {
      if (!deps.api.sessions) return get().notify('info', NO_SESSIONS_REASON)
      set({ sessionsOpen: true })
      void get().refreshSessions()
    },

    closeSessions: () => set({ sessionsOpen: false }),

    refreshSessions: async () => {
      const generation = ++listing
      queue.length = 0
      // The rows already shown stay while the new list comes, so the view does not blink.
      if (get().sessionList.state !== 'ready') set({ sessionList: { state: 'loading' } })
      const result = await settle(deps.api.listSessions())
      if (generation !== listing) return
      set({
        sessionList: result.ok
          ? { state: 'ready', rows: result.value }
          : { state: 'error', error: result.error },
        sessionCounts: {},
      })
    },

    askSessionCounts: (ids) => {
      const known = get().sessionCounts
      const fresh = ids.filter((id) => known[id] === undefined && !queue.includes(id))
      if (fresh.length === 0) return
      const asked = { ...known }
      for (const id of fresh) asked[id] = { state: 'asked' }
      set({ sessionCounts: asked })
      queue.push(...fresh)
      pump()
    },

    openSessionById: async (id) => {
      const opened = await settle(deps.api.openSession(id))
      if (!opened.ok) {
        set({ loadError: opened.error })
        return false
      }
      const { session } = opened.value
      // A database's row is one of its sessions: that one is read, not the database's latest.
      const shown = await get().loadFile(
        opened.value,
        'file',
        session !== undefined ? { format: 'auto', session } : undefined,
      )
      if (shown) {
        set({ sessionsOpen: false })
        void get().refreshRecent()
      }
      return shown
    },
  }
}
