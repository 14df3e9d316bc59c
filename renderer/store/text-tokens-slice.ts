import { resolveModel, type EncodingName } from '@core'
import type { Job } from '../workers/types'
import type { SliceCreator } from './types'

/** One text's token count under an encoding; tokens is null while a worker counts it. */
export interface TextTokens {
  encoding: EncodingName
  text: string
  tokens: number | null
}

export interface TextTokensSlice {
  /** The texts counted last (the applied summary), newest first. */
  textTokens: readonly TextTokens[]
  /**
   * Counts a text in a worker, unless it is counted or being counted already. A newer text
   * supersedes one still being counted: that one is stale.
   */
  requestTextTokens(encoding: EncodingName, text: string): void
}

/** Texts remembered: enough to switch between two models and back without counting again. */
const REMEMBERED = 4

/** The count of a text under an encoding, if known; null while counting or never asked for. */
export function textTokensOf(
  entries: readonly TextTokens[],
  encoding: EncodingName,
  text: string,
): number | null {
  return entries.find((e) => e.encoding === encoding && e.text === text)?.tokens ?? null
}

/**
 * Counting on the main thread would load a vocabulary there (tens of milliseconds) and tokenize
 * whatever was pasted, so texts are counted by a worker, like everything else. The applied
 * summary is counted whenever it, or the encoding, changes.
 */
export const createTextTokensSlice: SliceCreator<TextTokensSlice> = (deps) => (set, get, store) => {
  let job: Job | null = null
  store.subscribe((state) => {
    if (state.appliedSummary === null) return
    state.requestTextTokens(resolveModel(state.model).encoding, state.appliedSummary)
  })
  return {
    textTokens: [],

    requestTextTokens: (encoding, text) => {
      const same = (e: TextTokens) => e.encoding === encoding && e.text === text
      if (get().textTokens.some(same)) return
      job?.cancel()
      const settled = get().textTokens.filter((e) => e.tokens !== null)
      const waiting: TextTokens = { encoding, text, tokens: null }
      set({ textTokens: [waiting, ...settled].slice(0, REMEMBERED) })
      const started = deps.workers.countText(encoding, text, (tokens) => {
        job = null
        set({ textTokens: get().textTokens.map((e) => (same(e) ? { ...e, tokens } : e)) })
      })
      if (get().textTokens.some((e) => same(e) && e.tokens === null)) job = started
    },
  }
}
