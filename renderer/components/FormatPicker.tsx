import { FORMAT_CHOICES, FORMATS, FORMAT_LABELS, isFormatId, type FormatId } from '@core'
import { useApp } from '../store'

const choiceLabel = (choice: FormatId | 'auto') =>
  choice === 'auto' ? 'Detect the format' : FORMAT_LABELS[choice]

const choiceShape = (choice: FormatId | 'auto') =>
  FORMATS.find((f) => f.id === choice)?.shape ?? 'Try every format; keep the one that fits best'

/**
 * The format the file was read as, and a picker to read it as another. A format that does not fit
 * shows the core's reason in the error display and leaves the conversation as it was.
 */
export function FormatPicker() {
  const format = useApp((s) => s.format)
  const requested = useApp((s) => s.requestedFormat)
  const reimportAs = useApp((s) => s.reimportAs)
  return (
    <span className="format-picker">
      <span className="format-chip" data-testid="format-detected" data-format={format}>
        {FORMAT_LABELS[format]} · {requested === 'auto' ? 'detected' : 'chosen'}
      </span>
      <span className="picker-field">
        <label className="select-label" htmlFor="format-select">
          Read as
        </label>
        <select
          id="format-select"
          data-testid="format-select"
          title="Read the file as another format"
          value={requested}
          onChange={(event) => {
            const choice = event.target.value
            reimportAs(isFormatId(choice) ? choice : 'auto')
          }}
        >
          {FORMAT_CHOICES.map((choice) => (
            <option key={choice} value={choice} title={choiceShape(choice)}>
              {choiceLabel(choice)}
            </option>
          ))}
        </select>
      </span>
    </span>
  )
}
