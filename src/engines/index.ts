/** The engine presets: what each agent engine or provider API would do with a conversation. */
import { aiderPreset } from './aider'
import { anthropicClearToolUsesPreset } from './anthropic-clear-tool-uses'
import { anthropicCompactionPreset } from './anthropic-compaction'
import { claudeCodePreset } from './claude-code'
import { clinePreset } from './cline'
import { codexPreset } from './codex'
import { geminiCliPreset } from './gemini-cli'
import { langchainPreset } from './langchain'
import { openaiCompactionPreset } from './openai-compaction'
import { opencodePreset } from './opencode'
import { seedPreset } from './seed'
import {
  ENGINE_IDS,
  type EngineId,
  type EngineInput,
  type EnginePreset,
  type EngineResult,
} from './types'

export * from './types'
export { MODEL_LIMITS, modelLimits, type ModelLimits } from './models'
export { SUMMARY_TOKENS_ESTIMATE } from './run'
export { claudeCodeTrigger } from './claude-code'
export {
  CODEX_EFFECTIVE_WINDOW_PERCENT,
  codexContextWindow,
  codexTrigger,
  codexWindowFromRecorded,
} from './codex'
export { opencodeUsable, opencodeTailBudget } from './opencode'
export { aiderHistoryBudget } from './aider'
export { clineTrigger } from './cline'

/** Every preset by id, in ENGINE_IDS order. */
export const ENGINES: Readonly<Record<EngineId, EnginePreset>> = {
  seed: seedPreset,
  'claude-code': claudeCodePreset,
  codex: codexPreset,
  opencode: opencodePreset,
  'gemini-cli': geminiCliPreset,
  cline: clinePreset,
  aider: aiderPreset,
  langchain: langchainPreset,
  'anthropic-compaction': anthropicCompactionPreset,
  'anthropic-clear-tool-uses': anthropicClearToolUsesPreset,
  'openai-compaction': openaiCompactionPreset,
}

export const isEngineId = (id: string): id is EngineId =>
  (ENGINE_IDS as readonly string[]).includes(id)

/** Thrown for an input no preset can run on: it names the field and the value. */
export class EngineInputError extends Error {
  constructor(
    readonly field: string,
    readonly problem: string,
  ) {
    super(`${field}: ${problem}`)
    this.name = 'EngineInputError'
  }
}

function validate(input: EngineInput): void {
  const positive = (field: string, n: number) => {
    if (!Number.isSafeInteger(n) || n <= 0) {
      throw new EngineInputError(field, `${String(n)} is not a positive integer`)
    }
  }
  positive('window', input.window)
  positive('maxOutput', input.maxOutput)
  if (input.recordedWindow !== undefined) positive('recordedWindow', input.recordedWindow)
  if (input.counts.length !== input.messages.length) {
    throw new EngineInputError(
      'counts',
      `${input.counts.length} entries for ${input.messages.length} messages`,
    )
  }
}

/** Runs the presets `ids` (default: all, in order) on one conversation. Pure. */
export function runEngines(
  input: EngineInput,
  ids: readonly EngineId[] = ENGINE_IDS,
): EngineResult[] {
  validate(input)
  return ids.map((id) => ENGINES[id].run(input))
}

/** Where each message ends up under a preset, by index: for the message list, as bucketsOf is. */
export type EngineBucket = 'keep' | 'summarize' | 'cleared'

/** Each message's bucket under one preset's result, for a conversation of `n` messages. */
export function engineBuckets(result: Pick<EngineResult, 'summarize' | 'cleared'>, n: number) {
  const buckets: EngineBucket[] = Array.from({ length: n }, () => 'keep')
  for (const i of result.summarize) buckets[i] = 'summarize'
  for (const i of result.cleared) buckets[i] = 'cleared'
  return buckets
}
