import { isOpenEncoding } from '@core'
import { formatNumber as number } from '@core/numbers'
import { useApp } from '../store'
import { selectCounting } from '../store/spec'

const megabytes = (bytes: number) => (bytes / 1e6).toFixed(1)

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
  // An open model's vocabulary (Gemini's is 8.5 MB) is loaded by the workers when first used, before
  // the first count: said, so that the wait is not taken for a stall.
  const encoding = useApp((s) => selectCounting(s).encoding)

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
  // While parsing, the bar follows the bytes when the worker reports them; otherwise (text, or
  // the format readers after the parse) it only says that work goes on.
  const parsing = reading !== null && reading.total === null ? reading.parsed : null
  const loads = isOpenEncoding(encoding) && done === 0
  const label =
    reading === null
      ? `Counting tokens: ${number(done)} of ${number(total)} messages` +
        (loads ? ` (the ${encoding} vocabulary loads on first use)` : '')
      : reading.total !== null
        ? `Reading ${reading.name}: ${number(reading.received)} of ${number(reading.total)} messages received`
        : parsing === null
          ? `Reading ${reading.name}: parsing…`
          : parsing.done < parsing.total
            ? `Reading ${reading.name}: parsed ${megabytes(parsing.done)} of ${megabytes(parsing.total)} MB`
            : `Reading ${reading.name}: parsed ${megabytes(parsing.total)} MB; reading its messages…`
  const shown = reading === null ? done : parsing !== null ? parsing.done : reading.received
  const max = parsing !== null ? parsing.total : total
  const indeterminate =
    reading !== null &&
    reading.total === null &&
    (parsing === null || parsing.done >= parsing.total)
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
        max={indeterminate ? undefined : Math.max(max, 1)}
        value={indeterminate ? undefined : shown}
      />
      <button type="button" data-testid="cancel-load" onClick={cancelLoad}>
        Cancel
      </button>
    </div>
  )
}
