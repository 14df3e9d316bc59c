import type { Tokenizer } from '../tokens'

/**
 * A tokenizer whose count adds what `extra` gives for the text, rounded once per count: the
 * character rules of a calibrated family (Han characters and Hangul syllables) on top of the
 * vocabulary's count. The tokenizer itself where there are none.
 */
export function withExtraTokens(
  tokenizer: Tokenizer,
  extra: ((text: string) => number) | undefined,
): Tokenizer {
  if (!extra) return tokenizer
  return {
    encoding: tokenizer.encoding,
    count: (text) => tokenizer.count(text) + Math.round(extra(text)),
    countJoined(chunks) {
      let added = 0
      function* tapped() {
        for (const chunk of chunks) {
          added += extra!(chunk)
          yield chunk
        }
      }
      const tokens = tokenizer.countJoined(tapped())
      return tokens + Math.round(added)
    },
    clearCache: () => tokenizer.clearCache(),
  }
}
