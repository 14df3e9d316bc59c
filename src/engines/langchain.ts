import type { Message } from '../types'
import { toolExchanges } from './exchanges'
import { firstReaching, historyIndexes, overheadOf, resultOf } from './run'
import type { EngineInput, EnginePreset, EngineSettings } from './types'

type ContextSize = NonNullable<EngineSettings['langchainTrigger']>

const DEFAULT_TRIGGER: ContextSize = { kind: 'fraction', value: 0.8 }
const DEFAULT_KEEP: ContextSize = { kind: 'messages', value: 20 }
const SEARCH_RANGE_FOR_TOOL_PAIRS = 5

/** The trigger in tokens, for a fraction or a token count; a message count has none. */
export function langchainTriggerTokens(trigger: ContextSize, maxInput: number): number | null {
  if (trigger.kind === 'messages') return null
  if (trigger.kind === 'tokens') return trigger.value
  return Math.max(1, Math.floor(maxInput * trigger.value))
}

/**
 * Whether cutting before position `cut` of `list` (indexes into `messages`) keeps every AI message
 * with tool calls near the cut (5 either side) on the same side as its tool results.
 */
function isSafeCutoff(messages: readonly Message[], list: readonly number[], cut: number): boolean {
  if (cut >= list.length) return true
  const { uses, useOf } = toolExchanges(messages)
  const position = new Map(list.map((index, k) => [index, k]))
  const from = Math.max(0, cut - SEARCH_RANGE_FOR_TOOL_PAIRS)
  const to = Math.min(list.length, cut + SEARCH_RANGE_FOR_TOOL_PAIRS)
  for (let k = from; k < to; k++) {
    const u = useOf[list[k]]
    if (u === -1 || uses[u][0] !== list[k]) continue
    for (const result of uses[u].slice(1)) {
      const j = position.get(result)
      if (j !== undefined && j > k && k < cut !== j < cut) return false
    }
  }
  return true
}

/** The first position kept: `keep` messages back (or a token budget), moved back to a safe cut. */
export function langchainCutoff(
  messages: readonly Message[],
  counts: readonly number[],
  list: readonly number[],
  keep: ContextSize,
  maxInput: number,
): number {
  let target: number
  if (keep.kind === 'messages') {
    if (list.length <= keep.value) return 0
    target = list.length - keep.value
  } else {
    const budget = Math.max(
      1,
      keep.kind === 'tokens' ? keep.value : Math.floor(maxInput * keep.value),
    )
    const suffix = (k: number) => list.slice(k).reduce((a, i) => a + counts[i], 0)
    if (suffix(0) <= budget) return 0
    target = list.length
    for (let k = 0; k < list.length; k++) {
      if (suffix(k) <= budget) {
        target = k
        break
      }
    }
    if (target >= list.length) {
      if (list.length === 1) return 0
      target = list.length - 1
    }
  }
  for (let k = target; k >= 0; k--) if (isSafeCutoff(messages, list, k)) return k
  return 0
}

/** LangChain's SummarizationMiddleware: older messages summarised, an AI/Tool pair never split. */
export const langchainPreset: EnginePreset = {
  id: 'langchain',
  label: 'LangChain SummarizationMiddleware',
  source:
    'langchain-ai/langchain libs/langchain_v1/langchain/agents/middleware/summarization.py (trigger/keep ContextSize)',
  putsBack: 'the agent system prompt is sent apart; the summary comes back as a human message',
  run(input: EngineInput) {
    const { messages, counts } = input
    const trigger = input.settings?.langchainTrigger ?? DEFAULT_TRIGGER
    const keep = input.settings?.langchainKeep ?? DEFAULT_KEEP
    const list = historyIndexes(messages)
    const tokens = langchainTriggerTokens(trigger, input.window)
    const firesAfter =
      tokens === null
        ? list.length >= trigger.value
          ? list[trigger.value - 1]
          : null
        : firstReaching(counts, tokens, overheadOf(input))
    const cut = langchainCutoff(messages, counts, list, keep, input.window)
    return resultOf(this, input, {
      trigger: tokens ?? trigger.value,
      firesAfter,
      summarize: list.slice(0, cut),
      ...(cut <= 0 ? { declined: 'no safe cutoff: too few messages before the kept ones' } : {}),
    })
  },
}
