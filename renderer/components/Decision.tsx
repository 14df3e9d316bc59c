import { describeReason } from '@core'
import { selectBuckets, selectCheck, useApp } from '../store'

/** The check's outcome in words, and how it divides the conversation. */
export function Decision() {
  const shouldCompact = useApp((s) => selectCheck(s).shouldCompact)
  const reason = useApp((s) => selectCheck(s).reason)
  const summarized = useApp((s) => selectCheck(s).messagesToSummarize.length)
  const kept = useApp((s) => selectCheck(s).messagesToKeep.length)
  const hoisted = useApp((s) => selectBuckets(s).filter((b) => b === 'hoisted').length)
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
          {summarized} summarised · {kept} kept, of which {hoisted} hoisted instruction
          {hoisted === 1 ? '' : 's'}
        </p>
      )}
    </section>
  )
}
