import { selectApplied, useApp } from '../store'

/** Exports the applied conversation, the same bytes as `compaction-inspector apply`. */
export function ExportButton() {
  const ready = useApp((s) => selectApplied(s) !== null)
  const exportApplied = useApp((s) => s.exportApplied)
  return (
    <button
      type="button"
      data-testid="export"
      disabled={!ready}
      title={
        ready
          ? 'Export the applied conversation (Ctrl/Cmd+E)'
          : 'Paste a summary and apply it first'
      }
      onClick={() => void exportApplied()}
    >
      Export…
    </button>
  )
}
