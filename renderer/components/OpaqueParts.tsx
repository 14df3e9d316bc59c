import { useState } from 'react'
import { formatBytes, type OpaquePartDescription } from '@core/pricing/opaque'
import { MarkedText } from './MarkedText'

/**
 * A payload's opaque parts (signatures, encrypted thinking, base64 images and files) said for what
 * they are, with their size and what they cost by rule. Labels are plain text, never HTML.
 */
export function OpaqueParts({ parts }: { parts: readonly OpaquePartDescription[] }) {
  if (parts.length === 0) return null
  return (
    <>
      <h3>opaque parts</h3>
      <ul className="opaque-parts" data-testid="opaque-parts">
        {parts.map((part) => (
          <li key={part.path} className={`opaque-part opaque-${part.kind}`} title={part.path}>
            {part.label}
          </li>
        ))}
      </ul>
    </>
  )
}

interface PayloadProps {
  payload: string
  parts: readonly OpaquePartDescription[]
  marked: ReadonlySet<string> | null
}

/**
 * A message's payload. With opaque parts, their labels come first and the raw payload, whose
 * base64 says nothing to a reader, is folded away and drawn only when opened.
 */
export function PayloadView({ payload, parts, marked }: PayloadProps) {
  const [open, setOpen] = useState(false)
  const raw = (
    <pre className="message-payload">
      <MarkedText text={payload} marked={marked} />
    </pre>
  )
  if (parts.length === 0) {
    return (
      <>
        <h3>payload</h3>
        {raw}
      </>
    )
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
        {open && raw}
      </details>
    </>
  )
}
