import type { SessionRow } from './commands/sessions'
import { plural, subagentLabel } from '../src/index'
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
const PROJECT = 1
// The project column shrinks to this, keeping each path's end, before the table gives way.
const MIN_PROJECT = 20

/** `2026-01-20 14:00`: an ISO time to the minute, in UTC; `-` when unknown. */
export const minuteOf = (iso: string | undefined): string =>
  iso === undefined ? '-' : `${iso.slice(0, 10)} ${iso.slice(11, 16)}`

/** A size as people read it: `812 B`, `4.2 KB`, `1.3 MB` (1 KB = 1,000 bytes). */
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
 * The sessions fitted to the terminal's width: a table, its project column shortened (keeping
 * each path's end) when the rows are wider; when even that does not fit, one block per session,
 * the engine and project on its first line and the rest wrapped below it.
 */
export function renderSessionTable(rows: readonly SessionRow[], columns = DEFAULT_COLUMNS): string {
  const cells = rows.map((r) => [
    engineCell(r),
    printable(r.subagent?.parentKey !== undefined ? subagentLabel(r.subagent) : projectCell(r)),
    minuteOf(r.started),
    minuteOf(r.lastActive),
    sizeOf(r.size),
    String(r.messages),
    String(r.compactions),
    printable(r.model ?? '-'),
  ])
  const widths = HEADER.map((h, c) => {
    let w = codePoints(h)
    for (const row of cells) w = Math.max(w, codePoints(row[c]))
    return w
  })
  const others = widths.reduce((sum, w, c) => sum + (c === PROJECT ? 0 : w), 0)
  const room = columns - others - 2 * (HEADER.length - 1)
  if (room >= Math.min(widths[PROJECT], MIN_PROJECT)) {
    if (room < widths[PROJECT]) for (const row of cells) row[PROJECT] = keepEnd(row[PROJECT], room)
    return renderTable(cells, ALIGN, HEADER)
  }
  return rows
    .map((r, i) => {
      const parts = [
        `started ${minuteOf(r.started)}`,
        `last active ${minuteOf(r.lastActive)}`,
        sizeOf(r.size),
        plural(r.messages, 'message'),
        plural(r.compactions, 'compaction'),
        `model ${cells[i][7]}`,
      ]
      return [`${cells[i][0]}  ${cells[i][PROJECT]}`, ...packParts(parts, columns)].join('\n')
    })
    .join('\n')
    .concat('\n')
}

// A session's project, and its title in quotes where the log keeps one (rows of one opencode
// database differ by nothing else).
function projectCell(row: SessionRow): string {
  return row.title !== undefined ? `${row.project} ${JSON.stringify(row.title)}` : row.project
}

// A session's engine; a subagent's transcript listed under its session is marked `↳ subagent`,
// one whose session is not listed is named with its engine.
function engineCell(row: SessionRow): string {
  if (row.subagent === undefined) return row.engineLabel
  return row.subagent.parentKey !== undefined ? '  ↳ subagent' : `${row.engineLabel} subagent`
}

// Parts joined with commas, a line broken only between parts, each line indented two spaces.
function packParts(parts: readonly string[], columns: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const part of parts) {
    if (line !== '' && 2 + codePoints(line) + 2 + codePoints(part) > columns) {
      lines.push(`  ${line},`)
      line = part
    } else line = line === '' ? part : `${line}, ${part}`
  }
  if (line !== '') lines.push(`  ${line}`)
  return lines
}
