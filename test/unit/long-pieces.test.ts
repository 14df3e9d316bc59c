import { describe, expect, it } from 'vitest'
import { ENCODINGS, listModels, tokenizerFor, type EncodingName } from '@core'
import { countPieceTokens, vocabularyOf, type RawRanks } from '../../src/byte-pair'
import { countLongPieceTokens } from '../../src/long-piece'
import { createPieceCounter } from '../../src/piece-counter'
import { pieceScannerFor } from '../../src/piece-scanner'
import { splitPatternFor } from '../../src/split-patterns'
import { mulberry32 } from '../../bench/prng'
import { tiktokenFor } from './helpers/tiktoken'

// A run of one character is one piece however long it is. Its count must stay tiktoken's, and
// must complete at any length: a regular expression overflowed V8's stack at about four million
// units of one class, and the byte-pair scan was quadratic in a piece's length.

const ENCODINGS_ON_OFFER = [
  ...new Set<EncodingName>([...ENCODINGS, ...listModels().map((m) => m.encoding)]),
]

const reference = (encoding: string, text: string) =>
  tiktokenFor(encoding).encode_ordinary(text).length

/** The pieces the encoding's regular expression cuts: the scanner's reference. */
const regexPieces = (encoding: EncodingName, text: string) =>
  [...text.matchAll(splitPatternFor(encoding))].map((m) => m[0])

function scannedPieces(encoding: EncodingName, text: string): string[] {
  const scan = pieceScannerFor(encoding)
  const pieces: string[] = []
  for (let start = 0; start < text.length;) {
    const end = scan(text, start)
    if (end <= start) throw new Error(`no piece at ${start} of ${JSON.stringify(text)}`)
    pieces.push(text.slice(start, end))
    start = end
  }
  return pieces
}

// The characters the patterns treat apart: letters of each case (o200k cuts on case changes),
// marks, titlecase and modifier letters, digits, apostrophes and contractions, spaces of every
// kind and line ends, '/', lone surrogates and letters new in Unicode 17 (not letters to tiktoken).
const BITS = [
  ...[' ', '  ', '\n', '\r\n', '\r', '\t', ' \n ', '\u00a0', '\u3000', '\u0085', '\ufeff'],
  ...["'", "'s", "'S", "'ll", "'LL", "'re", "'Ve", "'d", "'m", "'t", "'ſ", "'x"],
  ...['a', 'ab', 'A', 'AB', 'Ab', 'aB', 'ǅ', 'ʰ', '\u0301', 'é', 'e\u0301', '中文', 'ß'],
  ...['1', '123', '4567', '١٢', '½', '.', '/', '//', '!?', '😀', '👩‍💻', '\u{1d400}'],
  ...['\ud800', '\udc00', '\u088F', '\u{10940}'],
]

function randomTexts(seed: number, n: number): string[] {
  const r = mulberry32(seed)
  return Array.from({ length: n }, () => {
    let s = ''
    for (let i = r.int(0, 40); i > 0; i--) {
      if (r.chance(0.75)) s += r.pick(BITS)
      else {
        let cp = r.chance(0.5) ? r.int(0x20, 0x2fff) : r.int(0, 0x10ffff)
        if (cp >= 0xd800 && cp <= 0xdfff) cp = 0x41
        s += String.fromCodePoint(cp)
      }
    }
    return s
  })
}

/** Texts of one short unit repeated: the shapes a long piece, or a long run of pieces, takes. */
function repeatedTexts(seed: number, n: number, length: number): string[] {
  const r = mulberry32(seed)
  return Array.from({ length: n }, () => {
    let unit = ''
    for (let i = r.int(1, 3); i > 0; i--) unit += r.pick(BITS)
    return unit.repeat(Math.ceil(length / unit.length))
  })
}

describe('the piece scanner', () => {
  const texts = [...randomTexts(31, 4000), ...repeatedTexts(37, 300, 60)]

  it.each(['r50k_base', 'cl100k_base', 'o200k_base'] as const)(
    '%s: cuts exactly where the split pattern does',
    (encoding) => {
      const mismatches = texts.filter(
        (t) =>
          JSON.stringify(scannedPieces(encoding, t)) !== JSON.stringify(regexPieces(encoding, t)),
      )
      expect(mismatches.slice(0, 5).map((t) => JSON.stringify(t))).toEqual([])
    },
  )

  it.each(ENCODINGS_ON_OFFER)(
    '%s: a counter that scans every text counts as tiktoken does',
    (encoding) => {
      const counter = createPieceCounter(encoding, {
        pattern: splitPatternFor(encoding),
        scanner: pieceScannerFor(encoding),
        scannedBeyond: 0,
      })
      const sample = [...randomTexts(41, 1500), ...repeatedTexts(43, 100, 400)]
      const mismatches = sample.filter((t) => counter.count(t) !== reference(encoding, t))
      expect(mismatches.slice(0, 5).map((t) => JSON.stringify(t))).toEqual([])
    },
  )
})

// Each a single piece or a run of short ones, past the length where pieces merge by the heap.
const UNITS = ['a', ' ', '1', '0123456789', '中', '😀', '.', 'ab', 'a b ', '\n', 'Ab', "'s"]

