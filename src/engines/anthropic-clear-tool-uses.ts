import { formatNumber } from '../numbers'
import { toolExchanges, toolNameOf } from './exchanges'
import { firstReaching, NO_LIMITS, overheadOf, resultOf } from './run'
import type { EngineInput, EnginePreset } from './types'

/** The clear_tool_uses_20250919 edit's defaults. */
export const CLEAR_TOOL_USES_TRIGGER = 100_000
export const CLEAR_TOOL_USES_KEEP = 3

/**
 * Context editing: past the trigger, the results of every tool use but the most recent `keep`
 * are cleared (their inputs too with clear_tool_inputs); tools in exclude_tools are never cleared,
 * and nothing is cleared when it would free fewer than clear_at_least tokens. Nothing is summarised.
 */
export const anthropicClearToolUsesPreset: EnginePreset = {
  id: 'anthropic-clear-tool-uses',
  label: 'Anthropic context editing (clear tool uses)',
  source:
    'https://platform.claude.com/docs/en/build-with-claude/context-editing (clear_tool_uses_20250919)',
  putsBack: 'nothing: each cleared result is replaced by a short placeholder (not counted)',
  // Its thresholds are the edit's own parameters, defaulted; no model limit is read.
  reads: () => NO_LIMITS,
  run(input: EngineInput) {
    const { messages, counts } = input
    const options = input.settings?.clearToolUses ?? {}
    const trigger = options.trigger ?? CLEAR_TOOL_USES_TRIGGER
    const keep = options.keep ?? CLEAR_TOOL_USES_KEEP
    const excluded = new Set(options.excludeTools ?? [])
    const { uses } = toolExchanges(messages)
    const older = uses.slice(0, Math.max(0, uses.length - keep))
    const cleared = older
      .filter((use) => !excluded.has(toolNameOf(messages[use[0]])))
      .flatMap((use) => (options.clearToolInputs ? use : use.slice(1)))
    // clear_at_least: when the clearing would free fewer tokens, the edit is not applied.
    const freed = cleared.reduce((total, i) => total + counts[i], 0)
    const atLeast = options.clearAtLeast ?? 0
    const declined =
      cleared.length === 0
        ? `no tool use older than the last ${keep}`
        : freed < atLeast
          ? `clearing frees ${formatNumber(freed)} tokens, under clear_at_least (${formatNumber(atLeast)})`
          : undefined
    return resultOf(this, input, {
      trigger,
      firesAfter: firstReaching(counts, trigger, overheadOf(input)),
      cleared: declined === undefined ? cleared : [],
      ...(declined !== undefined ? { declined } : {}),
    })
  },
}
