import { modelLimits } from './engines/models'
import type { RecordedWindow } from './formats/types'

/** How many tokens a model reads at most, and the provider page that says so. */
export interface ContextWindow {
  tokens: number
  source: string
}

/**
 * The context window of `model`, as its provider documents it (the model table in
 * `src/engines/models.ts`), or null when the table does not list it.
 */
export function contextWindowOf(model: string): ContextWindow | null {
  const limits = modelLimits(model)
  return limits ? { tokens: limits.window, source: limits.source } : null
}

/** The window offered as MaxTokens, and whether the log itself recorded it. */
export interface OfferedWindow extends ContextWindow {
  fromLog: boolean
}

/**
 * The window the log records its engine ran `model` with (a Codex rollout's
 * `model_context_window`, a Qwen Code reply's `contextWindowSize`), while `model` is the log's
 * own; undefined otherwise.
 */
export function recordedWindowFor(
  model: string,
  file: { model?: string; contextWindow?: RecordedWindow } = {},
): RecordedWindow | undefined {
  const recorded = file.contextWindow
  return recorded && (file.model === undefined || file.model === model) ? recorded : undefined
}

/**
 * The effective window a Codex rollout records for `model` (recordedWindowFor, from Codex only),
 * which the Codex presets run on; undefined for any other log.
 */
export function codexRecordedWindowFor(
  model: string,
  file: { model?: string; contextWindow?: RecordedWindow } = {},
): RecordedWindow | undefined {
  const recorded = recordedWindowFor(model, file)
  return recorded?.codex ? recorded : undefined
}

/**
 * The window the app and `watch` offer as MaxTokens for `model`: the one the log records its
 * engine ran with (a Codex rollout's `model_context_window`, the budget Codex compacted against;
 * a Qwen Code reply's `contextWindowSize`),
 * while the model is the log's own (recordedWindowFor); else the window the model's provider
 * documents; null when neither is known.
 */
export function offeredWindow(
  model: string,
  file: { model?: string; contextWindow?: RecordedWindow } = {},
): OfferedWindow | null {
  const recorded = recordedWindowFor(model, file)
  if (recorded) return { tokens: recorded.tokens, source: `the log, ${recorded.at}`, fromLog: true }
  const known = contextWindowOf(model)
  return known ? { ...known, fromLog: false } : null
}
