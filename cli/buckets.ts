import { keepCount, type Check, type Message } from '../src/index'

/**
 * Where each message goes: `summarize` (condensed into the summary), `keep` (the verbatim tail), or
 * `hoisted` (instructions moved from the head to the front of the keep bucket).
 */
export type Bucket = 'summarize' | 'keep' | 'hoisted'

/** Each input message's bucket under a check; every message is `keep` when the check declines. */
export function bucketsOf(
  messages: readonly Message[],
  check: Check,
  keepRecentCount?: number,
): Bucket[] {
  if (!check.shouldCompact) return messages.map(() => 'keep')
  const headLength = messages.length - keepCount(messages.length, keepRecentCount)
  return messages.map((m, i) => {
    if (i >= headLength) return 'keep'
    return m.type === 'instructions' ? 'hoisted' : 'summarize'
  })
}
