import { selectCheck, useApp } from '../store'
import { BudgetBar } from './BudgetBar'

/** The conversation's estimated total against the budget; "counting…" until every count is in. */
export function Budget() {
  const total = useApp((s) => selectCheck(s)?.estimatedTokens ?? null)
  const threshold = useApp((s) => selectCheck(s)?.threshold ?? null)
  const overThreshold = useApp((s) => selectCheck(s)?.reason !== 'below-threshold')
  const maxTokens = useApp((s) => s.options.maxTokens)
  return (
    <section className="panel" aria-label="Budget">
      <h2>Budget</h2>
      <BudgetBar
        label="Estimated tokens against MaxTokens"
        total={total}
        maxTokens={maxTokens}
        threshold={threshold}
        overThreshold={overThreshold}
        totalTestId="total-tokens"
        thresholdTestId="threshold-tokens"
      />
    </section>
  )
}
