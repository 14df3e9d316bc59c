import { describe, expect, it } from 'vitest'
import { pricingFor } from '../../src/index'
import { hanCharacters, hangulSyllables } from '../../src/pricing/han-characters'

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

  it('counts the Hangul syllables, and no jamo, Han or kana', () => {
    // 한국어 (3 syllables, U+D55C U+AD6D U+C5B4), 가 U+AC00 and 힣 U+D7A3 at the block's ends: 5.
    // Compatibility jamo (ㄱ U+3131), Han, kana and ASCII: 0.
    expect(hangulSyllables('한국어 가힣')).toBe(5)
    expect(hangulSyllables('ㄱㅏ 漢字 かな plain')).toBe(0)
    expect(hangulSyllables('')).toBe(0)
  })

  it('adds a Hangul syllable’s tokens with the Han characters’, rounded once, whole or in chunks', () => {
    const { tokenizer } = pricingFor({ model: 'claude-sonnet-4-6', wire: 'anthropic' })
    const plain = pricingFor({ model: 'gpt-4o', wire: 'anthropic' }).tokenizer
    // 결제 마감일을 확인해 (2 + 4 + 3 = 9 syllables: 4.5) and 请检查 (3 Han characters: 0.45): 4.95, so 5.
    const chunks = ['결제 마감일을', ' 확인해 ', '请检查 src/billing']
    const text = chunks.join('')
    expect(tokenizer.count(text)).toBe(plain.count(text) + 5)
    expect(tokenizer.countJoined(chunks)).toBe(tokenizer.count(text))
  })
})
