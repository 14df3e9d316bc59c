import { SummaryError, applySummary, describeReason, serializeConversation } from '@core'
import { selectApplied, selectCheck } from './selectors'
import type { SliceCreator } from './types'

export interface SummarySlice {
  /** What is in the summary text area. */
  summaryText: string
  /** The text last applied; the applied conversation is derived from it and the current check. */
  appliedSummary: string | null
  /** The core's SummaryError from the last Apply, if it failed. */
  applyError: string | null
  setSummaryText(text: string): void
  applySummary(): void
  /** Saves serializeConversation(applied) through the host: the CLI's `apply` bytes. */
  exportApplied(): Promise<void>
}

/** A fresh conversation starts with nothing pasted or applied. */
export const summaryDefaults = { summaryText: '', appliedSummary: null, applyError: null }

/** `run.json` → `run.compacted.json`. */
export const exportName = (name: string) => `${name.replace(/\.json$/i, '')}.compacted.json`

export const createSummarySlice: SliceCreator<SummarySlice> = (deps) => (set, get) => ({
  ...summaryDefaults,

  setSummaryText: (summaryText) => set({ summaryText }),

  applySummary: () => {
    const state = get()
    const check = selectCheck(state)
    if (!check.shouldCompact) {
      // The CLI's apply refuses here too: a summary that replaces nothing only adds tokens.
      set({ applyError: `Nothing to apply: ${describeReason(check.reason)}` })
      return
    }
    try {
      // Applied once here only to surface the core's SummaryError; the result itself is derived.
      applySummary(check.messagesToKeep, state.summaryText, check.messagesToSummarize)
    } catch (error) {
      if (!(error instanceof SummaryError)) throw error
      set({ applyError: error.message })
      return
    }
    set({ appliedSummary: state.summaryText, applyError: null })
  },

  exportApplied: async () => {
    const state = get()
    const applied = selectApplied(state)
    if (!applied) {
      state.notify('error', 'Nothing to export yet: paste a summary and apply it first.')
      return
    }
    const result = await deps.api.saveExport({
      suggestedName: exportName(state.file.name),
      text: serializeConversation(applied.messages),
      sourcePath: state.file.path,
    })
    if (!result.ok) return get().notify('error', `Export failed: ${result.error}`)
    const outcome = result.value
    if (outcome.status === 'saved') get().notify('info', `Exported to ${outcome.path}`)
    else if (outcome.status === 'downloaded') get().notify('info', `Downloaded ${outcome.name}`)
    else get().notify('info', 'Export cancelled')
  },
})
