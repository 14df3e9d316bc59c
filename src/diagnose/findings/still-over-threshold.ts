import { defineFinding } from './descriptor'

export interface StillOverThresholdDetail {
  /** The compacted conversation's total: kept messages plus the summary, if one was pasted. */
  appliedTokens: number
  /** maxTokens × triggerRatio. */
  threshold: number
  /** The pasted summary's cost as a message; absent when none was pasted. */
  summaryTokens?: number
}

/** The compacted conversation is still at or above the threshold. */
export const stillOverThreshold = defineFinding<StillOverThresholdDetail>()({
  code: 'still-over-threshold',
  severities: ['error'],
  family: 'summary',
  anchor: 'still-over-threshold',
  details: [],
})
