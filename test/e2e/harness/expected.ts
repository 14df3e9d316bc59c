/**
 * The oracle: what the UI should show, computed without the code under test. Token counts come from
 * OpenAI's reference tokenizer (tiktoken); the split and the decision follow the rules in the issue,
 * written out here in a few lines rather than imported from `src/`.
 */
import { readFileSync } from 'node:fs'
import { get_encoding_name_for_model, type TiktokenEncoding, type TiktokenModel } from 'tiktoken'
import { referenceCounts } from '../../unit/helpers/tiktoken'

/** A message as the fixture file holds it. */
export interface FixtureMessage {
  id?: string
  type: string
  text: string
  payload?: string
}

/** A fixture file: a bare array of messages, or `{ model?, messages }`. */
export interface Fixture {
  model?: string
  messages: FixtureMessage[]
}

/** Reads a conversation fixture with JSON.parse, not with the core's parser. */
export function readFixture(path: string): Fixture {
  const root = JSON.parse(readFileSync(path, 'utf8')) as FixtureMessage[] | Fixture
  return Array.isArray(root) ? { messages: root } : root
}

/** The encoding tiktoken uses for a model; an empty model means o200k_base, the documented default. */
export function encodingFor(model: string | undefined): TiktokenEncoding {
  if (!model) return 'o200k_base'
  const encodings: string[] = ['r50k_base', 'p50k_base', 'p50k_edit', 'cl100k_base', 'o200k_base']
  if (encodings.includes(model)) return model as TiktokenEncoding
  return get_encoding_name_for_model(model as TiktokenModel)
}

/** Each message's cost: tiktoken's ordinary count of `text + payload`, plus the framing. */
export const tiktokenCounts = (
  messages: readonly FixtureMessage[],
  encoding: TiktokenEncoding,
): number[] => referenceCounts(messages, encoding)

export const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0)

/** The default share of the conversation kept verbatim, and the default trigger ratio. */
export const KEEP_RECENT_RATIO = 0.25
export const TRIGGER_RATIO = 0.9

export type Bucket = 'summarize' | 'keep' | 'hoisted'

/** The tail length: the given KeepRecentCount capped at n, else max(1, ⌊n / 4⌋). */
export function keptTail(n: number, keepRecent?: number): number {
  return keepRecent === undefined
    ? Math.max(1, Math.floor(n * KEEP_RECENT_RATIO))
    : Math.min(keepRecent, n)
}

/**
 * Each message's bucket when the check compacts: the tail is kept, the head summarised, except
 * instructions, which are hoisted. When the check declines, every message is kept.
 */
export function expectedBuckets(
  types: readonly string[],
  keepRecent?: number,
  compacts = true,
): Bucket[] {
  if (!compacts) return types.map(() => 'keep')
  const head = types.length - keptTail(types.length, keepRecent)
  return types.map((type, i) =>
    i >= head ? 'keep' : type === 'instructions' ? 'hoisted' : 'summarize',
  )
}

/**
 * The largest MaxTokens at which a total still reaches the trigger threshold (total ≥ max × ratio);
 * one more and the check declines as below the threshold.
 */
export function largestTriggeringMaxTokens(total: number, ratio = TRIGGER_RATIO): number {
  let max = Math.floor(total / ratio) + 2
  while (!(total >= max * ratio)) max--
  return max
}
