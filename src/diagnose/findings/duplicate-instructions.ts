import { defineFinding } from './descriptor'

/** After a compaction, two instructions messages have the same text. */
export const duplicateInstructions = defineFinding()({
  code: 'duplicate-instructions',
  severities: ['warning'],
  family: 'instructions',
  anchor: 'duplicate-instructions',
  details: [],
})
