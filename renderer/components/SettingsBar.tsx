import { formatNumber } from '@core'
import { FILE_MAX_TOKENS, useApp, type AppState } from '../store'
import { ModelWindowButton } from './ModelWindowButton'

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
 * "Use this model's window" and Reset on one line, and which settings are in force and where they
 * come from. The sample opens with its own small budget, so that it shows a compaction, and never
 * changes what the user saved. On a file the MaxTokens hint already says whose budget is in force,
 * so the note is shown only where it says more (the sample, a file counting with its own model);
 * it is always Reset's description. One line saved keeps three findings on a laptop's screen.
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
  const words = `${note}${ownModel ? ` This file counts with the model it names, ${fileModel}.` : ''}`
  return (
    <div className="settings-bar">
      <ModelWindowButton />
      <button
        type="button"
        data-testid="reset-settings"
        title={`${words} Reset: back to the defaults, and forget the saved settings.`}
        onClick={resetOptions}
      >
        Reset
      </button>
      {(isSample || ownModel) && (
        <p className="field-note muted" data-testid="settings-note">
          {words}
        </p>
      )}
    </div>
  )
}
