import { DEFAULT_MODEL, OptionError, TRIGGER_RATIO, validateOptions, type Options } from '@core'
import type { Settings } from '../../electron/contract'
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
 * The options the user set, kept across files and restarts (see settings-slice.ts): a field is
 * absent until they set it, and `keepRecentCount: null` is them clearing it.
 */
export type SavedOptions = Pick<
  Settings,
  'maxTokens' | 'keepRecentCount' | 'triggerRatio' | 'model'
>

export interface OptionsSlice {
  /** The model whose tokenizer counts; starts as the file's model. */
  model: string
  /** The last valid values: the check always runs on these. */
  maxTokens: number
  /** null means unset: the core derives it from KEEP_RECENT_RATIO. */
  keepRecentCount: number | null
  triggerRatio: number
  /** What the user typed in each control, valid or not. */
  optionInputs: Record<OptionField, string>
  /** What is wrong with a control's text, in the app's words (its label, then the problem). */
  optionErrors: Partial<Record<OptionField, string>>
  /**
   * Whether the check adds the tokens the file lacks (Options.hiddenTokens), as derived from its
   * first reported request. Off for every newly opened file.
   */
  includeHidden: boolean
  /** What the user set; each valid change they make is saved here, and kept by the host. */
  saved: SavedOptions
  /** The user chose a model: it counts now, and for every file that names none. */
  setModel(model: string): void
  setIncludeHidden(include: boolean): void
  setOptionInput(field: OptionField, text: string): void
}

type OptionValues = Pick<
  OptionsSlice,
  | 'model'
  | 'maxTokens'
  | 'keepRecentCount'
  | 'triggerRatio'
  | 'optionInputs'
  | 'optionErrors'
  | 'includeHidden'
>

/** The options a conversation starts with when nothing was saved: MaxTokens as given, the rest unset. */
export function optionDefaults(model: string, maxTokens: number): OptionValues {
  return optionValues(model, maxTokens, null, TRIGGER_RATIO)
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
): OptionValues {
  if (isSample) return optionDefaults(fileModel ?? DEFAULT_MODEL, SAMPLE_MAX_TOKENS)
  return optionValues(
    fileModel ?? saved.model ?? DEFAULT_MODEL,
    saved.maxTokens ?? FILE_MAX_TOKENS,
    saved.keepRecentCount ?? null,
    saved.triggerRatio ?? TRIGGER_RATIO,
  )
}

function optionValues(
  model: string,
  maxTokens: number,
  keepRecentCount: number | null,
  triggerRatio: number,
): OptionValues {
  return {
    model,
    maxTokens,
    keepRecentCount,
    triggerRatio,
    optionInputs: {
      maxTokens: String(maxTokens),
      keepRecentCount: keepRecentCount === null ? '' : String(keepRecentCount),
      triggerRatio: String(triggerRatio),
    },
    optionErrors: {},
    includeHidden: false,
  }
}

// Text that is a finite number goes to the core as a number; anything else goes as typed, so the
// core's error quotes what the user wrote ("MaxTokens: "12k" is not a positive integer").
function parseInput(field: OptionField, text: string): number | string | undefined {
  const trimmed = text.trim()
  if (field === 'keepRecentCount' && trimmed === '') return undefined
  return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : text
}

export const createOptionsSlice: SliceCreator<OptionsSlice> = () => (set, get) => ({
  ...optionDefaults(DEFAULT_MODEL, FILE_MAX_TOKENS),
  saved: {},

  // Only a change of encoding counts again (in the workers); the cache answers the rest.
  setModel: (model) => {
    set({ model, saved: { ...get().saved, model } })
    get().countMessages()
  },

  setIncludeHidden: (includeHidden) => set({ includeHidden }),

  setOptionInput: (field, text) => {
    const state = get()
    const optionInputs = { ...state.optionInputs, [field]: text }
    const value = parseInput(field, text)
    const candidate = {
      model: state.model,
      maxTokens: state.maxTokens,
      keepRecentCount: state.keepRecentCount ?? undefined,
      triggerRatio: state.triggerRatio,
      [field]: value,
    } as Options
    try {
      validateOptions(candidate)
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
    const saved = { ...state.saved, [field]: value ?? null }
    set({ optionInputs, optionErrors, saved, [field]: value ?? null })
  },
})
