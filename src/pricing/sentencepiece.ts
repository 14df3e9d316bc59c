/**
 * A SentencePiece BPE vocabulary (Gemma 3's, which is Gemini's) counted from its tokenizer.json,
 * as Hugging Face's tokenizers library encodes with it:
 *
 * 1. The added tokens (newline, tab and space runs, some HTML tags, `<start_of_turn>`…) are cut out
 *    of the raw text first, longest first; each is one token.
 * 2. Each piece between them has its spaces written as `▁` (the normalizer). The pre-tokenizer
 *    splits on spaces, which the normalizer has already replaced: the piece stays whole.
 * 3. The piece starts as its characters, each a token of the vocabulary, or else its UTF-8 bytes
 *    (byte fallback: `<0x41>`…), one token each. The merges then join the adjacent pair whose
 *    merge comes first in the list, the leftmost on a tie, until no pair has a merge.
 *
 * Only the number of tokens is kept. The merges never join across the start of a word (wordEnd),
 * so each word is merged on its own and its count remembered, as piece-counter.ts does for
 * OpenAI's vocabularies. The test checks every count against the package's own
 * encoder (@lenml/tokenizers, a port of the same library) on varied text.
 */

/** The parts of a SentencePiece BPE tokenizer.json this reads. */
export interface SentencePieceJson {
  model: {
    type: string
    vocab: Record<string, number>
    /** Each merge as its pair (the newer format; Gemma's file is written so). */
    merges: [string, string][]
    byte_fallback?: boolean
  }
  added_tokens?: { content: string }[]
}

/** Whether a tokenizer.json is a SentencePiece BPE (spaces as `▁`, bytes as `<0xXX>`). */
export function isSentencePieceJson(json: { model: { type: string } }): boolean {
  const model = json.model as SentencePieceJson['model']
  return model.type === 'BPE' && model.byte_fallback === true && '▁' in model.vocab
}

/**
 * The merges as an open-addressing table from a pair of token ids to the merge's rank and the id
 * it makes: four typed arrays instead of half a million strings.
 */
class MergeTable {
  private readonly mask: number
  private readonly left: Int32Array
  private readonly right: Int32Array
  readonly rank: Int32Array
  readonly made: Int32Array

  constructor(size: number) {
    let capacity = 1
    while (capacity < size * 2) capacity *= 2
    this.mask = capacity - 1
    this.left = new Int32Array(capacity).fill(-1)
    this.right = new Int32Array(capacity)
    this.rank = new Int32Array(capacity)
    this.made = new Int32Array(capacity)
  }

  private slot(a: number, b: number): number {
    return Math.imul(a * 31 + b, 0x9e3779b1) >>> 0
  }

  set(a: number, b: number, rank: number, made: number): void {
    let i = this.slot(a, b) & this.mask
    while (this.left[i] !== -1) {
      if (this.left[i] === a && this.right[i] === b) return // the first merge of a pair wins
      i = (i + 1) & this.mask
    }
    this.left[i] = a
    this.right[i] = b
    this.rank[i] = rank
    this.made[i] = made
  }

  /** The slot of the pair's merge, or -1. */
  find(a: number, b: number): number {
    let i = this.slot(a, b) & this.mask
    for (;;) {
      const l = this.left[i]
      if (l === -1) return -1
      if (l === a && this.right[i] === b) return i
      i = (i + 1) & this.mask
    }
  }
}

/**
 * What the counter takes from a SentencePiece vocabulary, packed: 8.5 MB for Gemma's, where its
 * tokenizer.json is 33 MB and a few hundred MB once parsed. The builds pack the file as they bundle
 * it (scripts/open-vocabularies-plugin.ts), so a worker or the CLI counting Gemini loads this in a
 * third of a second, not the file in two to three. Plain data (JSON-safe), for a build to write.
 */
export interface PackedSentencePiece {
  kind: 'sentencepiece-packed'
  /** See wordEnd: whether no token joins a character to a `▁` after it, JOINED aside. */
  wordsApart: boolean
  added: string[]
  /** The one-character tokens as (code point, id) pairs, Int32 little-endian, in base64. */
  chars: string
  /** The merges as (left id, right id, made id), in the list's order, Int32 little-endian, base64. */
  merges: string
}

