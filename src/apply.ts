import { leadingInstructions } from './plan'
import type { Message } from './types'

/** Thrown when a summary cannot be applied, such as an empty or whitespace-only one. */
export class SummaryError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'SummaryError'
  }
}

/** Throws SummaryError unless the text is a summary: a string with more than whitespace. */
export function validateSummaryText(summaryText: unknown): asserts summaryText is string {
  if (typeof summaryText !== 'string' || summaryText.trim() === '') {
    throw new SummaryError('summary: the summary text is empty')
  }
}

/**
 * Merges a generated summary back into the conversation: the instructions at the front of
 * messagesToKeep, then the summary as a `context` message recording what it replaced, then the rest.
 */
export function applySummary(
  messagesToKeep: readonly Message[],
  summaryText: string,
  messagesToSummarize: readonly Message[],
): Message[] {
  validateSummaryText(summaryText)
  const front = leadingInstructions(messagesToKeep)
  const summarizedIds = messagesToSummarize.map((m) => m.id ?? '').filter((id) => id !== '')
  const summary: Message = {
    type: 'context',
    text: summaryText,
    meta: {
      compacted: true,
      droppedCount: messagesToSummarize.length,
      ...(summarizedIds.length > 0 ? { summarizedIds } : {}),
    },
  }
  return [...messagesToKeep.slice(0, front), summary, ...messagesToKeep.slice(front)]
}
