import { modelToEncodingMap, type EncodingName } from 'gpt-tokenizer/mapping'
import * as knownModels from 'gpt-tokenizer/models'
import { createPieceCounter } from './piece-counter'
import { pieceScannerFor } from './piece-scanner'
import { splitPatternFor } from './split-patterns'
import type { CountingEncoding } from './pricing/families'

export type { EncodingName }

/** The encoding used for an empty or unknown model name, as gpt-tokenizer does for new models. */
export const DEFAULT_ENCODING: EncodingName = 'o200k_base'

/** The encodings offered; each one's ordinary count is checked against OpenAI's tiktoken. */
export const ENCODINGS: readonly EncodingName[] = [
  'r50k_base',
  'p50k_base',
  'p50k_edit',
  'cl100k_base',
  'o200k_base',
  'o200k_harmony',
]

export { MESSAGE_OVERHEAD_TOKENS } from './pricing/wire'

/** How a model name resolved to an encoding; `fellBack` is true for an unknown, non-empty name. */
export interface ModelEncoding {
  model: string
  encoding: EncodingName
  fellBack: boolean
}

// Names OpenAI's tiktoken maps that gpt-tokenizer does not know (Azure spellings, dated snapshots).
// Without them these real models would "fall back" to o200k_base and be counted with the wrong
// vocabulary. A test checks every name in tiktoken's own table against resolveModel.
const TIKTOKEN_ONLY_MODELS: Record<string, EncodingName> = {
  'gpt-35-turbo': 'cl100k_base',
  'gpt-3.5-turbo-0301': 'cl100k_base',
  'gpt-3.5-turbo-16k': 'cl100k_base',
  'gpt-3.5-turbo-instruct-0914': 'cl100k_base',
  'gpt-4-32k-0314': 'cl100k_base',
  'gpt-4-32k-0613': 'cl100k_base',
  'gpt-4-vision-preview': 'cl100k_base',
  'gpt-4o-realtime': 'o200k_base',
}
const encodingByModel: Record<string, EncodingName | undefined> = {
  ...TIKTOKEN_ONLY_MODELS,
  ...(modelToEncodingMap as Record<string, EncodingName>),
}
const modelNames = new Set([
  ...Object.keys(knownModels),
  ...Object.keys(modelToEncodingMap),
  ...Object.keys(TIKTOKEN_ONLY_MODELS),
])

/** Maps a model name to its encoding. Empty means the default; unknown falls back and says so. */
export function resolveModel(model = ''): ModelEncoding {
  if (model === '') return { model, encoding: DEFAULT_ENCODING, fellBack: false }
  if ((ENCODINGS as readonly string[]).includes(model)) {
    return { model, encoding: model as EncodingName, fellBack: false }
  }
  if (!modelNames.has(model)) return { model, encoding: DEFAULT_ENCODING, fellBack: true }
  return { model, encoding: encodingByModel[model] ?? DEFAULT_ENCODING, fellBack: false }
}

/** Every model gpt-tokenizer knows, with its encoding, sorted by name. */
export function listModels(): { model: string; encoding: EncodingName }[] {
  return [...modelNames].sort().map((model) => ({ model, encoding: resolveModel(model).encoding }))
}

/** Counts text with one vocabulary. */
export interface Tokenizer {
  readonly encoding: CountingEncoding
  count(text: string): number
  /** The count of the chunks joined, without building the joined text (see PieceCounter). */
  countJoined(chunks: Iterable<string>): number
  /** Forgets the remembered piece counts: frees their memory, and makes the next count cold. */
  clearCache(): void
}

const tokenizers = new Map<EncodingName, Tokenizer>()

/** The tokenizer for an encoding, built once: loading a vocabulary costs tens of milliseconds. */
export function tokenizerFor(encoding: EncodingName): Tokenizer {
  let tokenizer = tokenizers.get(encoding)
  if (!tokenizer) {
    // Counting goes piece by piece with a cache (see piece-counter.ts), several times faster than
    // gpt-tokenizer's countTokens on a long conversation. The pieces are cut where tiktoken cuts
    // them (split-patterns.ts), so the counts are the reference's; a text too long for a regular
    // expression is cut by the scanner that follows the same pattern (piece-scanner.ts).
    const pattern = splitPatternFor(encoding)
    const scanner = pieceScannerFor(encoding)
    const counter = createPieceCounter(encoding, { pattern, scanner })
    tokenizer = {
      encoding,
      count: (text) => (text === '' ? 0 : counter.count(text)),
      countJoined: counter.countJoined,
      clearCache: counter.clear,
    }
    tokenizers.set(encoding, tokenizer)
  }
  return tokenizer
}

// A message's cost lives in one place, src/pricing/cost.ts; these names keep working from here.
export {
  countEachMessage,
  countMessageTokens,
  countMessagesTokens,
  messageCost,
  pricedText,
  requestOverhead,
} from './pricing/cost'
