import { formatNumber } from '@core/numbers'
import { FILE_MAX_TOKENS, selectDerivedKeep, useApp } from '../store'
import { ModelPicker } from './ModelPicker'
import { OptionInput } from './OptionInput'
import { SettingsBar } from './SettingsBar'

/** The knobs: every change re-derives the whole window from the core at once. */
export function Controls() {
  const derivedKeep = useApp(selectDerivedKeep)
  const keepUnset = useApp((s) => s.options.keepRecentCount === undefined)
  const budgetHint = useApp(selectBudgetHint)
  return (
    <section className="panel controls" aria-label="Controls">
      <ModelPicker />
      <OptionInput
        field="maxTokens"
        label="MaxTokens"
        testId="max-tokens-input"
        hint={budgetHint}
      />
      <OptionInput
        field="keepRecentCount"
        label="KeepRecentCount"
        testId="keep-recent-input"
        placeholder={`derived: ${formatNumber(derivedKeep)}`}
        hint={
          keepUnset
            ? `unset, so derived: ${formatNumber(derivedKeep)}`
            : `derived: ${formatNumber(derivedKeep)}; clear to use it`
        }
      />
      <OptionInput
        field="triggerRatio"
        label="TriggerRatio"
        testId="trigger-ratio-input"
        hint="Fires at MaxTokens × this"
      />
      <SettingsBar />
    </section>
  )
}

/** Where the MaxTokens in force comes from: the sample's own, the user's saved one, or the default. */
function selectBudgetHint(s: {
  file: { isSample: boolean }
  options: { maxTokens: number }
  saved: { maxTokens?: number }
}): string {
  const saved = s.saved.maxTokens
  if (s.file.isSample) {
    const files = formatNumber(saved ?? FILE_MAX_TOKENS)
    return s.options.maxTokens === saved
      ? 'Yours, kept across files'
      : `The sample’s own budget, so it compacts; files open with ${files}`
  }
  if (saved === undefined) return 'The default budget for a file'
  return 'Yours, kept across files'
}
