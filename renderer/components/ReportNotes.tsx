import { useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { ImportNote, NoteSeverity } from '@core'
import { formatNumber, plural } from '@core/numbers'

// Each collapsed repeat counts: "40 image warnings" is forty, not one.
const tally = (notes: readonly ImportNote[], severity: NoteSeverity): number =>
  notes.filter((n) => n.severity === severity).reduce((sum, n) => sum + (n.count ?? 1), 0)

/** `3 warnings · 12 notes`: warnings change what is counted or sent; notes are metadata set aside. */
export function describeTally(notes: readonly ImportNote[]): string {
  const warnings = tally(notes, 'warning')
  const infos = tally(notes, 'info')
  return [warnings > 0 && plural(warnings, 'warning'), infos > 0 && plural(infos, 'note')]
    .filter(Boolean)
    .join(' · ')
}

interface ReportNotesProps {
  notes: readonly ImportNote[]
  testId: string
  /** What the list is, above it: the reader needs to know which file or export it speaks of. */
  title: string
  /** Opens each new list by itself, for a report the user has just caused (an export). */
  openWhenNew?: boolean
}

/** A report's notes, collapsed behind a count badge: each with its severity, place and problem. */
export function ReportNotes({ notes, testId, title, openWhenNew = false }: ReportNotesProps) {
  // The user's toggle holds for this list only; a new list starts closed, or open when asked.
  const [toggled, setToggled] = useState<{ notes: readonly ImportNote[]; open: boolean } | null>(
    null,
  )
  // Warnings first, each kind in the report's own order: a warning changes what is counted or
  // sent, and a file's notes (metadata set aside) can run to dozens above it.
  const shown = useMemo(
    () => [
      ...notes.filter((n) => n.severity === 'warning'),
      ...notes.filter((n) => n.severity !== 'warning'),
    ],
    [notes],
  )
  const open = toggled?.notes === notes ? toggled.open : openWhenNew
  const popover = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    const element = popover.current
    if (!open || !element) return
    const fit = () => keepInWindow(element)
    fit()
    window.addEventListener('resize', fit)
    return () => window.removeEventListener('resize', fit)
  }, [open, notes])
  if (notes.length === 0) return null
  const hasWarnings = tally(notes, 'warning') > 0
  return (
    <details
      className="report"
      data-testid={testId}
      open={open}
      onToggle={(event) => {
        if (event.currentTarget.open !== open) setToggled({ notes, open: event.currentTarget.open })
      }}
    >
      <summary className={hasWarnings ? 'report-badge has-warnings' : 'report-badge'} title={title}>
        {describeTally(notes)}
      </summary>
      <div className="popover report-popover" ref={popover}>
        <p className="report-title">{title}</p>
        <ul>
          {shown.map((note, i) => (
            // Notes have no id, and two may share a place; the list never reorders.
            <li key={i} className="report-note" data-severity={note.severity}>
              <span className={`severity severity-${note.severity}`}>{note.severity}</span>{' '}
              {note.path !== '' && <code className="report-path">{note.path}</code>}
              {note.count !== undefined && (
                <span className="muted"> ×{formatNumber(note.count)}</span>
              )}
              {note.path !== '' || note.count !== undefined ? ': ' : ''}
              {note.problem}
            </li>
          ))}
        </ul>
      </div>
    </details>
  )
}

/** The window's edge a popover keeps clear of. */
const EDGE = 8

/**
 * Moves an open popover left as far as it runs past the window's right side: one anchored to a
 * badge near the right of a narrow window (900 px) was cut off by the window's edge.
 */
function keepInWindow(element: HTMLElement): void {
  element.style.transform = ''
  const { left, right } = element.getBoundingClientRect()
  const over = Math.min(right - (document.documentElement.clientWidth - EDGE), left - EDGE)
  if (over > 0) element.style.transform = `translateX(${-over}px)`
}
