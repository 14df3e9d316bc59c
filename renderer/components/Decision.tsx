import { describeReason, formatNumber } from '@core'
import { selectCheck, selectHoisted, useApp } from '../store'

/** The check's outcome in words, and how it divides the conversation; none from partial counts. */
export function Decision() {
  const counting = useApp((s) => selectCheck(s) === null)
  const shouldCompact = useApp((s) => selectCheck(s)?.shouldCompact === true)
  const reason = useApp((s) => selectCheck(s)?.reason ?? null)
  const summarized = useApp((s) => selectCheck(s)?.messagesToSummarize.length ?? 0)
  const kept = useApp((s) => selectCheck(s)?.messagesToKeep.length ?? 0)
  const hoisted = useApp((s) => selectHoisted(s).length)
  if (counting) {
    return (
      <section
        className="panel decision decision-counting"
        aria-label="Decision"
        data-testid="decision"
        data-should-compact=""
        data-counting="true"
      >
        <h2 className="counting">counting…</h2>
        <p>The decision waits until every message is counted: a partial total could say either.</p>
      </section>
    )
  }
  return (
    <section
      className={`panel decision ${shouldCompact ? 'decision-compacts' : 'decision-declines'}`}
      aria-label="Decision"
      data-testid="decision"
      data-should-compact={String(shouldCompact)}
      data-reason={reason ?? ''}
    >
      <h2>{shouldCompact ? 'Compacts' : 'Does not compact'}</h2>
      <p>{describeReason(reason)}</p>
      {shouldCompact && (
        <p className="muted">
          {formatNumber(summarized)} summarised · {formatNumber(kept)} kept, of which{' '}
          {formatNumber(hoisted)} hoisted instruction
          {hoisted === 1 ? '' : 's'}
        </p>
      )}
    </section>
  )
}
