import {
  CODEX_EFFECTIVE_WINDOW_PERCENT,
  codexWindowFromRecorded,
  ENGINES,
  formatNumber as n,
  limitsWaitedFor,
  listAnd,
  type EngineId,
  type EngineResult,
  type WaitingEngine,
} from '@core'
import { useState } from 'react'
import {
  selectEngineLimits,
  selectEngineRecordedWindow,
  selectEngineRun,
  useApp,
  type EngineRun,
} from '../store'
import { ENGINE_COLORS, ENGINE_SHORT } from './engine-names'

/** "What if 200K became 1M": the windows one click away. */
const WINDOW_PRESETS = [
  { label: '128K', tokens: 128_000 },
  { label: '200K', tokens: 200_000 },
  { label: '400K', tokens: 400_000 },
  { label: '1M', tokens: 1_000_000 },
]

const HIDDEN: EngineRun = { state: 'counting' }

const firesText = (r: EngineResult) =>
  r.firesAfter === null ? 'does not fire' : `after #${n(r.firesAfter)}`

/**
 * The engine presets side by side on the conversation on screen (the core's runEngines): one row
 * each, compact enough for a 420 px panel; the selected row's details below the table, and its
 * split in the message list.
 */
export function EnginesPanel() {
  // The tab stays mounted while hidden: it runs the presets only while it is open.
  const run = useApp((s) => (s.layout.sideTab === 'engines' ? selectEngineRun(s) : HIDDEN))
  const shown = useApp((s) => s.shownEngine)
  const showEngine = useApp((s) => s.showEngine)
  const selected = run.state === 'ready' ? run.results.find((r) => r.id === shown) : undefined
  return (
    <section className="panel engines-panel" aria-label="Engines" data-testid="engines-panel">
      <h2>Engines</h2>
      <p className="muted engines-intro">
        When each engine would compact this conversation. Select one to see its split in the list.
      </p>
      <EngineLimitsControl />
      {run.state === 'counting' && <p className="counting">counting…</p>}
      {run.state === 'needs-limits' && <NeedsLimits waiting={run.waiting} every />}
      {run.state === 'bad-limits' && (
        <p className="engines-error" role="alert" data-testid="engines-error">
          Engines: {run.problem}.
        </p>
      )}
      {run.state === 'ready' && (
        <>
          {run.waiting.length > 0 && <NeedsLimits waiting={run.waiting} every={false} />}
          <EnginesTable results={run.results} shown={shown} onSelect={showEngine} />
          {selected && <EngineDetail result={selected} />}
        </>
      )}
    </section>
  )
}

