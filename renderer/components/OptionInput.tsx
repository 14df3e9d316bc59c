import { useId, type ReactNode } from 'react'
import { useApp, type OptionField } from '../store'

interface Props {
  field: OptionField
  label: string
  testId: string
  placeholder?: string
  /** Shown under the input when there is no error. */
  hint?: ReactNode
}

/**
 * One numeric option, typed as text so the core can quote what was typed. An invalid value shows the
 * core's OptionError and changes nothing else: the rest of the window keeps the last valid result.
 */
export function OptionInput({ field, label, testId, placeholder, hint }: Props) {
  const text = useApp((s) => s.optionInputs[field])
  const error = useApp((s) => s.optionErrors[field])
  const setOptionInput = useApp((s) => s.setOptionInput)
  const id = useId()
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        data-testid={testId}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        value={text}
        placeholder={placeholder}
        aria-invalid={error !== undefined}
        aria-describedby={`${id}-note`}
        onChange={(event) => setOptionInput(field, event.target.value)}
      />
      {error !== undefined ? (
        <p
          id={`${id}-note`}
          className="field-note field-error"
          role="alert"
          data-testid="option-error"
        >
          {error}
        </p>
      ) : (
        <p id={`${id}-note`} className="field-note muted">
          {hint}
        </p>
      )}
    </div>
  )
}
