import { ENGINES, formatNumber as n, type EngineResult } from '@core'
import { useApp } from '../store'

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
export function EngineDetail({ result: r }: { result: EngineResult }) {
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
