/**
 * Byte-pair merging, for counting only: how many tokens one piece of text becomes. It follows
 * gpt-tokenizer 4's bytePairMerge step for step (lowest rank first, leftmost on a tie), over the
 * same vocabulary, without its per-lookup UTF-8 decoding, which made a cold count of a large file
 * spend most of its time on the pieces that are not whole tokens (ids, hashes, CJK runs).
 */
import { countLongPieceTokens } from './long-piece'
import { createPieceTable, type PieceTable } from './piece-table'

/**
 * Pieces of more UTF-8 bytes than this merge by long-piece.ts, in O(n log n); shorter ones by the
 * scan below, which is O(n²) but faster on the short pieces that are nearly all of any text. The
 * two cost the same at about 128 bytes of ASCII; on CJK the scan loses sooner (measured).
 */
export const LONG_PIECE = 128

/** A vocabulary as gpt-tokenizer ships it: index = rank, value = the token as text, or its bytes. */
export type RawRanks = readonly (string | readonly number[])[]

/** A vocabulary ready for lookups. */
export interface Vocabulary {
  /**
   * Tokens that are valid UTF-8, by their text, looked up by a range of a piece's text without
   * cutting the range out. The only index of them: a Map beside it cost every thread that counts
   * another 7 MB of heap.
   */
  textRanks: PieceTable
  /** Tokens that are not (parts of a character), by their bytes as a one-char-per-byte string. */
  byBytes: Map<string, number>
  /** The rank of every two-byte token, at `first * 256 + second`; -1 where there is none. */
  pairs: Int32Array
  /** The longest token in `textRanks`, in UTF-16 units, and in `byBytes`, in bytes. */
  longestText: number
  longestBytes: number
  /** The vocabulary it indexes: its length is how many ranks there are. */
  ranks: RawRanks
}

// Encodings that share a vocabulary (p50k_base and p50k_edit, o200k_base and o200k_harmony) share
// its index too: each is a few megabytes.
const vocabularies = new WeakMap<RawRanks, Vocabulary>()

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

/** A token's bytes as text, byte-order mark kept, or undefined when they are not valid UTF-8. */
function textOf(bytes: readonly number[]): string | undefined {
  try {
    return utf8.decode(new Uint8Array(bytes))
  } catch {
    return undefined
  }
}

/** Indexes a vocabulary for lookups, once per vocabulary. */
export function vocabularyOf(ranks: RawRanks): Vocabulary {
  const known = vocabularies.get(ranks)
  if (known) return known
  const textRanks = createPieceTable(ranks.length)
  const byBytes = new Map<string, number>()
  let longestText = 0
  ranks.forEach((token, rank) => {
    // gpt-tokenizer ships the tokens that begin with U+FEFF as bytes, because its decoder strips a
    // leading mark (and so mis-merges them). They are whole characters: look them up by text.
    const text = typeof token === 'string' ? token : textOf(token)
    if (text === undefined) {
      byBytes.set(String.fromCharCode(...(token as readonly number[])), rank)
    } else if (textRanks.get(text, 0, text.length) === -1) {
      // No vocabulary gpt-tokenizer ships holds a text twice; were one to, the lower rank is kept.
      textRanks.set(text, 0, text.length, rank)
      longestText = Math.max(longestText, text.length)
    }
  })
  let longestBytes = 0
  for (const key of byBytes.keys()) longestBytes = Math.max(longestBytes, key.length)
  const vocabulary = {
    textRanks,
    byBytes,
    pairs: pairRanks(textRanks, byBytes),
    longestText,
    longestBytes,
    ranks,
  }
  vocabularies.set(ranks, vocabulary)
  return vocabulary
}

// Every merge starts from byte pairs, most of them looked up once per piece: a table answers those
// without building a key (-1 where a pair is no token, as the piece table answers). Two bytes are a
// whole character or two (so looked up by text) exactly when both are ASCII or they are a two-byte
// sequence; any other pair is looked up by its bytes.
function pairRanks(textRanks: PieceTable, byBytes: Map<string, number>): Int32Array {
  const pairs = new Int32Array(256 * 256)
  const byText = (text: string) => textRanks.get(text, 0, text.length)
  for (let first = 0; first < 256; first++) {
    for (let second = 0; second < 256; second++) {
      let rank: number
      if (first < 0x80 && second < 0x80) {
        rank = byText(String.fromCharCode(first, second))
      } else if (first >= 0xc2 && first <= 0xdf && second >= 0x80 && second <= 0xbf) {
        rank = byText(String.fromCharCode(((first & 0x1f) << 6) | (second & 0x3f)))
      } else {
        rank = byBytes.get(String.fromCharCode(first, second)) ?? -1
      }
      pairs[first * 256 + second] = rank
    }
  }
  return pairs
}

// Scratch space reused across pieces: a piece's UTF-8 bytes, and for each byte the index of the
// character it starts in the piece's text (-1 for a continuation byte).
let bytes = new Uint8Array(256)
let charAt = new Int32Array(257)

function ensureCapacity(n: number): void {
  if (bytes.length >= n) return
  bytes = new Uint8Array(n * 2)
  charAt = new Int32Array(n * 2 + 1)
}

// The piece being merged: its byte length, what the bytes decode to (see encode), and its bytes as
// a one-char-per-byte string, made only when a range that is not whole characters needs looking up.
let pieceLength = 0
let text = ''
let binary: string | undefined

