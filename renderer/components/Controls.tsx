import { selectDerivedKeep, useApp } from '../store'
import { ModelPicker } from './ModelPicker'
import { OptionInput } from './OptionInput'

/** The knobs: every change re-derives the whole window from the core at once. */
export function Controls() {
  const derivedKeep = useApp(selectDerivedKeep)
  const keepUnset = useApp((s) => s.keepRecentCount === null)
  return (
    <section className="panel controls" aria-label="Controls">
      <ModelPicker />
      <OptionInput
        field="maxTokens"
        label="MaxTokens"
        testId="max-tokens-input"
        hint="The budget for the message list"
      />
      <OptionInput
        field="keepRecentCount"
        label="KeepRecentCount"
        testId="keep-recent-input"
        placeholder={`derived: ${derivedKeep}`}
        hint={
          keepUnset
            ? `unset, so derived: ${derivedKeep}`
            : `derived: ${derivedKeep}; clear to use it`
        }
      />
      <OptionInput
        field="triggerRatio"
        label="TriggerRatio"
        testId="trigger-ratio-input"
        hint="Fires at MaxTokens × this"
      />
    </section>
  )
}
