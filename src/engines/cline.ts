import type { Message } from '../types'
import { toolExchanges } from './exchanges'
import {
  firstReaching,
  historyIndexes,
  limitOf,
  overheadOf,
  resultOf,
  SUMMARY_TOKENS_ESTIMATE,
  WINDOW_AND_OUTPUT,
} from './run'
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

const LONG_CONVERSATION_TARGET_RATIO = 0.5
const LONG_CONVERSATION_PAIRS = 5

/** User/assistant pairs: a user message (not a tool result) followed by an assistant one. */
function pairCount(messages: readonly Message[], history: readonly number[]): number {
  const { isResult } = toolExchanges(messages)
  let pairs = 0
  let pendingUser = false
  for (const i of history) {
    const m = messages[i]
    if (m.type === 'user' || isResult[i]) pendingUser = true
    else if (ASSISTANT_TYPES.has(m.type) && pendingUser) {
      pairs++
      pendingUser = false
    }
  }
  return pairs
}

/**
 * The recent tokens kept (resolveAutoRequestTargetTokens, then the agentic strategy's preserve):
 * the request's target is half the usable input once there are 5 or more user/assistant pairs and
 * the max output is below the usable input, else 70% of the trigger; never above the usable input
 * or the trigger less one. Less the request's overhead, it caps the 20,000 recent tokens.
 */
export function clinePreserve(
  window: number,
  maxOutput: number,
  pairs: number,
  overhead = 0,
): number {
  const maxInput = window * CONTEXT_WINDOW_INPUT_RATIO
  const trigger = maxInput * COMPACTION_TRIGGER_RATIO
  const target =
    pairs >= LONG_CONVERSATION_PAIRS && maxOutput < maxInput
      ? Math.floor(maxInput * LONG_CONVERSATION_TARGET_RATIO)
      : Math.floor(trigger * DEFAULT_TARGET_RATIO)
  const request = Math.max(1, Math.min(target, maxInput, Math.max(1, trigger - 1)))
  const messages = Math.max(1, Math.floor(request - overhead))
  return Math.min(DEFAULT_PRESERVE_RECENT_TOKENS, messages)
}

/**
 * Cline's cut: back from the end until the preserved budget is reached, never past the latest
 * user turn, then back to a message it may start on (an assistant message or a user turn).
 */
export function clineCut(
  messages: readonly Message[],
  counts: readonly number[],
  preserve: number,
  isResult: readonly boolean[] = toolExchanges(messages).isResult,
) {
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
  reads: () => WINDOW_AND_OUTPUT,
  run(input: EngineInput) {
    const { messages, counts } = input
    const window = limitOf(input, 'window')
    const trigger = clineTrigger(window)
    // The system prompt is not one of Cline's messages: the cut is found in the history.
    const history = historyIndexes(messages)
    const preserve = clinePreserve(
      window,
      limitOf(input, 'maxOutput'),
      pairCount(messages, history),
      overheadOf(input),
    )
    const isResult = toolExchanges(messages).isResult
    const cut = clineCut(
      history.map((i) => messages[i]),
      history.map((i) => counts[i]),
      preserve,
      history.map((i) => isResult[i]),
    )
    return resultOf(this, input, {
      trigger,
      firesAfter: firstReaching(counts, trigger, overheadOf(input)),
      summarize: history.slice(0, cut),
      summaryTokens: Math.min(SUMMARY_TOKENS_ESTIMATE, SUMMARY_MAX_OUTPUT_TOKENS),
      ...(cut <= 0 || cut >= history.length ? { declined: 'no message to cut at' } : {}),
    })
  },
}
