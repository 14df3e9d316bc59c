import { describe, expect, it, vi } from 'vitest'
import {
  countEachMessage,
  countSlice,
  encodePayload,
  placeSliceCounts,
  sliceRequest,
  type Message,
} from '../../src/index'
import { tiktokenFor } from './helpers/tiktoken'

// The retention rule stands in for helper "opaque"'s: earlier thinking is dropped, and a dropped
// block's payload costs a fixed 7 tokens by rule. What is tested is the mechanics: which messages
// are an earlier turn's thinking, and that they are priced with `retained: false`.
const DROPPED_PAYLOAD_TOKENS = 7
vi.mock('../../src/pricing/opaque', () => ({
  pricePayload: (payload: string, ctx: { retained: boolean }) =>
    ctx.retained
      ? { text: payload, opaqueTokens: 0 }
      : { text: '', opaqueTokens: DROPPED_PAYLOAD_TOKENS },
  retainsEarlierThinking: () => false,
}))

const signature = encodePayload({ signature: 'c2lnbmF0dXJl' })
// Two turns: a turn ends where a user message that is not a tool result (an activity) begins.
const TWO_TURNS: Message[] = [
  { type: 'user', text: 'List the files.' },
  { type: 'reasoning', text: 'I should call ls.', payload: signature },
  {
    type: 'bot',
    text: '',
    payload: encodePayload({ tool_calls: [{ id: 't1', name: 'ls', arguments: {} }] }),
  },
  { type: 'activity', text: '', payload: 'a.txt b.txt' },
  { type: 'reasoning', text: 'Two files.', payload: signature },
  { type: 'bot', text: 'a.txt and b.txt' },
  { type: 'user', text: 'Now read a.txt.' },
  { type: 'reasoning', text: 'I should call cat.', payload: signature },
  { type: 'bot', text: 'Reading it.' },
]
const SPEC = { model: 'gpt-4o', wire: 'openai-responses' as const }
const o200k = (text: string) => tiktokenFor('o200k_base').encode(text).length

describe('thinking of earlier turns', () => {
  it('flags the first turn’s reasoning in the count pool’s requests, and only that', () => {
    const request = sliceRequest(SPEC, TWO_TURNS, { start: 0, end: TWO_TURNS.length })
    const flagged = request.messages.flatMap((m, i) => (m.earlierThinking ? [i] : []))
    expect(flagged).toEqual([1, 4])
  })

  it('prices it by the retention rule: no text, its payload by rule; the current turn in full', () => {
    const costs = countEachMessage(SPEC, TWO_TURNS)
    expect(costs[1]).toBe(DROPPED_PAYLOAD_TOKENS)
    expect(costs[4]).toBe(DROPPED_PAYLOAD_TOKENS)
    // The current turn's thinking is in the context: text and payload, plus the message's 3 + 1.
    expect(costs[7]).toBe(o200k(`I should call cat.${signature}`) + 4)
  })

  it('the count pool returns the same final costs, slice by slice', () => {
    const all = new Array<number>(TWO_TURNS.length).fill(-1)
    for (const range of [
      { start: 0, end: 2 },
      { start: 2, end: 5 },
      { start: 5, end: 9 },
    ]) {
      placeSliceCounts(all, countSlice(sliceRequest(SPEC, TWO_TURNS, range)))
    }
    expect(all).toEqual(countEachMessage(SPEC, TWO_TURNS))
  })

  it('never applies in a native file: every message costs text + payload + 4', () => {
    const costs = countEachMessage('gpt-4o', TWO_TURNS)
    expect(costs[1]).toBe(o200k(`I should call ls.${signature}`) + 4)
  })
})
