import { describe, expect, it } from 'vitest'
import { ENCODINGS, summaryPromptPieces, tokenizerFor } from '../../src/index'
import { generateConversation } from '../../bench/generate'
import { mulberry32 } from '../../bench/prng'
import { tiktokenFor } from './helpers/tiktoken'

// The reference: tiktoken's ordinary count of the chunks joined into one text.
const reference = (encoding: string, chunks: readonly string[]) =>
  tiktokenFor(encoding).encode_ordinary(chunks.join('')).length

// Cases where a piece's end depends on what follows it: a whitespace run before a newline, a
// contraction after a letter, an upper-case run after CJK, digits in threes, a surrogate pair
// split between chunks, and "\n<" itself at every place in a chunk.
const HAND: string[][] = [
  ['  \n', '<x'],
  ['a', "'s\n<"],
  ['中文ABCDEFGH\n', '<ij'],
  ['x\n     ', '\n<y'],
  ['123', '4\n<5', '67'],
  ['\ud83d', '\ude00\n<', 'done'],
  ['\n<', '\n<', '', '<\n', '<'],
  ['end of text\n', '</message>\n\n<message type="user">\nhi\n</message>'],
  ['', '', ''],
  [],
]

// Past the size counted at a time: one long text with no "\n<" to cut at, and one with many.
const LONG_WITHOUT_CUTS = Array.from({ length: 8000 }, (_, i) => `word${i} and more  `)
const LONG_WITH_CUTS = Array.from({ length: 8000 }, (_, i) => `line ${i}\n<tag>\n`)

function randomChunks(seed: number, n: number): string[][] {
  const r = mulberry32(seed)
  const bits = [
    '\n',
    '<',
    '\n<',
    ' ',
    '   ',
    '\t',
    "'s",
    "'re",
    'ab',
    'AB',
    '中文',
    '12345',
    '😀',
    '/',
    '.',
  ]
  return Array.from({ length: n }, () => {
    let text = ''
    for (let i = r.int(0, 60); i > 0; i--) text += r.pick(bits)
    // Cut anywhere, a surrogate pair included: the chunks join back to the same text.
    const chunks: string[] = []
    let at = 0
    while (at < text.length) {
      const next = Math.min(text.length, at + r.int(0, 12))
      chunks.push(text.slice(at, next))
      at = next
    }
    return chunks
  })
}

describe('counting chunks as one text', () => {
  const messages = generateConversation({ seed: 9, targetBytes: 300_000 })
  const prompt = [...summaryPromptPieces(messages)]
  const random = randomChunks(21, 400)

  for (const encoding of ENCODINGS) {
    it(`${encoding}: gives tiktoken's count of the joined text`, () => {
      const tokenizer = tokenizerFor(encoding)
      expect(tokenizer.countJoined(prompt)).toBe(reference(encoding, prompt))
      for (const chunks of [...HAND, ...random, LONG_WITHOUT_CUTS, LONG_WITH_CUTS]) {
        expect(tokenizer.countJoined(chunks), JSON.stringify(chunks)).toBe(
          reference(encoding, chunks),
        )
      }
    })
  }
})
