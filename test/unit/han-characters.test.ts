import { describe, expect, it } from 'vitest'
import { pricingFor } from '../../src/index'
import { hanCharacters } from '../../src/pricing/han-characters'

describe('Han characters', () => {
  it('counts the ideographs of the Basic Multilingual Plane, and nothing else', () => {
    // 柏林 (Unified), 㐀 U+3400 (Extension A), 豈 U+F900 (Compatibility): 4. Kana, Hangul, CJK
    // punctuation, full-width letters, a Yijing hexagram (U+4DC0) and emoji: 0.
    expect(hanCharacters('柏林㐀豈')).toBe(4)
    expect(hanCharacters('ファイル한국어。，Ａ䷀😀 plain')).toBe(0)
    expect(hanCharacters('')).toBe(0)
  })

  it('adds the same tokens to a text counted whole and counted as chunks', () => {
    // The summary prompt is counted as its pieces come (countJoined); its size must be the text's.
    const { tokenizer } = pricingFor({ model: 'claude-sonnet-4-5', wire: 'anthropic' })
    const chunks = ['用户说发票', '的到期日 is wrong;', ' 请检查 src/billing', '']
    expect(tokenizer.countJoined(chunks)).toBe(tokenizer.count(chunks.join('')))
    // 12 Han characters: 0.15 each, 1.8, rounded once.
    const plain = pricingFor({ model: 'gpt-4o', wire: 'anthropic' }).tokenizer
    expect(tokenizer.count(chunks.join(''))).toBe(plain.count(chunks.join('')) + 2)
  })
})
