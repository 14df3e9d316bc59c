import { describe, expect, it } from 'vitest'
import { ENCODINGS, listModels, tokenizerFor, type EncodingName } from '@core'
import { tiktokenFor } from './helpers/tiktoken'

// Our count of `text + payload` must be OpenAI's reference count: tiktoken's ordinary encoding
// (special-token strings as plain text). This test compares the two on hand-picked tricky text and
// on text generated over the whole of Unicode, for every encoding a model name can reach.

/** Every encoding on offer: the listed ones, and any a known model name resolves to (gpt2). */
const ENCODINGS_ON_OFFER = [
  ...new Set<EncodingName>([...ENCODINGS, ...listModels().map((m) => m.encoding)]),
]

interface Mismatch {
  encoding: string
  text: string
  ours: number
  reference: number
}

function compare(encoding: EncodingName, texts: Iterable<string>): Mismatch[] {
  const ours = tokenizerFor(encoding)
  const reference = tiktokenFor(encoding)
  const mismatches: Mismatch[] = []
  for (const text of texts) {
    const a = ours.count(text)
    const b = reference.encode_ordinary(text).length
    if (a !== b) mismatches.push({ encoding, text: escaped(text), ours: a, reference: b })
  }
  return mismatches
}

/** JSON with every non-ASCII code unit escaped too, so invisible characters show. */
const escaped = (text: string) =>
  JSON.stringify(text).replace(
    /[\u007f-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )

const report = (mismatches: Mismatch[]) =>
  mismatches
    .slice(0, 20)
    .map((m) => `${m.encoding} ${m.text}: ours ${m.ours}, tiktoken ${m.reference}`)
    .join('\n')

// Lone surrogates: a JavaScript string can hold one; UTF-8 cannot. tiktoken receives the string
// through TextEncoder, which writes U+FFFD in its place, and our count encodes it the same way
// (the split pattern sees a lone surrogate as a code point of category Cs, which falls in the same
// "other" class as U+FFFD). Both give the count of the text with U+FFFD there; checked below.
const TRICKY = [
  '',
  // Special-token strings, whole, split, nested and unterminated.
  '<|endoftext|>',
  '<|im_start|>system\nYou are helpful.<|im_end|>\n<|im_start|>user\nhi<|im_end|>',
  '<|fim_prefix|>def f(<|fim_suffix|>)<|fim_middle|>',
  '<|endofprompt|><|endoftext|><|endoftext|>',
  '<|start|>assistant<|channel|>analysis<|message|>think<|end|><|return|><|call|><|constrain|>',
  '<|endoftext',
  'endoftext|>',
  '<||>',
  '<|<|endoftext|>|>',
  'x<|endoftext|>y',
  // Line ends and whitespace runs.
  'a\r\nb\r\n\r\nc',
  '\r',
  '\r\r\n\n\r',
  '\n'.repeat(20),
  ' '.repeat(1),
  ' '.repeat(100),
  '\t'.repeat(50),
  ' \n'.repeat(30),
  `x${' '.repeat(17)}y`,
  'end   ',
  '   start',
  ' \t \r\n \t ',
  // Unicode whitespace and near-whitespace.
  'a\u00a0b',
  'a\u3000b',
  'a\u2028b\u2029c',
  'a\u0085-I',
  '\u0085\u0085',
  '\u200b\u200c\u200d',
  '\ufeff',
  '\ufeffusing System;',
  'a\ufeffb',
  '\ufeff\ufeff',
  '\u180e\u2060',
  // Numbers.
  '1234567890',
  '3.14159',
  '1,000,000',
  '-42',
  '0x1F',
  '1e-9',
  '١٢٣٤٥',
  '१२३४५',
  '½ ⅓ Ⅻ ⑫',
  // Code.
  'function f(x) {\n  return x?.y ?? 0;\n}',
  'if (a && b) { c++; }',
  '#include <stdio.h>\n',
  '    def __init__(self):\n        self.x = 1',
  '{"a":[1,2,{"b":null}],"c":"\\u00e9"}',
  'SELECT * FROM t WHERE id IN (1, 2, 3);',
  'https://example.com/a/b?c=d&e=f#g',
  'C:\\Users\\me\\file.txt',
  '/usr/local/bin/node --inspect',
  '// comment\n/* block */',
  // Letters and case (o200k splits on case changes).
  'HTTPServerError',
  'camelCaseWord',
  'XMLHttpRequest',
  'ǅungla ǈ ǋ',
  'ÀÉÎÕÜ àéîõü',
  "don't DON'T it's I'LL we've THEY'RE she'd",
  "'s",
  "it'ſa long s",
  'I\u2019m curly',
  // Scripts.
  '我们的数据库迁移失败了，错误是连接超时。',
  '日本語のテキスト、カタカナ、ひらがな。',
  '한국어 텍스트입니다',
  'مرحبا بالعالم، كيف حالك؟',
  'नमस्ते दुनिया, आप कैसे हैं?',
  'สวัสดีครับ',
  'Ελληνικά',
  'русский текст',
  'עברית',
  'ქართული',
  'አማርኛ',
  '\u{20000}\u{2A700}\u{30000}',
  '\u{323B0}\u{32E44}-I',
  '\u{10940}abc',
  // Emoji.
  '👩‍💻',
  '👍🏽',
  '👍🏻👍🏼👍🏽👍🏾👍🏿',
  '👨‍👩‍👧‍👦',
  '🏳️‍🌈',
  '1️⃣#️⃣',
  '🇯🇵🇧🇷',
  '❤️‍🔥',
  '🫠🪿',
  // Combining marks.
  'e\u0301',
  'Z\u0351\u0352\u0353a\u0354l\u0356g\u0357o',
  `a${'\u0300'.repeat(30)}`,
  'A\u030a \u212b',
  // Controls.
  '\u0000',
  '\u0001\u001f\u007f',
  'tab\tnul\u0000bell\u0007',
  // Lone surrogates (see above).
  '\ud800',
  'a\udc00b',
  '\ud83d',
  '\ude00x',
  '\ud800\ud800',
  'x\ud83d\ude00\ud83d',
  '\ufffd',
  // One long word.
  'a'.repeat(1000),
  'pneumonoultramicroscopicsilicovolcanoconiosis'.repeat(5),
]

/** A tiny seeded PRNG (mulberry32): the same strings on every run. */
function mulberry32(seed: number): () => number {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const WORDS = [
  'the',
  ' quick',
  ' brown',
  'fox',
  "'s",
  "'ll",
  "n't",
  ' I',
  'HTTP',
  'Server',
  '2024',
  '123456',
  '_id',
  '()',
  '{}',
  '=>',
  '<|endoftext|>',
  '<|im_start|>',
  '<|fim_prefix|>',
  'https://a.b/c',
]
const SPACES = [
  ' ',
  '  ',
  '\t',
  '\n',
  '\r\n',
  '\n\n',
  '    ',
  '\u00a0',
  '\u3000',
  '\u0085',
  '\ufeff',
]

/** A code point from anywhere in Unicode, weighted towards the planes that hold most text. */
function codePoint(random: () => number): string {
  const r = random()
  // Half from the BMP, a sixth from plane 1 (emoji, historic scripts), a tenth from planes 2–3
  // (CJK extensions) and the rest from any of the 17 planes, private use included.
  const plane =
    r < 0.5 ? 0 : r < 0.66 ? 1 : r < 0.76 ? 2 + Math.floor(random() * 2) : Math.floor(random() * 17)
  for (;;) {
    const cp = plane * 0x10000 + Math.floor(random() * 0x10000)
    if (cp >= 0xd800 && cp <= 0xdfff) continue // surrogates only deliberately, below
    return String.fromCodePoint(cp)
  }
}

/** A string of 1–60 parts: code points, runs of one code point, ASCII, words and whitespace. */
function generate(random: () => number): string {
  let s = ''
  const parts = 1 + Math.floor(random() * 60)
  for (let i = 0; i < parts; i++) {
    const r = random()
    if (r < 0.45) s += codePoint(random)
    else if (r < 0.5) s += codePoint(random).repeat(2 + Math.floor(random() * 4))
    else if (r < 0.65) s += String.fromCharCode(32 + Math.floor(random() * 95))
    else if (r < 0.82) s += WORDS[Math.floor(random() * WORDS.length)]
    else if (r < 0.995) s += SPACES[Math.floor(random() * SPACES.length)]
    else s += String.fromCharCode(0xd800 + Math.floor(random() * 0x800)) // a lone surrogate
  }
  return s
}

const GENERATED_PER_ENCODING = 3000

describe('our count of text equals tiktoken’s ordinary count', () => {
  it('covers every encoding a model can resolve to', () => {
    expect(ENCODINGS_ON_OFFER).toEqual(expect.arrayContaining([...ENCODINGS, 'gpt2']))
  })

  it.each(ENCODINGS_ON_OFFER)('%s: hand-picked tricky text', (encoding) => {
    const mismatches = compare(encoding, TRICKY)
    expect(mismatches, report(mismatches)).toEqual([])
  })

  it('lone surrogates count as U+FFFD in both', () => {
    const ours = tokenizerFor('o200k_base')
    for (const [lone, replaced] of [
      ['a\ud800b', 'a\ufffdb'],
      ['\udc00\udc00', '\ufffd\ufffd'],
    ]) {
      expect(ours.count(lone)).toBe(ours.count(replaced))
      expect(tiktokenFor('o200k_base').encode_ordinary(lone).length).toBe(ours.count(replaced))
    }
  })

  it.each(ENCODINGS_ON_OFFER)('%s: text generated over the whole of Unicode', (encoding) => {
    // One seed per encoding, so each sees different text.
    const random = mulberry32(0x5eed + ENCODINGS_ON_OFFER.indexOf(encoding))
    const texts = Array.from({ length: GENERATED_PER_ENCODING }, () => generate(random))
    const mismatches = compare(encoding, texts)
    expect(mismatches, report(mismatches)).toEqual([])
  })
})
