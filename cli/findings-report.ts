import {
  SEVERITIES,
  descriptorOf,
  fixOf,
  valuesOf,
  whereOf,
  type DetailField,
  type Finding,
} from '../src/diagnose/findings'
import { formatNumber } from '../src/numbers'
import { renderTable } from './table'
import { DEFAULT_COLUMNS } from './command'
import { clip, codePoints, printable, wrapText } from './terminal-text'

// Enough of a long list of values to copy from; --json has them all.
const LISTED_VALUES = 20

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
  for (const { severity, many } of SEVERITIES) {
    const members = findings.flatMap((f, i) => (f.severity === severity ? [i] : []))
    if (members.length === 0) continue
    groups.push('', `${many} (${formatNumber(members.length)})`)
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

/** The lines under a finding's sentence: its descriptor's lists of values, and its checked fix. */
function detailLines(f: Finding): string[] {
  return descriptorOf(f.code).details.flatMap((field) => detailLine(f, field))
}

function detailLine(f: Finding, field: DetailField): string[] {
  switch (field.kind) {
    case 'values': {
      const values = valuesOf(f, field.key)
      return values?.length ? listed(field.label, values) : []
    }
    case 'keep-recent': {
      const fix = fixOf(f)
      return fix === undefined ? [] : [`${DETAIL_INDENT}fix: --keep-recent ${fix}`]
    }
    case 'lands-at':
      // Said in the sentence, and listed by --json.
      return []
  }
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
