import { getEncodingParams } from 'gpt-tokenizer/modelParams'
import type { EncodingName } from 'gpt-tokenizer/mapping'
import { countPieceTokens, vocabularyOf } from './byte-pair'
import { createPieceTable } from './piece-table'
import type { PieceScanner } from './piece-scanner'
import { vocabularyData } from './vocabularies'

/**
 * Past this many distinct pieces the cache starts again from empty: cheaper than an LRU's
 * bookkeeping on every hit, and it bounds the memory a long run of unique pieces can hold.
 */
export const PIECE_CACHE_LIMIT = 200_000

/**
 * Where more than this many UTF-16 units are left in a text, its pieces are cut by the scanner, if
 * the counter has one. A regular expression keeps a backtracking entry for each character of a
 * run, and V8 overflows past about four million: the pattern never meets a run longer than this.
 */
export const SCANNED_BEYOND = 256 * 1024

/** Longer pieces are not remembered: a copy of a run of millions would stay as long as the cache. */
const CACHED_UP_TO = 64 * 1024

/** About how many characters of joined chunks are counted at a time (see countJoined). */
const JOINED_BATCH = 64 * 1024

/** Counts text by pieces; `clear` empties the piece cache (say, once a whole file is counted). */
export interface PieceCounter {
  count(text: string): number
  /**
   * What `count` gives for the chunks joined, without joining them: pieces are counted as the
   * chunks arrive, so a text of megabytes (the summary prompt) is never built whole.
   */
  countJoined(chunks: Iterable<string>): number
  clear(): void
  /** How many distinct pieces the cache holds now. */
  readonly size: number
}

/** How to build a piece counter; the defaults are gpt-tokenizer's. */
export interface PieceCounterOptions {
  /** The pattern that cuts text into pieces (global or sticky); gpt-tokenizer's for the encoding by default. */
  pattern?: RegExp
  /**
   * The same cuts as `pattern`, found without a regular expression (piece-scanner.ts), for text too
   * long for one. Without it, a run of a few million characters of one class overflows the stack.
   */
  scanner?: PieceScanner
  /** Where more than this many units are left, the scanner cuts; SCANNED_BEYOND by default. */
  scannedBeyond?: number
  cacheLimit?: number
}

/**
 * A counter that gives exactly gpt-tokenizer's ordinary count (given its split pattern), faster,
 * except where gpt-tokenizer mis-merges a token that begins with U+FEFF (see byte-pair.ts).
 * BPE never merges across the pieces the split pattern cuts text into, so a text's count is the
 * sum of its pieces' counts; each distinct piece is counted once (see byte-pair.ts) and remembered.
 * Conversations repeat their words, paths and keys, so most pieces are a single map lookup.
 * Special-token strings get no special treatment: they are ordinary text in a conversation.
 */
export function createPieceCounter(
  encoding: EncodingName,
  {
    pattern,
    scanner,
    scannedBeyond = SCANNED_BEYOND,
    cacheLimit = PIECE_CACHE_LIMIT,
  }: PieceCounterOptions = {},
): PieceCounter {
  // gpt-tokenizer's vocabulary for this encoding, and its split pattern unless given another.
  const { tokenSplitRegex, bytePairRankDecoder } = getEncodingParams(encoding, vocabularyData)
  const split = pattern ?? tokenSplitRegex
  const vocabulary = vocabularyOf(bytePairRankDecoder)
  // Sticky, so that `test` finds the piece that starts where the last one ended without building a
  // match array; the global twin finds the next piece if one ever does not (as matchAll would).
  const flags = split.flags.replace(/[gy]/g, '')
  const sticky = new RegExp(split.source, flags + 'y')
  const global = new RegExp(split.source, flags + 'g')
  const table = createPieceTable(cacheLimit)

  // Where the last countPieces stopped: the end of the last piece it counted.
  let stoppedAt = 0

  // Counts the pieces of `text` that start before `stop`.
  const countPieces = (text: string, stop: number): number => {
    let total = 0
    let start = 0
    while (start < stop) {
      let end = -1
      if (scanner && text.length - start > scannedBeyond) {
        end = scanner(text, start)
      } else {
        sticky.lastIndex = start
        if (sticky.test(text)) end = sticky.lastIndex
      }
      if (end === -1) {
        global.lastIndex = start
        const next = global.exec(text)
        if (next === null) break
        start = next.index
        end = start + next[0].length
      }
      // The patterns never match empty, but step over one as matchAll does if one ever did.
      if (end === start) {
        start += text.codePointAt(start)! > 0xffff ? 2 : 1
        continue
      }
      let n = end - start > CACHED_UP_TO ? -1 : table.get(text, start, end)
      if (n === -1) {
        n = countPieceTokens(text.slice(start, end), vocabulary)
        if (end - start <= CACHED_UP_TO) table.set(text, start, end, n)
      }
      start = end
      total += n
    }
    stoppedAt = start
    return total
  }

  const count = (text: string): number => countPieces(text, text.length)

  // tiktoken's split patterns never put a newline and a '<' after it in one piece, and a match
  // that reaches the newline reads no further than the '<'. So the pieces before a "\n<" are the
  // same whatever follows the '<': they are counted once the '<' has arrived, and the rest waits
  // for the next chunk. The summary prompt has a "\n<" in every message it renders.
  const countJoined = (chunks: Iterable<string>): number => {
    let total = 0
    let batch: string[] = []
    let size = 0
    let threshold = JOINED_BATCH
    // Chunks are gathered to about JOINED_BATCH characters before they are counted: one at a time,
    // the join and the scan for "\n<" cost more per chunk than counting a short message does.
    const countBatch = (last: boolean) => {
      const text = batch.join('')
      batch = []
      const cut = last ? text.length : text.lastIndexOf('\n<') + 1
      let rest = text
      if (cut > 0) {
        total += countPieces(text, cut)
        rest = text.slice(stoppedAt)
      }
      if (rest !== '') batch.push(rest)
      size = rest.length
      // What waits is scanned again only once as much text again has come, so a text without a
      // "\n<" is joined a few times, not once per chunk.
      threshold = Math.max(JOINED_BATCH, 2 * rest.length)
    }
    for (const chunk of chunks) {
      batch.push(chunk)
      size += chunk.length
      if (size >= threshold) countBatch(false)
    }
    countBatch(true)
    return total
  }

  return {
    count,
    countJoined,
    clear: table.clear,
    get size() {
      return table.size
    },
  }
}
