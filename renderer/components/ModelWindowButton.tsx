import { contextWindowOf, formatNumber } from '@core'
import { useApp } from '../store'

/**
 * "Use this model's window": MaxTokens becomes the context window the model's provider documents,
 * as if typed. A file that names its model never changes the budget by itself; this is how to ask.
 */
export function ModelWindowButton() {
  const model = useApp((s) => s.options.model)
  const maxTokens = useApp((s) => s.options.maxTokens)
  const applyModelWindow = useApp((s) => s.applyModelWindow)
  const known = contextWindowOf(model)
  const inForce = known !== null && known.tokens === maxTokens
  return (
    <div className="model-window">
      <button
        type="button"
        className="link-button"
        data-testid="use-model-window"
        disabled={known === null || inForce}
        title={known ? `From ${known.source}` : undefined}
        onClick={applyModelWindow}
      >
        Use this model’s window
      </button>
      <span className="field-note muted" data-testid="model-window">
        {known === null
          ? `no window known for ${model}`
          : `${model}: ${formatNumber(known.tokens)}${inForce ? ', in force' : ''}`}
      </span>
    </div>
  )
}
