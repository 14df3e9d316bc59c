import {
  applySummary,
  checkCompaction,
  compareUsage,
  keepCount,
  layoutOf,
  planCompaction,
  pricingAsks,
  requestOverhead,
  type Bucket,
  type Check,
  type CompactionPlan,
  type Layout,
  type Message,
  type Options,
  type PricingAsks,
  type RequestPricings,
  type UsageComparison,
} from '@core'
import { listItems, type ListItems } from './list-items'
import { memoSelector } from './memo'
import { selectCountingKey, selectSpec } from './spec'
import type { AppState } from './types'

/**
 * What the file's reported requests ask to be priced (the core's pricingAsks): the models that
 * served them and count otherwise than the model in force, and the tool results a microcompaction
 * sent cleared. The worker prices the messages under each model, and those results as cleared.
 */
export const selectPricingAsks: (s: AppState) => PricingAsks = memoSelector(
  (s: AppState) => [s.usage, selectSpec(s)],
  pricingAsks,
)

/**
 * The request pricings for the conversation on screen: null for a file that reports no usage
 * (nothing compares), undefined while the worker prices them.
 */
export function selectRequestPricings(s: AppState): RequestPricings | null | undefined {
  if (s.usage.length === 0) return null
  const p = s.requestPricing
  return p !== null &&
    p.messages === s.messages &&
    p.usage === s.usage &&
    p.counting === selectCountingKey(s)
    ? p.value
    : undefined
}

/**
 * The file's reported requests beside the estimate of each, from the cached counts, each request
 * priced as the model that served it counts; null while they are being counted or priced. Empty
 * rows for a file that reports no usage.
 */
export const selectUsageComparison: (s: AppState) => UsageComparison | null = memoSelector(
  (s: AppState) => [s.usage, selectReadyCounts(s), selectSpec(s), selectRequestPricings(s)],
  (usage, counts, spec, pricings): UsageComparison | null =>
    counts === null || pricings === undefined
      ? null
      : compareUsage(
          usage,
          counts,
          requestOverhead(spec),
          pricings?.turns ?? null,
          pricings?.served,
          pricings?.cleared ?? null,
        ),
)

/**
 * The tokens the file lacks at its last request, as derived from its first reported request (and a
 * subagent's unrecorded context from its second); 0 until counted.
 */
export const selectHiddenTokens = (s: AppState): number =>
  selectUsageComparison(s)?.hiddenTokens ?? 0

/**
 * The options in force: the user's last valid values, on the file's wire, with the hidden context
 * if included. Keyed on each value, so a change that sets one to what it was re-derives nothing.
 */
export const selectOptions: (s: AppState) => Options = memoSelector(
  (s: AppState) => [
    s.options.model,
    s.wire,
    s.thinking,
    s.options.maxTokens,
    s.options.keepRecentCount,
    s.options.triggerRatio,
    s.includeHidden ? selectHiddenTokens(s) : 0,
  ],
  (model, wire, thinking, maxTokens, keepRecentCount, triggerRatio, hiddenTokens): Options => ({
    model,
    wire,
    ...(thinking === 'model' ? {} : { thinking }),
    maxTokens,
    triggerRatio,
    ...(keepRecentCount === undefined ? {} : { keepRecentCount }),
    ...(hiddenTokens > 0 ? { hiddenTokens } : {}),
  }),
)

/** Whether `counts` are those of these messages under this counting key. */
export const countsMatch = (
  counts: AppState['counts'],
  messages: readonly Message[],
  key: string,
) =>
  counts.messages === messages && counts.key === key && counts.perMessage.length === messages.length

/**
 * The cached costs of the conversation on screen under the model and wire in force; null while
 * they are still being counted, or left partial by a cancel. Nothing decides on partial counts.
 */
export const selectReadyCounts = (s: AppState): readonly number[] | null =>
  countsMatch(s.counts, s.messages, selectCountingKey(s)) ? s.counts.perMessage : null

/** A message's count as the list shows it: undefined until its slice has arrived. */
export function selectMessageTokens(s: AppState, index: number): number | undefined {
  const ready = selectReadyCounts(s)
  if (ready) return ready[index]
  const partial = s.partialCounts
  return partial?.messages === s.messages ? partial.perMessage[index] : undefined
}

/** The core's plan of the compaction, from the cached counts; null until they are all in. */
export const selectPlan: (s: AppState) => CompactionPlan | null = memoSelector(
  (s: AppState) => [s.messages, selectOptions(s), selectReadyCounts(s)],
  (messages, options, counts): CompactionPlan | null =>
    counts === null ? null : planCompaction(messages, options, counts),
)

/** The core's decision on the conversation (the plan's check); null until every count is in. */
export const selectCheck = (s: AppState): Check | null => selectPlan(s)?.check ?? null

