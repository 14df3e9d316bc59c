import { defineFinding } from './descriptor'

export interface EarlierSummaryDetail {
  /** Its ordinal among the earlier summaries, from 1. */
  ordinal: number
  /** How many earlier summaries the conversation holds. */
  total: number
  /** Its meta.droppedCount. */
  droppedCount: number
  /** Its meta.summarizedIds, when it has them. */
  summarizedIds?: string[]
}

/** A message is an earlier summary (meta.compacted). */
export const earlierSummary = defineFinding<EarlierSummaryDetail>()({
  code: 'earlier-summary',
  severities: ['info'],
  family: 'lineage',
  anchor: 'earlier-summary',
  details: [],
})
