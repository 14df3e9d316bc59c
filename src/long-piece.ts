/**
 * Byte-pair merging of a long piece in O(n log n): the same merges as byte-pair.ts's scan (lowest
 * rank first, leftmost on a tie), found by rank buckets instead of a scan over every pair for each
 * merge. A run of one character is one piece however long it is, and the scan made counting it
 * quadratic: 160 KB of "a" took 41 s; 1 MB now takes about 0.3 s.
 */
import type { Vocabulary } from './byte-pair'

const NONE = 0x7fffffff
/** The rank of a part merged into the one before it: matches no heap entry. */
const GONE = -1
/** A heap key is rank × SHIFT + position; both fit in a double's 53 bits. */
const SHIFT = 2 ** 32

// The token of each byte alone, by vocabulary: every vocabulary gpt-tokenizer ships has all 256.
const byteTokensOf = new WeakMap<Vocabulary, Int32Array>()

function byteTokens(vocabulary: Vocabulary): Int32Array {
  let tokens = byteTokensOf.get(vocabulary)
  if (tokens) return tokens
  tokens = new Int32Array(256)
  for (let b = 0; b < 256; b++) {
    const key = String.fromCharCode(b)
    tokens[b] = b < 0x80 ? vocabulary.textRanks.get(key, 0, 1) : (vocabulary.byBytes.get(key) ?? -1)
    if (tokens[b] === -1) throw new Error(`The vocabulary has no token for byte ${b}.`)
  }
  byteTokensOf.set(vocabulary, tokens)
  return tokens
}

const encoder = new TextEncoder()

/**
 * For each byte of the piece's UTF-8, the index in the piece of the character it starts, or -1
 * for a continuation byte; at n, the piece's length. Ranges between two starts are whole
 * characters, looked up by text; any other range by its bytes, as byte-pair.ts's rankOf does.
 */
function characterStarts(piece: string, n: number): Int32Array {
  const starts = new Int32Array(n + 1).fill(-1)
  let at = 0
  for (let i = 0; i < piece.length; i++) {
    starts[at] = i
    const c = piece.charCodeAt(i)
    if (c < 0x80) at += 1
    else if (c < 0x800) at += 2
    else if (c >= 0xd800 && c <= 0xdbff && (piece.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      at += 4
      i++
    } else at += 3 // the rest of the BMP, and a lone surrogate, which becomes U+FFFD
  }
  starts[n] = piece.length
  return starts
}

/** Ranks by a pair of tokens (both non-negative), in an open-addressed table that grows. */
function createPairTable() {
  let mask = 1023
  let firsts = new Int32Array(mask + 1).fill(-1)
  let seconds = new Int32Array(mask + 1)
  let values = new Int32Array(mask + 1)
  let size = 0
  const slot = (a: number, b: number) => {
    let i = (Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca6b)) & mask
    while (firsts[i] !== -1 && (firsts[i] !== a || seconds[i] !== b)) i = (i + 1) & mask
    return i
  }
  const set = (a: number, b: number, value: number) => {
    if (2 * (size + 1) > mask) {
      const old = { firsts, seconds, values }
      mask = mask * 2 + 1
      firsts = new Int32Array(mask + 1).fill(-1)
      seconds = new Int32Array(mask + 1)
      values = new Int32Array(mask + 1)
      for (let i = 0; i < old.firsts.length; i++) {
        if (old.firsts[i] === -1) continue
        const j = slot(old.firsts[i], old.seconds[i])
        firsts[j] = old.firsts[i]
        seconds[j] = old.seconds[i]
        values[j] = old.values[i]
      }
    }
    const i = slot(a, b)
    firsts[i] = a
    seconds[i] = b
    values[i] = value
    size++
  }
  const get = (a: number, b: number) => {
    const i = slot(a, b)
    return firsts[i] === -1 ? -1 : values[i]
  }
  return { get, set }
}

// Bucket heads, by rank, and a bit for each bucket that holds any: reused across pieces, all -1
// and all clear between calls.
let heads = new Int32Array(0)
let occupied = new Uint32Array(0)

/** The lowest rank at or above `from` whose bucket holds an entry, or -1. */
function nextOccupied(from: number): number {
  let word = from >>> 5
  if (word >= occupied.length) return -1
  let bits = occupied[word] & (~0 << (from & 31))
  while (bits === 0) {
    if (++word === occupied.length) return -1
    bits = occupied[word]
  }
  return (word << 5) + 31 - Math.clz32(bits & -bits)
}

/**
 * How many tokens a piece makes, over a doubly linked list of its parts. The pairs wait in one
 * bucket per rank and are merged bucket by bucket, lowest rank first, each bucket's from left to
 * right: merging a pair never makes another pair of its own rank (the two it makes are longer
 * tokens), so a bucket is complete when its turn comes. A pair it makes of a rank not above the
 * bucket's goes into a small heap keyed by (rank, position) that is drained alongside, so the order
 * is exactly the scan's whatever the vocabulary.
 */
