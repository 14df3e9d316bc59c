import { bucketsOf } from '../buckets'
import { checkCompaction, describeReason } from '../check'
import { TRIGGER_RATIO } from '../types'
import { firstReaching, overheadOf, resultOf } from './run'
import type { EnginePreset } from './types'

/**
 * The package's own policy (docs/semantics.md): it fires when the estimate reaches MaxTokens ×
 * TriggerRatio, keeps the recent tail and hoists the instructions. MaxTokens is the window unless
 * settings.seed says otherwise. The split is checkCompaction's, so the two always agree.
 */
export const seedPreset: EnginePreset = {
  id: 'seed',
  label: 'Compaction Inspector (seed)',
  source: 'this package: docs/semantics.md, pinned by testdata/corpus.json',
  putsBack: 'instructions hoisted to the front, then the summary, then the kept tail',
  run(input) {
    const { messages, counts } = input
    const seed = input.settings?.seed ?? {}
    const options = {
      maxTokens: seed.maxTokens ?? input.window,
      ...(seed.triggerRatio !== undefined ? { triggerRatio: seed.triggerRatio } : {}),
      ...(seed.keepRecentCount !== undefined ? { keepRecentCount: seed.keepRecentCount } : {}),
      model: input.spec?.model ?? '',
      wire: input.spec?.wire ?? 'native',
      hiddenTokens: input.hiddenTokens ?? 0,
    }
    const check = checkCompaction(messages, options, counts)
    const trigger = options.maxTokens * (seed.triggerRatio ?? TRIGGER_RATIO)
    const buckets = bucketsOf(messages, check, options.keepRecentCount)
    return resultOf(this, input, {
      trigger,
      firesAfter: firstReaching(counts, trigger, overheadOf(input)),
      summarize: buckets.flatMap((b, i) => (b === 'summarize' ? [i] : [])),
      ...(check.reason !== null && check.reason !== 'below-threshold'
        ? { declined: describeReason(check.reason) }
        : {}),
    })
  },
}
