import { countingKey, type CountingSpec } from '@core'
import type { Job } from '../workers/types'
import type { SliceCreator } from './types'

/** One text's cost as a message under a counting key; tokens is null while a worker counts it. */
export interface TextTokens {
  /** The countingKey of the spec it was priced for. */
  key: string
  text: string
  tokens: number | null
}

export interface TextTokensSlice {
  /** The texts priced last (the applied summary), newest first. */
  textTokens: readonly TextTokens[]
  /**
   * Prices a text as one message in a worker, unless it is priced or being priced already. A newer
   * text supersedes one still being counted: that one is stale.
   */
  requestTextTokens(spec: Required<CountingSpec>, text: string): void
}

/** Texts remembered: enough to switch between two models and back without counting again. */
const REMEMBERED = 4

/**
 * Counting on the main thread would load a vocabulary there (tens of milliseconds) and tokenize
 * whatever was pasted, so texts are priced by a worker, like everything else (the applied summary:
 * effects.ts priceAppliedSummary).
 */
export const createTextTokensSlice: SliceCreator<TextTokensSlice> = (deps) => (set, get) => {
  let job: Job | null = null
  return {
    textTokens: [],

    requestTextTokens: (spec, text) => {
      const key = countingKey(spec)
      const same = (e: TextTokens) => e.key === key && e.text === text
      if (get().textTokens.some(same)) return
      job?.cancel()
      const settled = get().textTokens.filter((e) => e.tokens !== null)
      const waiting: TextTokens = { key, text, tokens: null }
      set({ textTokens: [waiting, ...settled].slice(0, REMEMBERED) })
      const started = deps.workers.countText(spec, text, (tokens) => {
        job = null
        set({ textTokens: get().textTokens.map((e) => (same(e) ? { ...e, tokens } : e)) })
      })
      if (get().textTokens.some((e) => same(e) && e.tokens === null)) job = started
    },
  }
}
