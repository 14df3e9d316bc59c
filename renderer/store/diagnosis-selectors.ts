import type { Finding, Message, Options } from '@core'
import { memoSelector } from './memo'
import { selectOptions, selectReadyCounts } from './selectors'
import type { AppState } from './types'

/** What diagnose reads: findings are only ever shown for exactly these. */
export interface DiagnosisInputs {
  messages: readonly Message[]
  counts: readonly number[]
  options: Options
  summaryText: string
  /** The file's engine does not record its system prompt. */
  systemPromptUnrecorded: boolean
}

/** The inputs diagnose would read now; null until every message is counted. */
export const selectDiagnosisInputs: (s: AppState) => DiagnosisInputs | null = memoSelector(
  (s: AppState) => [
    s.messages,
    selectReadyCounts(s),
    selectOptions(s),
    s.diagnosedSummary,
    s.systemPromptUnrecorded,
  ],
  (messages, counts, options, summaryText, systemPromptUnrecorded): DiagnosisInputs | null =>
    counts === null ? null : { messages, counts, options, summaryText, systemPromptUnrecorded },
)

/** The findings for the inputs in force, or null while they are being worked out. */
export function selectDiagnosedFindings(s: AppState): Finding[] | null {
  const inputs = selectDiagnosisInputs(s)
  return inputs !== null && s.diagnosis?.inputs === inputs ? s.diagnosis.findings : null
}
