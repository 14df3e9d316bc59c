import type { OpaquePartDescription } from '@core/pricing/opaque'

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
