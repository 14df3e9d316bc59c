import { formatNumber } from '@core'
interface Props {
  /** null while the messages are being counted: nothing is drawn against the budget yet. */
  total: number | null
  maxTokens: number
  threshold: number | null
  /** Whether the total is at or over the threshold, as the core's check says. */
  overThreshold: boolean
  totalTestId: string
  thresholdTestId: string
  label: string
}

const percent = (part: number, whole: number) => `${(100 * part) / whole}%`

/**
 * The estimated total against MaxTokens, with a line at the trigger threshold. The scale stretches
 * past MaxTokens when the total overruns it, so an overrun is drawn rather than clipped. Until
 * every message is counted it says so, rather than draw a partial total as if it were the total.
 */
export function BudgetBar(props: Props) {
  const { total, maxTokens, threshold, overThreshold, label } = props
  const counting = total === null || threshold === null
  const scale = Math.max(maxTokens, total ?? 0)
  const state = counting
    ? 'counting'
    : total > maxTokens
      ? 'over-max'
      : overThreshold
        ? 'over-threshold'
        : 'under'
  return (
    <div className={`budget budget-${state}`} data-state={state}>
      <div
        className="budget-track"
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={maxTokens}
        aria-valuenow={total ?? undefined}
        aria-valuetext={counting ? 'counting' : undefined}
      >
        {!counting && (
          <>
            <div className="budget-fill" style={{ width: percent(total, scale) }} />
            <div
              className="budget-threshold"
              style={{ left: percent(threshold, scale) }}
              title="Trigger threshold"
            />
          </>
        )}
        {!counting && total > maxTokens && (
          <>
            <div className="budget-fill-over" style={{ left: percent(maxTokens, scale) }} />
            <div
              className="budget-max"
              style={{ left: percent(maxTokens, scale) }}
              title="MaxTokens"
            />
          </>
        )}
      </div>
      <dl className="budget-numbers">
        <div>
          <dt>Total</dt>
          <dd data-testid={props.totalTestId} className={counting ? 'counting' : undefined}>
            {total === null ? 'counting…' : formatNumber(total)}
          </dd>
        </div>
        <div>
          <dt>Threshold</dt>
          <dd data-testid={props.thresholdTestId}>
            {threshold === null ? '—' : formatNumber(threshold)}
          </dd>
        </div>
        <div>
          <dt>MaxTokens</dt>
          <dd>{formatNumber(maxTokens)}</dd>
        </div>
        <div>
          <dt>Used</dt>
          <dd>{counting ? '—' : `${((100 * total) / maxTokens).toFixed(1)}%`}</dd>
        </div>
      </dl>
    </div>
  )
}
