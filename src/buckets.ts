import { keepCount } from './split'
import type { Check, Message } from './types'

/** Where one input message ends up in a check: condensed, kept verbatim, or moved to the front. */
export type Bucket = 'summarize' | 'keep' | 'hoisted'

/** How many messages form the head, the part before the kept tail: n − keepCount(n). */
export function headLength(n: number, keepRecentCount?: number): number {
  return n - keepCount(n, keepRecentCount)
}

/**
 * Each input message's bucket, by index, under a check made with the same keepRecentCount. When
 * the check declines, everything is kept; otherwise instructions in the head are hoisted and the
 * rest of the head is summarised, as splitMessagesForCompaction divides them.
 */
export function bucketsOf(
  messages: readonly Message[],
  check: Pick<Check, 'shouldCompact'>,
  keepRecentCount?: number,
): Bucket[] {
  if (!check.shouldCompact) return messages.map(() => 'keep')
  const head = headLength(messages.length, keepRecentCount)
  return messages.map((m, i) => {
    if (i >= head) return 'keep'
    return m.type === 'instructions' ? 'hoisted' : 'summarize'
  })
}
