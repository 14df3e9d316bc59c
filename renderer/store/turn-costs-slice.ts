import type { Message, TurnCosts } from '@core'
import { selectCountingKey, selectSpec } from './spec'
import type { AppState, SliceCreator } from './types'

/** What the turn costs were priced for: the conversation and the counting key. */
interface TurnCostsKey {
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
 * The turn costs for the conversation on screen: null for a file that reports no usage (nothing
 * compares), undefined while the worker prices them.
 */
export function selectTurnCosts(s: AppState): TurnCosts | null | undefined {
  if (s.usage.length === 0) return null
  const t = s.turnCosts
  return t !== null && t.messages === s.messages && t.counting === selectCountingKey(s)
    ? t.value
    : undefined
}

/**
 * Pricing thinking means tokenizing it, and the page never loads a vocabulary: the worker that
 * read the file prices it on the messages it holds, once per conversation and counting key.
 */
export const createTurnCostsSlice: SliceCreator<TurnCostsSlice> = () => (set, get, store) => {
  let asked: TurnCostsKey | null = null
  store.subscribe((state) => {
    if (state.usage.length === 0) return
    const counting = selectCountingKey(state)
    if (asked?.messages === state.messages && asked.counting === counting) return
    const conversation = state.conversationOf(state.messages)
    if (!conversation) return
    const key = { messages: state.messages, counting }
    asked = key
    conversation.turnCosts(selectSpec(state), (outcome) => {
      if (outcome.ok) set({ turnCosts: { ...key, value: outcome.value } })
      else get().notify('error', `Pricing each request's thinking failed: ${outcome.error}`)
    })
  })
  return { turnCosts: null }
}
