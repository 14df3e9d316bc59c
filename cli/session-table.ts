import type { SessionRow } from './commands/sessions'
import { DEFAULT_COLUMNS } from './command'
import { renderTable, type Align } from './table'
import { codePoints, printable } from './terminal-text'

const HEADER = [
  'engine',
  'project',
  'started',
  'last active',
  'size',
  'messages',
  'compactions',
  'model',
]
const ALIGN: Align[] = ['left', 'left', 'left', 'left', 'right', 'right', 'right', 'left']
// The project column never shrinks below this.
const MIN_PROJECT = 16

/** `2026-01-20 14:00`: an ISO time to the minute, in UTC. */
export const minuteOf = (iso: string | undefined): string =>
  iso === undefined ? '-' : `${iso.slice(0, 10)} ${iso.slice(11, 16)}`

/** A size in bytes as people read it: `812 B`, `4.2 KB`, `1.3 MB` (1 KB = 1,000 bytes). */
export function sizeOf(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`
  if (bytes < 1e6) return `${(bytes / 1e3).toFixed(1)} KB`
  if (bytes < 1e9) return `${(bytes / 1e6).toFixed(1)} MB`
  return `${(bytes / 1e9).toFixed(1)} GB`
}

// The end of a path, which says most, behind an ellipsis: `…/work/gauges`.
function keepEnd(text: string, width: number): string {
  const points = [...text]
  return points.length <= width ? text : '…' + points.slice(points.length - width + 1).join('')
}

/**
 * The sessions as a table fitted to the terminal's width: when the rows are wider, the project
 * column gives way first (keeping each path's end), then the model's.
 */
export function renderSessionTable(rows: readonly SessionRow[], columns = DEFAULT_COLUMNS): string {
  const cells = rows.map((r) => [
    r.engineLabel,
    printable(r.project),
    minuteOf(r.started),
    minuteOf(r.lastActive),
    sizeOf(r.size),
    String(r.messages),
    String(r.compactions),
    printable(r.model ?? '-'),
  ])
  const width = (c: number) => Math.max(HEADER[c].length, ...cells.map((row) => codePoints(row[c])))
  const total = () => HEADER.reduce((sum, _, c) => sum + width(c), 0) + 2 * (HEADER.length - 1)
  for (const c of [1, 7]) {
    const excess = total() - columns
    if (excess <= 0) break
    const fit = Math.max(c === 1 ? MIN_PROJECT : HEADER[c].length, width(c) - excess)
    for (const row of cells) row[c] = keepEnd(row[c], fit)
  }
  return renderTable(cells, ALIGN, HEADER)
}