/** The first `n` scratch bytes as a one-char-per-byte string, in chunks that any engine accepts. */
function oneCharPerByte(n: number): string {
  let out = ''
  for (let i = 0; i < n; i += 4096) {
    out += String.fromCharCode.apply(null, bytes.subarray(i, Math.min(n, i + 4096)) as never)
  }
  return out
}

/**
 * Encodes `piece` as UTF-8 into the scratch space, returns its byte length, and sets `text` to what
 * the bytes decode to: a lone surrogate is encoded as U+FFFD, as TextEncoder does, so the text has
 * U+FFFD in its place too.
 */
function encode(piece: string): number {
  ensureCapacity(piece.length * 3)
  let n = 0
  text = piece
  binary = undefined
  for (let i = 0; i < piece.length; i++) {
    let c = piece.charCodeAt(i)
    charAt[n] = i
    if (c < 0x80) {
      bytes[n++] = c
      continue
    }
    if (c >= 0xd800 && c <= 0xdfff) {
      const next = piece.charCodeAt(i + 1)
      if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        const cp = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00)
        bytes[n] = 0xf0 | (cp >> 18)
        bytes[n + 1] = 0x80 | ((cp >> 12) & 0x3f)
        bytes[n + 2] = 0x80 | ((cp >> 6) & 0x3f)
        bytes[n + 3] = 0x80 | (cp & 0x3f)
        charAt[n + 1] = charAt[n + 2] = charAt[n + 3] = -1
        n += 4
        i++
        continue
      }
      c = 0xfffd
      text = text.slice(0, i) + '\ufffd' + text.slice(i + 1)
    }
    if (c < 0x800) {
      bytes[n] = 0xc0 | (c >> 6)
      bytes[n + 1] = 0x80 | (c & 0x3f)
      charAt[n + 1] = -1
      n += 2
    } else {
      bytes[n] = 0xe0 | (c >> 12)
      bytes[n + 1] = 0x80 | ((c >> 6) & 0x3f)
      bytes[n + 2] = 0x80 | (c & 0x3f)
      charAt[n + 1] = charAt[n + 2] = -1
      n += 3
    }
  }
  charAt[n] = piece.length
  pieceLength = n
  return n
}

// The merge state, reused across pieces: parts[i] is where part i begins (in bytes); ranks[i] is
// the rank of merging part i with part i + 1, NONE where that makes no token. Typed arrays, shifted
// in place where plain arrays were spliced.
const NONE = 0x7fffffff
let parts = new Int32Array(257)
let ranks = new Int32Array(257)

// The rank of the token that bytes [from, to) of the encoded piece make, or NONE. A range that
// starts and ends on character boundaries is valid UTF-8, so it is looked up by its text; any other
// range is looked up by its bytes: the same split as gpt-tokenizer's isValidUTF8 check.
function rankOf(vocabulary: Vocabulary, from: number, to: number): number {
  const a = charAt[from]
  const b = charAt[to]
  let rank: number | undefined
  if (a >= 0 && b >= 0) {
    if (b - a > vocabulary.longestText) return NONE
    const found = vocabulary.textRanks.get(text, a, b)
    if (found !== -1) rank = found
  } else {
    if (to - from > vocabulary.longestBytes) return NONE
    binary ??= oneCharPerByte(pieceLength)
    rank = vocabulary.byBytes.get(binary.slice(from, to))
  }
  return rank ?? NONE
}

/**
 * How many tokens byte-pair merging makes of one piece (a match of the encoding's split pattern):
 * the lowest-ranked adjacent pair merges first, the leftmost on a tie, until no pair is a token.
 */
export function countPieceTokens(piece: string, vocabulary: Vocabulary): number {
  if (vocabulary.textRanks.get(piece, 0, piece.length) !== -1) return 1
  if (piece.length > LONG_PIECE) return countLongPieceTokens(piece, vocabulary)
  const length = encode(piece)
  if (length > LONG_PIECE) return countLongPieceTokens(piece, vocabulary)
  const { pairs } = vocabulary
  if (parts.length < length + 1) {
    parts = new Int32Array(length * 2 + 1)
    ranks = new Int32Array(length * 2 + 1)
  }
  let count = length + 1
  for (let i = 0; i <= length; i++) {
    parts[i] = i
    const rank = i < length - 1 ? pairs[bytes[i] * 256 + bytes[i + 1]] : -1
    ranks[i] = rank < 0 ? NONE : rank
  }
  while (count > 1) {
    let lowest = NONE
    let at = -1
    for (let i = 0; i < count - 1; i++) {
      if (ranks[i] < lowest) {
        lowest = ranks[i]
        at = i
      }
    }
    if (at === -1) break
    // Parts at and at + 1 merge: the boundary between them goes, and so does the rank at `at`.
    for (let i = at + 1; i < count - 1; i++) parts[i] = parts[i + 1]
    for (let i = at; i < count - 1; i++) ranks[i] = ranks[i + 1]
    count--
    ranks[at] = at + 2 < count ? rankOf(vocabulary, parts[at], parts[at + 2]) : NONE
    if (at > 0) ranks[at - 1] = rankOf(vocabulary, parts[at - 1], parts[at + 1])
  }
  return count - 1
}
