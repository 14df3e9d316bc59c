import type { WaitingEngine } from '@core'
import { selectEngineRun, useApp, type EngineRun } from '../store'
import { EngineDetail } from './EngineDetail'
import { EngineLimitsControl } from './EngineLimitsControl'
import { EnginesTable } from './EnginesTable'

const HIDDEN: EngineRun = { state: 'counting' }
const NONE_WAITING: readonly WaitingEngine[] = []

/**
 * The engine presets side by side on the conversation on screen (the core's runEngines): one row
 * each, compact enough for a 420 px panel; the selected row's details below the table, and its
 * split in the message list. A model the limits table does not list leaves the table in sight:
 * one line over the limits' inputs asks for them, and the rows that wait say what each lacks.
 */
export function EnginesPanel() {
  // The tab stays mounted while hidden: it runs the presets only while it is open.
  const run = useApp((s) => (s.layout.sideTab === 'engines' ? selectEngineRun(s) : HIDDEN))
  const shown = useApp((s) => s.shownEngine)
  const showEngine = useApp((s) => s.showEngine)
  const selected = run.state === 'ready' ? run.results.find((r) => r.id === shown) : undefined
  return (
    <section className="panel engines-panel" aria-label="Engines" data-testid="engines-panel">
      <div className="engines-heading">
        <h2>Engines</h2>
        <p className="muted engines-intro">When each engine would compact this conversation.</p>
      </div>
      <EngineLimitsControl
        waiting={run.state === 'ready' || run.state === 'needs-limits' ? run.waiting : NONE_WAITING}
        every={run.state === 'needs-limits'}
      />
      {run.state === 'counting' && <p className="counting">counting…</p>}
      {run.state === 'bad-limits' && (
        <p className="engines-error" role="alert" data-testid="engines-error">
          Engines: {run.problem}.
        </p>
      )}
      {(run.state === 'ready' || run.state === 'needs-limits') && (
        <>
          <EnginesTable
            results={run.state === 'ready' ? run.results : []}
            waiting={run.waiting}
            shown={shown}
            onSelect={showEngine}
          />
          {selected && <EngineDetail result={selected} />}
        </>
      )}
    </section>
  )
}
