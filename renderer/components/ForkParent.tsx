import { formatNumber } from '@core/numbers'
import { useRef } from 'react'
import { useApp } from '../store'
import { HiddenFileInput } from './HiddenFileInput'

/**
 * A forked Claude Code subagent's file holds only its own messages: where the parent's transcript
 * was loaded, says so; where it was not (a dropped file, the browser, a moved file), offers to
 * choose it, and reads the file again with it (the parent's conversation up to the fork first).
 */
export function ForkParent() {
  const forkedFrom = useApp((s) => s.forkedFrom)
  const addCompanion = useApp((s) => s.addCompanion)
  const input = useRef<HTMLInputElement>(null)
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
    <span className="fork-parent">
      <button
        type="button"
        className="link-button"
        data-testid="fork-parent-button"
        title={`A forked subagent: Claude Code sent it its parent’s conversation first, which this file does not hold. Choose the parent’s transcript, ${file}, to load it`}
        onClick={() => input.current?.click()}
      >
        Add the parent’s {file}…
      </button>
      <HiddenFileInput
        ref={input}
        testId="fork-parent-input"
        accept=".jsonl,application/jsonl,application/x-ndjson"
        onFile={(chosen) => void addCompanion(chosen)}
      />
    </span>
  )
}
