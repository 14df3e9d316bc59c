import { formatNumber } from '@core/numbers'

/** One of the things a file holds several of, as a picker lists it. */
export interface Choice<V extends string | number> {
  value: V
  label: string
}

interface ChoicePickerProps<V extends string | number> {
  testId: string
  /** What is chosen, for a screen reader: "Request to show". */
  label: string
  /** What the file holds, in the plural: "requests". */
  what: string
  /** Whose they are: "log", "database". */
  holder: string
  value: V
  choices: readonly Choice<V>[]
  onChoose(value: V): void
}

/**
 * Which of the several things a file holds is on screen (a traffic log's requests, a database's
 * sessions), and a picker to read another, with how many there are.
 */
export function ChoicePicker<V extends string | number>(props: ChoicePickerProps<V>) {
  const { choices, value, onChoose } = props
  return (
    <span className="format-picker request-picker">
      <select
        data-testid={props.testId}
        aria-label={props.label}
        title={`This ${props.holder} holds ${formatNumber(choices.length)} ${props.what}; show another`}
        value={value}
        onChange={(event) => {
          const chosen = choices.find((c) => String(c.value) === event.target.value)
          if (chosen) onChoose(chosen.value)
        }}
      >
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
      <span className="muted">of {formatNumber(choices.length)}</span>
    </span>
  )
}
