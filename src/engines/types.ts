import type { CountingSpec } from '../pricing/cost'
import type { Message, Options } from '../types'

/** Every preset, in the order the CLI and the app list them: the package's own first. */
export const ENGINE_IDS = [
  'seed',
  'claude-code',
  'codex',
  'opencode',
  'gemini-cli',
  'kimi-cli',
  'copilot-cli',
  'mistral-vibe',
  'continue',
  'cline',
  'aider',
  'langchain',
  'anthropic-compaction',
  'anthropic-clear-tool-uses',
  'openai-compaction',
] as const

/** A preset's id. */
export type EngineId = (typeof ENGINE_IDS)[number]

/** The knobs each engine's own configuration offers; every one is optional (docs/engines.md). */
export interface EngineSettings {
  /** seed: the package's options; maxTokens defaults to the window. */
  seed?: Partial<Pick<Options, 'maxTokens' | 'triggerRatio' | 'keepRecentCount'>>
  /** claude-code: CLAUDE_AUTOCOMPACT_PCT_OVERRIDE, a percentage in (0, 100]. */
  claudeAutocompactPct?: number
  /** codex: model_auto_compact_token_limit, which can only lower the 90% default. */
  codexAutoCompactTokenLimit?: number
  /** opencode: compaction.prune, off unless the user turns it on. */
  opencodePrune?: boolean
  /** kimi-cli: compaction_trigger_ratio, in [0.5, 0.99]; default 0.85. */
  kimiTriggerRatio?: number
  /** kimi-cli: reserved_context_size, at least 1,000; default 50,000. */
  kimiReservedContextSize?: number
  /** copilot-cli: backgroundCompactionThreshold, a share of the context in (0, 1]; default 0.80. */
  copilotCompactionThreshold?: number
  /** mistral-vibe: the active model's auto_compact_threshold, in tokens; default 200,000, 0 off. */
  vibeAutoCompactThreshold?: number
  /** continue: the model config's max_tokens; default 35% of the window, at most 64,000. */
  continueMaxTokens?: number
  /** langchain: the trigger, as the middleware's ContextSize; default ('fraction', 0.8). */
  langchainTrigger?: { kind: 'fraction' | 'tokens' | 'messages'; value: number }
  /** langchain: the keep policy; default ('messages', 20). */
  langchainKeep?: { kind: 'fraction' | 'tokens' | 'messages'; value: number }
  /** anthropic-compaction: trigger.value in input tokens; default 150,000. */
  anthropicCompactionTrigger?: number
  /** anthropic-clear-tool-uses: the clear_tool_uses_20250919 edit's parameters. */
  clearToolUses?: {
    trigger?: number
    keep?: number
    /** clear_at_least: the fewest tokens a clearing must free, else it clears nothing; default 0. */
    clearAtLeast?: number
    excludeTools?: readonly string[]
    clearToolInputs?: boolean
  }
  /** openai-compaction: compact_threshold; default 90% of the window (see docs/engines.md). */
  openaiCompactThreshold?: number
}

/** What every preset runs on: the conversation as counted, and the model's limits. */
export interface EngineInput {
  messages: readonly Message[]
  /** Each message's cost, as countEachMessage (messageCost) gives it for `spec`. */
  counts: readonly number[]
  /**
   * The model's context window, in tokens; absent when it is not known. A preset that reads it
   * (EnginePreset.reads) does not run without it.
   */
  window?: number
  /** The model's maximum output, in tokens; absent when it is not known, as the window. */
  maxOutput?: number
  /**
   * The window the log's own engine recorded running the model with, when the log records one and
   * `spec`'s model is the log's (a Codex rollout's `model_context_window`, 95% of Codex's catalog
   * window). The Codex and OpenAI compaction presets then run on Codex's window, whatever
   * `window` says; the other presets do not read it.
   */
  recordedWindow?: number
  /** The model and wire the counts are for; default the native wire, the default encoding. */
  spec?: CountingSpec
  /** Context every request carries that the messages lack (Options.hiddenTokens); default 0. */
  hiddenTokens?: number
  settings?: EngineSettings
}

/** What one preset does with the conversation. Indexes are positions in the input messages. */
export interface EngineResult {
  id: EngineId
  label: string
  /** The estimate at which it fires, in tokens (aider: history tokens; it fires above it). */
  trigger: number
  /** The message after which the running estimate first reaches the trigger; null if never. */
  firesAfter: number | null
  /** Kept verbatim (every message when it does not fire). */
  keep: number[]
  /** Condensed into the summary. */
  summarize: number[]
  /** Kept in place with its content cleared, pruned or truncated. */
  cleared: number[]
  /** What the engine puts back after it runs, in words. */
  putsBack: string
  /** The next request's estimate after it has run (the current one when it does not fire). */
  nextRequestTokens: number
  /** Whether a tool call and its result end up on different sides (one summarised, one kept). */
  cutsToolExchange: boolean
  /** When it fires but changes nothing: why. */
  declined?: string
}

/** A model limit a preset may read: its context window, or its maximum output. */
export type EngineLimit = 'window' | 'maxOutput'

/** What a preset's need for limits depends on: the input but its messages and their counts. */
export type EngineLimitsInput = Omit<EngineInput, 'messages' | 'counts'>

/** One engine's rule. */
export interface EnginePreset {
  id: EngineId
  label: string
  /** Where the rule comes from, in one line: repository, version and file, or a doc URL. */
  source: string
  putsBack: string
  /**
   * The model limits the rule reads on this input (its settings and what the log records may
   * stand in for them); it runs only on an input that has them.
   */
  reads(input: EngineLimitsInput): readonly EngineLimit[]
  run(input: EngineInput): EngineResult
}
