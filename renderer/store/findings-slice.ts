import { selectActiveFinding } from './findings'
import type { SliceCreator } from './types'

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

export const createFindingsSlice: SliceCreator<FindingsSlice> = () => (set, get) => ({
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
})
