import { FORMAT_LABELS } from '@core'
import { useApp } from '../store'
import { ReportNotes } from './ReportNotes'

/** What the import set aside or could not read: nothing in the file is dropped silently. */
export function ImportReport() {
  const notes = useApp((s) => s.importReport)
  const format = useApp((s) => s.format)
  return (
    <ReportNotes
      notes={notes}
      testId="import-report"
      title={`Import report (${FORMAT_LABELS[format]}): what the wire shape has no place for, and what could not be read`}
    />
  )
}
