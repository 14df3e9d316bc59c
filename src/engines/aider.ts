import type { Message } from '../types'
import {
  firstReaching,
  historyIndexes,
  limitOf,
  resultOf,
  SUMMARY_TOKENS_ESTIMATE,
  WINDOW_ONLY,
} from './run'
import type { EngineInput, EnginePreset } from './types'

const MIN_SPLIT = 4
const MAX_DEPTH = 3

/** max_chat_history_tokens: the input limit / 16, at least 1,024 and at most 8,192. */
export function aiderHistoryBudget(window: number): number {
  return Math.min(Math.max(window / 16, 1024), 8192)
}

/** An entry of the history being summarised: a message of the input, or an earlier summary. */
type Entry = { index: number; tokens: number } | { index: -1; tokens: number }

/**
 * Aider's ChatSummary over the chat history (not the system prompt): when it exceeds the budget,
 * a tail under half the budget is kept (its head ending on an assistant message), the head is
 * summarised, and the whole is summarised again, up to depth 3, while summary + tail still does
 * not fit. Returns the input indexes that end up summarised.
 */
export function aiderSummarized(
  messages: readonly Message[],
  counts: readonly number[],
  history: readonly number[],
  budget: number,
  summaryTokens: number,
): number[] {
  const summarized: number[] = []
  let entries: Entry[] = history.map((index) => ({ index, tokens: counts[index] }))
  const all = () => {
    for (const e of entries) if (e.index >= 0) summarized.push(e.index)
  }
  const isAssistant = (e: Entry) => e.index >= 0 && messages[e.index].type === 'bot'
  for (let depth = 0; ; depth++) {
    if (entries.length <= MIN_SPLIT || depth > MAX_DEPTH) {
      all()
      break
    }
    const half = Math.floor(budget / 2)
    let tailTokens = 0
    let split = entries.length
    for (let i = entries.length - 1; i >= 0; i--) {
      if (tailTokens + entries[i].tokens < half) {
        tailTokens += entries[i].tokens
        split = i
      } else break
    }
    while (split > 1 && !isAssistant(entries[split - 1])) split--
    if (split <= MIN_SPLIT) {
      all()
      break
    }
    for (const e of entries.slice(0, split)) if (e.index >= 0) summarized.push(e.index)
    const tail = entries.slice(split)
    const tailSum = tail.reduce((a, e) => a + e.tokens, 0)
    if (summaryTokens + tailSum < budget) break
    entries = [{ index: -1, tokens: summaryTokens }, ...tail]
  }
  return summarized
}

/** Aider: the chat history is summarised recursively once it exceeds its small budget. */
export const aiderPreset: EnginePreset = {
  id: 'aider',
  label: 'Aider',
  source: 'Aider-AI/aider@5dc9490 (0.86.3.dev) aider/history.py ChatSummary; aider/models.py',
  putsBack:
    'the system prompt, the repo map and the files added to the chat are rebuilt for every request',
  reads: () => WINDOW_ONLY,
  run(input: EngineInput) {
    const { messages, counts } = input
    const budget = aiderHistoryBudget(limitOf(input, 'window'))
    const history = historyIndexes(messages)
    const isHistory = new Set(history)
    const summaryTokens = Math.min(SUMMARY_TOKENS_ESTIMATE, Math.floor(budget / 2))
    return resultOf(this, input, {
      trigger: budget,
      // The history alone is measured, and it must exceed the budget.
      firesAfter: firstReaching(counts, budget, 0, {
        strict: true,
        counted: (i) => isHistory.has(i),
      }),
      summarize: aiderSummarized(messages, counts, history, budget, summaryTokens),
      summaryTokens,
    })
  },
}
