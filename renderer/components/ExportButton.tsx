import { EXPORT_FORMATS, FORMAT_LABELS } from '@core'
import { selectApplied, useApp } from '../store'
import { ReportNotes } from './ReportNotes'

/**
 * Exports the applied conversation in the chosen format: the same bytes as
 * `compaction-inspector apply --to FORMAT`. What the format had no place for opens after the export.
 */
export function ExportButton() {
  const ready = useApp((s) => selectApplied(s) !== null)
  const format = useApp((s) => s.exportFormat)
  const setExportFormat = useApp((s) => s.setExportFormat)
  const exportApplied = useApp((s) => s.exportApplied)
  const report = useApp((s) => s.exportReport)
  return (
    <span className="export-group">
      <label className="select-label" htmlFor="export-format">
        Export as
      </label>
      <select
        id="export-format"
        data-testid="export-format"
        title="The format Export writes"
        value={format}
        onChange={(event) => {
          const chosen = EXPORT_FORMATS.find((id) => id === event.target.value)
          if (chosen) setExportFormat(chosen)
        }}
      >
        {EXPORT_FORMATS.map((id) => (
          <option key={id} value={id}>
            {FORMAT_LABELS[id]}
          </option>
        ))}
      </select>
      <button
        type="button"
        data-testid="export"
        disabled={!ready}
        title={
          ready
            ? `Export the applied conversation as ${FORMAT_LABELS[format]} (Ctrl/Cmd+E)`
            : 'Paste a summary and apply it first'
        }
        onClick={() => void exportApplied()}
      >
        Export…
      </button>
      {report && (
        <ReportNotes
          notes={report.notes}
          testId="export-report"
          title={`Export to ${FORMAT_LABELS[report.format]}: what it has no place for`}
          openWhenNew
        />
      )}
    </span>
  )
}
