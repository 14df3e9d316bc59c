import type { Message } from './types'

/** Thrown when a summary cannot be applied, such as an empty or whitespace-only one. */
export class SummaryError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'SummaryError'
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
  if (typeof summaryText !== 'string' || summaryText.trim() === '') {
    throw new SummaryError('summary: the summary text is empty')
  }
  let front = 0
  while (front < messagesToKeep.length && messagesToKeep[front].type === 'instructions') front++
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
