/** Formats numbers and tables for the bench's plain-text report. */

/** A number with thousands separators and a fixed number of decimals. */
export function num(value: number, decimals = 0): string {
  return value.toLocaleString('en-US', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  })
}

/** Megabytes (10^6 bytes), as the sizes in the issues are written. */
export const mb = (bytes: number, decimals = 1) => `${num(bytes / 1e6, decimals)} MB`

/** A ratio such as `2.31×`. */
export const times = (ratio: number) => `${ratio.toFixed(2)}×`

/** Prints rows as columns: the first column left-aligned, the rest right-aligned. */
export function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)))
  const line = (cells: string[]) =>
    '  ' + cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('   ')
  console.log(line(header))
  console.log('  ' + widths.map((w) => '-'.repeat(w)).join('   '))
  for (const row of rows) console.log(line(row))
}

/** One target from the issues, and whether this run met it. */
export interface Verdict {
  target: string
  measured: string
  pass: boolean
}

/** Prints the verdicts as PASS/FAIL lines; returns how many failed. */
export function printVerdicts(verdicts: readonly Verdict[]): number {
  for (const v of verdicts) console.log(`  ${v.pass ? 'PASS' : 'FAIL'}  ${v.target}: ${v.measured}`)
  return verdicts.filter((v) => !v.pass).length
}
