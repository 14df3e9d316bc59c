import { ENGINES, formatNumber as n } from '@core'
import { selectShownEngine, useApp } from '../store'

/**
 * Which preset's split the list shows, when it is not the seed's, and the way back. The seed's
 * split has its boundary row; a preset's need not be one head and one tail, so its rows carry it.
 */
export function ShownEngineBar() {
  const id = useApp((s) => s.shownEngine)
  const result = useApp(selectShownEngine)
  const showEngine = useApp((s) => s.showEngine)
  if (id === 'seed') return null
  return (
    <div className="shown-engine" role="status" data-testid="shown-engine" data-engine={id}>
      <span>
        List shows <strong>{ENGINES[id].label}</strong>
        {result === null
          ? ': waiting for the engines to run'
          : result.firesAfter === null
            ? ': it does not fire, so everything is kept'
            : `: ${n(result.summarize.length)} summarised · ${n(result.cleared.length)} cleared · ${n(result.keep.length)} kept`}
      </span>
      <button type="button" data-testid="shown-engine-back" onClick={() => showEngine('seed')}>
        Back to the seed
      </button>
    </div>
  )
}
