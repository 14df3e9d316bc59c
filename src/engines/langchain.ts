import type { Message } from '../types'
import { toolExchanges } from './exchanges'
import {
  firstReaching,
  historyIndexes,
  limitOf,
  NO_LIMITS,
  overheadOf,
  resultOf,
  WINDOW_ONLY,
} from './run'
import type { EngineInput, EngineLimitsInput, EnginePreset, EngineSettings } from './types'

type ContextSize = NonNullable<EngineSettings['langchainTrigger']>

const DEFAULT_TRIGGER: ContextSize = { kind: 'fraction', value: 0.8 }
const DEFAULT_KEEP: ContextSize = { kind: 'messages', value: 20 }
const SEARCH_RANGE_FOR_TOOL_PAIRS = 5

/** The trigger in tokens, for a fraction or a token count; a message count has none. */
export function langchainTriggerTokens(trigger: ContextSize, maxInput: number): number | null {
  if (trigger.kind === 'messages') return null
  if (trigger.kind === 'tokens') return trigger.value
  return Math.floor(maxInput * trigger.value)
}

/**
 * The middleware's view of the history `list` (indexes into `messages`): which positions are tool
 * messages, and the tool uses an AI message at each position calls. An AI message with several
 * calls is one message with several uses, as toolExchanges pairs them.
 */
function pairsOf(messages: readonly Message[], list: readonly number[]) {
  const { uses, useOf, isResult } = toolExchanges(messages)
  const position = new Map(list.map((index, k) => [index, k]))
  const calls: number[][] = list.map(() => [])
  uses.forEach((use, u) => {
    const k = position.get(use[0])
    if (k !== undefined && use.length > 0) calls[k].push(u)
  })
  return {
    isTool: (k: number) => isResult[list[k]],
    /** The uses the AI message at `k` calls (none when it is not one). */
    callsAt: (k: number) => calls[k],
    useAt: (k: number) => useOf[list[k]],
    /** The positions of a use's tool messages. */
    resultsOf: (u: number) =>
      uses[u].slice(1).flatMap((i) => {
        const k = position.get(i)
        return k === undefined ? [] : [k]
      }),
  }
}

type Pairs = ReturnType<typeof pairsOf>

/**
 * isSafeCutoffPoint: a cut before position `cut` is unsafe when it starts on an AI message with
 * tool calls, or separates an AI message with calls within 5 positions of it from a tool message
 * answering one of them.
 */
function isSafeCutoffPoint(p: Pairs, n: number, cut: number): boolean {
  if (cut >= n) return true
  if (p.callsAt(cut).length > 0) return false
  const from = Math.max(0, cut - SEARCH_RANGE_FOR_TOOL_PAIRS)
  const to = Math.min(n, cut + SEARCH_RANGE_FOR_TOOL_PAIRS)
  for (let k = from; k < to; k++) {
    for (const u of p.callsAt(k)) {
      for (const j of p.resultsOf(u)) if (j > k && k < cut !== j < cut) return false
    }
  }
  return true
}

/**
 * findSafeCutoffPoint: a cut that lands on a tool message moves back to the AI message that made
 * one of the calls of the run of tool messages it starts (however far back), else past the run.
 */
function findSafeCutoffPoint(p: Pairs, n: number, cut: number): number {
  if (cut >= n || !p.isTool(cut)) return cut
  const answered = new Set<number>()
  let end = cut
  while (end < n && p.isTool(end)) {
    const u = p.useAt(end)
    if (u !== -1) answered.add(u)
    end++
  }
  for (let k = cut - 1; k >= 0; k--) {
    if (p.callsAt(k).some((u) => answered.has(u))) return k
  }
  return end
}

/** The safe cut at or before `target`: findSafeCutoffPoint, else back to a safe cutoff point. */
function safeCutAtOrBefore(p: Pairs, n: number, target: number): number {
  const safe = findSafeCutoffPoint(p, n, target)
  if (safe <= target) return safe
  for (let k = target; k >= 0; k--) if (isSafeCutoffPoint(p, n, k)) return k
  return 0
}

/**
 * The first position kept (determineCutoffIndex): `keep` messages back, or the earliest suffix
 * within a token budget (the last message alone when none fits), moved back to a safe cut.
 */
export function langchainCutoff(
  messages: readonly Message[],
  counts: readonly number[],
  list: readonly number[],
  keep: ContextSize,
  maxInput: number,
): number {
  const n = list.length
  const p = pairsOf(messages, list)
  if (keep.kind === 'messages') {
    if (n <= keep.value) return 0
    return safeCutAtOrBefore(p, n, n - keep.value)
  }
  if (n === 0) return 0
  const budget = Math.max(
    1,
    Math.floor(keep.kind === 'tokens' ? keep.value : maxInput * keep.value),
  )
  // suffix[k]: the tokens from position k to the end, summed once.
  const suffix = new Array<number>(n + 1).fill(0)
  for (let k = n - 1; k >= 0; k--) suffix[k] = suffix[k + 1] + counts[list[k]]
  if (suffix[0] <= budget) return 0
  let target = n
  for (let k = 0; k < n; k++) {
    if (suffix[k] <= budget) {
      target = k
      break
    }
  }
  if (target >= n) {
    if (n === 1) return 0
    target = n - 1
  }
  return safeCutAtOrBefore(p, n, target)
}

/** Whether the middleware's trigger or keep, as set or by default, is a fraction of the window. */
function readsWindow(input: EngineLimitsInput): boolean {
  const trigger = input.settings?.langchainTrigger ?? DEFAULT_TRIGGER
  const keep = input.settings?.langchainKeep ?? DEFAULT_KEEP
  return trigger.kind === 'fraction' || keep.kind === 'fraction'
}

/** LangChain's SummarizationMiddleware: older messages summarised, an AI/Tool pair never split. */
export const langchainPreset: EnginePreset = {
  id: 'langchain',
  label: 'LangChain SummarizationMiddleware',
  source:
    'langchain-ai/langchainjs@62fc484 (langchain 1.5.5) libs/langchain/src/agents/middleware/summarization.ts',
  putsBack: 'the agent system prompt is sent apart; the summary comes back as a human message',
  // The window is read only for a trigger or a keep given as a fraction of it (the default trigger).
  reads: (input) => (readsWindow(input) ? WINDOW_ONLY : NO_LIMITS),
  run(input: EngineInput) {
    const { messages, counts } = input
    const trigger = input.settings?.langchainTrigger ?? DEFAULT_TRIGGER
    const keep = input.settings?.langchainKeep ?? DEFAULT_KEEP
    const list = historyIndexes(messages)
    // The model's input size, which only a fraction reads.
    const maxInput = readsWindow(input) ? limitOf(input, 'window') : 0
    const tokens = langchainTriggerTokens(trigger, maxInput)
    const firesAfter =
      tokens === null
        ? list.length >= trigger.value
          ? list[trigger.value - 1]
          : null
        : firstReaching(counts, tokens, overheadOf(input))
    const cut = langchainCutoff(messages, counts, list, keep, maxInput)
    return resultOf(this, input, {
      trigger: tokens ?? trigger.value,
      firesAfter,
      summarize: list.slice(0, cut),
      ...(cut <= 0 ? { declined: 'no safe cutoff: too few messages before the kept ones' } : {}),
    })
  },
}
