import { groupSubagents, withSubagents } from '@core/subagent-groups'
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import type { SessionRow } from '../../electron/contract'
import { SESSIONS_BUTTON_ID, focusById } from '../dom-ids'
import { useApp } from '../store'
import { latestOf } from '../store/sessions-slice'
import {
  DEFAULT_SESSION_QUERY,
  enginesIn,
  querySessions,
  ROW_KEYS,
  withSessionsOf,
  type SessionQuery,
} from '../store/session-query'
import { SessionFilters } from './SessionFilters'
import { SessionLogSearch } from './SessionLogSearch'
import { SessionTable } from './SessionTable'

/** The engine the one-click action opens: the "most recent Claude Code session". */
const LATEST_ENGINE = 'claude-code'

const NO_ROWS: readonly SessionRow[] = []

/** The rows drawn at first, and added by "Show more": a home can hold thousands of sessions. */
export const SESSION_PAGE = 100

/**
 * The agents' sessions the host found, to open one: a dialog over the window, with a search, an
 * engine and a date filter, a sort, and one click for the newest Claude Code session. Escape
 * closes it and gives focus back to where it was.
 */
export function SessionsView() {
  const open = useApp((s) => s.sessionsOpen)
  if (!open) return null
  return <SessionsDialog />
}

function SessionsDialog() {
  const list = useApp((s) => s.sessionList)
  const close = useApp((s) => s.closeSessions)
  const refresh = useApp((s) => s.refreshSessions)
  const openSession = useApp((s) => s.openSessionById)
  const [query, setQuery] = useState<SessionQuery>(DEFAULT_SESSION_QUERY)
  const [limit, setLimit] = useState(SESSION_PAGE)
  const [opening, setOpening] = useState<string | null>(null)
  // Why the last open failed, said here: the window's own error display is behind the view.
  const [failed, setFailed] = useState(false)
  const loadError = useApp((s) => s.loadError)
  const [now] = useState(() => Date.now())
  const dialog = useRef<HTMLDivElement>(null)

  // Focus goes back to what had it when the view closes; to the Sessions button when nothing
  // did (a shortcut from the page, or a click in a browser that does not focus buttons).
  useEffect(() => {
    const before = document.activeElement
    return () => {
      if (before instanceof HTMLElement && before !== document.body && before.isConnected) {
        before.focus()
      } else focusById(SESSIONS_BUTTON_ID)
    }
  }, [])

  const rows = list.state === 'ready' ? list.rows : NO_ROWS
  const logSearch = useApp((s) => s.sessionLogSearch)
  const inLogs = logSearch.state === 'done' ? logSearch.ids : null
  const groups = useMemo(() => groupSubagents(rows, ROW_KEYS), [rows])
  const shown = useMemo(
    () => querySessions(groups.sessions, query, now, inLogs && withSessionsOf(inLogs, rows)),
    [groups, rows, query, now, inLogs],
  )
  // The sessions whose subagents are shown under them; none at first.
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set())
  const toggle = (id: string, open: boolean) => {
    if (expanded.has(id) === open) return
    const next = new Set(expanded)
    if (open) next.add(id)
    else next.delete(id)
    setExpanded(next)
  }
  const engines = useMemo(() => enginesIn(rows), [rows])
  const latest = useMemo(() => latestOf(rows, LATEST_ENGINE), [rows])

  const openRow = (id: string) => {
    if (opening !== null) return
    setOpening(id)
    setFailed(false)
    void openSession(id).then((shown) => {
      setOpening(null)
      setFailed(!shown)
    })
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation()
      event.preventDefault()
      close()
    } else if (event.key === 'Tab') keepFocusInside(event, dialog.current)
  }

  return (
    <div className="modal-backdrop" onClick={close}>
      <div
        ref={dialog}
        className="modal sessions-view"
        role="dialog"
        aria-modal="true"
        aria-labelledby="sessions-title"
        data-testid="sessions-view"
        onClick={(event) => event.stopPropagation()}
        onKeyDown={onKeyDown}
      >
        <div className="sessions-head">
          <h2 id="sessions-title">Sessions</h2>
          <button
            type="button"
            className="primary"
            data-testid="open-latest-session"
            disabled={latest === null || opening !== null}
            title={
              latest === null
                ? 'No Claude Code session was found'
                : `${latest.project}, last active ${new Date(latest.lastActive).toLocaleString()}`
            }
            onClick={() => latest && openRow(latest.id)}
          >
            Open latest Claude Code session
          </button>
          <button type="button" onClick={() => void refresh()} disabled={list.state === 'loading'}>
            Refresh
          </button>
          <button type="button" aria-label="Close the sessions" onClick={close}>
            Close
          </button>
        </div>
        <SessionFilters
          query={query}
          engines={engines}
          onChange={(patch) => {
            setQuery({ ...query, ...patch })
            setLimit(SESSION_PAGE)
          }}
        />
        <SessionLogSearch listed={rows.length} />
        {failed && loadError !== null && (
          <p className="error-text" role="alert" data-testid="session-open-error">
            {loadError}
          </p>
        )}
        {list.state === 'loading' || list.state === 'idle' ? (
          <p className="muted" role="status" data-testid="sessions-loading">
            Looking for sessions…
          </p>
        ) : list.state === 'error' ? (
          <p className="error-text" role="alert" data-testid="sessions-error">
            {list.error}
          </p>
        ) : rows.length === 0 ? (
          <p className="muted" data-testid="sessions-empty">
            No sessions were found where Claude Code, Codex CLI, Gemini CLI, Qwen Code, Kimi CLI,
            GitHub Copilot CLI, Mistral Vibe, opencode, Continue, pi, Factory Droid, Cline, Roo Code
            and Kilo Code write them, nor in the folders you added.
          </p>
        ) : shown.length === 0 ? (
          <p className="muted" data-testid="sessions-empty">
            No session matches: {groups.sessions.length} in all.
          </p>
        ) : (
          <SessionTable
            rows={withSubagents(shown.slice(0, limit), groups, ROW_KEYS, (s) => expanded.has(s.id))}
            notShown={Math.max(0, shown.length - limit)}
            subagents={groups.subagents}
            expanded={expanded}
            onToggle={toggle}
            now={now}
            opening={opening}
            onOpen={openRow}
            onMore={() => setLimit(limit + SESSION_PAGE)}
          />
        )}
      </div>
    </div>
  )
}

const FOCUSABLE = 'button:not(:disabled):not([tabindex="-1"]), input, select, [tabindex="0"]'

// Tab and Shift+Tab go round the dialog's controls, never to the window behind it.
function keepFocusInside(event: KeyboardEvent, dialog: HTMLElement | null) {
  const items = dialog ? [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)] : []
  if (items.length === 0) return
  const first = items[0]
  const last = items[items.length - 1]
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault()
    first.focus()
  }
}
