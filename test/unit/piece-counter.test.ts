import { describe, expect, it } from 'vitest'
import { GptEncoding } from 'gpt-tokenizer/GptEncoding'
import { resolveEncoding } from 'gpt-tokenizer/resolveEncoding'
import { ENCODINGS, tokenizerFor } from '../../src/index'
import { createPieceCounter } from '../../src/piece-counter'
import { generateConversation } from '../../bench/generate'
import { mulberry32 } from '../../bench/prng'

const ORDINARY = { disallowedSpecial: new Set<string>() }

// Text over the whole of Unicode, with the whitespace, digits and apostrophes the split patterns
// treat specially, so piece boundaries land in every kind of place.
function randomTexts(seed: number, n: number): string[] {
  const r = mulberry32(seed)
  const bits = [
    ' ',
    '  ',
    '\n',
    '\r\n',
    '\t',
    ' \n ',
    "'s",
    "'LL",
    '123',
    '4567',
    'ab',
    'AB',
    '<|endoftext|>',
  ]
  const texts: string[] = []
  for (let i = 0; i < n; i++) {
    let s = ''
    const len = r.int(1, 40)
    for (let j = 0; j < len; j++) {
      if (r.chance(0.4)) s += r.pick(bits)
      else {
        let cp = r.chance(0.5) ? r.int(0x20, 0x2fff) : r.int(0, 0x10ffff)
        if (cp >= 0xd800 && cp <= 0xdfff) cp = 0x41
        s += String.fromCodePoint(cp)
      }
    }
    texts.push(s)
  }
  return texts
}

const conversation = generateConversation({ seed: 7, targetBytes: 300_000 })
const texts = [
  ...conversation.map((m) => m.text + (m.payload ?? '')),
  ...randomTexts(11, 1500),
  '   trailing spaces   ',
  'x  \n\n  y\n',
  '<|im_start|>user<|im_end|>',
]

describe('the core tokenizer counts exactly as gpt-tokenizer does', () => {
  for (const encoding of ENCODINGS) {
    it(encoding, () => {
      const api = GptEncoding.getEncodingApi(encoding, resolveEncoding)
      const tokenizer = tokenizerFor(encoding)
      tokenizer.clearCache()
      const mismatches = texts.filter((t) => tokenizer.count(t) !== api.countTokens(t, ORDINARY))
      expect(mismatches).toEqual([])
    })
  }
})

describe('the piece cache', () => {
  it('starts again from empty when full, and counts the same afterwards', () => {
    const api = GptEncoding.getEncodingApi('o200k_base', resolveEncoding)
    const counter = createPieceCounter('o200k_base', api, 50)
    const sample = texts.slice(0, 200)
    const first = sample.map((t) => counter.count(t))
    expect(counter.size).toBeLessThanOrEqual(50)
    expect(sample.map((t) => counter.count(t))).toEqual(first)
    expect(first).toEqual(sample.map((t) => api.countTokens(t, ORDINARY)))
    counter.clear()
    expect(counter.size).toBe(0)
  })
})
