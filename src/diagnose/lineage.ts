import { finding, listOf, plural, type Analysis } from './analysis'
import type { Finding } from './types'

/**
 * The compaction history a conversation carries: each earlier summary and what it replaced, one
 * about to be summarised again, and one placed ahead of the system prompt.
 */
export function lineageFindings(a: Analysis): Finding[] {
  const total = a.earlierSummaries.length
  const found: Finding[] = []
  a.earlierSummaries.forEach((i, k) => {
    const { droppedCount, summarizedIds } = a.messages[i].meta!
    const named = summarizedIds?.length ? ` (ids ${listOf(summarizedIds, 3)})` : ''
    // A log that records a compaction without what it replaced reads as replacing 0 messages.
    const standsFor =
      droppedCount > 0 ? plural(droppedCount, 'message') : 'messages the log does not count'
    const provenance = { droppedCount, ...(summarizedIds ? { summarizedIds } : {}) }
    found.push(
      finding(
        a,
        'earlier-summary',
        'info',
        [i],
        `The message at index ${i} is earlier summary ${k + 1} of ${total}, standing for ${standsFor}${named} that an earlier compaction replaced; nothing to do, this is the conversation's history.`,
        { ordinal: k + 1, total, ...provenance },
      ),
    )
    if (i < a.tailStart && a.check.shouldCompact) {
      found.push(
        finding(
          a,
          'summary-resummarized',
          'warning',
          [i],
          `The earlier summary at index ${i}, standing for ${standsFor}, is in the head and will be summarised again, so its details are condensed a second time; check the new summary keeps its identifiers, or raise KeepRecentCount to keep it.`,
          provenance,
        ),
      )
    }
    const first = a.firstInstructions
    if (first > i) {
      found.push(
        finding(
          a,
          'summary-before-instructions',
          'error',
          [i, first],
          `The earlier summary at index ${i} comes before the instructions at index ${first}, so the model reads the summary before learning who it is, the classic cause of a lost persona; move the instructions ahead of the summary, to index 0.`,
        ),
      )
    }
  })
  return found
}
