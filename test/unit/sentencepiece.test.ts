import { beforeEach, describe, expect, it } from 'vitest'
import {
  packSentencePiece,
  sentencePieceCounter,
  type SentencePieceJson,
} from '../../src/pricing/sentencepiece'

// Each expectation holds for the tokenizer.json and for the same packed, as the builds ship it.
const FORMS = {
  'as its tokenizer.json': (json: SentencePieceJson) => sentencePieceCounter(json),
  packed: (json: SentencePieceJson) => {
    // Through JSON, as a build writes it and a worker reads it.
    const packed = JSON.parse(JSON.stringify(packSentencePiece(json)))
    return sentencePieceCounter(packed)
  },
}
let form = FORMS['as its tokenizer.json']

// A vocabulary small enough to work out by hand: characters, two merges, one added token.
function vocabulary(extra: Record<string, number> = {}, merges: [string, string][] = []) {
  const json: SentencePieceJson = {
    model: {
      type: 'BPE',
      byte_fallback: true,
      vocab: { '▁': 0, a: 1, b: 2, '▁b': 3, ab: 4, ...extra },
      merges: [['▁', 'b'], ['a', 'b'], ...merges],
    },
    added_tokens: [{ content: '\n' }],
  }
  return form(json)
}

describe.each(Object.keys(FORMS) as (keyof typeof FORMS)[])(
  'a SentencePiece BPE vocabulary, counted %s',
  (name) => {
    beforeEach(() => {
      form = FORMS[name]
    })

    it('merges by the list’s order, writes spaces as ▁, and cuts out added tokens', () => {
      const counter = vocabulary()
      // "ab": a + b merge (rank 1) into ab: 1 token. " b": ▁ + b (rank 0): 1.
      expect(counter.count('ab')).toBe(1)
      expect(counter.count(' b')).toBe(1)
      // "a b": the words "a" and "▁b": 2. With a newline (an added token) between: 3.
      expect(counter.count('a b')).toBe(2)
      expect(counter.count('a\n b')).toBe(3)
    })

    it('counts a character the vocabulary lacks as its UTF-8 bytes', () => {
      // é is two bytes, 😀 four: a token each.
      expect(vocabulary().count('é')).toBe(2)
      expect(vocabulary().count('a😀b')).toBe(1 + 4 + 1)
    })

    it('merges a piece whole where a token joins a character to the ▁ after it', () => {
      // "a▁" and "a▁b" join across the start of the word "▁b": words are not merged apart.
      const joined = vocabulary({ 'a▁': 5, 'a▁b': 6 }, [
        ['a', '▁'],
        ['a▁', 'b'],
      ])
      // a ▁ b: ▁+b comes first (rank 0) into ▁b, and a + ▁b has no merge: 2 tokens, as apart.
      expect(joined.count('a b')).toBe(2)
      // a ▁ a: a+▁ (rank 2) into a▁, then a▁ + a has none: 2, where apart it would be 3.
      expect(joined.count('a a')).toBe(2)
      expect(vocabulary().count('a a')).toBe(3)
    })
  },
)

describe('a packed vocabulary', () => {
  it('keeps the merges’ order where a merge names a token the vocabulary lacks', () => {
    // ['a', 'x'] cannot apply (there is no x) and is left out when packed. " ab" is ▁ a b: ▁ + a
    // comes first (into ▁a), then ▁a + b (into ▁ab): 1 token. Were a + b first, 2 (▁, ab).
    const json: SentencePieceJson = {
      model: {
        type: 'BPE',
        byte_fallback: true,
        vocab: { '▁': 0, a: 1, b: 2, ab: 3, '▁a': 4, '▁ab': 5 },
        merges: [
          ['a', 'x'],
          ['▁', 'a'],
          ['a', 'b'],
          ['▁a', 'b'],
        ],
      },
    }
    expect(sentencePieceCounter(json).count(' ab')).toBe(1)
    expect(sentencePieceCounter(packSentencePiece(json)).count(' ab')).toBe(1)
  })

  it('refuses merges that are not whole triples, saying so', () => {
    const packed = packSentencePiece({
      model: { type: 'BPE', byte_fallback: true, vocab: { '▁': 0, a: 1 }, merges: [] },
    })
    // One Int32 (4 bytes, "AQAAAA==") is not a triple of them.
    expect(() => sentencePieceCounter({ ...packed, merges: 'AQAAAA==' })).toThrow(
      'A packed vocabulary’s merges are not triples.',
    )
  })
})
