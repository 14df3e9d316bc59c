import type { Message } from '../types'
import { toolExchanges } from './exchanges'
import {
  firstReaching,
  historyIndexes,
  limitOf,
  overheadOf,
  resultOf,
  WINDOW_AND_OUTPUT,
} from './run'
import type { EngineInput, EnginePreset } from './types'

const OUTPUT_TOKEN_MAX = 32_000
const MIN_PRESERVE_RECENT_TOKENS = 2_000
const MAX_PRESERVE_RECENT_TOKENS = 15_000
const PRUNE_PROTECT = 40_000
const PRUNE_MINIMUM = 20_000

/**
 * opencode's usable input, with only the window known: window − max output, where max output is
 * the model's, capped at 32,000 (`vn` in the compiled opencode 1.18.33; the 20,000 it reserves
 * applies only to a model with an input limit, which the table does not hold).
 */
export function opencodeUsable(window: number, maxOutput: number): number {
  const output = Math.min(maxOutput, OUTPUT_TOKEN_MAX) || OUTPUT_TOKEN_MAX
  return Math.max(0, window - output)
}

/** The tail's budget: a quarter of the usable input, clamped to 2,000–15,000. */
export function opencodeTailBudget(usable: number): number {
  return Math.min(
    MAX_PRESERVE_RECENT_TOKENS,
    Math.max(MIN_PRESERVE_RECENT_TOKENS, Math.floor(usable * 0.25)),
  )
}

const sum = (counts: readonly number[], from: number, to: number) => {
  let total = 0
  for (let i = from; i < to; i++) total += counts[i]
  return total
}

/**
 * Where the kept tail starts: whole turns (a user message to the next) from the newest while they
 * fit the budget; the first that does not is split at the earliest message whose suffix fits.
 * 0 means no tail: everything is summarised.
 */
export function opencodeTailStart(
  messages: readonly Message[],
  counts: readonly number[],
  budget: number,
): number {
  const starts = messages.flatMap((m, i) => (m.type === 'user' ? [i] : []))
  let total = 0
  let keep: number | undefined
  for (let t = starts.length - 1; t >= 0; t--) {
    const start = starts[t]
    const end = t + 1 < starts.length ? starts[t + 1] : messages.length
    const size = sum(counts, start, end)
    if (total + size <= budget) {
      total += size
      keep = start
      continue
    }
    const remaining = budget - total
    if (remaining > 0) {
      for (let s = start + 1; s < end; s++) {
        if (sum(counts, s, end) <= remaining) {
          keep = s
          break
        }
      }
    }
    break
  }
  return keep ?? 0
}

/**
 * The tool results prune erases: going back from the turn before the latest, past 40,000 tokens
 * of tool output, everything older, and only when that frees more than 20,000. It stops at an
 * earlier summary.
 */
export function opencodePruned(messages: readonly Message[], counts: readonly number[]): number[] {
  const { isResult } = toolExchanges(messages)
  let turns = 0
  let total = 0
  let pruned = 0
  const found: number[] = []
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]
    if (m.type === 'user') turns++
    if (turns < 2) continue
    if (m.meta?.compacted) break
    if (!isResult[i]) continue
    total += counts[i]
    if (total <= PRUNE_PROTECT) continue
    pruned += counts[i]
    found.push(i)
  }
  return pruned > PRUNE_MINIMUM ? found : []
}

/** opencode: the head before the kept tail is summarised; prune (when on) erases old tool output. */
export const opencodePreset: EnginePreset = {
  id: 'opencode',
  label: 'opencode',
  source:
    'opencode 1.18.33 (npm opencode-linux-x64): SessionCompaction (isOverflow, select, prune); sst/opencode@31e22f6 compaction.ts for the same select and prune',
  putsBack: 'the system prompt and instructions files are re-sent with every request',
  reads: () => WINDOW_AND_OUTPUT,
  run(input: EngineInput) {
    const { messages, counts } = input
    const trigger = opencodeUsable(limitOf(input, 'window'), limitOf(input, 'maxOutput'))
    // The system prompt is not one of opencode's messages: the tail is found in the history.
    const history = historyIndexes(messages)
    const start = opencodeTailStart(
      history.map((i) => messages[i]),
      history.map((i) => counts[i]),
      opencodeTailBudget(trigger),
    )
    // A tail from the first message is no tail: everything is summarised.
    const summarize = history.slice(0, start === 0 ? history.length : start)
    return resultOf(this, input, {
      trigger,
      firesAfter: firstReaching(counts, trigger, overheadOf(input)),
      summarize,
      // Prune runs at the end of every prompt loop, whether compaction fires or not.
      alwaysCleared: input.settings?.opencodePrune ? opencodePruned(messages, counts) : [],
    })
  },
}