export function countLongPieceTokens(piece: string, vocabulary: Vocabulary): number {
  // TextEncoder writes U+FFFD for a lone surrogate, as byte-pair.ts's encode does, and the text
  // looked up has U+FFFD in its place too.
  const bytes = encoder.encode(piece)
  const text = piece.replace(/[\ud800-\udfff]/gu, '\ufffd')
  const n = bytes.length
  const starts = characterStarts(piece, n)
  const { pairs, textRanks, byBytes, longestText, longestBytes } = vocabulary
  const tokenOfByte = byteTokens(vocabulary)
  const rankCount = vocabulary.ranks.length
  if (heads.length < rankCount) {
    heads = new Int32Array(rankCount).fill(-1)
    occupied = new Uint32Array((rankCount + 31) >>> 5)
  }

  // Parts are named by the byte they start at. next[i] is where the part after part i starts (n
  // for the last); prev[i] where the one before it does. rank[i] is the rank of merging part i with
  // the part after it: NONE where that is no token, GONE once part i is merged into the one before.
  // token[i] is the token part i is (every part is one: a byte, or two tokens merged into one).
  const next = new Int32Array(n)
  const prev = new Int32Array(n)
  const rank = new Int32Array(n)
  const token = new Int32Array(n)
  const pairRanks = createPairTable()
  const rankOf = (part: number) => {
    const second = next[part]
    if (second >= n) return NONE
    // A long piece repeats its pairs of tokens (a run of one character has a few dozen), so each
    // pair's rank is looked up by its bytes once, then by the two tokens.
    const known = pairRanks.get(token[part], token[second])
    if (known !== -1) return known
    const end = next[second]
    const from = starts[part]
    const to = starts[end]
    let found: number | undefined
    if (from >= 0 && to >= 0) {
      if (to - from <= longestText) found = textRanks.get(text, from, to)
    } else if (end - part <= longestBytes) {
      found = byBytes.get(String.fromCharCode(...bytes.subarray(part, end)))
    }
    const rank = found === undefined || found === -1 ? NONE : found
    pairRanks.set(token[part], token[second], rank)
    return rank
  }

  // The buckets: singly linked lists of entries (a part), with a free list of spent entries.
  let entryPart = new Int32Array(n + 16)
  let entryNext = new Int32Array(n + 16)
  let used = 0
  let free = -1
  const add = (r: number, part: number) => {
    let e = free
    if (e !== -1) free = entryNext[e]
    else {
      if (used === entryPart.length) {
        const grownPart = new Int32Array(used * 2)
        const grownNext = new Int32Array(used * 2)
        grownPart.set(entryPart)
        grownNext.set(entryNext)
        entryPart = grownPart
        entryNext = grownNext
      }
      e = used++
    }
    entryPart[e] = part
    entryNext[e] = heads[r]
    heads[r] = e
    occupied[r >>> 5] |= 1 << (r & 31)
  }

  // The heap of pairs made at or below the bucket being merged, as rank × 2³² + position.
  let heap = new Float64Array(16)
  let size = 0
  const push = (key: number) => {
    if (size === heap.length) {
      const grown = new Float64Array(2 * size)
      grown.set(heap)
      heap = grown
    }
    let slot = size++
    while (slot > 0) {
      const parent = (slot - 1) >> 1
      if (heap[parent] <= key) break
      heap[slot] = heap[parent]
      slot = parent
    }
    heap[slot] = key
  }
  const pop = () => {
    const last = heap[--size]
    let slot = 0
    for (;;) {
      let child = 2 * slot + 1
      if (child >= size) break
      if (child + 1 < size && heap[child + 1] < heap[child]) child++
      if (heap[child] >= last) break
      heap[slot] = heap[child]
      slot = child
    }
    heap[slot] = last
  }
  // A stale heap entry's part was merged away or has another rank now.
  const fresh = (key: number) => {
    const part = key % SHIFT
    return rank[part] === (key - part) / SHIFT
  }

  let current = 0
  const wait = (part: number) => {
    const r = rank[part]
    if (r === NONE) return
    if (r <= current) push(r * SHIFT + part)
    else add(r, part)
  }

  for (let i = n - 1; i >= 0; i--) {
    next[i] = i + 1
    prev[i] = i - 1
    token[i] = tokenOfByte[bytes[i]]
    const r = i + 1 < n ? pairs[bytes[i] * 256 + bytes[i + 1]] : -1
    rank[i] = r < 0 ? NONE : r
    // Added from the right, so each bucket's list starts in order of position.
    if (r >= 0) add(r, i)
  }

  let parts = n
  let sweep = new Int32Array(16)
  for (current = nextOccupied(0); current !== -1; current = nextOccupied(current + 1)) {
    // The bucket, in order of position: lists are built by adding at the front, mostly from left
    // to right, so reversed they are nearly always sorted already.
    let count = 0
    for (let e = heads[current]; e !== -1;) {
      if (count === sweep.length) {
        const grown = new Int32Array(2 * count)
        grown.set(sweep)
        sweep = grown
      }
      sweep[count++] = entryPart[e]
      const after = entryNext[e]
      entryNext[e] = free
      free = e
      e = after
    }
    heads[current] = -1
    occupied[current >>> 5] &= ~(1 << (current & 31))
    const bucket = sweep.subarray(0, count).reverse()
    for (let i = 1; i < count; i++) {
      if (bucket[i] < bucket[i - 1]) {
        bucket.sort()
        break
      }
    }
    let at = 0
    for (;;) {
      while (at < count && rank[bucket[at]] !== current) at++
      while (size > 0 && !fresh(heap[0])) pop()
      let part: number
      if (size > 0 && (at === count || heap[0] < current * SHIFT + bucket[at])) {
        part = heap[0] % SHIFT
        pop()
      } else if (at < count) {
        part = bucket[at++]
      } else break
      const gone = next[part]
      const after = next[gone]
      next[part] = after
      if (after < n) prev[after] = part
      rank[gone] = GONE
      parts--
      token[part] = rank[part]
      rank[part] = rankOf(part)
      wait(part)
      if (part > 0) {
        const left = prev[part]
        rank[left] = rankOf(left)
        wait(left)
      }
    }
  }
  return parts
}
