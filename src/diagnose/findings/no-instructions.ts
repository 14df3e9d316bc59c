import { defineFinding } from './descriptor'

/**
 * No message has type instructions: the agent runs without a system prompt, or, in an agent's log
 * that does not record it, the agent's system prompt is not in the file.
 */
export const noInstructions = defineFinding()({
  code: 'no-instructions',
  // An error when the conversation holds an earlier summary (a compaction lost it), info when the
  // file's engine does not record its system prompt: instructions.ts.
  severities: ['error', 'warning', 'info'],
  family: 'instructions',
  anchor: 'no-instructions',
  details: [],
})
