import { dashedClaudeVersion } from '../pricing/claude-name'
import { modelStem } from '../pricing/families'

/**
 * A model's limits: what the engine presets run on unless the window is given, and what the app's
 * "use this model's window" sets MaxTokens to. The one table of them.
 */
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

const ANTHROPIC = 'https://docs.claude.com/en/docs/about-claude/models/overview'
// Each Claude model's own page (platform.claude.com, read 2026-12-01). Opus 4.7's page was not in
// reach; Google Cloud's model card for it gives its token limits.
const CLAUDE = (model: string) => `https://platform.claude.com/docs/en/models/${model}/overview`
// The lineup Anthropic's pages compare each model with (the models overview and each legacy
// model's page, read 2026-12-05): Fable 5, 5.1 and 5.2, Opus 5.5, Sonnet 5.5, Haiku 5.5.
const CLAUDE_LINEUP = 'https://platform.claude.com/docs/en/about-claude/models/overview'
// Claude Mythos 5 "shares Claude Fable 5's specifications" (Fable 5's page, read 2026-12-06).
const FABLE_5 = CLAUDE('fable-5')
const VERTEX_OPUS_4_7 =
  'https://docs.cloud.google.com/gemini-enterprise-agent-platform/models/partner-models/claude/opus-4-7'
const OPENAI = (model: string) => `https://platform.openai.com/docs/models/${model}`
// OpenAI's model pages now live on developers.openai.com (read 2026-12-01).
const OPENAI_DEV = (model: string) => `https://developers.openai.com/api/docs/models/${model}`
// OpenAI's pages of the models after GPT-5.1 (read 2026-12-06) were not in reach themselves: each
// number is the page's own text, as public repositories copy its markdown or quote it with its
// link (docs/engines.md, "Model limits").
/** An OpenAI model's row: its page is named for it (on developers.openai.com unless `page` says). */
const openai = (
  model: string,
  window: number,
  maxOutput: number,
  page: (model: string) => string = OPENAI_DEV,
): ModelLimits => ({ model, window, maxOutput, source: page(model) })
const GOOGLE = 'https://ai.google.dev/gemini-api/docs/models'
// Each Gemini 3 model's own page (read 2026-12-01); Gemini 3 Flash's from Google Cloud's model card.
const GEMINI = (model: string) => `https://ai.google.dev/gemini-api/docs/models/${model}`
// Google Cloud's pages of Gemini models (read 2026-12-06).
const GOOGLE_CLOUD = (path: string) =>
  `https://docs.cloud.google.com/gemini-enterprise-agent-platform/models/${path}`
// Z.ai's pages of the GLM models (read 2026-12-06): "200K" and "128K", read as thousands.
const ZAI = (path: string) => `https://docs.z.ai/guides/${path}`
// DeepSeek's "Models & Pricing" (read 2026-12-06): "1M" context, "384K" maximum output.
const DEEPSEEK = 'https://api-docs.deepseek.com/quick_start/pricing'
const VERTEX_GEMINI_3_FLASH =
  'https://docs.cloud.google.com/gemini-enterprise-agent-platform/models/gemini/3-flash'

/**
 * Context windows and maximum outputs of current models, each with the page that publishes it
 * (standard windows: a larger beta window needs a header the log does not show).
 */
