import {
  ENGINES,
  formatNumber as n,
  listAnd,
  type EngineId,
  type EngineResult,
  type WaitingEngine,
} from '@core'
import { ENGINE_COLORS, ENGINE_SHORT, LIMIT_WORDS } from './engine-names'

const firesText = (r: EngineResult) =>
  r.firesAfter === null ? 'does not fire' : `after #${n(r.firesAfter)}`

/**
 * One row per preset: those that ran, selectable (selecting one shows its split in the list), then
 * those that wait for a model limit, each with what it lacks.
 */
export function EnginesTable(props: {
  results: readonly EngineResult[]
  waiting: readonly WaitingEngine[]
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
        {props.results.map((r) => (
          <EngineRow
            key={r.id}
            result={r}
            shown={r.id === props.shown}
            onSelect={() => props.onSelect(r.id)}
          />
        ))}
      </tbody>
      {props.waiting.length > 0 && (
        <tbody className="engines-waiting">
          {props.waiting.map((w) => (
            <tr
              key={w.id}
              data-testid="engine-waiting"
              data-engine={w.id}
              title={ENGINES[w.id].label}
            >
              <th scope="row">
                <PresetName id={w.id} />
              </th>
              <td colSpan={4}>waits for {listAnd(w.missing.map((limit) => LIMIT_WORDS[limit]))}</td>
            </tr>
          ))}
        </tbody>
      )}
      <caption className="engines-caption">
        Select a row to see its split in the list. K · S · C: messages kept verbatim · summarised ·
        cleared or pruned. Next: the next request’s tokens. Cut: whether a tool call is summarised
        while its result is kept.
      </caption>
    </table>
  )
}

/** A preset that ran: when it fires, what it does to the messages, what it sends next. */
function EngineRow(props: { result: EngineResult; shown: boolean; onSelect: () => void }) {
  const r = props.result
  return (
    <tr
      className={props.shown ? 'engine-row shown' : 'engine-row'}
      data-testid="engine-row"
      data-engine={r.id}
      data-fires-after={r.firesAfter ?? ''}
      aria-selected={props.shown}
      tabIndex={0}
      title={ENGINES[r.id].label}
      onClick={props.onSelect}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault()
          props.onSelect()
        }
      }}
    >
      <th scope="row">
        <PresetName id={r.id} />
      </th>
      <td data-testid="engine-fires">{firesText(r)}</td>
      <td className="num">
        {n(r.keep.length)} · {n(r.summarize.length)} · {n(r.cleared.length)}
      </td>
      <td className="num">{n(r.nextRequestTokens)}</td>
      <td data-testid="engine-cut">{r.cutsToolExchange ? 'cuts' : '—'}</td>
    </tr>
  )
}

/** A preset's colour, as the chart marks it, and its short name. */
function PresetName({ id }: { id: EngineId }) {
  return (
    <>
      <span
        className="engine-swatch"
        style={{ background: ENGINE_COLORS[id] }}
        aria-hidden="true"
      />
      {ENGINE_SHORT[id]}
    </>
  )
}
