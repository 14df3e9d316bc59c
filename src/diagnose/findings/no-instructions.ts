import { defineFinding } from './descriptor'

/** No message has type instructions: the agent runs without a system prompt. */
export const noInstructions = defineFinding()({
  code: 'no-instructions',
  severities: ['error', 'warning'],
  severityNote:
    'an error when the conversation holds an earlier summary (a compaction lost the prompt), else a warning',
  family: 'instructions',
  anchor: 'no-instructions',
  details: [],
})
