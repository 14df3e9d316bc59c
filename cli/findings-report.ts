import type { Finding, Severity } from '../src/index'
// From its own module, not the index: the page imports this file, and the index would bring every
// tokenizer vocabulary into it.
import { formatNumber } from '../src/numbers'
import { renderTable } from './table'
import { DEFAULT_COLUMNS } from './command'
import { cell, clip, codePoints, printable, wrapText } from './terminal-text'

const SEVERITIES: { severity: Severity; heading: string }[] = [
  { severity: 'error', heading: 'errors' },
  { severity: 'warning', heading: 'warnings' },
  { severity: 'info', heading: 'info' },
]

// Enough of a long index or id list to find the messages; --json has them all.
const INDEX_ITEMS = 3
const ID_BUDGET = 32
const LISTED_VALUES = 20

/** "1 error", "2 warnings", "3 info": a count with its severity's noun. */
export function countOf(n: number, severity: Severity): string {
  const count = formatNumber(n)
  return severity === 'info' ? `${count} info` : `${count} ${severity}${n === 1 ? '' : 's'}`
}

/** How far a finding's sentence and details are indented under its line. */
const DETAIL_INDENT = '      '

/**
 * The findings as text, grouped by severity, each group after a blank line. A finding is one aligned
 * line (severity, code, tokens, messages), then, indented, its sentence wrapped to `columns`, any
 * values worth copying (identifiers, special tokens) and a --keep-recent that mends the split.
 */
export function renderFindings(findings: readonly Finding[], columns = DEFAULT_COLUMNS): string {
  // One table for every finding, so the columns line up across the groups; the messages come
  // last, clipped to what is left of the line (--json lists them all).
  const rows = renderTable(
    findings.map((f) => [
      f.severity,
      f.code,
      f.indexes.length > 0 ? `${formatNumber(f.tokens)} tokens` : '-',
    ]),
    ['left', 'left', 'right'],
  )
    .split('\n')
    .map((row, i) => {
      if (i >= findings.length) return row
      const room = columns - 2 - codePoints(row) - 2
      return `${row}  ${clip(whereOf(findings[i]), Math.max(room, 12))}`
    })
  const groups: string[] = []
  for (const { severity, heading } of SEVERITIES) {
    const members = findings.flatMap((f, i) => (f.severity === severity ? [i] : []))
    if (members.length === 0) continue
    groups.push('', `${heading} (${formatNumber(members.length)})`)
    for (const i of members) {
      groups.push(
        `  ${rows[i]}`,
        ...wrapText(findings[i].message, columns, DETAIL_INDENT),
        ...detailLines(findings[i]),
      )
    }
  }
  return groups.map((line) => `${line}\n`).join('')
}

/**
 * The messages a finding concerns: `#4 (call_abc)`, `#0, #6 (sys-1, sys-2)`, or, shortened,
 * `#3–#97 (95 messages: u1, b1, a1, …)`; `-` for the conversation as a whole.
 */
export function whereOf(f: Pick<Finding, 'indexes' | 'ids'>): string {
  if (f.indexes.length === 0) return '-'
  const runs = runsOf(f.indexes)
  const items = runs
    .slice(0, INDEX_ITEMS)
    .map(([from, to]) => (from === to ? `#${from}` : `#${from}–#${to}`))
  const indexes = items.join(', ') + (runs.length > INDEX_ITEMS ? ', …' : '')
  const ids = idsWithin(f.ids, ID_BUDGET)
  // The count only when the list no longer shows it: a run was collapsed or items were left off.
  const shortened = items.length < f.indexes.length
  const count = shortened ? `${formatNumber(f.indexes.length)} messages` : ''
  const inside = [count, ids].filter((part) => part !== '').join(': ')
  return inside === '' ? indexes : `${indexes} (${inside})`
}

/** As many ids as fit in `budget` characters (always the first, clipped), then `…`. */
function idsWithin(ids: readonly string[], budget: number): string {
  const shown: string[] = []
  let used = 0
  for (const [n, raw] of ids.entries()) {
    const id = cell(raw, budget)
    used += (n > 0 ? 2 : 0) + codePoints(id)
    if (n > 0 && used > budget) return `${shown.join(', ')}, …`
    shown.push(id)
  }
  return shown.join(', ')
}

/** Ascending indexes as [first, last] runs; a pair stays two items, since `#3, #4` reads better. */
function runsOf(indexes: readonly number[]): [number, number][] {
  const runs: [number, number][] = []
  for (const i of indexes) {
    const last = runs[runs.length - 1]
    if (last && i === last[1] + 1) last[1] = i
    else runs.push([i, i])
  }
  return runs.flatMap(([from, to]) =>
    to === from + 1
      ? [
          [from, from],
          [to, to],
        ]
      : [[from, to]],
  )
}

function detailLines(f: Finding): string[] {
  const lines: string[] = []
  if (f.identifiers?.length) {
    const label =
      f.code === 'summary-drops-identifier' ? 'dropped identifiers' : 'identifiers they held'
    lines.push(...listed(label, f.identifiers))
  }
  if (f.specialTokens?.length) lines.push(...listed('special tokens', f.specialTokens))
  if (f.suggestedKeepRecentCount !== undefined) {
    lines.push(`${DETAIL_INDENT}fix: --keep-recent ${f.suggestedKeepRecentCount}`)
  }
  return lines
}

// One value a line, so each can be copied whole; a URL may hold commas.
function listed(label: string, values: readonly string[]): string[] {
  const shown = values.slice(0, LISTED_VALUES).map((v) => `        ${printable(v)}`)
  const more = values.length - shown.length
  return [
    `      ${label} (${formatNumber(values.length)}):`,
    ...shown,
    ...(more > 0 ? [`        … and ${formatNumber(more)} more (--json lists them all)`] : []),
  ]
}
