import {
  applySummary,
  bucketsOf,
  checkCompaction,
  compareUsage,
  headLength,
  keepCount,
  reachesPrompt,
  requestOverhead,
  type Bucket,
  type Check,
  type Message,
  type Options,
  type TurnCosts,
  type UsageComparison,
} from '@core'
import { listItems, type ListItems } from './list-items'
import { memoSelector } from './memo'
import { selectCountingKey, selectSpec } from './spec'
import type { AppState } from './types'

/**
 * The turn costs for the conversation on screen: null for a file that reports no usage (nothing
 * compares), undefined while the worker prices them.
 */
export function selectTurnCosts(s: AppState): TurnCosts | null | undefined {
  if (s.usage.length === 0) return null
  const t = s.turnCosts
  return t !== null && t.messages === s.messages && t.counting === selectCountingKey(s)
    ? t.value
    : undefined
}

/**
 * The file's reported requests beside the estimate of each, from the cached counts; null while
 * they are being counted. Empty rows for a file that reports no usage.
 */
export const selectUsageComparison: (s: AppState) => UsageComparison | null = memoSelector(
  (s: AppState) => [s.usage, selectReadyCounts(s), selectSpec(s), selectTurnCosts(s)],
  (usage, counts, spec, turns): UsageComparison | null =>
    counts === null || turns === undefined
      ? null
      : compareUsage(usage, counts, requestOverhead(spec), turns),
)

/** The tokens the file lacks, as derived from its first reported request; 0 until counted. */
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
    s.options.maxTokens,
    s.options.keepRecentCount,
    s.options.triggerRatio,
    s.includeHidden ? selectHiddenTokens(s) : 0,
  ],
  (model, wire, maxTokens, keepRecentCount, triggerRatio, hiddenTokens): Options => ({
    model,
    wire,
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

/** The core's decision on the conversation, from the cached counts; null until they are all in. */
export const selectCheck: (s: AppState) => Check | null = memoSelector(
  (s: AppState) => [s.messages, selectOptions(s), selectReadyCounts(s)],
  (messages, options, counts): Check | null =>
    counts === null ? null : checkCompaction(messages, options, counts),
)

/** The keep count the core derives when KeepRecentCount is unset. */
export const selectDerivedKeep = (s: AppState): number => keepCount(s.messages.length)

/** Whether the check compacts; null until every message is counted. */
const selectShouldCompact = (s: AppState): boolean | null => selectCheck(s)?.shouldCompact ?? null

/**
 * Each input message's bucket, by index; null while the counts, and so the decision, are not in.
 * Keyed on the decision rather than the whole check, so that tuning MaxTokens without flipping it
 * leaves the list as it is: nothing to lay out again on 100,000 rows.
 */
export const selectBuckets: (s: AppState) => Bucket[] | null = memoSelector(
  (s: AppState) => [s.messages, selectShouldCompact(s), s.options.keepRecentCount],
  (messages, shouldCompact, keep): Bucket[] | null =>
    shouldCompact === null ? null : bucketsOf(messages, { shouldCompact }, keep),
)

const NONE_HOISTED: readonly number[] = []

/** The indexes of the instructions that move from the head to the front of the kept part. */
export const selectHoisted: (s: AppState) => readonly number[] = memoSelector(
  (s: AppState) => [selectBuckets(s)],
  (buckets) => {
    if (buckets === null) return NONE_HOISTED
    const hoisted: number[] = []
    buckets.forEach((bucket, index) => bucket === 'hoisted' && hoisted.push(index))
    return hoisted
  },
)

/** Where the head ends when the check compacts; null when it declines (or waits) and nothing is split. */
export const selectBoundary = (s: AppState): number | null =>
  selectCheck(s)?.shouldCompact ? headLength(s.messages.length, s.options.keepRecentCount) : null

/** The conversation list, split, as the list draws it. */
export const selectListItems: (s: AppState) => ListItems = memoSelector(
  // A preset's split is shown by its buckets alone: it need not be one head and one tail.
  (s: AppState) =>
    s.shownEngine === 'seed'
      ? [s.messages.length, selectBoundary(s), selectHoisted(s)]
      : [s.messages.length, null, NONE_HOISTED],
  listItems,
)

/** Head messages that are summarised away but never reach the prompt, with their tokens. */
export const selectExcluded = memoSelector(
  (s: AppState) => [s.messages, selectBuckets(s), selectReadyCounts(s)],
  (messages, buckets, counts) => {
    const excluded: { index: number; message: Message; tokens: number }[] = []
    if (buckets === null || counts === null) return excluded
    messages.forEach((message, index) => {
      if (buckets[index] === 'summarize' && !reachesPrompt(message))
        excluded.push({ index, message, tokens: counts[index] })
    })
    return excluded
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
  (s: AppState) => [
    s.appliedSummary,
    s.messages,
    selectCheck(s),
    selectReadyCounts(s),
    selectOptions(s),
    selectSummaryTokens(s),
  ],
  (summary, messages, check, counts, options, summaryTokens): Applied | null => {
    // Like `compaction-inspector apply`, a summary only applies to a check that compacts.
    if (summary === null || !check?.shouldCompact || counts === null || summaryTokens === null)
      return null
    const applied = applySummary(check.messagesToKeep, summary, check.messagesToSummarize)
    // Kept messages are the input's own objects: reuse their cached counts; only the summary is new.
    const cached = new Map(messages.map((m, i) => [m, counts[i]]))
    const tokens = applied.map((m) => cached.get(m) ?? summaryTokens)
    // The summary is the one message that is not an input object: found, not re-derived.
    const summaryIndex = applied.findIndex((m) => !cached.has(m))
    return {
      messages: applied,
      tokens,
      summaryIndex,
      check: checkCompaction(applied, options, tokens),
    }
  },
)

export type { ListItem, ListItems } from './list-items'
