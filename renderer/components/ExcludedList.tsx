import { formatNumber } from '@core'
import { selectExcluded, useApp } from '../store'
import { previewOf } from './MessageRow'
import { TypeBadge } from './TypeBadge'

// Enough to see what kind of content is lost; the total covers the rest. Each row is laid out
// whenever the head changes, so a long list would cost every change of a control.
const SHOWN = 20

/** Head messages summarised away that never reach the prompt: reasoning, activity, unknown types. */
export function ExcludedList() {
  const excluded = useApp(selectExcluded)
  if (excluded.length === 0) return null
  const total = excluded.reduce((sum, e) => sum + e.tokens, 0)
  return (
    <div className="excluded" data-testid="excluded-messages">
      <h3>
        Not in the prompt: {formatNumber(excluded.length)} head message
        {excluded.length === 1 ? '' : 's'}, {formatNumber(total)} tokens
      </h3>
      <p className="field-note muted">
        Summarised away, yet the model writing the summary never sees them.
      </p>
      <ul className="compact-list">
        {excluded.slice(0, SHOWN).map(({ index, message, tokens }) => (
          <li key={index} data-testid="excluded-row" data-index={index} data-tokens={tokens}>
            <span className="row-index">{index}</span>
            <span className="row-id">{message.id ?? '—'}</span>
            <TypeBadge type={message.type} />
            <span className="row-preview">{previewOf(message)}</span>
            <span className="row-tokens">{formatNumber(tokens)}</span>
          </li>
        ))}
      </ul>
      {excluded.length > SHOWN && <p className="muted">and {excluded.length - SHOWN} more</p>}
    </div>
  )
}
