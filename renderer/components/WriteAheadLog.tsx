import { useApp } from '../store'
import { ChooseCompanion } from './ChooseCompanion'

/**
 * opencode and Crush run their databases in WAL mode: their latest writes (a running session's last
 * turns, a new database's tables) are in `opencode.db-wal` or `crush.db-wal` beside the database
 * until a checkpoint. The desktop app, `serve` and the CLI read that log with a database they open;
 * a dropped file or a browser's comes alone. Where it did, offers to choose the log, and reads the
 * database again with it laid over (the import report says how many commits it added).
 */
export function WriteAheadLog() {
  const unread = useApp((s) => s.logUnread)
  const name = useApp((s) => s.file.name)
  if (!unread) return null
  return (
    <ChooseCompanion
      label={`Add ${name}-wal…`}
      title={`The database is in WAL mode: what its engine wrote since its last checkpoint is in ${name}-wal, in the same folder, which this read did not include. Choose it to load those writes`}
      testId="write-ahead-log"
      accept=".db-wal"
    />
  )
}
