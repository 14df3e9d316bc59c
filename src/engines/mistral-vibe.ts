import { firstReaching, historyIndexes, NO_LIMITS, overheadOf, resultOf } from './run'
import type { EngineInput, EnginePreset } from './types'

/** DEFAULT_AUTO_COMPACT_THRESHOLD (vibe/core/config/_defaults.py): tokens of context, any model. */
export const VIBE_AUTO_COMPACT_THRESHOLD = 200_000

/**
 * Mistral Vibe: before each turn, when the last reply's prompt and completion tokens together reach
 * the active model's `auto_compact_threshold` (200,000 unless configured; 0 turns it off), the
 * history is replaced by the system prompt and one message holding the user's recent messages and
 * a summary.
 */
export const mistralVibePreset: EnginePreset = {
  id: 'mistral-vibe',
  label: 'Mistral Vibe',
  source:
    'mistralai/mistral-vibe 2.18.4: vibe/core/middleware.py (AutoCompactMiddleware), vibe/core/agent_loop.py (compact, _update_stats), vibe/core/compaction.py, vibe/core/config/_defaults.py',
  putsBack:
    "the system prompt, and in the summary's message the user's most recent messages, verbatim up to about 20,000 tokens (not counted)",
  // Its threshold is a count of tokens of its own; no model limit is read.
  reads: () => NO_LIMITS,
  run(input: EngineInput) {
    const threshold = input.settings?.vibeAutoCompactThreshold ?? VIBE_AUTO_COMPACT_THRESHOLD
    if (threshold <= 0) return resultOf(this, input, { trigger: 0, firesAfter: null })
    return resultOf(this, input, {
      trigger: threshold,
      firesAfter: firstReaching(input.counts, threshold, overheadOf(input)),
      summarize: historyIndexes(input.messages),
    })
  },
}
