/** A model's limits: what the engine presets run on unless the window is given. */
export interface ModelLimits {
  /** The model id, or the stem its dated ids start with. */
  model: string
  /** The context window, in tokens. */
  window: number
  /** The most output tokens one reply may have. */
  maxOutput: number
  /** Where both numbers are published. */
  source: string
}

const ANTHROPIC = 'https://docs.anthropic.com/en/docs/about-claude/models/overview'
const OPENAI = (model: string) => `https://platform.openai.com/docs/models/${model}`
const GOOGLE = 'https://ai.google.dev/gemini-api/docs/models'

/**
 * Context windows and maximum outputs of current models, each with the page that publishes it
 * (standard windows: a larger beta window needs a header the log does not show).
 */
export const MODEL_LIMITS: readonly ModelLimits[] = [
  { model: 'claude-opus-4-5', window: 200_000, maxOutput: 64_000, source: ANTHROPIC },
  { model: 'claude-opus-4-1', window: 200_000, maxOutput: 32_000, source: ANTHROPIC },
  { model: 'claude-opus-4', window: 200_000, maxOutput: 32_000, source: ANTHROPIC },
  { model: 'claude-sonnet-4-5', window: 200_000, maxOutput: 64_000, source: ANTHROPIC },
  { model: 'claude-sonnet-4', window: 200_000, maxOutput: 64_000, source: ANTHROPIC },
  { model: 'claude-haiku-4-5', window: 200_000, maxOutput: 64_000, source: ANTHROPIC },
  { model: 'claude-3-7-sonnet', window: 200_000, maxOutput: 64_000, source: ANTHROPIC },
  { model: 'claude-3-5-haiku', window: 200_000, maxOutput: 8_192, source: ANTHROPIC },
  { model: 'gpt-5', window: 400_000, maxOutput: 128_000, source: OPENAI('gpt-5') },
  { model: 'gpt-5-mini', window: 400_000, maxOutput: 128_000, source: OPENAI('gpt-5-mini') },
  { model: 'gpt-5-codex', window: 400_000, maxOutput: 128_000, source: OPENAI('gpt-5-codex') },
  { model: 'gpt-4.1', window: 1_047_576, maxOutput: 32_768, source: OPENAI('gpt-4.1') },
  { model: 'gpt-4.1-mini', window: 1_047_576, maxOutput: 32_768, source: OPENAI('gpt-4.1-mini') },
  { model: 'gpt-4o', window: 128_000, maxOutput: 16_384, source: OPENAI('gpt-4o') },
  { model: 'gpt-4o-mini', window: 128_000, maxOutput: 16_384, source: OPENAI('gpt-4o-mini') },
  { model: 'o3', window: 200_000, maxOutput: 100_000, source: OPENAI('o3') },
  { model: 'o4-mini', window: 200_000, maxOutput: 100_000, source: OPENAI('o4-mini') },
  { model: 'gemini-2.5-pro', window: 1_048_576, maxOutput: 65_536, source: GOOGLE },
  { model: 'gemini-2.5-flash', window: 1_048_576, maxOutput: 65_536, source: GOOGLE },
  { model: 'gemini-2.5-flash-lite', window: 1_048_576, maxOutput: 65_536, source: GOOGLE },
]

/**
 * The limits of a model named exactly, or by a dated id (`claude-sonnet-4-5-20250929`,
 * `gpt-4o-2024-08-06`): the longest stem it starts with, followed by '-' or nothing. Undefined for
 * a model the table does not hold.
 */
export function modelLimits(model: string): ModelLimits | undefined {
  let best: ModelLimits | undefined
  for (const m of MODEL_LIMITS) {
    if (model !== m.model && !model.startsWith(`${m.model}-`)) continue
    if (!best || m.model.length > best.model.length) best = m
  }
  return best
}
