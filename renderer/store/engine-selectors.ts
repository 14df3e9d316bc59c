import {
  engineBuckets,
  modelLimits,
  codexRecordedWindowFor,
  runnableEngines,
  type Bucket,
  type EngineBucket,
  type EngineInput,
  type EngineResult,
  type Message,
  type ModelLimits,
  type RecordedWindow,
  type WaitingEngine,
} from '@core'
import { memoSelector } from './memo'
import { selectFileLimits } from './model-window'
import { selectBucket, selectOptions, selectReadyCounts } from './selectors'
import { selectSpec } from './spec'
import type { AppState } from './types'

/** The window and max output the presets run for, and where each comes from. */
export interface EngineLimits {
  window: number | null
  maxOutput: number | null
  /** The model's row in the table; null when the model is not in it. */
  known: ModelLimits | null
}

/** The user's window and max output, else the model's (modelLimits); null where neither is known. */
export const selectEngineLimits: (s: AppState) => EngineLimits = memoSelector(
  (s: AppState) => [s.options.model, s.engineWindow, s.engineMaxOutput],
  (model, window, maxOutput): EngineLimits => {
    const known = modelLimits(model) ?? null
    return {
      window: window ?? known?.window ?? null,
      maxOutput: maxOutput ?? known?.maxOutput ?? null,
      known,
    }
  },
)

/**
 * The effective window a Codex rollout records for the model in force (the core's
 * codexRecordedWindowFor), which the Codex presets run on; null when there is none.
 */
export const selectEngineRecordedWindow: (s: AppState) => RecordedWindow | null = memoSelector(
  (s: AppState) => [s.options.model, selectFileLimits(s)],
  (model, file) => codexRecordedWindowFor(model, file) ?? null,
)

/**
 * The presets' results, with those that wait for a model limit the view must ask for; or why none
 * can run yet (counting, or limits every one of them reads).
 */
export type EngineRun =
  | { state: 'ready'; results: EngineResult[]; waiting: WaitingEngine[] }
  | { state: 'counting' }
  | { state: 'needs-limits'; waiting: WaitingEngine[] }
  | { state: 'bad-limits'; problem: string }

/** What the presets are run with, once the counts and the limits allow; the input leaves out the
 * messages, which the conversation's worker holds. */
export type EngineAsk =
  | {
      state: 'ask'
      messages: readonly Message[]
      input: Omit<EngineInput, 'messages'>
      /** The presets that wait for a limit; the worker runs the others (runnableEngines). */
      waiting: WaitingEngine[]
    }
  | Exclude<EngineRun, { state: 'ready' }>

/**
 * What every preset runs on for the conversation on screen, for the limits in force; the seed
 * runs on the app's own options, so its row agrees with the decision. The same object while none
 * of its parts changes, so it is asked for once per conversation, counts, limits and options.
 */
export const selectEngineAsk: (s: AppState) => EngineAsk = memoSelector(
  (s: AppState) => [
    s.messages,
    selectReadyCounts(s),
    selectEngineLimits(s),
    selectSpec(s),
    selectOptions(s),
    selectEngineRecordedWindow(s),
    s.fileEngineSettings,
  ],
  (messages, counts, limits, spec, options, recorded, fileSettings): EngineAsk => {
    const { window, maxOutput } = limits
    if (window !== null && maxOutput !== null && maxOutput > window) {
      return { state: 'bad-limits', problem: 'the max output must not be more than the window' }
    }
    const settingsInput = {
      ...(window !== null ? { window } : {}),
      ...(maxOutput !== null ? { maxOutput } : {}),
      spec,
      hiddenTokens: options.hiddenTokens ?? 0,
      ...(recorded !== null ? { recordedWindow: recorded.tokens } : {}),
      // The file's own engine settings (a Vibe session's threshold), then the seed's options.
      settings: {
        ...fileSettings?.settings,
        seed: {
          maxTokens: options.maxTokens,
          triggerRatio: options.triggerRatio,
          ...(options.keepRecentCount === undefined
            ? {}
            : { keepRecentCount: options.keepRecentCount }),
        },
      },
    }
    const { runnable, waiting } = runnableEngines(settingsInput)
    if (runnable.length === 0) return { state: 'needs-limits', waiting }
    if (counts === null) return { state: 'counting' }
    return { state: 'ask', messages, input: { ...settingsInput, counts }, waiting }
  },
)

/**
 * Every preset on the conversation on screen (the core's runEngines), as the conversation's worker
 * ran them: on a long conversation that is a long task, which never runs on the page's thread.
 * 'counting' while the counts, or the worker, are still at it.
 */
const COUNTING: EngineRun = { state: 'counting' }

export const selectEngineRun: (s: AppState) => EngineRun = memoSelector(
  (s: AppState) => [selectEngineAsk(s), s.engineAnswer],
  (ask, answer): EngineRun => {
    if (ask.state !== 'ask') return ask
    return answer !== null && answer.ask === ask
      ? { state: 'ready', results: answer.results, waiting: ask.waiting }
      : COUNTING
  },
)

/** The presets' results, or an empty list while they cannot run. */
const NO_RESULTS: readonly EngineResult[] = []
export const selectEngineResults = (s: AppState): readonly EngineResult[] => {
  const run = selectEngineRun(s)
  return run.state === 'ready' ? run.results : NO_RESULTS
}

/** The result of the preset the list shows, when it is not the seed; null for the seed. */
export const selectShownEngine = (s: AppState): EngineResult | null =>
  s.shownEngine === 'seed'
    ? null
    : (selectEngineResults(s).find((r) => r.id === s.shownEngine) ?? null)

const selectEngineListBuckets: (s: AppState) => EngineBucket[] | null = memoSelector(
  (s: AppState) => [selectShownEngine(s), s.messages.length],
  (result, n): EngineBucket[] | null => (result === null ? null : engineBuckets(result, n)),
)

/**
 * A message's bucket as the list shows it: the seed's split (selectBucket), or the shown preset's
 * (engineBuckets); null while the decision waits for the counts.
 */
export const selectListBucket = (s: AppState, index: number): Bucket | EngineBucket | null =>
  s.shownEngine === 'seed' ? selectBucket(s, index) : (selectEngineListBuckets(s)?.[index] ?? null)
