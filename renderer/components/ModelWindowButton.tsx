import { formatNumber } from '@core'
import { useApp } from '../store'
import { selectOfferedWindow } from '../store/model-window'

/**
 * "Use this model's window": MaxTokens becomes the context window the log records its engine ran
 * with (a Codex rollout's), or else the one the model's provider documents, as if typed. A file
 * that names its model never changes the budget by itself; this is how to ask.
 */
export function ModelWindowButton() {
  const model = useApp((s) => s.options.model)
  const maxTokens = useApp((s) => s.options.maxTokens)
  const applyModelWindow = useApp((s) => s.applyModelWindow)
  const offered = useApp(selectOfferedWindow)
  const inForce = offered !== null && offered.tokens === maxTokens
  const whose = offered?.fromLog ? ' (the log’s)' : ''
  return (
    <div className="model-window">
      <button
        type="button"
        className="link-button"
        data-testid="use-model-window"
        disabled={offered === null || inForce}
        title={offered ? `From ${offered.source}` : undefined}
        onClick={applyModelWindow}
      >
        {offered?.fromLog ? 'Use the log’s window' : 'Use this model’s window'}
      </button>
      <span className="field-note muted" data-testid="model-window">
        {offered === null
          ? model === ''
            ? 'no model named, so no window known'
            : `no window known for ${model}`
          : `${model}: ${formatNumber(offered.tokens)}${whose}${inForce ? ', in force' : ''}`}
      </span>
    </div>
  )
}
