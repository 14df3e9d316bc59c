import type { TrafficRequest } from '@core'
import { formatNumber } from '@core/numbers'
import { useApp } from '../store'
import { ChoicePicker } from './ChoicePicker'

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
    <ChoicePicker
      testId="request-select"
      label="Request to show"
      what="requests"
      holder="log"
      value={request}
      choices={requests.map((r) => ({ value: r.index, label: requestLabel(r) }))}
      onChoose={(index) => void reimportRequest(index)}
    />
  )
}
