import type { Tokenizer } from '../tokens'

/**
 * How many Han characters (Chinese characters, the kanji of Japanese) a text holds: the CJK
 * Unified Ideographs, their Extension A and the Compatibility Ideographs of the Basic Multilingual
 * Plane. Ideographs past it (Extension B on, written as surrogate pairs) are rare and not counted.
 */
export function hanCharacters(text: string): number {
  // Most texts hold none: the regular expression's compiled scan finds that far faster than a loop.
  const first = text.search(HAN)
  if (first === -1) return 0
  let n = 0
  for (let i = first; i < text.length; i++) {
    const c = text.charCodeAt(i)
    // U+3400–U+4DBF (Extension A), U+4E00–U+9FFF (Unified), U+F900–U+FAFF (Compatibility).
    if (c >= 0x3400 && (c <= 0x9fff ? c <= 0x4dbf || c >= 0x4e00 : c >= 0xf900 && c <= 0xfaff)) {
      n++
    }
  }
  return n
}

const HAN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/

/** How many Hangul syllables (U+AC00–U+D7A3, the precomposed blocks Korean is written in) a text holds. */
export function hangulSyllables(text: string): number {
  const first = text.search(HANGUL)
  if (first === -1) return 0
  let n = 0
  for (let i = first; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c >= 0xac00 && c <= 0xd7a3) n++
  }
  return n
}

const HANGUL = /[\uac00-\ud7a3]/

/**
 * A tokenizer whose count adds `perHan` tokens for each Han character and `perHangul` for each
 * Hangul syllable, rounded once per count: where a calibrated family tokenizes Chinese or Korean
 * text into more tokens than its vocabulary does, as measured against the provider's reported
 * counts (calibration.ts, `hanTokens` and `hangulTokens`).
 */
export function withHanTokens(tokenizer: Tokenizer, perHan: number, perHangul = 0): Tokenizer {
  if (perHan === 0 && perHangul === 0) return tokenizer
  const scripts = (text: string) =>
    (perHan === 0 ? 0 : perHan * hanCharacters(text)) +
    (perHangul === 0 ? 0 : perHangul * hangulSyllables(text))
  return {
    encoding: tokenizer.encoding,
    count: (text) => tokenizer.count(text) + Math.round(scripts(text)),
    countJoined(chunks) {
      let extra = 0
      function* tapped() {
        for (const chunk of chunks) {
          extra += scripts(chunk)
          yield chunk
        }
      }
      const tokens = tokenizer.countJoined(tapped())
      return tokens + Math.round(extra)
    },
    clearCache: () => tokenizer.clearCache(),
  }
}