export function isPackedSentencePiece(value: unknown): value is PackedSentencePiece {
  return (value as PackedSentencePiece | null)?.kind === 'sentencepiece-packed'
}

/** The tables counting uses, from either form. */
interface Tables {
  charId: Map<number, number>
  wordsApart: boolean
  added: string[]
  /** (left, right, made) triples in merge order. */
  merges: Int32Array
}

function tablesOf(json: SentencePieceJson): Tables {
  const { vocab, merges } = json.model
  // One-character tokens: where every piece starts.
  const charId = new Map<number, number>()
  // Whether words can be merged apart (wordEnd): no token joins a character to a `▁` after it,
  // but Gemma's one.
  let wordsApart = true
  for (const token in vocab) {
    const cp = token.codePointAt(0)!
    if (token.length === (cp > 0xffff ? 2 : 1)) charId.set(cp, vocab[token])
    else if (token !== JOINED && /[^▁]▁/.test(token)) wordsApart = false
  }
  if (merges.length > 0 && !Array.isArray(merges[0])) {
    throw new Error(
      'This vocabulary writes its merges as strings, which this counter does not read.',
    )
  }
  // A merge whose tokens are not all in the vocabulary can never apply: left out, which keeps the
  // order of the others, and so their ranks' order.
  const triples = new Int32Array(merges.length * 3)
  let n = 0
  for (const [a, b] of merges) {
    const left = vocab[a]
    const right = vocab[b]
    const made = vocab[a + b]
    if (left === undefined || right === undefined || made === undefined) continue
    triples[n++] = left
    triples[n++] = right
    triples[n++] = made
  }
  const added = (json.added_tokens ?? []).map((t) => t.content)
  return { charId, wordsApart, added, merges: triples.slice(0, n) }
}

/** A tokenizer.json packed for loading (see PackedSentencePiece). */
export function packSentencePiece(json: SentencePieceJson): PackedSentencePiece {
  const { charId, wordsApart, added, merges } = tablesOf(json)
  const chars = new Int32Array(charId.size * 2)
  let i = 0
  for (const [cp, id] of charId) {
    chars[i++] = cp
    chars[i++] = id
  }
  return {
    kind: 'sentencepiece-packed',
    wordsApart,
    added,
    chars: int32ToBase64(chars),
    merges: int32ToBase64(merges),
  }
}

function unpack(packed: PackedSentencePiece): Tables {
  const chars = base64ToInt32(packed.chars, 'chars')
  const charId = new Map<number, number>()
  for (let i = 0; i + 1 < chars.length; i += 2) charId.set(chars[i], chars[i + 1])
  const merges = base64ToInt32(packed.merges, 'merges')
  if (merges.length % 3 !== 0) throw new Error('A packed vocabulary’s merges are not triples.')
  return { charId, wordsApart: packed.wordsApart, added: packed.added, merges }
}

// Little-endian Int32s as base64, written and read byte by byte, whatever the machine's order.
function int32ToBase64(values: Int32Array): string {
  const parts: string[] = []
  const CHUNK = 3 * 8192 // whole Int32s and whole base64 quanta (12 bytes = 16 characters)
  const bytes = new Uint8Array(values.length * 4)
  const view = new DataView(bytes.buffer)
  for (let i = 0; i < values.length; i++) view.setInt32(i * 4, values[i], true)
  for (let at = 0; at < bytes.length; at += CHUNK) {
    parts.push(btoa(String.fromCharCode.apply(null, Array.from(bytes.subarray(at, at + CHUNK)))))
  }
  return parts.join('')
}

function base64ToInt32(text: string, field: string): Int32Array {
  const binary = atob(text)
  if (binary.length % 4 !== 0) throw new Error(`A packed vocabulary’s ${field} are not Int32s.`)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  const view = new DataView(bytes.buffer)
  const values = new Int32Array(binary.length / 4)
  for (let i = 0; i < values.length; i++) values[i] = view.getInt32(i * 4, true)
  return values
}

/** Counts text with a SentencePiece BPE vocabulary. */
export interface SentencePieceCounter {
  count(text: string): number
  /** Forgets the remembered counts of short pieces. */
  clearCache(): void
}