describe('long runs count as tiktoken counts them', () => {
  it.each(ENCODINGS_ON_OFFER)('%s: runs of one unit, up to 5,000 units', (encoding) => {
    const tokenizer = tokenizerFor(encoding)
    for (const unit of UNITS) {
      for (const length of [129, 1000, 5000]) {
        const text = unit.repeat(Math.ceil(length / unit.length))
        expect(tokenizer.count(text), `${JSON.stringify(unit)} × ${length}`).toBe(
          reference(encoding, text),
        )
      }
    }
  })

  it.each(['cl100k_base', 'o200k_base'] as const)('%s: runs of 20,000', (encoding) => {
    const tokenizer = tokenizerFor(encoding)
    for (const unit of ['a', ' ', 'ab', 'a b ']) {
      const text = unit.repeat(20_000 / unit.length)
      expect(tokenizer.count(text), JSON.stringify(unit)).toBe(reference(encoding, text))
    }
  })

  it.each(ENCODINGS_ON_OFFER)('%s: random units repeated to 3,000 units', (encoding) => {
    const tokenizer = tokenizerFor(encoding)
    const texts = repeatedTexts(47 + ENCODINGS_ON_OFFER.indexOf(encoding), 40, 3000)
    const mismatches = texts.filter((t) => tokenizer.count(t) !== reference(encoding, t))
    expect(mismatches.slice(0, 3).map((t) => JSON.stringify(t.slice(0, 12)))).toEqual([])
  })
})

describe('the long merge makes the merges the scan makes', () => {
  it.each(ENCODINGS_ON_OFFER)('%s: long words of random letters, not repeating', (encoding) => {
    const tokenizer = tokenizerFor(encoding)
    const r = mulberry32(53 + ENCODINGS_ON_OFFER.indexOf(encoding))
    const alphabets = ['ab', 'abcde', 'etaoinshr', 'ABab', '中文字', 'aé']
    for (let i = 0; i < 30; i++) {
      const letters = [...r.pick(alphabets)]
      let word = ''
      for (let k = r.int(100, 2000); k > 0; k--) word += r.pick(letters)
      expect(tokenizer.count(word), word.slice(0, 20)).toBe(reference(encoding, word))
    }
  })

  it('in the order the scan merges, where a merge makes a pair of a lower rank', () => {
    // A vocabulary where merging "ab" (rank 258) makes the pair "x" + "ab", whose token "xab" has
    // the lower rank 256, as a vocabulary may when "xab" was learned from other parts. Each piece
    // is merged by the scan (countPieceTokens, at most 128 bytes) and by the long merge.
    const bytes: RawRanks = Array.from({ length: 256 }, (_, b) =>
      b < 0x80 ? String.fromCharCode(b) : [b],
    )
    const ranks: RawRanks = [...bytes, 'xab', 'bx', 'ab', 'xabx', 'abab', 'bxab', 'ba']
    const vocabulary = vocabularyOf(ranks)
    const r = mulberry32(59)
    for (let i = 0; i < 2000; i++) {
      let piece = ''
      for (let k = r.int(2, 120); k > 0; k--) piece += r.pick(['x', 'a', 'b'])
      expect(countLongPieceTokens(piece, vocabulary), piece).toBe(
        countPieceTokens(piece, vocabulary),
      )
    }
  })
})

describe('a run of any length is counted', () => {
  // tiktoken takes minutes past a few hundred kilobytes of one piece, so these are checked against
  // what any count must be: at most one token per byte, and at least one per 256 bytes (no token
  // of these vocabularies is longer than 128).
  const bounds = (text: string) => {
    const bytes = new TextEncoder().encode(text).length
    return { bytes, atLeast: Math.ceil(bytes / 256) }
  }

  for (const million of [5, 20]) {
    it(`o200k_base: ${million} million units of a letter, spaces, digits, CJK, emoji`, () => {
      const tokenizer = tokenizerFor('o200k_base')
      const units = ['a', ' ', '7', '中', '😀', ...(million === 5 ? ['.', '\n', 'ab'] : [])]
      for (const unit of units) {
        const text = unit.repeat((million * 1_000_000) / unit.length)
        const n = tokenizer.count(text)
        const { bytes, atLeast } = bounds(text)
        expect(n, JSON.stringify(unit)).toBeGreaterThanOrEqual(atLeast)
        expect(n, JSON.stringify(unit)).toBeLessThanOrEqual(bytes)
      }
    }, 600_000)
  }

  it.each(['r50k_base', 'cl100k_base'] as const)(
    '%s: 5 million units of each',
    (encoding) => {
      const tokenizer = tokenizerFor(encoding)
      for (const unit of ['a', ' ', '7', '中', '😀', '.']) {
        const text = unit.repeat(5_000_000 / unit.length)
        const n = tokenizer.count(text)
        const { bytes, atLeast } = bounds(text)
        expect(n, JSON.stringify(unit)).toBeGreaterThanOrEqual(atLeast)
        expect(n, JSON.stringify(unit)).toBeLessThanOrEqual(bytes)
      }
    },
    600_000,
  )

  it('counts a long run sent in chunks as the run itself', () => {
    const tokenizer = tokenizerFor('o200k_base')
    const text = 'x'.repeat(5_000_000)
    const chunks = Array.from({ length: 500 }, () => 'x'.repeat(10_000))
    expect(tokenizer.countJoined(chunks)).toBe(tokenizer.count(text))
  }, 600_000)
})