/** The keep count the core derives when KeepRecentCount is unset. */
export const selectDerivedKeep = (s: AppState): number => keepCount(s.messages.length)

/**
 * Where each message goes under the plan (buckets, hoisted, unprompted); null until it is made.
 * Keyed on the plan's head rather than the whole plan, so that tuning MaxTokens without flipping
 * the decision leaves the list as it is: nothing to lay out again on 100,000 rows.
 */
const selectLayout: (s: AppState) => Layout | null = memoSelector(
  (s: AppState) => [s.messages, selectPlan(s)?.head ?? null],
  (messages, head): Layout | null => (head === null ? null : layoutOf(messages, head)),
)

/** One input message's bucket; null while the decision waits for the counts. */
export const selectBucket = (s: AppState, index: number): Bucket | null =>
  selectLayout(s)?.bucketAt(index) ?? null

const NONE_HOISTED: readonly number[] = []

/** The indexes of the instructions that move from the head to the front of the kept part. */
export const selectHoisted = (s: AppState): readonly number[] =>
  selectLayout(s)?.hoisted ?? NONE_HOISTED

/** Where the head ends when the check compacts; null when it declines (or waits) and nothing is split. */
export const selectBoundary = (s: AppState): number | null => {
  const plan = selectPlan(s)
  return plan?.shouldCompact ? plan.tailStart : null
}

/** The conversation list, split, as the list draws it. */
export const selectListItems: (s: AppState) => ListItems = memoSelector(
  // A preset's split is shown by its buckets alone: it need not be one head and one tail.
  (s: AppState) =>
    s.shownEngine === 'seed'
      ? [s.messages.length, selectBoundary(s), selectHoisted(s)]
      : [s.messages.length, null, NONE_HOISTED],
  listItems,
)

/** How many of the excluded messages selectExcluded lists: the total covers the rest. */
export const EXCLUDED_SHOWN = 20

/** Head messages that are summarised away but never reach the prompt (the plan's). */
export interface Excluded {
  count: number
  tokens: number
  /** The first EXCLUDED_SHOWN of them, with their tokens. */
  shown: { index: number; message: Message; tokens: number }[]
}

const NONE_EXCLUDED: Excluded = { count: 0, tokens: 0, shown: [] }

/**
 * The plan's head messages that never reach the prompt: their number, their tokens, and the first
 * few. One pass, with an object only for those shown: on a long run there are thousands of them,
 * and this runs in the task that shows the decision.
 */
export const selectExcluded = memoSelector(
  (s: AppState) => [s.messages, selectLayout(s), selectReadyCounts(s)],
  (messages, layout, counts): Excluded => {
    if (layout === null || counts === null) return NONE_EXCLUDED
    const indexes = layout.unprompted
    if (indexes.length === 0) return NONE_EXCLUDED
    let tokens = 0
    for (let k = 0; k < indexes.length; k++) tokens += counts[indexes[k]]
    const shown = indexes
      .slice(0, EXCLUDED_SHOWN)
      .map((index) => ({ index, message: messages[index], tokens: counts[index] }))
    return { count: indexes.length, tokens, shown }
  },
)

/** The applied result: the messages, each one's tokens, and the core's check on them. */
export interface Applied {
  messages: Message[]
  tokens: number[]
  /** Where the new summary message sits. */
  summaryIndex: number
  check: Check
}

/** The applied summary's own cost as a message (messageCost), priced in a worker; null while it is. */
const selectSummaryTokens = (s: AppState): number | null => {
  const key = selectCountingKey(s)
  const text = s.appliedSummary
  return text === null
    ? null
    : (s.textTokens.find((e) => e.key === key && e.text === text)?.tokens ?? null)
}

/**
 * The conversation after applying the summary, re-derived whenever the check changes; null until
 * the summary's own count has arrived.
 */
export const selectApplied: (s: AppState) => Applied | null = memoSelector(
  (s: AppState) => [s.appliedSummary, selectPlan(s), selectSummaryTokens(s)],
  (summary, plan, summaryTokens): Applied | null => {
    // Like `compaction-inspector apply`, a summary only applies to a check that compacts.
    if (summary === null || !plan?.shouldCompact || summaryTokens === null) return null
    const { messagesToKeep, messagesToSummarize } = plan.split
    const applied = applySummary(messagesToKeep, summary, messagesToSummarize)
    // Kept messages are the input's own: their cached counts, in the plan's order (the hoisted,
    // then the tail), with the summary's own where the plan puts it.
    const { hoisted, summaryAt } = plan.layout
    const tokens = hoisted.map((i) => plan.counts[i]).concat(plan.counts.slice(plan.tailStart))
    tokens.splice(summaryAt, 0, summaryTokens)
    return {
      messages: applied,
      tokens,
      summaryIndex: summaryAt,
      check: checkCompaction(applied, plan.options, tokens),
    }
  },
)

export type { ListItem, ListItems } from './list-items'
