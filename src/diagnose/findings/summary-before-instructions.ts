import { defineFinding } from './descriptor'

/** An earlier summary comes before the first instructions message. */
export const summaryBeforeInstructions = defineFinding()({
  code: 'summary-before-instructions',
  severities: ['error'],
  family: 'lineage',
  anchor: 'summary-before-instructions',
  details: [],
})
