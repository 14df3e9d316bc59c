import {
  contextGrowth,
  lateContext,
  requestOverhead,
  type ContextGrowth,
  type UsageRow,
} from '@core'
import { memoSelector } from './memo'
import {
  selectCheck,
  selectReadyCounts,
  selectRequestPricings,
  selectUsageComparison,
} from './selectors'
import { selectSpec } from './spec'
import type { AppState } from './types'

/**
 * The context-growth chart's series, from the core (contextGrowth): the estimate over the
 * conversation, the reported sizes, the threshold, the real compactions and the hidden band. Null
 * while counting, and for a file that reports no usage (the chart is not shown then).
 */
export const selectContextGrowth: (s: AppState) => ContextGrowth | null = memoSelector(
  (s: AppState) => [
    s.messages,
    selectReadyCounts(s),
    s.usage,
    selectUsageComparison(s),
    selectCheck(s)?.threshold ?? null,
    selectSpec(s),
    selectRequestPricings(s),
  ],
  (messages, costs, usage, comparison, threshold, spec, pricings): ContextGrowth | null =>
    costs === null || comparison === null || threshold === null || usage.length === 0
      ? null
      : contextGrowth({
          messages,
          costs,
          overhead: requestOverhead(spec),
          usage,
          hiddenTokens: comparison.hiddenTokens,
          late: lateContext(comparison),
          threshold,
          turns: pricings?.turns ?? null,
          ...(pricings ? { served: pricings.served, cleared: pricings.cleared } : {}),
        }),
)

const NO_REPLIES: ReadonlyMap<number, UsageRow> = new Map()

/** Each reported request by the index of the reply that reported it (its prompt's length). */
export const selectUsageByReply: (s: AppState) => ReadonlyMap<number, UsageRow> = memoSelector(
  (s: AppState) => [selectUsageComparison(s)],
  (comparison): ReadonlyMap<number, UsageRow> =>
    comparison === null || comparison.rows.length === 0
      ? NO_REPLIES
      : new Map(comparison.rows.map((row) => [row.prompt, row])),
)
