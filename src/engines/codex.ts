import { modelStem } from '../pricing/families'
import {
  firstReaching,
  limitOf,
  NO_LIMITS,
  overheadOf,
  resultOf,
  WINDOW_AND_OUTPUT,
  WINDOW_ONLY,
} from './run'
import type { EngineId, EngineInput, EngineLimit, EngineLimitsInput, EnginePreset } from './types'
import { countingSpecOf } from '../options'

/** How many tokens of the most recent user messages a compacted Codex history carries. */
const USER_MESSAGE_MAX_TOKENS = 20_000

/**
 * The model slugs Codex's own catalog gives a window of 272,000: the GPT-5 family and codex-*,
 * except codex-mini-latest, which it lists first with the API's 200,000.
 */
const CATALOG_INPUT_WINDOW = /^(?:gpt-5|codex-(?!mini-latest$))/

/**
 * The share of its catalog window Codex records as the model's window (`model_context_window`):
 * `effective_context_window_percent`, 95 unless the catalog entry says otherwise
 * (`default_effective_context_window_percent`, codex-rs/protocol/src/openai_models.rs).
 */
export const CODEX_EFFECTIVE_WINDOW_PERCENT = 95

/**
 * Codex's catalog window from the window a rollout records (`model_context_window`, the catalog
 * window × 95 / 100, rounded down): the smallest window that records as `recorded`.
 * 258,400 gives 272,000; 353,400 gives 372,000.
 */
export function codexWindowFromRecorded(recorded: number): number {
  return Math.ceil((recorded * 100) / CODEX_EFFECTIVE_WINDOW_PERCENT)
}

/** The window Codex's catalog gives a GPT-5 or codex-* model it has no entry of its own for. */
export const CODEX_CATALOG_WINDOW = 272_000

/**
 * The context window Codex itself uses for `model`. When the rollout records the window Codex ran
 * the model with (`recorded`, its `model_context_window`), that one: Codex compacts at 90% of the
 * catalog window it was recorded from, whatever window the API gives the model (public GPT-5.5
 * rollouts record 258,400: 272,000 in Codex). Else its catalog (codex-rs/core/models.json,
 * openai_model_info.rs) gives every GPT-5 and codex-* model 272,000 tokens: the API's 400,000 less
 * the 128,000 of output. So for those models it is the window less the max output, and never more
 * than 272,000: the API gives GPT-5.4 and later 1,050,000, and Codex still runs them on 272,000
 * unless its catalog says otherwise, which only a rollout's record shows. Any other model
 * (codex-mini-latest among them) runs on the window as given.
 */
export function codexContextWindow(input: EngineInput): number {
  if (input.recordedWindow !== undefined) return codexWindowFromRecorded(input.recordedWindow)
  const window = limitOf(input, 'window')
  if (!inCatalog(input)) return window
  return Math.max(0, Math.min(CODEX_CATALOG_WINDOW, window - limitOf(input, 'maxOutput')))
}

/** Whether Codex's catalog gives the input's model the window less its output (above). */
const inCatalog = (input: EngineLimitsInput) =>
  CATALOG_INPUT_WINDOW.test(modelStem(countingSpecOf(input.spec ?? {}).model).toLowerCase())

/** The limits codexContextWindow reads on an input: none on a rollout's recorded window. */
export function codexReads(input: EngineLimitsInput): readonly EngineLimit[] {
  if (input.recordedWindow !== undefined) return NO_LIMITS
  return inCatalog(input) ? WINDOW_AND_OUTPUT : WINDOW_ONLY
}

/** The presets that run on Codex's window, so on a rollout's recorded one (codexReads). */
export const ON_CODEX_WINDOW: readonly EngineId[] = ['codex', 'openai-compaction']

/** 90% of the window (integer arithmetic, as Codex does it); a configured limit only lowers it. */
export function codexTrigger(window: number, configured?: number): number {
  const limit = Math.floor((window * 9) / 10)
  return configured !== undefined && configured > 0 ? Math.min(configured, limit) : limit
}

/**
 * Codex CLI: the rebuilt initial context (instructions), then the most recent user messages up
 * to 20,000 tokens, newest first (the first that does not fit is truncated to what is left, and
 * the selection stops), then the summary. Everything else is summarised.
 */
export const codexPreset: EnginePreset = {
  id: 'codex',
  label: 'Codex CLI',
  source:
    'openai/codex@0100b10 codex-rs/core/src/compact.rs; codex-rs/protocol/src/openai_models.rs (auto_compact_token_limit); codex-rs/core/models.json (context_window)',
  putsBack: 'the initial context (instructions, AGENTS.md, environment) is rebuilt and sent first',
  reads: codexReads,
  run(input: EngineInput) {
    const { messages, counts } = input
    const window = codexContextWindow(input)
    const trigger = codexTrigger(window, input.settings?.codexAutoCompactTokenLimit)
    const kept = new Set<number>()
    const shortened = new Map<number, number>()
    let remaining = USER_MESSAGE_MAX_TOKENS
    for (let i = messages.length - 1; i >= 0 && remaining > 0; i--) {
      if (messages[i].type !== 'user') continue
      kept.add(i)
      if (counts[i] <= remaining) {
        remaining -= counts[i]
      } else {
        shortened.set(i, remaining)
        break
      }
    }
    const summarize = messages.flatMap((m, i) =>
      m.type === 'instructions' || kept.has(i) ? [] : [i],
    )
    return resultOf(this, input, {
      trigger,
      firesAfter: firstReaching(counts, trigger, overheadOf(input)),
      summarize,
      shortened,
    })
  },
}
