import type { Tokenizer } from '../tokens'

/** The open models' vocabularies, counted exactly with their own tokenizer.json. */
export const OPEN_ENCODINGS = ['llama3', 'qwen2', 'deepseek_v3'] as const

/** An open model's vocabulary. */
export type OpenEncoding = (typeof OPEN_ENCODINGS)[number]

/** Whether an encoding name is one of the open models' vocabularies. */
export function isOpenEncoding(name: string): name is OpenEncoding {
  return (OPEN_ENCODINGS as readonly string[]).includes(name)
}

/** Loads an open vocabulary where it must be fetched first. (Placeholder: nothing to load.) */
export function loadOpenVocabulary(name: OpenEncoding): Promise<void> {
  void name
  return Promise.resolve()
}

/** The tokenizer of an open vocabulary. (Placeholder: not available in this build yet.) */
export function tokenizerForOpen(name: OpenEncoding): Tokenizer {
  throw new Error(`the ${name} vocabulary is not available in this build`)
}
