import { formatNumber } from '@core/numbers'
import { useApp } from '../store'
import { ChooseCompanion } from './ChooseCompanion'

/**
 * A forked Claude Code subagent's file holds only its own messages: where the parent's transcript
 * was loaded, says so; where it was not (a dropped file, the browser, a moved file), offers to
 * choose it, and reads the file again with it (the parent's conversation up to the fork first).
 */
export function ForkParent() {
  const forkedFrom = useApp((s) => s.forkedFrom)
  if (!forkedFrom) return null
  const { file, loaded } = forkedFrom
  if (loaded > 0) {
    return (
      <span
        className="tag fork-parent"
        data-testid="fork-parent"
        title={`A forked subagent: the ${formatNumber(loaded)} messages of its parent’s conversation up to the fork, read from ${file}, are shown first, as Claude Code sent them`}
      >
        forked from {file}
      </span>
    )
  }
  return (
    <ChooseCompanion
      label={`Add the parent’s ${file}…`}
      title={`A forked subagent: Claude Code sent it its parent’s conversation first, which this file does not hold. Choose the parent’s transcript, ${file}, to load it`}
      testId="fork-parent"
      accept=".jsonl,application/jsonl,application/x-ndjson"
    />
  )
}
