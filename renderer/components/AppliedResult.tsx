import { formatNumber } from '@core'
import { useEffect, useRef } from 'react'
import { selectApplied, selectCheck, useApp } from '../store'
import { AppliedList } from './AppliedList'
import { BudgetBar } from './BudgetBar'

/** The conversation after the summary: its total against the budget, and what changed. */
export function AppliedResult() {
  const applied = useApp(selectApplied)
  const before = useApp((s) => selectCheck(s)?.estimatedTokens ?? 0)
  const countBefore = useApp((s) => s.messages.length)
  const maxTokens = useApp((s) => s.options.maxTokens)
  const appliedSummary = useApp((s) => s.appliedSummary)
  const section = useRef<HTMLDivElement>(null)
  const shown = applied !== null
  // The summary the result was last brought into view for: once per Apply, not on every re-tune.
  const revealed = useRef<string | null>(null)
  // Each Apply brings the result into view: the top of its tab, or of the page in a narrow window,
  // where the side panel sits under the list. The result shows once the summary is counted, a
  // moment after Apply, so it is revealed when it appears rather than when Apply is pressed.
  useEffect(() => {
    if (!shown || appliedSummary === null || revealed.current === appliedSummary) return
    revealed.current = appliedSummary
    section.current?.scrollIntoView?.({ block: 'start' })
  }, [appliedSummary, shown])
  if (applied === null) return null
  const { check } = applied
  const after = check.estimatedTokens
  return (
    <div className="applied" data-testid="applied-result" ref={section}>
      <h3>Applied: instructions, then the summary, then the tail</h3>
      <BudgetBar
        label="Applied total against MaxTokens"
        total={after}
        maxTokens={maxTokens}
        threshold={check.threshold}
        overThreshold={check.reason !== 'below-threshold'}
        totalTestId="applied-total-tokens"
        thresholdTestId="applied-threshold-tokens"
      />
      <table className="before-after">
        <thead>
          <tr>
            <th />
            <th>before</th>
            <th>after</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th>messages</th>
            <td>{formatNumber(countBefore)}</td>
            <td data-testid="applied-count">{formatNumber(applied.messages.length)}</td>
          </tr>
          <tr>
            <th>tokens</th>
            <td>{formatNumber(before)}</td>
            <td>
              {formatNumber(after)} ({after - before >= 0 ? '+' : ''}
              {formatNumber(after - before)})
            </td>
          </tr>
        </tbody>
      </table>
      {check.shouldCompact && (
        <p className="field-note warn">Still over the threshold: the next check compacts again.</p>
      )}
      <AppliedList applied={applied} />
    </div>
  )
}
