import {
  DEFAULT_MODEL,
  OptionError,
  TRIGGER_RATIO,
  proposedModel,
  validateOptions,
  type Options,
  type Wire,
} from '@core'
import { selectOfferedWindow } from './model-window'
import { optionsOfSaved, savedValue, type SavedOptions } from './settings-slice'
import type { SliceCreator } from './types'

/** The numeric controls, each typed as text by the user. */
export type OptionField = 'maxTokens' | 'keepRecentCount' | 'triggerRatio'

/** The model used when a file names none: the core's. */
export { DEFAULT_MODEL }
/** MaxTokens for an opened file: a typical modern context window. */
export const FILE_MAX_TOKENS = 128_000
/** MaxTokens for the bundled sample: small enough that its ~2,000 tokens are over the threshold. */
export const SAMPLE_MAX_TOKENS = 2_000

/**
 * The core's Options as the user sets them: keepRecentCount absent means unset (the core derives
 * it from KEEP_RECENT_RATIO). selectOptions adds the file's wire and the tokens the file lacks.
 */
export type UserOptions = Required<Pick<Options, 'model' | 'maxTokens' | 'triggerRatio'>> &
  Pick<Options, 'keepRecentCount'>

export interface OptionsSlice {
  /** The last valid values (the model starts as the file's): the check always runs on these. */
  options: UserOptions
  /** What the user typed in each control, valid or not. */
  optionInputs: Record<OptionField, string>
  /** What is wrong with a control's text, in the app's words (its label, then the problem). */
  optionErrors: Partial<Record<OptionField, string>>
  /**
   * Whether the check adds the tokens the file lacks (Options.hiddenTokens), as derived from its
   * first reported request. Off for every newly opened file.
   */
  includeHidden: boolean
  /** The user chose a model: it counts now, and for every file that names none. */
  setModel(model: string): void
  setIncludeHidden(include: boolean): void
  setOptionInput(field: OptionField, text: string): void
  /**
   * Back to the defaults, and forgets what was saved: MaxTokens 128,000 for a file (the sample's
   * own 2,000 for the sample), KeepRecentCount unset, TriggerRatio 0.9, the file's model or the
   * default one.
   */
  resetOptions(): void
  /** Sets MaxTokens to the model's context window, where the core knows it; as if typed. */
  applyModelWindow(): void
}

type OptionValues = Pick<
  OptionsSlice,
  'options' | 'optionInputs' | 'optionErrors' | 'includeHidden'
>

/** The controls' state for `options`: each control shows its value, none is in error. */
function optionValues(options: UserOptions): OptionValues {
  const { maxTokens, keepRecentCount, triggerRatio } = options
  return {
    options,
    optionInputs: {
      maxTokens: String(maxTokens),
      keepRecentCount: keepRecentCount === undefined ? '' : String(keepRecentCount),
      triggerRatio: String(triggerRatio),
    },
    optionErrors: {},
    includeHidden: false,
  }
}

/**
 * The options a newly opened conversation starts with. The sample always opens with its own:
 * MaxTokens 2,000 and the rest at their defaults, so it shows a compaction whatever was saved. A
 * file opens with what the user saved, each unsaved option at its default; a file that names its
 * model counts with that model, but keeps the user's budget.
 */
export function openingOptions(
  saved: SavedOptions,
  fileModel: string | null,
  isSample: boolean,
  wire?: Wire,
): OptionValues {
  const defaults = { maxTokens: FILE_MAX_TOKENS, triggerRatio: TRIGGER_RATIO }
  if (isSample) {
    const model = fileModel ?? DEFAULT_MODEL
    return optionValues({ ...defaults, model, maxTokens: SAMPLE_MAX_TOKENS })
  }
  const kept = optionsOfSaved(saved)
  return optionValues({
    ...defaults,
    ...kept,
    model: fileModel ?? kept.model ?? proposedModel(wire),
  })
}

// Text that is a finite number goes to the core as a number; anything else goes as typed, so the
// core's error quotes what the user wrote ("MaxTokens: "12k" is not a positive integer").
function parseInput(field: OptionField, text: string): number | string | undefined {
  const trimmed = text.trim()
  if (field === 'keepRecentCount' && trimmed === '') return undefined
  return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : text
}

export const createOptionsSlice: SliceCreator<OptionsSlice> = () => (set, get) => ({
  ...optionValues({
    model: DEFAULT_MODEL,
    maxTokens: FILE_MAX_TOKENS,
    triggerRatio: TRIGGER_RATIO,
  }),

  // Only a change of encoding counts again (in the workers); the cache answers the rest.
  setModel: (model) => {
    set({ options: { ...get().options, model }, saved: { ...get().saved, model } })
    get().countMessages()
  },

  setIncludeHidden: (includeHidden) => set({ includeHidden }),

  setOptionInput: (field, text) => {
    const state = get()
    const optionInputs = { ...state.optionInputs, [field]: text }
    const value = parseInput(field, text)
    // Typed as the options, though a value may be text: the core is what says it is not a number.
    const options = { ...state.options, [field]: value } as UserOptions
    if (value === undefined) delete options.keepRecentCount
    try {
      validateOptions(options)
    } catch (error) {
      if (!(error instanceof OptionError)) throw error
      // Keep the last valid value, so everything else keeps showing the last valid result.
      set({
        optionInputs,
        optionErrors: { ...state.optionErrors, [field]: `${error.label}: ${error.problem}` },
      })
      return
    }
    const optionErrors = { ...state.optionErrors }
    delete optionErrors[field]
    // Only what the user typed and the core accepted is saved: a value in error never is.
    const saved = { ...state.saved, [field]: savedValue(options[field]) }
    set({ optionInputs, optionErrors, saved, options })
  },

  resetOptions: () => {
    const { file, fileModel, options, includeHidden, wire } = get()
    set({ saved: {}, ...openingOptions({}, fileModel, file.isSample, wire), includeHidden })
    if (get().options.model !== options.model) get().countMessages()
  },

  applyModelWindow: () => {
    const offered = selectOfferedWindow(get())
    if (offered) get().setOptionInput('maxTokens', String(offered.tokens))
  },
})
