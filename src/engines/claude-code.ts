import {
  firstReaching,
  historyIndexes,
  limitOf,
  overheadOf,
  resultOf,
  WINDOW_AND_OUTPUT,
} from './run'
import type { EngineInput, EnginePreset } from './types'

/** What Claude Code sets aside from the window for the summary's own output, at most. */
const SUMMARY_OUTPUT_RESERVE = 20_000
/** The margin below the effective window at which auto-compact fires. */
const AUTOCOMPACT_BUFFER = 13_000

/**
 * Claude Code's auto-compact threshold: effective window − 13,000, where the effective window is
 * the window less min(max output, 20,000). CLAUDE_AUTOCOMPACT_PCT_OVERRIDE (a percentage of the
 * effective window) can only lower it: the smaller of the two wins.
 */
export function claudeCodeTrigger(window: number, maxOutput: number, pct?: number): number {
  const effective = window - Math.min(maxOutput, SUMMARY_OUTPUT_RESERVE)
  // A window smaller than the reserves leaves no room: it fires at once.
  const threshold = Math.max(0, effective - AUTOCOMPACT_BUFFER)
  if (pct === undefined || !(pct > 0 && pct <= 100)) return threshold
  return Math.min(Math.floor(effective * (pct / 100)), threshold)
}

/** Claude Code: the whole conversation is summarised; the system prompt and CLAUDE.md come back. */
export const claudeCodePreset: EnginePreset = {
  id: 'claude-code',
  label: 'Claude Code',
  source:
    'no public source: code.claude.com docs (auto-compact), anthropics/claude-code#31806 (threshold and override, 2.1.x)',
  putsBack:
    'the system prompt and CLAUDE.md are re-sent, with recently read files and the todo list re-attached (not counted)',
  reads: () => WINDOW_AND_OUTPUT,
  run(input: EngineInput) {
    const trigger = claudeCodeTrigger(
      limitOf(input, 'window'),
      limitOf(input, 'maxOutput'),
      input.settings?.claudeAutocompactPct,
    )
    return resultOf(this, input, {
      trigger,
      firesAfter: firstReaching(input.counts, trigger, overheadOf(input)),
      summarize: historyIndexes(input.messages),
    })
  },
}
