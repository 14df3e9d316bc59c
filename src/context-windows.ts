import { modelStem } from './pricing/families'

/** How many tokens a model reads at most, and the provider page that says so. */
export interface ContextWindow {
  tokens: number
  source: string
}

const OPENAI = 'https://platform.openai.com/docs/models'
const ANTHROPIC = 'https://docs.claude.com/en/docs/about-claude/models/overview'
const GOOGLE = 'https://ai.google.dev/gemini-api/docs/models'

/**
 * A small table, for the app's "use this model's window" only: each row is what the provider's
 * model page gives as the context window (Google's "input token limit"). Anthropic's 1M-token
 * window for some Sonnet models is a beta behind a header, so the standard 200,000 is listed.
 * A model not listed has no window here; nothing guesses one.
 */
const WINDOWS: readonly { models: readonly string[]; tokens: number; source: string }[] = [
  ...openai(128_000, 'gpt-4o', 'gpt-4o-mini', 'gpt-4-turbo'),
  {
    models: ['gpt-4-turbo-preview', 'gpt-4-0125-preview', 'gpt-4-1106-preview'],
    tokens: 128_000,
    source: `${OPENAI}/gpt-4-turbo-preview`,
  },
  { models: ['gpt-4', 'gpt-4-0613'], tokens: 8_192, source: `${OPENAI}/gpt-4` },
  ...openai(1_047_576, 'gpt-4.1', 'gpt-4.1-mini', 'gpt-4.1-nano'),
  ...openai(400_000, 'gpt-5', 'gpt-5-mini', 'gpt-5-nano'),
  ...openai(200_000, 'o3', 'o4-mini'),
  {
    models: ['gpt-3.5-turbo', 'gpt-3.5-turbo-0125'],
    tokens: 16_385,
    source: `${OPENAI}/gpt-3.5-turbo`,
  },
  {
    models: [
      'claude-opus-4-5',
      'claude-opus-4-1',
      'claude-opus-4',
      'claude-sonnet-4-5',
      'claude-sonnet-4',
      'claude-haiku-4-5',
      'claude-3-7-sonnet',
      'claude-3-5-haiku',
    ],
    tokens: 200_000,
    source: ANTHROPIC,
  },
  ...['gemini-2.5-pro', 'gemini-2.5-flash', 'gemini-2.5-flash-lite', 'gemini-2.0-flash'].map(
    (model) => ({ models: [model], tokens: 1_048_576, source: `${GOOGLE}/${model}` }),
  ),
]

/** OpenAI's models of one window, each with its own model page. */
function openai(tokens: number, ...models: string[]) {
  return models.map((model) => ({ models: [model], tokens, source: `${OPENAI}/${model}` }))
}

// A dated snapshot or an alias of a listed model has its window: `-2024-08-06`, `-20250929`, `-latest`.
const SNAPSHOT = /-(?:\d{4}-\d{2}-\d{2}|\d{8}|latest)$/

/**
 * The context window of `model`, as its provider documents it, or null when the table does not
 * list it. A router's prefix (`openai/gpt-4o`) and a dated snapshot's suffix are ignored.
 */
export function contextWindowOf(model: string): ContextWindow | null {
  const stem = modelStem(model).toLowerCase()
  const name = stem.replace(SNAPSHOT, '')
  const row = WINDOWS.find((r) => r.models.includes(stem) || r.models.includes(name))
  return row ? { tokens: row.tokens, source: row.source } : null
}
