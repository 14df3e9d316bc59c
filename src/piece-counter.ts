import type { GptEncoding } from 'gpt-tokenizer/GptEncoding'
import { getEncodingParams } from 'gpt-tokenizer/modelParams'
import type { EncodingName } from 'gpt-tokenizer/mapping'

// Special-token strings are ordinary text in a conversation: never thrown on, never merged.
const ORDINARY = { disallowedSpecial: new Set<string>() }

/**
 * Past this many distinct pieces the cache starts again from empty: cheaper than an LRU's
 * bookkeeping on every hit, and it bounds the memory a long run of unique pieces can hold.
 */
export const PIECE_CACHE_LIMIT = 200_000

/** Counts text by pieces; `clear` empties the piece cache (say, once a whole file is counted). */
export interface PieceCounter {
  count(text: string): number
  clear(): void
  /** How many distinct pieces the cache holds now. */
  readonly size: number
}

/**
 * A counter that gives exactly gpt-tokenizer's ordinary count, faster. BPE never merges across
 * the pieces the encoding's split pattern cuts text into, so a text's count is the sum of its
 * pieces' counts; each distinct piece is counted once, by gpt-tokenizer itself, and remembered.
 * Conversations repeat their words, paths and keys, so most pieces are a single map lookup.
 */
export function createPieceCounter(
  encoding: EncodingName,
  api: GptEncoding,
  cacheLimit = PIECE_CACHE_LIMIT,
): PieceCounter {
  // The split pattern gpt-tokenizer uses for this encoding, from its own parameters. The ranks
  // argument only feeds the vocabulary, which this counter never reads.
  const { tokenSplitRegex } = getEncodingParams(encoding, () => [])
  const split = new RegExp(tokenSplitRegex.source, tokenSplitRegex.flags)
  let cache = new Map<string, number>()

  const count = (text: string): number => {
    let total = 0
    split.lastIndex = 0
    let match: RegExpExecArray | null
    while ((match = split.exec(text)) !== null) {
      const piece = match[0]
      // The patterns never match empty, but a future one might; step over it as matchAll does.
      if (piece === '') {
        split.lastIndex += text.codePointAt(split.lastIndex)! > 0xffff ? 2 : 1
        continue
      }
      let n = cache.get(piece)
      if (n === undefined) {
        // A piece matched alone is matched whole again, so this is the piece's own BPE count.
        n = api.countTokens(piece, ORDINARY)
        if (cache.size >= cacheLimit) cache = new Map()
        cache.set(piece, n)
      }
      total += n
    }
    return total
  }

  return {
    count,
    clear: () => {
      cache = new Map()
    },
    get size() {
      return cache.size
    },
  }
}
