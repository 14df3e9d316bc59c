import { useMemo, useState } from 'react'
import { formatNumber } from '@core/numbers'
import { formatBytes, type OpaquePartDescription } from '@core/pricing/opaque'
import { cutAt, prettyJson } from '@core/pretty-json'
import { MarkedText } from './MarkedText'
import { OpaqueParts } from './OpaqueParts'
import '../styles/payload.css'

// Laying out text costs the main thread 2 to 4 ms per thousand characters of mixed scripts; a
// tool's whole file or output can be megabytes, and the box shows a few thousand at a time.
export const PAYLOAD_CHARS = 20_000
// Formatted, even 'show all' stops here: indentation makes the text longer than the payload, and
// Raw always has the whole string.
export const FORMATTED_MAX_CHARS = 5_000_000

type Mode = 'formatted' | 'raw'

interface PayloadProps {
  payload: string
  parts: readonly OpaquePartDescription[]
  marked: ReadonlySet<string> | null
}

/**
 * A message's payload, formatted for reading with the exact string a toggle away. With opaque
 * parts, their labels come first and the payload, whose base64 says nothing to a reader, is
 * folded away, drawn only when opened, and opens as the raw string its summary names.
 */
export function PayloadView({ payload, parts, marked }: PayloadProps) {
  const [open, setOpen] = useState(false)
  if (parts.length === 0) {
    return <PayloadText payload={payload} marked={marked} initial="formatted" heading />
  }
  return (
    <>
      <OpaqueParts parts={parts} />
      <details
        className="raw-payload"
        data-testid="raw-payload"
        onToggle={(e) => setOpen(e.currentTarget.open)}
      >
        <summary>raw payload, {formatBytes(payload.length)}, kept as is for export</summary>
        {open && <PayloadText payload={payload} marked={marked} initial="raw" heading={false} />}
      </details>
    </>
  )
}

interface TextProps {
  payload: string
  marked: ReadonlySet<string> | null
  initial: Mode
  heading: boolean
}

/** The payload as formatted JSON or as its exact string, cut at PAYLOAD_CHARS until asked. */
function PayloadText({ payload, marked, initial, heading }: TextProps) {
  const [mode, setMode] = useState<Mode>(initial)
  const [showAll, setShowAll] = useState(false)
  const limit = showAll ? Infinity : PAYLOAD_CHARS
  const pretty = useMemo(
    () => prettyJson(payload, Math.min(limit, FORMATTED_MAX_CHARS)),
    [payload, limit],
  )
  const shown = pretty === undefined ? 'raw' : mode
  const cut = shown === 'raw' ? payload.length > limit : pretty !== undefined && !pretty.complete
  return (
    <div className="payload-view" data-testid="payload-view" data-mode={shown}>
      <div className="payload-head">
        {heading && <h3>payload</h3>}
        {pretty === undefined ? (
          <span className="payload-note" data-testid="payload-note">
            not JSON, so shown as it is
          </span>
        ) : (
          <div className="payload-modes" role="group" aria-label="Show the payload">
            <ModeButton mode="formatted" current={mode} onPick={setMode} />
            <ModeButton mode="raw" current={mode} onPick={setMode} />
          </div>
        )}
      </div>
      <pre className="message-payload" data-testid="payload-text">
        {shown === 'raw' || pretty === undefined ? (
          <MarkedText text={cut ? cutAt(payload, limit) : payload} marked={marked} />
        ) : (
          pretty.segments.map((segment, i) =>
            segment.block ? (
              <span key={i} className="payload-block">
                <MarkedText text={segment.text} marked={marked} />
              </span>
            ) : (
              <MarkedText key={i} text={segment.text} marked={marked} />
            ),
          )
        )}
      </pre>
      {cut && showAll && (
        <span className="payload-note" data-testid="payload-note">
          Formatted, a payload stops at {formatNumber(FORMATTED_MAX_CHARS)} characters; Raw shows
          all of it.
        </span>
      )}
      {cut && !showAll && (
        <button
          type="button"
          className="link-button"
          data-testid="payload-show-all"
          onClick={() => setShowAll(true)}
        >
          {shown === 'raw'
            ? `Showing ${formatNumber(PAYLOAD_CHARS)} of ${formatNumber(payload.length)} characters: show all`
            : `Showing the first ${formatNumber(PAYLOAD_CHARS)} characters: show all`}
        </button>
      )}
    </div>
  )
}

const MODE_LABELS: Record<Mode, string> = { formatted: 'Formatted', raw: 'Raw' }
const MODE_TITLES: Record<Mode, string> = {
  formatted: 'Indented, with multi-line strings shown as their lines',
  raw: 'The exact string the message carries',
}

function ModeButton(props: { mode: Mode; current: Mode; onPick: (mode: Mode) => void }) {
  const { mode, current, onPick } = props
  return (
    <button
      type="button"
      className="payload-mode"
      aria-pressed={mode === current}
      title={MODE_TITLES[mode]}
      onClick={() => onPick(mode)}
    >
      {MODE_LABELS[mode]}
    </button>
  )
}
