import { defineFinding } from './descriptor'

export interface SummaryLongerThanReplacedDetail {
  /** The pasted summary's cost as a message: its text plus the per-message overhead. */
  summaryTokens: number
  /** What the summary replaces: the tokens of messagesToSummarize. */
  replacedTokens: number
}

/** A pasted summary costs more tokens than the messages it replaces. */
export const summaryLongerThanReplaced = defineFinding<SummaryLongerThanReplacedDetail>()({
  code: 'summary-longer-than-replaced',
  severities: ['warning'],
  family: 'summary',
  anchor: 'summary-longer-than-replaced',
  details: [],
})
