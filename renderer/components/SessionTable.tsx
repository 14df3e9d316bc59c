import { formatBytes } from '@core/pricing/opaque'
import { formatNumber } from '@core/numbers'
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
  rows: readonly SessionRow[]
  total: number
  now: number
  opening: string | null
  onOpen(id: string): void
  onMore(): void
}) {
  const { rows, total, now, opening, onOpen, onMore } = props
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
    if (event.key in moves) {
      event.preventDefault()
      focusRow(moves[event.key])
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
          {rows.map((row, index) => (
            <tr
              key={row.id}
              data-id={row.id}
              data-testid="session-row"
              tabIndex={index === current ? 0 : -1}
              aria-busy={opening === row.id}
              aria-label={`Open ${row.engineLabel} session in ${row.project}`}
              className={opening === row.id ? 'opening' : undefined}
              onClick={() => onOpen(row.id)}
              onFocus={() => setActive(index)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              <td>{row.engineLabel}</td>
              <td className="session-project" title={row.project}>
                {row.project}
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
          ))}
        </tbody>
      </table>
      {rows.length < total && (
        <button type="button" className="sessions-more" onClick={onMore}>
          Show more ({formatNumber(total - rows.length)} not shown)
        </button>
      )}
    </div>
  )
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
