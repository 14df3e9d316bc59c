/**
 * How many Han characters (Chinese characters, the kanji of Japanese) a text holds: the CJK
 * Unified Ideographs, their Extension A and the Compatibility Ideographs of the Basic Multilingual
 * Plane. Ideographs past it (Extension B on, written as surrogate pairs) are rare and not counted.
 */
export const hanCharacters = (text: string): number => weightedScripts(text, 1, 0)

/** How many Hangul syllables (U+AC00–U+D7A3, the precomposed blocks Korean is written in) a text holds. */
export const hangulSyllables = (text: string): number => weightedScripts(text, 0, 1)

// Made once, not on every count.
const HAN_OR_HANGUL = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7a3]/
// U+3400–U+4DBF (Extension A), U+4E00–U+9FFF (Unified), U+F900–U+FAFF (Compatibility).
const isHan = (c: number) =>
  c >= 0x3400 && (c <= 0x9fff ? c <= 0x4dbf || c >= 0x4e00 : c >= 0xf900 && c <= 0xfaff)
const isHangul = (c: number) => c >= 0xac00 && c <= 0xd7a3

/**
 * A text's Han characters times `perHan` plus its Hangul syllables times `perHangul`, in one
 * scan. Most texts hold neither: the regular expression's compiled scan finds that far faster
 * than a loop, which then starts at the first one found.
 */
function weightedScripts(text: string, perHan: number, perHangul: number): number {
  const start = text.search(HAN_OR_HANGUL)
  if (start === -1) return 0
  let han = 0
  let hangul = 0
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (isHan(c)) han++
    else if (isHangul(c)) hangul++
  }
  return perHan * han + perHangul * hangul
}

/**
 * The tokens `perHan` for each Han character and `perHangul` for each Hangul syllable add to a
 * text's count, where a calibrated family tokenizes Chinese or Korean text into more tokens than
 * its vocabulary does, as measured against the provider's reported counts (calibration.ts,
 * `hanTokens` and `hangulTokens`); undefined where both are 0.
 */
export function hanExtra(perHan: number, perHangul = 0): ((text: string) => number) | undefined {
  if (perHan === 0 && perHangul === 0) return undefined
  return (text) => weightedScripts(text, perHan, perHangul)
}