/** A counter from a tokenizer.json, or from the same packed (packSentencePiece). */
export function sentencePieceCounter(
  source: SentencePieceJson | PackedSentencePiece,
): SentencePieceCounter {
  const {
    charId,
    wordsApart,
    added: addedTokens,
    merges,
  } = isPackedSentencePiece(source) ? unpack(source) : tablesOf(source)
  const table = new MergeTable(merges.length / 3)
  for (let r = 0, i = 0; i < merges.length; r++, i += 3) {
    table.set(merges[i], merges[i + 1], r, merges[i + 2])
  }
  const added = addedTokenMatcher(addedTokens)
  let cache = new Map<string, number>()

  const countWord = (word: string): number => {
    // A long word (a blob of base64, minified code) seldom comes again: not remembered.
    if (word.length > LONGEST_REMEMBERED) return mergedLength(initialIds(word, charId), table)
    let n = cache.get(word)
    if (n === undefined) {
      n = mergedLength(initialIds(word, charId), table)
      if (cache.size >= CACHE_LIMIT) cache = new Map()
      cache.set(word, n)
    }
    return n
  }

  // A piece between added tokens, cut into words that no merge crosses (see wordEnd), or whole
  // for a vocabulary whose merges may cross them.
  const countPiece = (text: string, start: number, end: number): number => {
    if (!wordsApart) return start === end ? 0 : countWord(text.slice(start, end))
    let n = 0
    for (let i = start; i < end;) {
      const j = wordEnd(text, i, end)
      n += countWord(text.slice(i, j))
      i = j
    }
    return n
  }

  return {
    count(text: string): number {
      let n = 0
      let start = 0
      for (let i = 0; i < text.length;) {
        const length = added(text, i)
        if (length === 0) {
          i++
          continue
        }
        n += countPiece(text, start, i) + 1
        i += length
        start = i
      }
      return n + countPiece(text, start, text.length)
    },
    clearCache: () => {
      cache = new Map()
    },
  }
}

/** Past this many distinct words the cache starts again from empty (as piece-counter.ts does). */
const CACHE_LIMIT = 200_000
/** Words longer than this are counted each time, not remembered. */
const LONGEST_REMEMBERED = 256
/** Gemma's one token that holds a `▁` after another character: wordEnd keeps it whole. */
const JOINED = '>▁</'

const SPACE = 0x20
const LOWER_BLOCK = 0x2581 // ▁, what a space becomes
const isSpace = (c: number) => c === SPACE || c === LOWER_BLOCK

/**
 * Where the word starting at text[i] ends: after its run of spaces (each a `▁` once normalised)
 * and the characters that follow up to the next space. Every token of Gemma's vocabulary but one
 * is a run of `▁`, or holds a `▁` only as its first character, or none: so no merge joins a
 * character to a `▁` after it, and the words are merged apart and their counts added. The one
 * exception, JOINED, keeps the word going past a space between `>` and `</`.
 */
function wordEnd(text: string, i: number, end: number): number {
  let j = i
  while (j < end && isSpace(text.charCodeAt(j))) j++
  for (; j < end; j++) {
    if (!isSpace(text.charCodeAt(j))) continue
    const joined =
      text.charCodeAt(j - 1) === 0x3e && text.charCodeAt(j + 1) === 0x3c && text[j + 2] === '/'
    if (!joined) break
  }
  return j
}

/** The length of the added token at text[i], the longest that matches, or 0. */
function addedTokenMatcher(tokens: readonly string[]): (text: string, i: number) => number {
  const byFirst = new Map<number, string[]>()
  for (const t of tokens) {
    if (t === '') continue
    const first = t.charCodeAt(0)
    const list = byFirst.get(first)
    if (list) list.push(t)
    else byFirst.set(first, [t])
  }
  for (const list of byFirst.values()) list.sort((a, b) => b.length - a.length)
  // Most characters start no added token: one array read says so.
  const starts = new Uint8Array(0x10000)
  for (const first of byFirst.keys()) starts[first] = 1
  return (text, i) => {
    if (starts[text.charCodeAt(i)] === 0) return 0
    const list = byFirst.get(text.charCodeAt(i))
    if (list === undefined) return 0
    for (const t of list) if (text.startsWith(t, i)) return t.length
    return 0
  }
}

// The byte-fallback tokens, by byte: `<0x00>` … `<0xFF>`. Never merged with a neighbour.
const BYTE_TOKEN = -1

