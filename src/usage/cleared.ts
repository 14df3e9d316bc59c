import type { ReportedUsage } from '../formats/types'
import { decodePayload, encodePayload } from '../formats/payload'
import { countMessageTokens, textCost, type SpecLike } from '../pricing/cost'
import type { Message } from '../types'

/**
 * What Claude Code sends in place of a tool result's content once a microcompaction has cleared
 * it: the result block stays, with this as its content (`TIME_BASED_MC_CLEARED_MESSAGE` in
 * `src/services/compact/microCompact.ts`, 2.1.88). See docs/tokens.md, "Tool results sent cleared".
 */
export const CLEARED_RESULT_TEXT = '[Old tool result content cleared]'

/**
 * Each cleared result's cost as it was sent cleared, by the message's index: what a request that
 * lists the result in `ReportedUsage.cleared` paid for it.
 */
export type ClearedCosts = ReadonlyMap<number, number>

/** The message as a microcompaction sent it: its content the placeholder, the rest as it was. */
export function asCleared(m: Message): Message {
  const { content: _content, ...rest } = decodePayload(m.payload) ?? {}
  return { ...m, text: '', payload: encodePayload({ content: CLEARED_RESULT_TEXT, ...rest }) }
}

/**
 * Every message some reported request was sent cleared, or (reasoning) as plain text, by index, in
 * order: the messages whose cost as sent clearedCostsOf prices.
 */
export function clearedResults(usage: readonly ReportedUsage[]): number[] {
  const all = new Set<number>()
  let last: readonly number[] | undefined
  let lastText: readonly number[] | undefined
  for (const u of usage) {
    // Reports after one microcompaction share its list: each list is walked once.
    if (u.cleared !== undefined && u.cleared !== last) {
      last = u.cleared
      for (const i of u.cleared) all.add(i)
    }
    if (u.asText !== undefined && u.asText !== lastText) {
      lastText = u.asText
      for (const i of u.asText) all.add(i)
    }
  }
  return [...all].sort((a, b) => a - b)
}

/** The cost of each of the messages at `indexes` as it was sent cleared, under the spec. */
export function clearedCostsOf(
  spec: SpecLike,
  messages: readonly Message[],
  indexes: readonly number[],
): ClearedCosts | null {
  if (indexes.length === 0) return null
  const out = new Map<number, number>()
  for (const i of indexes) {
    if (i < 0 || i >= messages.length) continue
    const m = messages[i]
    // Reasoning sent as plain text is a text part of its reply: its text, with no framing of its
    // own.
    out.set(
      i,
      m.type === 'reasoning' ? textCost(spec, m.text) : countMessageTokens(spec, asCleared(m)),
    )
  }
  return out
}

/**
 * What a request saved on the results it was sent cleared, the thinking it was sent without and
 * what the API's context editing cleared, up to some end of its prompt: tokens, and how many
 * results and thinking messages.
 */
export interface ClearedSaving {
  tokens: number
  results: number
  thinking: number
}

/**
 * What a request saved, against the messages' `costs` whole, up to an end of its prompt: the
 * results of `u.cleared` before that end, each its cost less its cost as cleared, the thinking of
 * `u.stripped` before it, each its whole cost, the reasoning of `u.asText` before it, each its cost
 * less its cost as text (less than nothing where the model would have dropped it), and
 * `u.apiCleared`, the API's own count of what its context editing cleared (the oldest content:
 * before every end). Asked for ends that never decrease, it walks each list once in all (the chart
 * asks at every position of a stretch).
 */
export function clearedSavingAlong(
  costs: readonly number[],
  clearedCosts: ClearedCosts | null | undefined,
  u: Pick<ReportedUsage, 'cleared' | 'stripped' | 'asText' | 'apiCleared'>,
): (end: number) => ClearedSaving {
  const list = clearedCosts && u.cleared ? u.cleared : []
  const stripped = u.stripped ?? []
  const asText = clearedCosts && u.asText ? u.asText : []
  const saved: ClearedSaving = { tokens: u.apiCleared ?? 0, results: 0, thinking: 0 }
  let next = 0
  let nextStripped = 0
  let nextText = 0
  return (end) => {
    for (; nextText < asText.length && asText[nextText] < end; nextText++) {
      const sent = clearedCosts!.get(asText[nextText])
      if (sent === undefined || asText[nextText] >= costs.length) continue
      saved.tokens += costs[asText[nextText]] - sent
    }
    for (; next < list.length && list[next] < end; next++) {
      const cleared = clearedCosts!.get(list[next])
      if (cleared === undefined) continue
      saved.tokens += costs[list[next]] - cleared
      saved.results++
    }
    for (; nextStripped < stripped.length && stripped[nextStripped] < end; nextStripped++) {
      const i = stripped[nextStripped]
      if (i >= costs.length) continue
      saved.tokens += costs[i]
      saved.thinking++
    }
    return saved
  }
}

/** What a request saved on what it was sent cleared or without, over its whole prompt. */
export const clearedSaving = (
  costs: readonly number[],
  clearedCosts: ClearedCosts | null | undefined,
  u: Pick<ReportedUsage, 'prompt' | 'cleared' | 'stripped' | 'asText' | 'apiCleared'>,
): ClearedSaving => clearedSavingAlong(costs, clearedCosts, u)(u.prompt)
