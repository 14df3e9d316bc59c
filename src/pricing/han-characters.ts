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

/**
 * A tokenizer whose count adds `perHan` tokens for each Han character, rounded once per count:
 * where a calibrated family tokenizes Chinese text into more tokens than its vocabulary does, as
 * measured against the provider's reported counts (calibration.ts, `hanTokens`).
 */
export function withHanTokens(tokenizer: Tokenizer, perHan: number): Tokenizer {
  if (perHan === 0) return tokenizer
  const extra = (han: number) => Math.round(perHan * han)
  return {
    encoding: tokenizer.encoding,
    count: (text) => tokenizer.count(text) + extra(hanCharacters(text)),
    countJoined(chunks) {
      let han = 0
      function* tapped() {
        for (const chunk of chunks) {
          han += hanCharacters(chunk)
          yield chunk
        }
      }
      const tokens = tokenizer.countJoined(tapped())
      return tokens + extra(han)
    },
    clearCache: () => tokenizer.clearCache(),
  }
}
