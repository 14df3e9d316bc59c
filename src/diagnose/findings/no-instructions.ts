import { defineFinding } from './descriptor'

/** No message has type instructions: the agent runs without a system prompt. */
export const noInstructions = defineFinding()({
  code: 'no-instructions',
  // An error when the conversation holds an earlier summary (a compaction lost it): instructions.ts.
  severities: ['error', 'warning'],
  family: 'instructions',
  anchor: 'no-instructions',
  details: [],
})