/** The window and max output in force, and the one control that changes the window. */
function EngineLimitsControl() {
  const limits = useApp(selectEngineLimits)
  const model = useApp((s) => s.options.model)
  const given = useApp((s) => s.engineWindow !== null || s.engineMaxOutput !== null)
  const setEngineLimits = useApp((s) => s.setEngineLimits)
  const recorded = useApp(selectEngineRecordedWindow)
  return (
    <div className="engine-limits" data-testid="engine-limits">
      <p
        className="engine-limits-source"
        data-testid="engine-limits-source"
        title={limits.known?.source}
      >
        {limits.known
          ? `${model}: window ${n(limits.known.window)}, max output ${n(limits.known.maxOutput)}`
          : `${model || 'No model'}: limits not known`}
      </p>
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
  const parsed = Number(shown.replace(/[\s,_]/g, ''))
  const problem =
    text === null
      ? null
      : shown.trim() === ''
        ? 'give a number of tokens'
        : !Number.isSafeInteger(parsed) || parsed <= 0
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
          const value = Number(next.replace(/[\s,_]/g, ''))
          if (Number.isSafeInteger(value) && value > 0) props.onValue(value)
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

/**
 * A model the table does not list: the view names the presets that wait for a limit (`every`: all
 * of them) and asks for what they lack.
 */
function NeedsLimits({ waiting, every }: { waiting: readonly WaitingEngine[]; every: boolean }) {
  const model = useApp((s) => s.options.model)
  const what = limitsWaitedFor(waiting).map((limit) =>
    limit === 'window' ? 'the context window' : 'the max output',
  )
  const who = every
    ? 'the engines cannot run yet'
    : `${listAnd(waiting.map((w) => ENGINE_SHORT[w.id]))} ${waiting.length === 1 ? 'waits' : 'wait'}`
  return (
    <p className="engines-ask" role="status" data-testid="engines-needs-limits">
      {model ? `The model “${model}” is not in the table of model limits` : 'No model is named'}, so{' '}
      {who}: give {listAnd(what)} above (or a window preset).
    </p>
  )
}

/** One row per preset; selecting a row shows its split in the list. */
function EnginesTable(props: {
  results: readonly EngineResult[]
  shown: EngineId
  onSelect: (id: EngineId) => void
}) {
  return (
    <table className="engines-table" data-testid="engines-table">
      <thead>
        <tr>
          <th scope="col">Preset</th>
          <th scope="col">Fires</th>
          <th scope="col" title="messages kept verbatim · summarised · cleared or pruned">
            K · S · C
          </th>
          <th scope="col" title="the next request's size after it has run">
            Next
          </th>
          <th scope="col" title="whether it cuts a tool call from its result">
            Cut
          </th>
        </tr>
      </thead>
      <tbody>
        {props.results.map((r) => {
          const isShown = r.id === props.shown
          return (
            <tr
              key={r.id}
              className={isShown ? 'engine-row shown' : 'engine-row'}
              data-testid="engine-row"
              data-engine={r.id}
              data-fires-after={r.firesAfter ?? ''}
              aria-selected={isShown}
              tabIndex={0}
              title={ENGINES[r.id].label}
              onClick={() => props.onSelect(r.id)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault()
                  props.onSelect(r.id)
                }
              }}
            >
              <th scope="row">
                <span
                  className="engine-swatch"
                  style={{ background: ENGINE_COLORS[r.id] }}
                  aria-hidden="true"
                />
                {ENGINE_SHORT[r.id]}
              </th>
              <td data-testid="engine-fires">{firesText(r)}</td>
              <td className="num">
                {n(r.keep.length)} · {n(r.summarize.length)} · {n(r.cleared.length)}
              </td>
              <td className="num">{n(r.nextRequestTokens)}</td>
              <td data-testid="engine-cut">{r.cutsToolExchange ? 'cuts' : '—'}</td>
            </tr>
          )
        })}
      </tbody>
      <caption className="engines-caption">
        K · S · C: messages kept verbatim · summarised · cleared or pruned. Next: the next request’s
        tokens. Cut: whether a tool call is summarised while its result is kept.
      </caption>
    </table>
  )
}

/** Indexes as the user reads them: runs joined, "0–11, 14, 20–31". */
function ranges(indexes: readonly number[]): string {
  if (indexes.length === 0) return 'none'
  const parts: string[] = []
  let start = indexes[0]
  let prev = start
  for (const i of [...indexes.slice(1), NaN]) {
    if (i === prev + 1) {
      prev = i
      continue
    }
    parts.push(start === prev ? `#${n(start)}` : `#${n(start)}–${n(prev)}`)
    start = prev = i
  }
  return parts.join(', ')
}

/** The selected preset in full: every column in words, its rule's source, and the way back. */
function EngineDetail({ result: r }: { result: EngineResult }) {
  const showEngine = useApp((s) => s.showEngine)
  const preset = ENGINES[r.id]
  return (
    <div className="engine-detail" data-testid="engine-detail" data-engine={r.id}>
      <h3>{preset.label}</h3>
      <dl>
        <dt>Trigger</dt>
        <dd>{n(r.trigger)} tokens</dd>
        <dt>Fires</dt>
        <dd>
          {r.firesAfter === null ? 'does not fire' : `after message #${n(r.firesAfter)}`}
          {r.declined ? ` (changes nothing: ${r.declined})` : ''}
        </dd>
        <dt>Keeps verbatim</dt>
        <dd>
          {n(r.keep.length)}: {ranges(r.keep)}
        </dd>
        <dt>Summarises</dt>
        <dd>
          {n(r.summarize.length)}: {ranges(r.summarize)}
        </dd>
        <dt>Clears or prunes</dt>
        <dd>
          {n(r.cleared.length)}: {ranges(r.cleared)}
        </dd>
        <dt>Puts back</dt>
        <dd>{r.putsBack}</dd>
        <dt>Next request</dt>
        <dd>{n(r.nextRequestTokens)} tokens</dd>
        <dt>Tool exchange</dt>
        <dd>{r.cutsToolExchange ? 'cut: a call and its result end up apart' : 'not cut'}</dd>
        <dt>Rule from</dt>
        <dd className="engine-source">{preset.source}</dd>
      </dl>
      {r.id !== 'seed' && (
        <button type="button" data-testid="engine-back-to-seed" onClick={() => showEngine('seed')}>
          Back to the seed’s split
        </button>
      )}
    </div>
  )
}
