import { formatNumber } from '@core'
import { FILE_MAX_TOKENS, useApp, type AppState } from '../store'

/** What the next file opens with, in words: the saved options, or the defaults. */
function savedWords(saved: AppState['saved']): string {
  const parts = [
    saved.maxTokens !== undefined && `MaxTokens ${formatNumber(saved.maxTokens)}`,
    saved.keepRecentCount != null && `KeepRecentCount ${formatNumber(saved.keepRecentCount)}`,
    saved.keepRecentCount === null && 'KeepRecentCount unset',
    saved.triggerRatio !== undefined && `TriggerRatio ${saved.triggerRatio}`,
    saved.model !== undefined && `model ${saved.model}`,
  ].filter((part): part is string => typeof part === 'string')
  return parts.length === 0 ? 'the defaults' : `yours: ${parts.join(', ')}`
}

/**
 * Which settings are in force and where they come from, and Reset. The sample opens with its own
 * small budget, so that it shows a compaction, and never changes what the user saved.
 */
export function SettingsBar() {
  const isSample = useApp((s) => s.file.isSample)
  const saved = useApp((s) => s.saved)
  const fileModel = useApp((s) => s.fileModel)
  const resetOptions = useApp((s) => s.resetOptions)
  const kept = Object.keys(saved).length > 0
  const note = isSample
    ? `The sample’s own settings. Files open with ${savedWords(saved)}.`
    : kept
      ? 'Your settings, kept across files and restarts.'
      : `The defaults (MaxTokens ${formatNumber(FILE_MAX_TOKENS)}). What you set is kept across files and restarts.`
  const ownModel =
    !isSample && fileModel !== null && saved.model !== undefined && fileModel !== saved.model
  return (
    <div className="settings-bar">
      <p className="field-note muted" data-testid="settings-note">
        {note}
        {ownModel && ` This file counts with the model it names, ${fileModel}.`}
      </p>
      <button
        type="button"
        data-testid="reset-settings"
        title="Back to the defaults, and forget the saved settings"
        onClick={resetOptions}
      >
        Reset
      </button>
    </div>
  )
}
