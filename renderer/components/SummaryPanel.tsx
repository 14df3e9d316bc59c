import { SUMMARY_INPUT_ID } from '../dom-ids'
import { selectCheck, useApp } from '../store'
import { AppliedResult } from './AppliedResult'

/**
 * Paste the summary a model wrote, apply it, and see the conversation that results: above the text
 * area, which shrinks once there is a result to read.
 */
export function SummaryPanel() {
  const text = useApp((s) => s.summaryText)
  const error = useApp((s) => s.applyError)
  const shouldCompact = useApp((s) => selectCheck(s)?.shouldCompact === true)
  const counting = useApp((s) => selectCheck(s) === null)
  const setSummaryText = useApp((s) => s.setSummaryText)
  const applySummary = useApp((s) => s.applySummary)
  // Once applied, the text area gives its room to the result: it is read, not written, from then on.
  const applied = useApp((s) => s.appliedSummary !== null)

  return (
    <section className="panel summary-panel" aria-label="Paste a summary">
      {/* The result first: Apply's outcome is what the user looks for, on a laptop's screen too. */}
      <AppliedResult />
      <div className="panel-title">
        <h2>
          <label htmlFor={SUMMARY_INPUT_ID}>Paste a summary</label>
        </h2>
      </div>
      <textarea
        id={SUMMARY_INPUT_ID}
        data-testid="summary-input"
        value={text}
        rows={applied ? 3 : 6}
        className={applied ? 'summary-input-applied' : undefined}
        spellCheck={false}
        placeholder="Paste what the model wrote for the summary prompt (the Prompt tab)…"
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
    </section>
  )
}
