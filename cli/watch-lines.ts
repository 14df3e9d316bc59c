import { formatNumber, type CompactionForecast, type Finding } from '../src/index'
import { whereOf } from '../src/diagnose/findings'

/** "compaction in about 12 turns", "compaction due now", or "—" while the rate is unknown. */
export function describeForecast(f: CompactionForecast): string {
  if (f.turnsLeft === 0) return 'compaction due now'
  if (f.turnsLeft === null) return '—'
  return `compaction in about ${formatNumber(f.turnsLeft)} turn${f.turnsLeft === 1 ? '' : 's'}`
}

/** total ÷ threshold as a percentage, one decimal: "41.9%". */
export const percentOf = (f: CompactionForecast): number =>
  f.threshold > 0 ? Math.round((f.total / f.threshold) * 1000) / 10 : 0

/** The status a line shows: "48,210 tokens  41.9% of 115,200  compaction in about 9 turns". */
export function statusText(f: CompactionForecast): string {
  return (
    `${formatNumber(f.total)} tokens  ${percentOf(f)}% of ${formatNumber(f.threshold)}  ` +
    describeForecast(f)
  )
}

/** A finding as one line, as diagnose names it: severity, code, messages, and its sentence. */
export const findingLine = (f: Finding): string =>
  `  ${f.severity} ${f.code} ${whereOf(f)}: ${f.message}`

/** The clock time of a line, HH:MM:SS local. */
export const clock = (at: Date): string => at.toTimeString().slice(0, 8)

/** The forecast's figures for --json. */
export const forecastJson = (f: CompactionForecast) => ({
  tokens: f.total,
  threshold: f.threshold,
  percent: percentOf(f),
  tokensLeft: f.tokensLeft,
  turns: f.turns,
  perTurn: f.perTurn === null ? null : Math.round(f.perTurn),
  turnsLeft: f.turnsLeft,
})
