import { formatNumber } from '@core/numbers'
import { describeSession } from '@core/formats/stored-session'
import { useApp } from '../store'

/**
 * Which session of a database (an opencode database) is on screen, and a picker to read another.
 * Shown only for a file of sessions; the core chose the latest that is not a subagent's, and the
 * import report counts the others.
 */
export function SessionPicker() {
  const sessions = useApp((s) => s.sessions)
  const session = useApp((s) => s.session)
  const reimportSession = useApp((s) => s.reimportSession)
  if (sessions.length === 0 || session === null) return null
  return (
    <span className="format-picker request-picker">
      <select
        data-testid="session-select"
        aria-label="Session to show"
        title={`This database holds ${formatNumber(sessions.length)} sessions; show another`}
        value={session}
        onChange={(event) => void reimportSession(event.target.value)}
      >
        {sessions.map((s) => (
          <option key={s.id} value={s.id}>
            {describeSession(s)}
          </option>
        ))}
      </select>
      <span className="muted">of {formatNumber(sessions.length)}</span>
    </span>
  )
}
