import { useApp } from '../store'

const number = (n: number) => n.toLocaleString('en')

/**
 * What loading is doing: reading the file in its worker, then counting its messages, with a
 * Cancel that stops the workers. After a cancel part-way through counting, it says the counts are
 * partial and offers to count the rest.
 */
export function LoadProgress() {
  const reading = useApp((s) => s.reading)
  const partial = useApp((s) => s.partialCounts)
  const cancelLoad = useApp((s) => s.cancelLoad)
  const countAgain = useApp((s) => s.countAgain)

  if (reading === null && partial === null) return null
  if (reading === null && partial !== null && !partial.running) {
    return (
      <div className="load-progress load-partial" role="status" data-testid="counts-partial">
        <span>
          Counts are partial: {number(partial.counted)} of {number(partial.perMessage.length)}{' '}
          messages counted, so the totals and the decision wait.
        </span>
        <button type="button" data-testid="count-again" onClick={countAgain}>
          Count again
        </button>
      </div>
    )
  }

  // Reading first: while a new file is read, the counts on screen belong to the previous one.
  const phase = reading !== null ? 'reading' : 'counting'
  const total = reading !== null ? (reading.total ?? 0) : partial!.perMessage.length
  const done = reading !== null ? 0 : partial!.counted
  const label =
    reading === null
      ? `Counting tokens: ${number(done)} of ${number(total)} messages`
      : reading.total === null
        ? `Reading ${reading.name}: parsing…`
        : `Reading ${reading.name}: ${number(reading.received)} of ${number(reading.total)} messages received`
  // While parsing there is no measure of progress, so the bar only says that work goes on.
  const shown = reading === null ? done : reading.received
  const indeterminate = reading !== null && reading.total === null
  return (
    <div
      className="load-progress"
      role="status"
      data-testid="load-progress"
      data-phase={phase}
      data-done={done}
      data-total={total}
    >
      <span className="load-label">{label}</span>
      <progress
        className="load-bar"
        aria-label={phase === 'reading' ? 'Reading the file' : 'Counting tokens'}
        max={indeterminate ? undefined : Math.max(total, 1)}
        value={indeterminate ? undefined : shown}
      />
      <button type="button" data-testid="cancel-load" onClick={cancelLoad}>
        Cancel
      </button>
    </div>
  )
}
