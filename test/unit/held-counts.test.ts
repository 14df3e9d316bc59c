import { describe, expect, it } from 'vitest'
import type { Message } from '../../src/index'
import {
  countedToTheEnd,
  heldAfterChange,
  heldCounts,
  holdMessages,
  placeSlice,
  tallyFor,
} from '../../renderer/workers/held-counts'

const messages = (n: number): Message[] =>
  Array.from({ length: n }, (_, i) => ({ type: 'user', text: `m${i}` }))
const slice = (start: number, ...counts: number[]) => ({
  start,
  counts: Uint32Array.from(counts),
})

describe('the counts a conversation worker holds', () => {
  it('answers with a key only once every message of it is counted, and says how many are not', () => {
    const held = holdMessages(messages(3))
    expect(() => heldCounts(held, 'a')).toThrow('3 of 3 messages are not counted yet')
    const a = tallyFor(held, 'a')
    placeSlice(a, slice(0, 5, 7))
    expect(() => heldCounts(held, 'a')).toThrow('1 of 3 messages are not counted yet')
    // A slice counted twice (a resumed count) is still one message each.
    placeSlice(a, slice(1, 7, 2))
    expect(heldCounts(held, 'a')).toEqual([5, 7, 2])
  })

  it('keeps the last complete key while another is counted, as the page keeps its cache', () => {
    const held = holdMessages(messages(2))
    placeSlice(tallyFor(held, 'a'), slice(0, 1, 2))
    countedToTheEnd(held, 'a')
    placeSlice(tallyFor(held, 'b'), slice(0, 3))
    // A third key replaces the partial one, never the complete one.
    tallyFor(held, 'c')
    expect(heldCounts(held, 'a')).toEqual([1, 2])
    expect(() => heldCounts(held, 'b')).toThrow('2 of 2 messages are not counted yet')
    // Once a count runs to its end, it is the only one kept.
    placeSlice(tallyFor(held, 'c'), slice(0, 4, 4))
    countedToTheEnd(held, 'c')
    expect(() => heldCounts(held, 'a')).toThrow('2 of 2')
    expect(heldCounts(held, 'c')).toEqual([4, 4])
  })

  it('carries the counts of the messages a change left as they were, and only those', () => {
    const before = holdMessages(messages(3))
    placeSlice(tallyFor(before, 'a'), slice(0, 1, 2, 3))
    const after = heldAfterChange(before, messages(4), 2)
    expect(() => heldCounts(after, 'a')).toThrow('2 of 4 messages are not counted yet')
    placeSlice(tallyFor(after, 'a'), slice(2, 9, 8))
    expect(heldCounts(after, 'a')).toEqual([1, 2, 9, 8])
    // The messages before keep theirs.
    expect(heldCounts(before, 'a')).toEqual([1, 2, 3])
  })
})
