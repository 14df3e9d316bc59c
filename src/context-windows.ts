import { modelLimits } from './engines/models'

/** How many tokens a model reads at most, and the provider page that says so. */
export interface ContextWindow {
  tokens: number
  source: string
}

/**
 * The context window of `model`, as its provider documents it (the model table in
 * `src/engines/models.ts`), or null when the table does not list it.
 */
export function contextWindowOf(model: string): ContextWindow | null {
  const limits = modelLimits(model)
  return limits ? { tokens: limits.window, source: limits.source } : null
}
