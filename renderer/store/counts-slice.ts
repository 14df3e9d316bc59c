import { DEFAULT_ENCODING, resolveModel, type EncodingName, type Message } from '@core'
import type { SliceCreator, StoreDeps } from './types'

/** Per-message token counts, and what they were counted for. */
export interface Counts {
  messages: readonly Message[]
  encoding: EncodingName
  perMessage: readonly number[]
}

export interface CountsSlice {
  counts: Counts
}

/**
 * The counts for a conversation under a model, reusing `previous` when neither the conversation nor
 * the encoding changed. Keyed by encoding rather than model name: two models that share a
 * vocabulary give the same counts, so switching between them costs nothing. Counting 10,000
 * messages takes most of a second; re-tuning MaxTokens or KeepRecentCount must not pay it again.
 */
export function countsFor(
  deps: StoreDeps,
  messages: readonly Message[],
  model: string,
  previous?: Counts,
): Counts {
  const { encoding } = resolveModel(model)
  if (previous && previous.messages === messages && previous.encoding === encoding) return previous
  return { messages, encoding, perMessage: deps.countEachMessage(model, messages) }
}

// Nothing to count until the first conversation opens.
export const createCountsSlice: SliceCreator<CountsSlice> = () => () => ({
  counts: { messages: [], encoding: DEFAULT_ENCODING, perMessage: [] },
})
