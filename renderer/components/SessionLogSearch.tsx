import { formatNumber } from '@core/numbers'
import { useState } from 'react'
import { useApp } from '../store'

/**
 * The Sessions view's search of what the logs hold: an id, an error message, a file name. It
 * reads every listed log, so it runs when asked (Enter, or the button), not on each keystroke.
 */
export function SessionLogSearch({ listed }: { listed: number }) {
  const search = useApp((s) => s.sessionLogSearch)
  const run = useApp((s) => s.searchSessionLogs)
  const [text, setText] = useState(search.state === 'none' ? '' : search.text)
  return (
    <form
      className="sessions-log-search"
      onSubmit={(event) => {
        event.preventDefault()
        void run(text)
      }}
    >
      <label>
        In the logs
        <input
          type="search"
          data-testid="sessions-log-text"
          placeholder="text a log holds, exact case"
          maxLength={200}
          value={text}
          onChange={(event) => {
            setText(event.target.value)
            // Cleared by hand (or by the field's ×): every session shows again.
            if (event.target.value === '' && search.state !== 'none') void run('')
          }}
        />
      </label>
      <button type="submit" data-testid="sessions-log-search" disabled={text === ''}>
        Search logs
      </button>
      <span className="muted" role="status" data-testid="sessions-log-status">
        {search.state === 'searching'
          ? `Reading ${formatNumber(listed)} logs for “${search.text}”…`
          : search.state === 'done'
            ? `“${search.text}” is in ${formatNumber(search.ids.size)} of ${formatNumber(listed)} logs`
            : ''}
      </span>
      {search.state === 'failed' && (
        <span className="error-text" role="alert" data-testid="sessions-log-error">
          {search.error}
        </span>
      )}
    </form>
  )
}
