import { firstReaching, historyIndexes, limitOf, overheadOf, resultOf, WINDOW_ONLY } from './run'
import type { EngineInput, EnginePreset } from './types'

/**
 * InfiniteSessionConfig.backgroundCompactionThreshold's default: the context utilization at which
 * background compaction starts (github/copilot-sdk at cc0438d, nodejs/src/types.ts).
 */
const BACKGROUND_COMPACTION_THRESHOLD = 0.8

/**
 * Copilot CLI's trigger: the tokens at which the context reaches `threshold` of the window (a
 * whole count reaches window × threshold when it reaches that product rounded up).
 */
export function copilotCliTrigger(window: number, threshold = BACKGROUND_COMPACTION_THRESHOLD) {
  return Math.ceil(window * threshold)
}

/**
 * GitHub Copilot CLI's infinite sessions: at 80% of the context it compacts in the background,
 * summarising the conversation into one summary while the session goes on; the system prompt
 * stays. At 95% it waits for the compaction to finish. The CLI's code is not public: the rule is
 * the Copilot SDK's documented configuration, and what its sessions' events record.
 */
export const copilotCliPreset: EnginePreset = {
  id: 'copilot-cli',
  label: 'GitHub Copilot CLI',
  source:
    'github/copilot-sdk@cc0438d: nodejs/src/types.ts (InfiniteSessionConfig), docs/features/session-persistence.md; the CLI itself is not public',
  putsBack:
    'the system prompt is sent again; the summary is also written as a checkpoint in the session folder',
  reads: () => WINDOW_ONLY,
  run(input: EngineInput) {
    const trigger = copilotCliTrigger(
      limitOf(input, 'window'),
      input.settings?.copilotCompactionThreshold,
    )
    return resultOf(this, input, {
      trigger,
      firesAfter: firstReaching(input.counts, trigger, overheadOf(input)),
      summarize: historyIndexes(input.messages),
    })
  },
}
