import { defineFinding } from './descriptor'

export interface SummaryResummarizedDetail {
  /** The earlier summary's meta.droppedCount. */
  droppedCount: number
  /** Its meta.summarizedIds, when it has them. */
  summarizedIds?: string[]
}

/** An earlier summary is in the head and will be summarised again. */
export const summaryResummarized = defineFinding<SummaryResummarizedDetail>()({
  code: 'summary-resummarized',
  severities: ['warning'],
  family: 'lineage',
  anchor: 'summary-resummarized',
  details: [],
})
