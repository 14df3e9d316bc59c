import { formatNumber } from '@core'
import { EXCLUDED_SHOWN, selectExcluded, useApp } from '../store'
import { previewOf } from './MessageRow'
import { TypeBadge } from './TypeBadge'

/** Head messages summarised away that never reach the prompt: reasoning, activity, unknown types. */
export function ExcludedList() {
  const { count, tokens: total, shown } = useApp(selectExcluded)
  if (count === 0) return null
  return (
    <div className="excluded" data-testid="excluded-messages">
      <h3>
        Not in the prompt: {formatNumber(count)} head message
        {count === 1 ? '' : 's'}, {formatNumber(total)} tokens
      </h3>
      <p className="field-note muted">
        Summarised away, yet the model writing the summary never sees them.
      </p>
      <ul className="compact-list">
        {shown.map(({ index, message, tokens }) => (
          <li key={index} data-testid="excluded-row" data-index={index} data-tokens={tokens}>
            <span className="row-index">{index}</span>
            <span className="row-id">{message.id ?? '—'}</span>
            <TypeBadge type={message.type} />
            <span className="row-preview">{previewOf(message)}</span>
            <span className="row-tokens">{formatNumber(tokens)}</span>
          </li>
        ))}
      </ul>
      {count > EXCLUDED_SHOWN && (
        <p className="muted">and {formatNumber(count - EXCLUDED_SHOWN)} more</p>
      )}
    </div>
  )
}
