/** The engine presets: what each agent engine or provider API would do with a conversation. */
import { aiderPreset } from './aider'
import { anthropicClearToolUsesPreset } from './anthropic-clear-tool-uses'
import { anthropicCompactionPreset } from './anthropic-compaction'
import { claudeCodePreset } from './claude-code'
import { clinePreset } from './cline'
import { codexPreset } from './codex'
import { continuePreset } from './continue'
import { geminiCliPreset } from './gemini-cli'
import { kimiCliPreset } from './kimi-cli'
import { copilotCliPreset } from './copilot-cli'
import { mistralVibePreset } from './mistral-vibe'
import { langchainPreset } from './langchain'
import { openaiCompactionPreset } from './openai-compaction'
import { opencodePreset } from './opencode'
import { seedPreset } from './seed'
import { EngineInputError } from './errors'
import {
  ENGINE_IDS,
  type EngineId,
  type EngineInput,
  type EngineLimit,
  type EngineLimitsInput,
  type EnginePreset,
  type EngineResult,
} from './types'

export * from './types'
export { EngineInputError } from './errors'
export { MODEL_LIMITS, modelLimits, type ModelLimits } from './models'
export { SUMMARY_TOKENS_ESTIMATE } from './run'
export { claudeCodeTrigger } from './claude-code'
export {
  CODEX_EFFECTIVE_WINDOW_PERCENT,
  ON_CODEX_WINDOW,
  codexContextWindow,
  codexTrigger,
  codexWindowFromRecorded,
} from './codex'
export { opencodeUsable, opencodeTailBudget } from './opencode'
export { aiderHistoryBudget } from './aider'
export { clineTrigger } from './cline'
export { kimiCliTrigger } from './kimi-cli'
export { copilotCliTrigger } from './copilot-cli'
export { continueMaxTokens, continueTrigger } from './continue'

/** Every preset by id, in ENGINE_IDS order. */
export const ENGINES: Readonly<Record<EngineId, EnginePreset>> = {
  seed: seedPreset,
  'claude-code': claudeCodePreset,
  codex: codexPreset,
  opencode: opencodePreset,
  'gemini-cli': geminiCliPreset,
  'kimi-cli': kimiCliPreset,
  'copilot-cli': copilotCliPreset,
  'mistral-vibe': mistralVibePreset,
  continue: continuePreset,
  cline: clinePreset,
  aider: aiderPreset,
  langchain: langchainPreset,
  'anthropic-compaction': anthropicCompactionPreset,
  'anthropic-clear-tool-uses': anthropicClearToolUsesPreset,
  'openai-compaction': openaiCompactionPreset,
}

export const isEngineId = (id: string): id is EngineId =>
  (ENGINE_IDS as readonly string[]).includes(id)

function validate(input: EngineInput): void {
  const positive = (field: string, n: number) => {
    if (!Number.isSafeInteger(n) || n <= 0) {
      throw new EngineInputError(field, `${String(n)} is not a positive integer`)
    }
  }
  if (input.window !== undefined) positive('window', input.window)
  if (input.maxOutput !== undefined) positive('maxOutput', input.maxOutput)
  if (input.recordedWindow !== undefined) positive('recordedWindow', input.recordedWindow)
  if (input.counts.length !== input.messages.length) {
    throw new EngineInputError(
      'counts',
      `${input.counts.length} entries for ${input.messages.length} messages`,
    )
  }
}

/** A preset that cannot run on an input, and the limits it lacks there. */
export interface WaitingEngine {
  id: EngineId
  missing: EngineLimit[]
}

/** The limits preset `id` reads on `input` that the input does not have; empty when it can run. */
export function missingLimits(input: EngineLimitsInput, id: EngineId): EngineLimit[] {
  return ENGINES[id].reads(input).filter((limit) => input[limit] === undefined)
}

/**
 * Which of the presets `ids` (default: all, in order) can run on `input`, and which wait for a
 * model limit the input does not have: a model the limits table does not list runs the presets
 * with thresholds of their own, and the Codex presets on the window its log records.
 */
export function runnableEngines(
  input: EngineLimitsInput,
  ids: readonly EngineId[] = ENGINE_IDS,
): { runnable: EngineId[]; waiting: WaitingEngine[] } {
  const runnable: EngineId[] = []
  const waiting: WaitingEngine[] = []
  for (const id of ids) {
    const missing = missingLimits(input, id)
    if (missing.length === 0) runnable.push(id)
    else waiting.push({ id, missing })
  }
  return { runnable, waiting }
}

/** Every limit some waiting preset lacks, each once: the window first, then the max output. */
export function limitsWaitedFor(waiting: readonly WaitingEngine[]): EngineLimit[] {
  const needed = new Set(waiting.flatMap((w) => w.missing))
  return (['window', 'maxOutput'] as const).filter((limit) => needed.has(limit))
}

/**
 * Runs the presets `ids` (default: all, in order) on one conversation. Pure. Each must be able to
 * run on the input (runnableEngines): one that reads a limit the input lacks is an
 * EngineInputError naming the limit.
 */
export function runEngines(
  input: EngineInput,
  ids: readonly EngineId[] = ENGINE_IDS,
): EngineResult[] {
  validate(input)
  for (const id of ids) {
    const [missing] = missingLimits(input, id)
    if (missing !== undefined) throw new EngineInputError(missing, `not given, and ${id} reads it`)
  }
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
