import type { EncodingName } from 'gpt-tokenizer/mapping'
import type { GetMergeableRanksFn } from 'gpt-tokenizer/modelParams'
import { resolveEncodingAsync } from 'gpt-tokenizer/resolveEncodingAsync'

/** Gives an encoding's vocabulary at once: gpt-tokenizer's resolveEncoding, where all are bundled. */
export type VocabularySource = GetMergeableRanksFn
type RawRanks = ReturnType<VocabularySource>

// The vocabularies loaded so far, by encoding; and where to take the rest from at once, if anywhere.
const loaded = new Map<EncodingName, RawRanks>()
const loading = new Map<EncodingName, Promise<void>>()
let atOnce: VocabularySource | null = null

/**
 * Lets counting take any vocabulary at once from `source`. Node's entry (src/index.ts) passes
 * gpt-tokenizer's resolveEncoding, which imports all four vocabularies as it loads. The renderer's
 * workers do not: each loads the one it counts with (loadVocabulary). A worker that started with
 * all four took the renderer up 160 MB for a moment, and held three it never used.
 */
export function provideVocabularies(source: VocabularySource): void {
  atOnce = source
}

/**
 * Loads an encoding's vocabulary, if it is not loaded yet, so that counting with it can start.
 * The vocabulary is gpt-tokenizer's, imported on its own (a few megabytes each).
 */
export function loadVocabulary(encoding: EncodingName): Promise<void> {
  if (loaded.has(encoding) || atOnce) return Promise.resolve()
  let pending = loading.get(encoding)
  if (!pending) {
    pending = resolveEncodingAsync(encoding).then((ranks) => {
      loaded.set(encoding, ranks)
    })
    loading.set(encoding, pending)
  }
  return pending
}

/** An encoding's vocabulary; throws when it is neither loaded nor available at once. */
export const vocabularyData: VocabularySource = (encoding) => {
  const ranks = loaded.get(encoding) ?? atOnce?.(encoding)
  if (!ranks) {
    throw new Error(`The ${encoding} vocabulary is not loaded: await loadVocabulary first.`)
  }
  return ranks
}
