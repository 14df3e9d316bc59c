import { useApp } from '../store'

/** Fields the parser left out of the messages: nothing is dropped silently. */
export function ParseWarnings() {
  const warnings = useApp((s) => s.warnings)
  if (warnings.length === 0) return null
  return (
    <details className="parse-warnings" data-testid="parse-warnings">
      <summary>
        {warnings.length} warning{warnings.length === 1 ? '' : 's'}
      </summary>
      <ul className="popover">
        {warnings.map((w) => (
          <li key={w.path}>
            <code>{w.path}</code>: {w.problem}
          </li>
        ))}
      </ul>
    </details>
  )
}
