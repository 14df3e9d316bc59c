import { formatBytes } from '@core/pricing/opaque'
import { formatNumber } from '@core/numbers'
import { subagentLabel } from '@core/subagent-groups'
import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import type { SessionRow } from '../../electron/contract'
import { useApp } from '../store'
import { exactTime, relativeTime } from '../store/session-query'
import type { RowCounts } from '../store/sessions-slice'

/**
 * The sessions as a table: a row opens on a click or Enter, and the arrow keys, Home and End move
 * between rows. Counts read a row's whole file, so they are asked only for the rows in sight.
 */
export function SessionTable(props: {
  /** The rows drawn: each session, its subagents under it when it is expanded. */
  rows: readonly SessionRow[]
  /** How many of the sessions kept are not drawn yet ("Show more"). */
  notShown: number
  /** Each session's subagents, by its id (src/subagent-groups.ts). */
  subagents: ReadonlyMap<string, readonly SessionRow[]>
  expanded: ReadonlySet<string>
  onToggle(id: string, open: boolean): void
  now: number
  opening: string | null
  onOpen(id: string): void
  onMore(): void
}) {
  const { rows, notShown, subagents, expanded, onToggle, now, opening, onOpen, onMore } = props
  const counts = useApp((s) => s.sessionCounts)
  const askCounts = useApp((s) => s.askSessionCounts)
  const body = useRef<HTMLTableSectionElement>(null)
  const scroller = useRef<HTMLDivElement>(null)
  const [active, setActive] = useState(0)
  const current = Math.min(active, rows.length - 1)

  useVisibleRows(scroller, body, rows, askCounts)

  const focusRow = (index: number) => {
    const next = Math.max(0, Math.min(rows.length - 1, index))
    setActive(next)
    body.current?.querySelectorAll<HTMLElement>('tr')[next]?.focus()
  }

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      Home: 0,
      End: rows.length - 1,
      PageDown: index + 10,
      PageUp: index - 10,
    }
    const row = rows[index]
    const parent = row.subagent?.parentId
    if (event.key in moves) {
      event.preventDefault()
      focusRow(moves[event.key])
    } else if (event.key === 'ArrowRight' && subagents.has(row.id)) {
      // As in a tree: Right shows a session's subagents, Left hides them, or goes up to the session.
      event.preventDefault()
      if (expanded.has(row.id)) focusRow(index + 1)
      else onToggle(row.id, true)
    } else if (event.key === 'ArrowLeft' && expanded.has(row.id)) {
      event.preventDefault()
      onToggle(row.id, false)
    } else if (event.key === 'ArrowLeft' && parent !== undefined) {
      event.preventDefault()
      focusRow(rows.findIndex((r) => r.id === parent))
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault()
      onOpen(rows[index].id)
    }
  }

  return (
    <div className="sessions-scroll" ref={scroller}>
      <table className="sessions-table" data-testid="sessions-table">
        <thead>
          <tr>
            <th scope="col">Engine</th>
            <th scope="col">Project</th>
            <th scope="col">Started</th>
            <th scope="col">Last activity</th>
            <th scope="col" className="num">
              Size
            </th>
            <th scope="col" className="num">
              Messages
            </th>
            <th scope="col" className="num">
              Compactions
            </th>
            <th scope="col">Model</th>
          </tr>
        </thead>
        <tbody ref={body}>
          {rows.map((row, index) => {
            const under = subagents.get(row.id)?.length ?? 0
            const nested = row.subagent?.parentId !== undefined
            const open = expanded.has(row.id)
            return (
              <tr
                key={row.id}
                data-id={row.id}
                data-testid={nested ? 'session-subagent-row' : 'session-row'}
                tabIndex={index === current ? 0 : -1}
                aria-busy={opening === row.id}
                aria-expanded={under > 0 ? open : undefined}
                aria-label={rowLabel(row, under)}
                className={classes(opening === row.id && 'opening', nested && 'session-subagent')}
                onClick={() => onOpen(row.id)}
                onFocus={() => setActive(index)}
                onKeyDown={(event) => onKeyDown(event, index)}
              >
                <td>{nested ? <span className="muted">↳ Subagent</span> : row.engineLabel}</td>
                <td className="session-project" title={projectTitle(row)}>
                  <div className="session-project-cell">
                    <span className="session-project-text">
                      {row.subagent && !nested && <span className="subagent-tag">subagent</span>}
                      {nested ? subagentLabel(row.subagent!) : row.project}
                      {!nested && row.title !== undefined && (
                        <span className="session-title" data-testid="session-title">
                          {row.title}
                        </span>
                      )}
                    </span>
                    {under > 0 && (
                      <button
                        type="button"
                        className="subagents-toggle"
                        data-testid="session-subagents-toggle"
                        tabIndex={-1}
                        aria-expanded={open}
                        title={`${open ? 'Hide' : 'Show'} the transcripts of this session’s subagents (→ and ← on the row)`}
                        onClick={(event) => {
                          event.stopPropagation()
                          onToggle(row.id, !open)
                        }}
                      >
                        {open ? '▾' : '▸'} {formatNumber(under)} subagent{under === 1 ? '' : 's'}
                      </button>
                    )}
                  </div>
                </td>
                <td title={exactTime(row.started)}>{relativeTime(row.started, now)}</td>
                <td title={exactTime(row.lastActive)} data-testid="session-last-active">
                  {relativeTime(row.lastActive, now)}
                </td>
                <td className="num" title={`${formatNumber(row.size)} bytes`}>
                  {formatBytes(row.size)}
                </td>
                <CountCell counts={counts[row.id]} field="messages" />
                <CountCell counts={counts[row.id]} field="compactions" />
                <td className="session-model" title={row.model}>
                  {row.model ?? '-'}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
      {notShown > 0 && (
        <button type="button" className="sessions-more" onClick={onMore}>
          Show more ({formatNumber(notShown)} not shown)
        </button>
      )}
    </div>
  )
}

const classes = (...names: (string | false)[]) => names.filter(Boolean).join(' ') || undefined

// What a screen reader says of a row: what Enter opens, and the subagents a session has.
function rowLabel(row: SessionRow, subagents: number): string {
  if (row.subagent?.parentId !== undefined) {
    return `Open subagent ${subagentLabel(row.subagent)}, of the ${row.engineLabel} session in ${row.project}`
  }
  const what = row.subagent ? `${row.engineLabel} subagent` : `${row.engineLabel} session`
  const more =
    subagents > 0
      ? `; ${formatNumber(subagents)} subagent${subagents === 1 ? '' : 's'}, shown with the right arrow`
      : ''
  return `Open ${what} in ${row.project}${more}`
}

// The project cell's tooltip: a subagent's task as well as the project.
function projectTitle(row: SessionRow): string {
  const lines = [row.subagent ? subagentLabel(row.subagent) : undefined, row.project, row.title]
  return lines.filter((line) => line !== undefined).join('\n')
}

function CountCell({
  counts,
  field,
}: {
  counts: RowCounts | undefined
  field: 'messages' | 'compactions'
}) {
  if (counts?.state === 'ready') {
    return (
      <td className="num" data-testid={`session-${field}`}>
        {formatNumber(counts[field])}
      </td>
    )
  }
  const error = counts?.state === 'error' ? counts.error : undefined
  return (
    <td className="num muted" data-testid={`session-${field}`} title={error ?? 'Counting…'}>
      {error === undefined ? '…' : '?'}
    </td>
  )
}

/**
 * Asks for the counts of the rows scrolled into sight. Without an IntersectionObserver (an old
 * engine, a test's DOM) every drawn row is asked for: a page of them at most.
 */
function useVisibleRows(
  scroller: React.RefObject<HTMLDivElement | null>,
  body: React.RefObject<HTMLTableSectionElement | null>,
  rows: readonly SessionRow[],
  ask: (ids: readonly string[]) => void,
) {
  useEffect(() => {
    const rowElements = [...(body.current?.querySelectorAll<HTMLElement>('tr') ?? [])]
    if (typeof IntersectionObserver === 'undefined') {
      ask(rows.map((row) => row.id))
      return
    }
    const observer = new IntersectionObserver(
      (entries) => {
        const ids = entries
          .filter((e) => e.isIntersecting)
          .map((e) => e.target.getAttribute('data-id')!)
        if (ids.length > 0) ask(ids)
      },
      { root: scroller.current },
    )
    rowElements.forEach((element) => observer.observe(element))
    return () => observer.disconnect()
  }, [scroller, body, rows, ask])
}
