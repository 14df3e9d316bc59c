import type { Message } from '../types'
import { toolExchanges } from './exchanges'
import { firstReaching, overheadOf, resultOf, SUMMARY_TOKENS_ESTIMATE } from './run'
import type { EngineInput, EnginePreset } from './types'

const CONTEXT_WINDOW_INPUT_RATIO = 0.9
const COMPACTION_TRIGGER_RATIO = 0.9
const DEFAULT_TARGET_RATIO = 0.7
const DEFAULT_PRESERVE_RECENT_TOKENS = 20_000
const SUMMARY_MAX_OUTPUT_TOKENS = 4_096

/** The types that stand for the assistant's side: its text, its thinking, its tool calls. */
const ASSISTANT_TYPES = new Set(['bot', 'reasoning', 'activity'])

/** 0.9 × the usable input, which is 0.9 × the window when only the window is known. */
export function clineTrigger(window: number): number {
  return window * CONTEXT_WINDOW_INPUT_RATIO * COMPACTION_TRIGGER_RATIO
}

/** The recent tokens kept: 20,000, or less when the request's target (70% of the trigger) is. */
export function clinePreserve(trigger: number): number {
  return Math.min(DEFAULT_PRESERVE_RECENT_TOKENS, Math.floor(trigger * DEFAULT_TARGET_RATIO))
}

/**
 * Cline's cut: back from the end until the preserved budget is reached, never past the latest
 * user turn, then back to a message it may start on (an assistant message or a user turn).
 */
export function clineCut(
  messages: readonly Message[],
  counts: readonly number[],
  preserve: number,
) {
  const { isResult } = toolExchanges(messages)
  let total = 0
  let candidate = messages.length
  for (let i = messages.length - 1; i >= 0; i--) {
    total += counts[i]
    candidate = i
    if (total >= preserve) break
  }
  if (candidate <= 0) return 0
  const turnStart = (i: number) => messages[i].type === 'user' && !isResult[i]
  let lastTurn = 0
  for (let i = messages.length - 1; i >= 0; i--) {
    if (turnStart(i)) {
      lastTurn = i
      break
    }
  }
  let cut = lastTurn > 0 ? Math.min(candidate, lastTurn) : candidate
  const safe = (i: number) =>
    turnStart(i) || (ASSISTANT_TYPES.has(messages[i].type) && !isResult[i])
  while (cut > 0 && !safe(cut)) cut--
  return cut
}

/** Cline (SDK core): the head before the cut is summarised; the system prompt is sent apart. */
export const clinePreset: EnginePreset = {
  id: 'cline',
  label: 'Cline',
  source:
    'cline/cline@21cb8d2 sdk/packages/core (0.0.78) src/extensions/context/compaction.ts, compaction-shared.ts',
  putsBack: 'the system prompt is re-sent; the summary lists the files read and modified',
  run(input: EngineInput) {
    const { messages, counts } = input
    const trigger = clineTrigger(input.window)
    const cut = clineCut(messages, counts, clinePreserve(trigger))
    return resultOf(this, input, {
      trigger,
      firesAfter: firstReaching(counts, trigger, overheadOf(input)),
      summarize: messages.flatMap((m, i) => (i < cut && m.type !== 'instructions' ? [i] : [])),
      summaryTokens: Math.min(SUMMARY_TOKENS_ESTIMATE, SUMMARY_MAX_OUTPUT_TOKENS),
      ...(cut <= 0 || cut >= messages.length ? { declined: 'no message to cut at' } : {}),
    })
  },
}
