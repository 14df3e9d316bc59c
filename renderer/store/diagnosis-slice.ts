import type { Finding, Message, Options } from '@core'
import { memoSelector } from './memo'
import { selectOptions, selectReadyCounts } from './selectors'
import { selectCountingKey } from './spec'
import type { AppState, SliceCreator } from './types'

/** What diagnose reads: findings are only ever shown for exactly these. */
export interface DiagnosisInputs {
  messages: readonly Message[]
  counts: readonly number[]
  options: Options
  summaryText: string
  fileModel: string | null
}

export interface DiagnosisSlice {
  /** The last findings the conversation's worker returned, with the inputs they are for. */
  diagnosis: { inputs: DiagnosisInputs; findings: Finding[] } | null
}

/** The inputs diagnose would read now; null until every message is counted. */
export const selectDiagnosisInputs: (s: AppState) => DiagnosisInputs | null = memoSelector(
  (s: AppState) => [
    s.messages,
    selectReadyCounts(s),
    selectOptions(s),
    s.diagnosedSummary,
    s.fileModel,
  ],
  (messages, counts, options, summaryText, fileModel): DiagnosisInputs | null =>
    counts === null ? null : { messages, counts, options, summaryText, fileModel },
)

/** The findings for the inputs in force, or null while they are being worked out. */
export function selectDiagnosedFindings(s: AppState): Finding[] | null {
  const inputs = selectDiagnosisInputs(s)
  return inputs !== null && s.diagnosis?.inputs === inputs ? s.diagnosis.findings : null
}

/**
 * Diagnose reads every message (each one's identifiers, its tool calls): hundreds of milliseconds
 * on a long conversation, so it runs in the worker that read the file, which still holds the
 * messages. Whenever its inputs change, the slice asks again; answers for older inputs are kept
 * only until the newer ones arrive, and never shown for the newer inputs.
 */
export const createDiagnosisSlice: SliceCreator<DiagnosisSlice> = () => (set, get, store) => {
  let asked: DiagnosisInputs | null = null
  store.subscribe((state) => {
    const inputs = selectDiagnosisInputs(state)
    if (inputs === null || inputs === asked) return
    asked = inputs
    const { messages, options, summaryText, fileModel } = inputs
    // The worker answers with the counts it holds under the key in force: the ones `counts` are.
    const counting = selectCountingKey(state)
    const request = { options, counting, summaryText, model: fileModel ?? undefined }
    state.conversationOf(messages)?.diagnose(request, (outcome) => {
      if (outcome.ok) set({ diagnosis: { inputs, findings: outcome.value } })
      else get().notify('error', `Findings failed: ${outcome.error}`)
    })
  })
  return { diagnosis: null }
}
