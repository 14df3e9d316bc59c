import { selectActiveFinding } from './findings'
import type { SliceCreator } from './types'

/** How long the findings wait after the last change to the summary text before judging it. */
export const SUMMARY_PAUSE_MS = 150

export interface FindingsSlice {
  /** The summary the findings judge: the text area's, once typing pauses. */
  diagnosedSummary: string
  /** The finding picked in the panel (by findingKey) and which of its messages the list shows. */
  activeFinding: { key: string; step: number } | null
  /** Picks a finding and shows its first message; picking the one already picked clears it. */
  toggleFinding(key: string): void
  /** Shows the next (+1) or previous (-1) message of the picked finding. */
  stepFinding(delta: 1 | -1): void
  clearFinding(): void
}

/** What a newly opened conversation resets: no summary to judge, nothing picked. */
export const findingsConversationDefaults = { diagnosedSummary: '', activeFinding: null }

export const createFindingsSlice: SliceCreator<FindingsSlice> = () => (set, get, store) => {
  // Diagnosing re-reads every summarised message, so it waits for a pause rather than running on
  // each keystroke; 150 ms is short enough that a paste still reads as instant.
  let pending: ReturnType<typeof setTimeout> | undefined
  store.subscribe((state, previous) => {
    if (state.summaryText === previous.summaryText) return
    clearTimeout(pending)
    pending = setTimeout(() => set({ diagnosedSummary: get().summaryText }), SUMMARY_PAUSE_MS)
  })

  return {
    ...findingsConversationDefaults,

    toggleFinding: (key) =>
      set({ activeFinding: get().activeFinding?.key === key ? null : { key, step: 0 } }),

    stepFinding: (delta) => {
      const active = selectActiveFinding(get())
      if (active === null) return
      const last = active.finding.indexes.length - 1
      const step = Math.max(0, Math.min(last, active.step + delta))
      set({ activeFinding: { key: get().activeFinding!.key, step } })
    },

    clearFinding: () => set({ activeFinding: null }),
  }
}
