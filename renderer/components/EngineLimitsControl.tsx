import {
  CODEX_EFFECTIVE_WINDOW_PERCENT,
  codexWindowFromRecorded,
  formatNumber as n,
  limitsWaitedFor,
  type WaitingEngine,
} from '@core'
import { useState } from 'react'
import { selectEngineLimits, selectEngineRecordedWindow, useApp } from '../store'
import { LIMIT_WORDS } from './engine-names'

/** "What if 200K became 1M": the windows one click away. */
const WINDOW_PRESETS = [
  { label: '128K', tokens: 128_000 },
  { label: '200K', tokens: 200_000 },
  { label: '400K', tokens: 400_000 },
  { label: '1M', tokens: 1_000_000 },
]

/**
 * The window and max output in force, and the one control that changes the window. While presets
 * wait for a limit (`every`: all of them), the block is the ask: one line over the inputs says
 * how many wait and for what; the table's rows say which.
 */
export function EngineLimitsControl(props: { waiting: readonly WaitingEngine[]; every: boolean }) {
  const limits = useApp(selectEngineLimits)
  const model = useApp((s) => s.options.model)
  const given = useApp((s) => s.engineWindow !== null || s.engineMaxOutput !== null)
  const setEngineLimits = useApp((s) => s.setEngineLimits)
  const recorded = useApp(selectEngineRecordedWindow)
  const fileSettings = useApp((s) => s.fileEngineSettings)
  const asking = props.waiting.length > 0
  return (
    <div className={asking ? 'engine-limits asking' : 'engine-limits'} data-testid="engine-limits">
      {recorded && (
        <p
          className="engine-limits-source"
          data-testid="engine-codex-window"
          title={`the log, ${recorded.at}`}
        >
          Codex presets: window {n(codexWindowFromRecorded(recorded.tokens))}, from the log (
          {n(recorded.tokens)} recorded, {CODEX_EFFECTIVE_WINDOW_PERCENT}% of it)
        </p>
      )}
      {fileSettings?.settings.vibeAutoCompactThreshold !== undefined && (
        <p
          className="engine-limits-source"
          data-testid="engine-vibe-threshold"
          title={`the log, ${fileSettings.at}`}
        >
          Mistral Vibe: auto-compact threshold{' '}
          {fileSettings.settings.vibeAutoCompactThreshold === 0
            ? 'off'
            : n(fileSettings.settings.vibeAutoCompactThreshold)}
          , from the log
        </p>
      )}
      <p
        className="engine-limits-source"
        title={limits.known?.source}
        role={asking ? 'status' : undefined}
        data-testid={asking ? 'engines-needs-limits' : undefined}
      >
        <span data-testid="engine-limits-source">
          {limits.known
            ? `${model}: window ${n(limits.known.window)}, max output ${n(limits.known.maxOutput)}`
            : `${model || 'No model'}: limits not known`}
        </span>
        {asking && <>. {waitingText(props.waiting, props.every)}</>}
      </p>
      <div className="engine-limit-fields">
        <LimitInput
          label="Window"
          testId="engine-window"
          value={limits.window}
          onValue={(window) => setEngineLimits({ window })}
        />
        <LimitInput
          label="Max output"
          testId="engine-max-output"
          value={limits.maxOutput}
          onValue={(maxOutput) => setEngineLimits({ maxOutput })}
        />
      </div>
      <div className="engine-window-presets" role="group" aria-label="Window presets">
        {WINDOW_PRESETS.map((p) => (
          <button
            key={p.tokens}
            type="button"
            aria-pressed={limits.window === p.tokens}
            data-testid={`engine-window-${p.label}`}
            onClick={() => setEngineLimits({ window: p.tokens })}
          >
            {p.label}
          </button>
        ))}
        <button
          type="button"
          className="link-button"
          disabled={!given || limits.known === null}
          data-testid="engine-window-model"
          onClick={() => setEngineLimits({ window: null, maxOutput: null })}
        >
          The model’s
        </button>
      </div>
    </div>
  )
}

/** How many presets wait, and for which limits: "8 presets wait for them" (the window and the max
 * output, which the line before names as not known). */
function waitingText(waiting: readonly WaitingEngine[], every: boolean): string {
  const what = limitsWaitedFor(waiting)
  const who = every
    ? 'The presets wait'
    : waiting.length === 1
      ? '1 preset waits'
      : `${n(waiting.length)} presets wait`
  return `${who} for ${what.length === 1 ? LIMIT_WORDS[what[0]] : 'them'}.`
}

/**
 * A token count typed as text: a positive whole number takes effect as it is typed; anything else
 * says what is wrong and leaves the last good value in force. Typing again starts from the value.
 */
function LimitInput(props: {
  label: string
  testId: string
  value: number | null
  onValue: (value: number) => void
}) {
  const [text, setText] = useState<string | null>(null)
  const [was, setWas] = useState(props.value)
  if (was !== props.value) {
    setWas(props.value)
    setText(null)
  }
  const shown = text ?? (props.value === null ? '' : String(props.value))
  const problem =
    text === null
      ? null
      : shown.trim() === ''
        ? 'give a number of tokens'
        : tokensOf(shown) === null
          ? `“${shown}” is not a positive whole number of tokens`
          : null
  const id = `${props.testId}-input`
  return (
    <label className="engine-limit" htmlFor={id}>
      <span>{props.label}</span>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        data-testid={props.testId}
        value={shown}
        aria-invalid={problem !== null}
        onChange={(e) => {
          const next = e.target.value
          setText(next)
          const value = tokensOf(next)
          if (value !== null) props.onValue(value)
        }}
      />
      {problem && (
        <span className="field-error" role="alert">
          {props.label}: {problem}
        </span>
      )}
    </label>
  )
}

/** A typed token count (spaces, commas and underscores between digits allowed), or null. */
function tokensOf(text: string): number | null {
  const value = Number(text.replace(/[\s,_]/g, ''))
  return Number.isSafeInteger(value) && value > 0 ? value : null
}
