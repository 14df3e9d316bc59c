import type { Message } from '../types'
import { toolExchanges } from './exchanges'
import { firstReaching, historyIndexes, limitOf, overheadOf, resultOf, WINDOW_ONLY } from './run'
import type { EngineInput, EnginePreset } from './types'

const COMPRESSION_TOKEN_THRESHOLD = 0.5
const COMPRESSION_PRESERVE_THRESHOLD = 0.3
const FUNCTION_RESPONSE_TOKEN_BUDGET = 50_000

/** The tool results truncated before the split: newest first, those past a 50,000-token budget. */
export function geminiTruncated(messages: readonly Message[], counts: readonly number[]): number[] {
  const { isResult } = toolExchanges(messages)
  let used = 0
  const truncated: number[] = []
  for (let i = messages.length - 1; i >= 0; i--) {
    if (!isResult[i]) continue
    // A truncated result keeps only its last lines, counted here as nothing.
    if (used + counts[i] > FUNCTION_RESPONSE_TOKEN_BUDGET) truncated.push(i)
    else used += counts[i]
  }
  return truncated
}

/**
 * Gemini CLI's split point over its history (`history`, indexes into `messages`): the first user
 * turn (not a tool result) at which the characters before it reach 70% of the total; failing
 * that, everything when the history ends on a model reply without a call, else the last user
 * turn seen. Returns a position in `history`; history.length means compress everything.
 */
export function geminiSplitPoint(messages: readonly Message[], history: readonly number[]): number {
  const { isResult, useOf } = toolExchanges(messages)
  const chars = history.map((i) => messages[i].text.length + (messages[i].payload?.length ?? 0))
  const target = chars.reduce((a, b) => a + b, 0) * (1 - COMPRESSION_PRESERVE_THRESHOLD)
  let last = 0
  let cumulative = 0
  for (let k = 0; k < history.length; k++) {
    const m = messages[history[k]]
    if ((m.type === 'user' || m.type === 'context') && !isResult[history[k]]) {
      if (cumulative >= target) return k
      last = k
    }
    cumulative += chars[k]
  }
  const end = history[history.length - 1]
  if (end !== undefined && messages[end].type === 'bot' && useOf[end] === -1) return history.length
  return last
}

/** Gemini CLI: compresses the oldest 70% of the history by characters into a state snapshot. */
export const geminiCliPreset: EnginePreset = {
  id: 'gemini-cli',
  label: 'Gemini CLI',
  source:
    'google-gemini/gemini-cli@5411f11 (0.56.0-nightly) packages/core/src/context/chatCompressionService.ts',
  putsBack:
    'the system instruction and the initial environment context (date, OS, folders) are rebuilt',
  reads: () => WINDOW_ONLY,
  run(input: EngineInput) {
    const { messages, counts } = input
    const trigger = COMPRESSION_TOKEN_THRESHOLD * limitOf(input, 'window')
    const history = historyIndexes(messages)
    const split = geminiSplitPoint(messages, history)
    return resultOf(this, input, {
      trigger,
      firesAfter: firstReaching(counts, trigger, overheadOf(input)),
      summarize: history.slice(0, split),
      cleared: geminiTruncated(messages, counts),
      ...(split === 0 ? { declined: 'no user turn to split at: nothing to compress' } : {}),
    })
  },
}
