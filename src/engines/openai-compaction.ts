import { codexContextWindow, codexReads, codexTrigger } from './codex'
import { firstReaching, historyIndexes, NO_LIMITS, overheadOf, resultOf } from './run'
import type { EngineInput, EnginePreset } from './types'

/**
 * The Responses API's server-side compaction: past compact_threshold the earlier items are
 * replaced by one opaque compaction item. The API has no default threshold; the preset puts it
 * where OpenAI's own Codex CLI compacts, 90% of the window Codex uses.
 */
export const openaiCompactionPreset: EnginePreset = {
  id: 'openai-compaction',
  label: 'OpenAI Responses compaction',
  source:
    'https://developers.openai.com/api/docs/guides/compaction (context_management, compact_threshold)',
  putsBack: 'instructions are a request parameter, sent again; the compaction item is opaque',
  // A threshold set stands in for the window; else Codex's window is read as the Codex preset reads it.
  reads: (input) =>
    input.settings?.openaiCompactThreshold !== undefined ? NO_LIMITS : codexReads(input),
  run(input: EngineInput) {
    const trigger =
      input.settings?.openaiCompactThreshold ?? codexTrigger(codexContextWindow(input))
    return resultOf(this, input, {
      trigger,
      firesAfter: firstReaching(input.counts, trigger, overheadOf(input)),
      summarize: historyIndexes(input.messages),
    })
  },
}
