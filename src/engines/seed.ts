import { describeReason } from '../check'
import { countingSpecOf } from '../options'
import { planCompaction } from '../plan'
import { firstReaching, limitOf, NO_LIMITS, overheadOf, resultOf, WINDOW_ONLY } from './run'
import type { EnginePreset } from './types'

/**
 * The package's own policy (docs/semantics.md): it fires when the estimate reaches MaxTokens ×
 * TriggerRatio, keeps the recent tail and hoists the instructions. MaxTokens is the window unless
 * settings.seed says otherwise. The split is the core's plan, so the two always agree.
 */
export const seedPreset: EnginePreset = {
  id: 'seed',
  label: 'Compaction Inspector (seed)',
  source: 'this package: docs/semantics.md, pinned by testdata/corpus.json',
  putsBack: 'instructions hoisted to the front, then the summary, then the kept tail',
  // MaxTokens given in its settings stands in for the window.
  reads: (input) => (input.settings?.seed?.maxTokens !== undefined ? NO_LIMITS : WINDOW_ONLY),
  run(input) {
    const { messages, counts } = input
    const seed = input.settings?.seed ?? {}
    const options = {
      maxTokens: seed.maxTokens ?? limitOf(input, 'window'),
      ...(seed.triggerRatio !== undefined ? { triggerRatio: seed.triggerRatio } : {}),
      ...(seed.keepRecentCount !== undefined ? { keepRecentCount: seed.keepRecentCount } : {}),
      ...countingSpecOf(input.spec ?? {}),
      hiddenTokens: input.hiddenTokens ?? 0,
    }
    const plan = planCompaction(messages, options, counts)
    return resultOf(this, input, {
      trigger: plan.threshold,
      firesAfter: firstReaching(counts, plan.threshold, overheadOf(input)),
      summarize: [...plan.layout.summarized],
      ...(plan.reason !== null && plan.reason !== 'below-threshold'
        ? { declined: describeReason(plan.reason) }
        : {}),
    })
  },
}
