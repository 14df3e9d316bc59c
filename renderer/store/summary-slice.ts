import {
  SummaryError,
  describeReason,
  exportConversationWithReport,
  validateSummaryText,
  type ExportFormatId,
  type ImportNote,
} from '@core'
import { selectApplied, selectCheck } from './selectors'
import type { SliceCreator } from './types'

export interface SummarySlice {
  /** What is in the summary text area. */
  summaryText: string
  /** The text last applied; the applied conversation is derived from it and the current check. */
  appliedSummary: string | null
  /** The core's SummaryError from the last Apply, if it failed. */
  applyError: string | null
  /** The format Export writes: the wire shape, or a request body a provider accepts as it is. */
  exportFormat: ExportFormatId
  /** What the last export's format had no place for, once it is saved; null before any export. */
  exportReport: { format: ExportFormatId; notes: readonly ImportNote[] } | null
  setSummaryText(text: string): void
  applySummary(): void
  setExportFormat(format: ExportFormatId): void
  /** Saves the applied conversation in the export format: the bytes of the CLI's `apply --to`. */
  exportApplied(): Promise<void>
}

/** A fresh conversation starts with nothing pasted or applied. */
export const summaryDefaults = {
  summaryText: '',
  appliedSummary: null,
  applyError: null,
  exportReport: null,
}

/** `run.json` → `run.compacted.json`, or `run.compacted.openai.json`: the name says the format. */
export function exportName(name: string, format: ExportFormatId = 'native'): string {
  const base = name.replace(/\.jsonl?$/i, '')
  return `${base}.compacted${format === 'native' ? '' : `.${format}`}.json`
}

export const createSummarySlice: SliceCreator<SummarySlice> = (deps) => (set, get) => ({
  ...summaryDefaults,

  exportFormat: 'native',

  setSummaryText: (summaryText) => set({ summaryText }),

  setExportFormat: (exportFormat) => set({ exportFormat }),

  applySummary: () => {
    const state = get()
    // Whatever Apply says, the result or why there is none, is on the tab that shows it.
    state.setLayout({ sideTab: 'summary' })
    const check = selectCheck(state)
    if (check === null) {
      set({
        applyError: 'Nothing to apply yet: the decision waits for every message to be counted.',
      })
      return
    }
    if (!check.shouldCompact) {
      // The CLI's apply refuses here too: a summary that replaces nothing only adds tokens.
      set({ applyError: `Nothing to apply: ${describeReason(check.reason)}` })
      return
    }
    try {
      // The core's rule for a summary, checked here to surface its SummaryError; the result
      // itself is derived (selectApplied), so the summary is applied once.
      validateSummaryText(state.summaryText)
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
    const format = state.exportFormat
    // As `apply --to`: the wire shape stays the bare array; a provider's request names the model.
    const model = format === 'native' ? undefined : state.options.model
    const { text, report } = exportConversationWithReport(applied.messages, format, { model })
    const result = await deps.api.saveExport({
      suggestedName: exportName(state.file.name, format),
      text,
      source: state.file.token,
    })
    if (!result.ok) return get().notify('error', `Export failed: ${result.error}`)
    const outcome = result.value
    if (outcome.status !== 'cancelled') set({ exportReport: { format, notes: report } })
    if (outcome.status === 'saved') get().notify('info', `Exported to ${outcome.path}`)
    else if (outcome.status === 'downloaded') get().notify('info', `Downloaded ${outcome.name}`)
    else get().notify('info', 'Export cancelled')
  },
})
