import { firstReaching, historyIndexes, limitOf, overheadOf, resultOf, WINDOW_ONLY } from './run'
import type { EngineInput, EnginePreset } from './types'

/** The share of the context the CLI gives the reply when the model's config sets no max_tokens. */
const DEFAULT_MAX_TOKENS_RATIO = 0.35
/** The most it gives it so. */
const MAX_MAX_TOKENS = 64_000
/** The buffer below the room for input: a fifth of it, at least the reply's, at most 15,000. */
const AUTO_COMPACT_BUFFER_RATIO = 0.8
const AUTO_COMPACT_BUFFER_CAP = 15_000

/**
 * The reply's room the Continue CLI keeps free (getModelMaxTokens, extensions/cli/src/util/
 * tokenizer.ts): the model config's max_tokens, else 35% of the context length, at most 64,000.
 */
export function continueMaxTokens(window: number, configured?: number): number {
  return configured ?? Math.ceil(Math.min(window * DEFAULT_MAX_TOKENS_RATIO, MAX_MAX_TOKENS))
}

/**
 * The Continue CLI's auto-compaction threshold (shouldAutoCompact, extensions/cli/src/
 * compaction.ts): the context length less the reply's room, less a buffer of the larger of the
 * reply's room and a fifth of what is left, at most 15,000. Not above 0 means no room for input.
 */
export function continueTrigger(window: number, maxTokens: number): number {
  const buffer = Math.min(
    Math.max(maxTokens, Math.ceil((1 - AUTO_COMPACT_BUFFER_RATIO) * (window - maxTokens))),
    AUTO_COMPACT_BUFFER_CAP,
  )
  return window - maxTokens - buffer
}

/**
 * Continue's CLI (`cn`): the whole history is summarised into one assistant message; its system
 * message stays. The IDE extension compacts only when the user asks, at a message they choose.
 */
export const continuePreset: EnginePreset = {
  id: 'continue',
  label: 'Continue (cn)',
  source:
    'continuedev/continue@d0a3c0b626: extensions/cli/src/compaction.ts (shouldAutoCompact, compactChatHistory), extensions/cli/src/util/tokenizer.ts (getModelMaxTokens)',
  putsBack: 'the system message of the moment is sent with every request',
  reads: () => WINDOW_ONLY,
  run(input: EngineInput) {
    const window = limitOf(input, 'window')
    const trigger = continueTrigger(
      window,
      continueMaxTokens(window, input.settings?.continueMaxTokens),
    )
    // A max_tokens that leaves no room for input: the CLI stops with an error, and never compacts.
    if (trigger <= 0) return resultOf(this, input, { trigger: 0, firesAfter: null })
    return resultOf(this, input, {
      trigger,
      firesAfter: firstReaching(input.counts, trigger, overheadOf(input)),
      summarize: historyIndexes(input.messages),
    })
  },
}
