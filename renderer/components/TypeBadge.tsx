import { MESSAGE_TYPES } from '@core'

const KNOWN: ReadonlySet<string> = new Set(MESSAGE_TYPES)

// Unknown types still need to look distinct from each other, so each gets a hue from its name.
function hueOf(type: string): number {
  let hash = 0
  for (const ch of type) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0
  return hash % 360
}

/** A message type as a coloured badge; known types have fixed colours, others a hue of their own. */
export function TypeBadge({ type }: { type: string }) {
  if (KNOWN.has(type)) {
    return <span className={`type-badge type-${type}`}>{type}</span>
  }
  return (
    <span
      className="type-badge type-unknown"
      style={{ ['--type-hue' as string]: hueOf(type) }}
      title="A type the core does not know: split like any message, never in the prompt"
    >
      {type}
    </span>
  )
}
