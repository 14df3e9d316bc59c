import { describe, expect, it } from 'vitest'
import { createPieceTable } from '../../src/piece-table'
import { mulberry32 } from '../../bench/prng'

// FNV-1a over UTF-16 code units, from its published definition: the hash the table uses. Used here
// only to find two different pieces that share a hash, so the table must tell them apart by text.
function fnv1a(s: string): number {
  let h = 0x811c9dc5 | 0
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193)
  return h
}

function collidingPair(): [string, string] {
  const r = mulberry32(3)
  const seen = new Map<number, string>()
  for (;;) {
    const s = Array.from({ length: 6 }, () => String.fromCharCode(r.int(0x61, 0x7a))).join('')
    const other = seen.get(fnv1a(s))
    if (other !== undefined && other !== s) return [other, s]
    seen.set(fnv1a(s), s)
  }
}

describe('the piece table', () => {
  it('finds a piece by its place in any text, as a map of the cut-out pieces does', () => {
    const r = mulberry32(1)
    const alphabet = ['a', 'b', 'ab', ' ', '\n', 'é', '上', '😀', '\ud800']
    const texts = Array.from({ length: 200 }, () =>
      Array.from({ length: r.int(1, 30) }, () => r.pick(alphabet)).join(''),
    )
    const table = createPieceTable(100_000)
    const reference = new Map<string, number>()
    for (let round = 0; round < 5000; round++) {
      const text = r.pick(texts)
      const start = r.int(0, text.length - 1)
      const end = r.int(start + 1, text.length)
      const piece = text.slice(start, end)
      expect(table.get(text, start, end)).toBe(reference.get(piece) ?? -1)
      if (!reference.has(piece)) {
        reference.set(piece, round)
        table.set(text, start, end, round)
      }
    }
    expect(table.size).toBe(reference.size)
  })

  it('tells apart two pieces whose hashes are the same', () => {
    const [a, b] = collidingPair()
    expect(fnv1a(a)).toBe(fnv1a(b))
    const table = createPieceTable(10)
    const text = `${a} ${b}`
    table.set(text, 0, a.length, 1)
    expect(table.get(text, a.length + 1, text.length)).toBe(-1)
    table.set(text, a.length + 1, text.length, 2)
    expect(table.get(b, 0, b.length)).toBe(2)
    expect(table.get(a, 0, a.length)).toBe(1)
  })

  it('starts again from empty when full', () => {
    const table = createPieceTable(3)
    const text = 'abcdef'
    for (let i = 0; i < 3; i++) table.set(text, i, i + 1, i)
    expect(table.size).toBe(3)
    table.set(text, 3, 4, 3)
    expect(table.size).toBe(1)
    expect(table.get(text, 0, 1)).toBe(-1)
    expect(table.get('d', 0, 1)).toBe(3)
    table.clear()
    expect(table.size).toBe(0)
    expect(table.get('d', 0, 1)).toBe(-1)
  })
})
