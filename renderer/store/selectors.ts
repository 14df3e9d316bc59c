import {
  applySummary,
  bucketsOf,
  buildSummaryPrompt,
  checkCompaction,
  countMessageTokens,
  headLength,
  keepCount,
  reachesPrompt,
  resolveModel,
  tokenizerFor,
  type Bucket,
  type Check,
  type Message,
  type Options,
} from '@core'
import { memoSelector } from './memo'
import type { AppState } from './types'

/** The options in force: always the last valid values. */
export const selectOptions: (s: AppState) => Options = memoSelector(
  (s: AppState) => [s.model, s.maxTokens, s.keepRecentCount, s.triggerRatio],
  (model, maxTokens, keepRecentCount, triggerRatio): Options => ({
    model,
    maxTokens,
    triggerRatio,
    ...(keepRecentCount === null ? {} : { keepRecentCount }),
  }),
)

/** The core's decision on the conversation, from the cached counts. */
export const selectCheck: (s: AppState) => Check = memoSelector(
  (s: AppState) => [s.messages, selectOptions(s), s.counts.perMessage],
  (messages, options, counts): Check => checkCompaction(messages, options, counts),
)

/** The keep count the core derives when KeepRecentCount is unset. */
export const selectDerivedKeep = (s: AppState): number => keepCount(s.messages.length)

/** Each input message's bucket, by index. */
export const selectBuckets: (s: AppState) => Bucket[] = memoSelector(
  (s: AppState) => [s.messages, selectCheck(s), s.keepRecentCount],
  (messages, check, keep): Bucket[] => bucketsOf(messages, check, keep ?? undefined),
)

/** Where the head ends when the check compacts; null when it declines and nothing is split. */
export const selectBoundary = (s: AppState): number | null =>
  selectCheck(s).shouldCompact
    ? headLength(s.messages.length, s.keepRecentCount ?? undefined)
    : null

/** One entry of the conversation list: a message, the head/tail boundary, or a hoisted ghost. */
export type ListItem =
  | { kind: 'message'; index: number }
  | { kind: 'boundary'; head: number }
  | { kind: 'ghost'; index: number }

/** The list as drawn: the head, the boundary, hoisted instructions as ghosts at the front of the kept part, the tail. */
export const selectListItems: (s: AppState) => ListItem[] = memoSelector(
  (s: AppState) => [s.messages.length, selectBuckets(s), selectBoundary(s)],
  (n, buckets, boundary): ListItem[] => {
    const items: ListItem[] = []
    for (let index = 0; index < n; index++) {
      if (index === boundary) {
        items.push({ kind: 'boundary', head: boundary })
        buckets.forEach((b, i) => b === 'hoisted' && items.push({ kind: 'ghost', index: i }))
      }
      items.push({ kind: 'message', index })
    }
    if (boundary === n) items.push({ kind: 'boundary', head: boundary })
    return items
  },
)

/** The exact prompt the core builds for the head. */
export const selectPrompt: (s: AppState) => string = memoSelector(
  (s: AppState) => [selectCheck(s).messagesToSummarize],
  (head) => buildSummaryPrompt(head),
)

/** The prompt's cost with the chosen model: as bare text, and as one message with its overhead. */
export const selectPromptTokens: (s: AppState) => { text: number; asMessage: number } =
  memoSelector(
    (s: AppState) => [selectPrompt(s), s.model],
    (prompt, model) => ({
      text: tokenizerFor(resolveModel(model).encoding).count(prompt),
      asMessage: countMessageTokens(model, { type: 'user', text: prompt }),
    }),
  )

/** Head messages that are summarised away but never reach the prompt, with their tokens. */
export const selectExcluded = memoSelector(
  (s: AppState) => [s.messages, selectBuckets(s), s.counts.perMessage],
  (messages, buckets, counts) =>
    messages.flatMap((message, index) =>
      buckets[index] === 'summarize' && !reachesPrompt(message)
        ? [{ index, message, tokens: counts[index] }]
        : [],
    ),
)

/** The applied result: the messages, each one's tokens, and the core's check on them. */
export interface Applied {
  messages: Message[]
  tokens: number[]
  /** Where the new summary message sits. */
  summaryIndex: number
  check: Check
}

/** The conversation after applying the summary, re-derived whenever the check changes. */
export const selectApplied: (s: AppState) => Applied | null = memoSelector(
  (s: AppState) => [
    s.appliedSummary,
    s.messages,
    selectCheck(s),
    s.counts.perMessage,
    selectOptions(s),
  ],
  (summary, messages, check, counts, options): Applied | null => {
    // Like `compaction-inspector apply`, a summary only applies to a check that compacts.
    if (summary === null || !check.shouldCompact) return null
    const applied = applySummary(check.messagesToKeep, summary, check.messagesToSummarize)
    // Kept messages are the input's own objects: reuse their cached counts; only the summary is new.
    const cached = new Map(messages.map((m, i) => [m, counts[i]]))
    const tokens = applied.map((m) => cached.get(m) ?? countMessageTokens(options.model ?? '', m))
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