export const MODEL_LIMITS: readonly ModelLimits[] = [
  { model: 'claude-fable-5-2', window: 1_000_000, maxOutput: 128_000, source: CLAUDE_LINEUP },
  { model: 'claude-fable-5-1', window: 1_000_000, maxOutput: 128_000, source: CLAUDE_LINEUP },
  { model: 'claude-fable-5', window: 1_000_000, maxOutput: 128_000, source: CLAUDE_LINEUP },
  { model: 'claude-opus-5-5', window: 1_000_000, maxOutput: 128_000, source: CLAUDE_LINEUP },
  { model: 'claude-sonnet-5-5', window: 1_000_000, maxOutput: 128_000, source: CLAUDE_LINEUP },
  { model: 'claude-haiku-5-5', window: 1_000_000, maxOutput: 128_000, source: CLAUDE_LINEUP },
  { model: 'claude-mythos-5', window: 1_000_000, maxOutput: 128_000, source: FABLE_5 },
  { model: 'claude-opus-5', window: 1_000_000, maxOutput: 128_000, source: CLAUDE('opus-5') },
  { model: 'claude-sonnet-5', window: 1_000_000, maxOutput: 128_000, source: CLAUDE('sonnet-5') },
  { model: 'claude-opus-4-8', window: 1_000_000, maxOutput: 128_000, source: CLAUDE('opus-4-8') },
  { model: 'claude-opus-4-7', window: 1_000_000, maxOutput: 128_000, source: VERTEX_OPUS_4_7 },
  { model: 'claude-opus-4-6', window: 1_000_000, maxOutput: 128_000, source: CLAUDE('opus-4-6') },
  {
    model: 'claude-sonnet-4-6',
    window: 1_000_000,
    maxOutput: 128_000,
    source: CLAUDE('sonnet-4-6'),
  },
  { model: 'claude-opus-4-5', window: 200_000, maxOutput: 64_000, source: ANTHROPIC },
  { model: 'claude-opus-4-1', window: 200_000, maxOutput: 32_000, source: ANTHROPIC },
  { model: 'claude-opus-4', window: 200_000, maxOutput: 32_000, source: ANTHROPIC },
  { model: 'claude-sonnet-4-5', window: 200_000, maxOutput: 64_000, source: ANTHROPIC },
  { model: 'claude-sonnet-4', window: 200_000, maxOutput: 64_000, source: ANTHROPIC },
  { model: 'claude-haiku-4-5', window: 200_000, maxOutput: 64_000, source: ANTHROPIC },
  { model: 'claude-3-7-sonnet', window: 200_000, maxOutput: 64_000, source: ANTHROPIC },
  { model: 'claude-3-5-haiku', window: 200_000, maxOutput: 8_192, source: ANTHROPIC },
  openai('gpt-6.1-sol', 1_050_000, 128_000),
  openai('gpt-6-sol', 1_050_000, 128_000),
  openai('gpt-6-astra', 1_050_000, 128_000),
  openai('gpt-5.6-sol', 1_050_000, 128_000),
  openai('gpt-5.6-terra', 1_050_000, 128_000),
  openai('gpt-5.5', 1_050_000, 128_000),
  openai('gpt-5.5-pro', 1_050_000, 128_000),
  openai('gpt-5.4', 1_050_000, 128_000),
  openai('gpt-5.4-pro', 1_050_000, 128_000),
  openai('gpt-5.4-mini', 400_000, 128_000),
  openai('gpt-5.4-nano', 400_000, 128_000),
  openai('gpt-5.3-codex', 400_000, 128_000),
  openai('gpt-5.2', 400_000, 128_000),
  openai('gpt-5.2-pro', 400_000, 128_000),
  openai('gpt-5.2-codex', 400_000, 128_000),
  openai('gpt-5.1-codex', 400_000, 128_000),
  openai('gpt-5.1-codex-max', 400_000, 128_000),
  openai('gpt-5.1-codex-mini', 400_000, 128_000),
  openai('gpt-5.1', 400_000, 128_000),
  openai('gpt-5', 400_000, 128_000, OPENAI),
  openai('gpt-5-mini', 400_000, 128_000, OPENAI),
  openai('gpt-5-nano', 400_000, 128_000, OPENAI),
  openai('gpt-5-codex', 400_000, 128_000, OPENAI),
  openai('gpt-5-pro', 400_000, 272_000),
  openai('gpt-4.1', 1_047_576, 32_768, OPENAI),
  openai('gpt-4.1-mini', 1_047_576, 32_768, OPENAI),
  openai('gpt-4.1-nano', 1_047_576, 32_768, OPENAI),
  openai('gpt-4o', 128_000, 16_384, OPENAI),
  openai('gpt-4o-mini', 128_000, 16_384, OPENAI),
  openai('gpt-4-turbo', 128_000, 4_096, OPENAI),
  openai('gpt-4', 8_192, 8_192, OPENAI),
  openai('gpt-3.5-turbo', 16_385, 4_096, OPENAI),
  openai('o3', 200_000, 100_000, OPENAI),
  openai('o3-pro', 200_000, 100_000),
  // A reply may fill the window: 131,072 of each.
  openai('gpt-oss-120b', 131_072, 131_072),
  openai('gpt-oss-20b', 131_072, 131_072),
  openai('o4-mini', 200_000, 100_000, OPENAI),
  openai('codex-mini-latest', 200_000, 100_000),
  {
    model: 'gemini-4-argon',
    window: 1_048_576,
    maxOutput: 65_536,
    source: GOOGLE_CLOUD('start/get-started-with-gemini-4'),
  },
  {
    model: 'gemini-4-carbon',
    window: 1_048_576,
    maxOutput: 65_536,
    source: GOOGLE_CLOUD('gemini/4-carbon'),
  },
  {
    model: 'gemini-4-hydrogen',
    window: 1_048_576,
    maxOutput: 65_536,
    source: GOOGLE_CLOUD('gemini/4-hydrogen'),
  },
  {
    model: 'gemini-3.8-flash',
    window: 1_048_576,
    maxOutput: 65_536,
    source: GOOGLE_CLOUD('guides/gemini-3-8-flash'),
  },
  {
    model: 'gemini-3.7-flash',
    window: 1_048_576,
    maxOutput: 65_536,
    source: GEMINI('gemini-3.7-flash'),
  },
  {
    model: 'gemini-3.6-flash',
    window: 1_048_576,
    maxOutput: 65_536,
    source: GEMINI('gemini-3.6-flash'),
  },
  {
    model: 'gemini-3.5-flash',
    window: 1_048_576,
    maxOutput: 65_536,
    source: GEMINI('gemini-3.5-flash'),
  },
  {
    model: 'gemini-3.5-flash-lite',
    window: 1_048_576,
    maxOutput: 65_536,
    source: GEMINI('gemini-3.5-flash-lite'),
  },
  {
    model: 'gemini-3.1-pro-preview-customtools',
    window: 1_048_576,
    maxOutput: 65_536,
    source: GEMINI('gemini-3.1-pro-preview'),
  },
  {
    model: 'gemini-3.1-pro-preview',
    window: 1_048_576,
    maxOutput: 65_536,
    source: GEMINI('gemini-3.1-pro-preview'),
  },
  {
    model: 'gemini-3-pro-preview',
    window: 1_048_576,
    maxOutput: 65_536,
    source: GEMINI('gemini-3-pro-preview'),
  },
  {
    model: 'gemini-3-flash-preview',
    window: 1_048_576,
    maxOutput: 65_536,
    source: VERTEX_GEMINI_3_FLASH,
  },
  {
    model: 'gemini-3.1-flash-lite',
    window: 1_048_576,
    maxOutput: 65_536,
    source:
      'https://docs.cloud.google.com/vertex-ai/generative-ai/docs/models/gemini/3-1-flash-lite',
  },
  { model: 'gemini-2.5-pro', window: 1_048_576, maxOutput: 65_536, source: GOOGLE },
  { model: 'gemini-2.5-flash', window: 1_048_576, maxOutput: 65_536, source: GOOGLE },
  { model: 'gemini-2.5-flash-lite', window: 1_048_576, maxOutput: 65_536, source: GOOGLE },
  { model: 'gemini-2.0-flash', window: 1_048_576, maxOutput: 8_192, source: GOOGLE },
  { model: 'deepseek-v4-pro', window: 1_000_000, maxOutput: 384_000, source: DEEPSEEK },
  { model: 'deepseek-v4-flash', window: 1_000_000, maxOutput: 384_000, source: DEEPSEEK },
  { model: 'glm-4.7', window: 200_000, maxOutput: 128_000, source: ZAI('llm/glm-4.7') },
  {
    model: 'glm-4.6',
    window: 200_000,
    maxOutput: 128_000,
    source: ZAI('overview/migrate-to-glm-4.6'),
  },
  { model: 'glm-4.5', window: 128_000, maxOutput: 96_000, source: ZAI('llm/glm-4.5') },
  { model: 'glm-4.5-air', window: 128_000, maxOutput: 96_000, source: ZAI('llm/glm-4.5') },
]

// A dated snapshot or an alias of a listed model has its limits: `-2024-08-06`, `-20250929`, `-latest`.
const SNAPSHOT = /-(?:\d{4}-\d{2}-\d{2}|\d{8}|latest)$/

/**
 * The limits of a model named exactly, by a dated id or alias (`claude-sonnet-4-5-20250929`,
 * `gpt-4o-2024-08-06`, `claude-3-7-sonnet-latest`) or by a router's name (`openai/gpt-4.1`), in any
 * case. Undefined for a model the table does not hold: a longer name that only starts like a
 * listed one (`gpt-4-32k`, `gpt-5.1-chat-latest`) is another model, and nothing guesses its limits.
 */
export function modelLimits(model: string): ModelLimits | undefined {
  const stem = dashedClaudeVersion(modelStem(model).toLowerCase())
  const name = stem.replace(SNAPSHOT, '')
  return MODEL_LIMITS.find((m) => m.model === stem || m.model === name)
}