/**
 * A word's starting tokens: each character's id where the vocabulary has it (a space as `▁`, the
 * normaliser's replacement), else its bytes.
 */
function initialIds(word: string, charId: ReadonlyMap<number, number>): number[] {
  const ids: number[] = []
  for (const ch of word) {
    const cp = ch.codePointAt(0)!
    const id = charId.get(cp === SPACE ? LOWER_BLOCK : cp)
    if (id !== undefined) {
      ids.push(id)
      continue
    }
    const bytes = utf8Length(cp)
    for (let k = 0; k < bytes; k++) ids.push(BYTE_TOKEN)
  }
  return ids
}

const utf8Length = (cp: number) => (cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4)

/**
 * The number of tokens left once the merges are applied, lowest rank first, leftmost on a tie: a
 * doubly linked list of tokens and a heap of candidate pairs, so a long piece costs n log n.
 */
function mergedLength(ids: number[], table: MergeTable): number {
  const n = ids.length
  if (n < 2) return n
  const next = new Int32Array(n)
  const prev = new Int32Array(n)
  for (let i = 0; i < n; i++) {
    next[i] = i + 1
    prev[i] = i - 1
  }
  next[n - 1] = -1
  // Candidates: (rank, left position, the right token's id when found), ordered by rank then
  // position. A candidate is stale once either token has changed.
  const heap = new PairHeap()
  const offer = (i: number) => {
    const j = next[i]
    if (j === -1 || ids[i] === BYTE_TOKEN || ids[j] === BYTE_TOKEN) return
    const slot = table.find(ids[i], ids[j])
    if (slot !== -1) heap.push(table.rank[slot], i, ids[i], ids[j], table.made[slot])
  }
  for (let i = 0; i < n - 1; i++) offer(i)
  let left = n
  while (heap.size > 0) {
    const { pos, a, b, made } = heap.pop()
    const j = next[pos]
    if (ids[pos] !== a || j === -1 || ids[j] !== b) continue
    ids[pos] = made
    ids[j] = -2 // removed
    const k = next[j]
    next[pos] = k
    if (k !== -1) prev[k] = pos
    left--
    if (prev[pos] !== -1) offer(prev[pos])
    offer(pos)
  }
  return left
}

/** A binary min-heap of merge candidates, by rank then position. */
class PairHeap {
  private rank: number[] = []
  private pos: number[] = []
  private a: number[] = []
  private b: number[] = []
  private made: number[] = []
  size = 0

  push(rank: number, pos: number, a: number, b: number, made: number): void {
    let i = this.size++
    while (i > 0) {
      const parent = (i - 1) >> 1
      if (!this.before(rank, pos, parent)) break
      this.move(parent, i)
      i = parent
    }
    this.put(i, rank, pos, a, b, made)
  }

  pop(): { pos: number; a: number; b: number; made: number } {
    const top = { pos: this.pos[0], a: this.a[0], b: this.b[0], made: this.made[0] }
    const last = --this.size
    if (last > 0) {
      const rank = this.rank[last]
      const pos = this.pos[last]
      const a = this.a[last]
      const b = this.b[last]
      const made = this.made[last]
      let i = 0
      for (;;) {
        let child = 2 * i + 1
        if (child >= last) break
        if (child + 1 < last && this.lessAt(child + 1, child)) child++
        if (!this.lessThan(child, rank, pos)) break
        this.move(child, i)
        i = child
      }
      this.put(i, rank, pos, a, b, made)
    }
    return top
  }

  private before(rank: number, pos: number, at: number): boolean {
    return rank < this.rank[at] || (rank === this.rank[at] && pos < this.pos[at])
  }

  private lessThan(at: number, rank: number, pos: number): boolean {
    return this.rank[at] < rank || (this.rank[at] === rank && this.pos[at] < pos)
  }

  private lessAt(x: number, y: number): boolean {
    return this.lessThan(x, this.rank[y], this.pos[y])
  }

  private move(from: number, to: number): void {
    this.put(to, this.rank[from], this.pos[from], this.a[from], this.b[from], this.made[from])
  }

  private put(i: number, rank: number, pos: number, a: number, b: number, made: number): void {
    this.rank[i] = rank
    this.pos[i] = pos
    this.a[i] = a
    this.b[i] = b
    this.made[i] = made
  }
}
