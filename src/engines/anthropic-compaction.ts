import { firstReaching, historyIndexes, NO_LIMITS, overheadOf, resultOf } from './run'
import type { EngineInput, EnginePreset } from './types'

/** The compact_20260112 edit's default trigger, in input tokens. */
export const ANTHROPIC_COMPACTION_TRIGGER = 150_000

/** The Messages API's server-side compaction: every block before the compaction block is dropped. */
export const anthropicCompactionPreset: EnginePreset = {
  id: 'anthropic-compaction',
  label: 'Anthropic API compaction',
  source:
    'https://platform.claude.com/docs/en/build-with-claude/compaction (compact_20260112, beta compact-2026-01-12)',
  putsBack: 'the system prompt and tools are request parameters, sent again unchanged',
  // Its trigger is the edit's own parameter, defaulted; no model limit is read.
  reads: () => NO_LIMITS,
  run(input: EngineInput) {
    const trigger = input.settings?.anthropicCompactionTrigger ?? ANTHROPIC_COMPACTION_TRIGGER
    return resultOf(this, input, {
      trigger,
      firesAfter: firstReaching(input.counts, trigger, overheadOf(input)),
      summarize: historyIndexes(input.messages),
    })
  },
}
