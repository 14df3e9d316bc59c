import type { Finding } from '@core'
import type { DiagnosisInputs } from './diagnosis-selectors'
import type { SliceCreator } from './types'

export interface DiagnosisSlice {
  /**
   * The last findings the conversation's worker returned, with the inputs they are for (asked
   * for by effects.ts askForFindings).
   */
  diagnosis: { inputs: DiagnosisInputs; findings: Finding[] } | null
}

export const createDiagnosisSlice: SliceCreator<DiagnosisSlice> = () => () => ({ diagnosis: null })
