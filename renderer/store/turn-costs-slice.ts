import type { Message, TurnCosts } from '@core'
import type { SliceCreator } from './types'

/** What the turn costs were priced for: the conversation and the counting key. */
export interface TurnCostsKey {
  messages: readonly Message[]
  counting: string
}

export interface TurnCostsSlice {
  /**
   * Each request's own turn's thinking, priced as that request held it (the core's turnCostsOf),
   * by the conversation's worker, with what it was priced for; null until it has answered.
   */
  turnCosts: (TurnCostsKey & { value: TurnCosts | null }) | null
}

/**
 * Pricing thinking means tokenizing it, and the page never loads a vocabulary: the worker that
 * read the file prices it on the messages it holds, once per conversation and counting key
 * (effects.ts priceTurns).
 */
export const createTurnCostsSlice: SliceCreator<TurnCostsSlice> = () => () => ({ turnCosts: null })
