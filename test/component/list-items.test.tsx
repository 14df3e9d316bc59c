import { describe, expect, it } from 'vitest'
import { listItems } from '../../renderer/store/list-items'

/** Every entry of a list, in order, as the list draws them. */
const entries = (items: ReturnType<typeof listItems>) =>
  Array.from({ length: items.length }, (_, i) => items.at(i))

describe('the conversation list, described', () => {
  it('puts the boundary after the head, then the hoisted instructions, then the tail', () => {
    // Six messages, the head is 0–3, and the instructions at 0 and 2 are hoisted.
    const items = listItems(6, 4, [0, 2])
    expect(entries(items)).toEqual([
      { kind: 'message', index: 0 },
      { kind: 'message', index: 1 },
      { kind: 'message', index: 2 },
      { kind: 'message', index: 3 },
      { kind: 'boundary', head: 4 },
      { kind: 'ghost', index: 0 },
      { kind: 'ghost', index: 2 },
      { kind: 'message', index: 4 },
      { kind: 'message', index: 5 },
    ])
    expect(items.boundaryAt).toBe(4)
    // Keys never repeat: ghosts below zero, so a message and its ghost differ.
    expect(Array.from({ length: items.length }, (_, i) => items.keyAt(i))).toEqual([
      0,
      1,
      2,
      3,
      'boundary',
      -1,
      -3,
      4,
      5,
    ])
    expect([0, 3, 4, 5].map((index) => items.positionOf(index))).toEqual([0, 3, 7, 8])
    // A measured height follows its key: every key leads back to its own entry, and a key the
    // list no longer has (a ghost of an instruction not hoisted, a message past the end) to none.
    const positions = Array.from({ length: items.length }, (_, i) => i)
    expect(positions.map((p) => items.positionOfKey(items.keyAt(p)))).toEqual(positions)
    expect([-2, 6, 'other'].map((key) => items.positionOfKey(key))).toEqual([-1, -1, -1])
    expect(listItems(3, null, []).positionOfKey('boundary')).toBe(-1)
  })

  it('is the messages alone when nothing is split', () => {
    const items = listItems(3, null, [])
    expect(entries(items).map((e) => e.kind)).toEqual(['message', 'message', 'message'])
    expect(items.boundaryAt).toBeNull()
    expect(items.positionOf(2)).toBe(2)
  })

  it('shows no ghosts after a boundary that follows the last message', () => {
    // KeepRecentCount 0 keeps nothing: the boundary closes the list, with nothing after it.
    expect(entries(listItems(2, 2, [0]))).toEqual([
      { kind: 'message', index: 0 },
      { kind: 'message', index: 1 },
      { kind: 'boundary', head: 2 },
    ])
  })
})
