import { describeSession } from '@core/formats/stored-session'
import { useApp } from '../store'
import { ChoicePicker } from './ChoicePicker'

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
    <ChoicePicker
      testId="session-select"
      label="Session to show"
      what="sessions"
      holder="database"
      value={session}
      choices={sessions.map((s) => ({ value: s.id, label: describeSession(s) }))}
      onChoose={(id) => void reimportSession(id)}
    />
  )
}
