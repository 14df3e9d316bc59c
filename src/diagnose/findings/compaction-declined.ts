import type { DeclineReason } from '../../types'
import { defineFinding } from './descriptor'

export interface CompactionDeclinedDetail {
  /** Why the check declines. */
  reason: DeclineReason
  /** maxTokens × triggerRatio. */
  threshold: number
}

/** The check declines, so the split and the summary are not checked; says why. */
export const compactionDeclined = defineFinding<CompactionDeclinedDetail>()({
  code: 'compaction-declined',
  severities: ['info'],
  family: 'declined',
  anchor: 'compaction-declined',
  details: [],
})
