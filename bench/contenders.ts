import { GptEncoding } from 'gpt-tokenizer/GptEncoding'
import { resolveEncoding } from 'gpt-tokenizer/resolveEncoding'
import { get_encoding, type TiktokenEncoding } from 'tiktoken'
import {
  MESSAGE_OVERHEAD_TOKENS,
  countEachMessage,
  countMessagesTokens,
  tokenizerFor,
  type EncodingName,
  type Message,
} from '../src/index'

/** One way of counting a whole conversation on this thread, with its caches emptied before each run. */
export interface Contender {
  name: string
  /** Empties caches, so every timed run counts the text cold, as the app does on opening a file. */
  reset(): void
  /** Counts every message and returns the total, overhead included, so the contenders can be compared. */
  run(messages: readonly Message[]): number
  dispose?(): void
}

// The default model's encoding: what the app counts with when a file names no model.
const ENCODING: EncodingName = 'o200k_base'
const MODEL = ''
const ORDINARY = { disallowedSpecial: new Set<string>() }

/** The core's countMessagesTokens: the sum that issue 2 benchmarks. */
export const coreTotal: Contender = {
  name: 'core countMessagesTokens',
  reset: () => tokenizerFor(ENCODING).clearCache(),
  run: (messages) => countMessagesTokens(MODEL, messages),
}

/** The core's countEachMessage: the per-message counts the app caches. */
export const coreEach: Contender = {
  name: 'core countEachMessage',
  reset: () => tokenizerFor(ENCODING).clearCache(),
  run: (messages) => {
    let total = 0
    for (const n of countEachMessage(MODEL, messages)) total += n
    return total
  },
}

/** gpt-tokenizer used directly, as a project without the core would: its own instance and cache. */
export function rawGptTokenizer(): Contender {
  const api = GptEncoding.getEncodingApi(ENCODING, resolveEncoding)
  return {
    name: 'raw gpt-tokenizer countTokens',
    reset: () => api.clearMergeCache(),
    run: (messages) => {
      let total = 0
      for (const m of messages) {
        total += api.countTokens(m.text + (m.payload ?? ''), ORDINARY) + MESSAGE_OVERHEAD_TOKENS
      }
      return total
    },
  }
}

/** OpenAI's reference tokenizer, tiktoken (Rust compiled to WASM), ordinary encoding. */
export function tiktoken(): Contender {
  const encoder = get_encoding(ENCODING as TiktokenEncoding)
  return {
    name: 'tiktoken (WASM) encode_ordinary',
    reset: () => {},
    run: (messages) => {
      let total = 0
      for (const m of messages) {
        total +=
          encoder.encode_ordinary(m.text + (m.payload ?? '')).length + MESSAGE_OVERHEAD_TOKENS
      }
      return total
    },
    dispose: () => encoder.free(),
  }
}
