import { SUMMARY_INPUT_ID } from '../dom-ids'
import { selectCheck, useApp } from '../store'
import { AppliedResult } from './AppliedResult'

/** Paste the summary a model wrote, apply it, and see the conversation that results. */
export function SummaryPanel() {
  const text = useApp((s) => s.summaryText)
  const error = useApp((s) => s.applyError)
  const shouldCompact = useApp((s) => selectCheck(s)?.shouldCompact === true)
  const counting = useApp((s) => selectCheck(s) === null)
  const setSummaryText = useApp((s) => s.setSummaryText)
  const applySummary = useApp((s) => s.applySummary)

  return (
    <section className="panel summary-panel" aria-label="Paste a summary">
      <div className="panel-title">
        <h2>
          <label htmlFor={SUMMARY_INPUT_ID}>Paste a summary</label>
        </h2>
      </div>
      <textarea
        id={SUMMARY_INPUT_ID}
        data-testid="summary-input"
        value={text}
        rows={6}
        spellCheck={false}
        placeholder="Paste what the model wrote for the prompt above…"
        onChange={(event) => setSummaryText(event.target.value)}
      />
      <div className="button-row">
        <button
          type="button"
          className="primary"
          data-testid="apply-summary"
          disabled={!shouldCompact}
          title={
            shouldCompact
              ? undefined
              : counting
                ? 'The decision waits for every message to be counted'
                : 'The check declines, so there is nothing to replace'
          }
          onClick={applySummary}
        >
          Apply
        </button>
        <span className="muted">
          <kbd>Ctrl/Cmd + Enter</kbd>
        </span>
      </div>
      {error !== null && (
        <p className="field-note field-error" role="alert" data-testid="apply-error">
          {error}
        </p>
      )}
      {!shouldCompact && !counting && (
        <p className="field-note muted">
          The check declines, so there is nothing to replace: tune MaxTokens or KeepRecentCount
          until it compacts, then apply.
        </p>
      )}
      <AppliedResult />
    </section>
  )
}
