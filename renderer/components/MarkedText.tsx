import { findIdentifiers } from '@core'
import type { ReactNode } from 'react'

interface Props {
  text: string
  /** The identifier values to mark; null marks nothing. */
  marked: ReadonlySet<string> | null
}

/**
 * Text with the given identifiers marked where the core finds them. Built from text nodes and
 * <mark> elements, so conversation content is never read as HTML.
 */
export function MarkedText({ text, marked }: Props) {
  if (marked === null || marked.size === 0) return text
  const parts: ReactNode[] = []
  let from = 0
  for (const { value, start, end } of findIdentifiers(text)) {
    if (!marked.has(value)) continue
    parts.push(
      text.slice(from, start),
      <mark
        key={start}
        className="dropped-identifier"
        data-testid="dropped-identifier"
        title="The pasted summary drops this identifier"
      >
        {value}
      </mark>,
    )
    from = end
  }
  parts.push(text.slice(from))
  return parts
}
