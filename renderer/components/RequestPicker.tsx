import type { TrafficRequest } from '@core'
import { formatNumber } from '@core/numbers'
import { useApp } from '../store'

/** `Request 4 · claude-sonnet-4 · 212 messages · 09:14:03` (the time in UTC, as the log has it). */
export function requestLabel(r: TrafficRequest): string {
  const parts = [`Request ${r.index}`]
  if (r.model !== undefined) parts.push(r.model)
  parts.push(`${formatNumber(r.messages)} message${r.messages === 1 ? '' : 's'}`)
  if (r.timestamp !== undefined) parts.push(r.timestamp.slice(11, 19))
  return parts.join(' · ')
}

/**
 * Which request of an API traffic log is on screen, and a picker to read another. Shown only for
 * files with requests; the core chose the main thread, and the import report says why.
 */
export function RequestPicker() {
  const requests = useApp((s) => s.requests)
  const request = useApp((s) => s.request)
  const reimportRequest = useApp((s) => s.reimportRequest)
  if (requests.length === 0 || request === null) return null
  return (
    <span className="format-picker request-picker">
      <select
        data-testid="request-select"
        aria-label="Request to show"
        title={`This log holds ${formatNumber(requests.length)} requests; show another`}
        value={request}
        onChange={(event) => void reimportRequest(Number(event.target.value))}
      >
        {requests.map((r) => (
          <option key={r.index} value={r.index}>
            {requestLabel(r)}
          </option>
        ))}
      </select>
      <span className="muted">of {formatNumber(requests.length)}</span>
    </span>
  )
}
