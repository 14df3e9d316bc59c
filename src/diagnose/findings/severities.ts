import { formatNumber } from '../../numbers'

/** How much a finding matters: an error makes `diagnose` exit 1; warnings and info do not. */
export type Severity = 'error' | 'warning' | 'info'

/**
 * The severities in the order findings are sorted and shown (errors first), each with its noun:
 * one and many. The CLI's group headings, the app's and every "2 warnings" tally read this list.
 */
export const SEVERITIES: readonly { severity: Severity; one: string; many: string }[] = [
  { severity: 'error', one: 'error', many: 'errors' },
  { severity: 'warning', one: 'warning', many: 'warnings' },
  { severity: 'info', one: 'info', many: 'info' },
]

/** A severity's place in SEVERITIES: 0 for errors. */
export const severityRank = (severity: Severity): number =>
  SEVERITIES.findIndex((s) => s.severity === severity)

/** "1 error", "2 warnings", "3 info": a count with its severity's noun. */
export function countOf(n: number, severity: Severity): string {
  const { one, many } = SEVERITIES[severityRank(severity)]
  return `${formatNumber(n)} ${n === 1 ? one : many}`
}
