interface Props {
  total: number
  maxTokens: number
  threshold: number
  /** Whether the total is at or over the threshold, as the core's check says. */
  overThreshold: boolean
  totalTestId: string
  thresholdTestId: string
  label: string
}

const percent = (part: number, whole: number) => `${(100 * part) / whole}%`

/**
 * The estimated total against MaxTokens, with a line at the trigger threshold. The scale stretches
 * past MaxTokens when the total overruns it, so an overrun is drawn rather than clipped.
 */
export function BudgetBar(props: Props) {
  const { total, maxTokens, threshold, overThreshold, label } = props
  const scale = Math.max(maxTokens, total)
  const state = total > maxTokens ? 'over-max' : overThreshold ? 'over-threshold' : 'under'
  return (
    <div className={`budget budget-${state}`} data-state={state}>
      <div
        className="budget-track"
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={maxTokens}
        aria-valuenow={total}
      >
        <div className="budget-fill" style={{ width: percent(total, scale) }} />
        <div
          className="budget-threshold"
          style={{ left: percent(threshold, scale) }}
          title="Trigger threshold"
        />
        {total > maxTokens && (
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
          <dd data-testid={props.totalTestId}>{total}</dd>
        </div>
        <div>
          <dt>Threshold</dt>
          <dd data-testid={props.thresholdTestId}>{threshold}</dd>
        </div>
        <div>
          <dt>MaxTokens</dt>
          <dd>{maxTokens}</dd>
        </div>
        <div>
          <dt>Used</dt>
          <dd>{((100 * total) / maxTokens).toFixed(1)}%</dd>
        </div>
      </dl>
    </div>
  )
}
