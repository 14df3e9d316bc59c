import { requestOverhead } from '../pricing/cost'
import type { Message } from '../types'
import { cutsToolExchange, toolExchanges } from './exchanges'
import { EngineInputError } from './errors'
import type { EngineInput, EngineLimit, EnginePreset, EngineResult } from './types'

/**
 * The summary's size in the next request, for every engine that does not cap it lower: a fixed
 * estimate, since the real one depends on the model that writes it (docs/engines.md).
 */
export const SUMMARY_TOKENS_ESTIMATE = 2_000

/** The request's own overhead: the wire's framing plus the hidden context. */
export function overheadOf(input: EngineInput): number {
  return requestOverhead(input.spec ?? { model: '' }) + (input.hiddenTokens ?? 0)
}

/**
 * The index after which the running estimate first reaches `trigger` (or exceeds it, `strict`),
 * counting only the messages `counted` admits, from `start` tokens; null when it never does.
 */
export function firstReaching(
  counts: readonly number[],
  trigger: number,
  start: number,
  options: { strict?: boolean; counted?: (i: number) => boolean } = {},
): number | null {
  let total = start
  for (let i = 0; i < counts.length; i++) {
    if (!options.counted || options.counted(i)) total += counts[i]
    if (options.strict ? total > trigger : total >= trigger) return i
  }
  return null
}

/** What a preset decided, before the common bookkeeping. */
export interface Decision {
  trigger: number
  firesAfter: number | null
  /** Indexes condensed into the summary. */
  summarize?: readonly number[]
  /** Indexes kept with their content cleared; they cost nothing in the next request. */
  cleared?: readonly number[]
  /** Cleared whether or not it fires (a pass that runs on every request). */
  alwaysCleared?: readonly number[]
  /** Kept messages that are kept shortened: their cost in the next request. */
  shortened?: ReadonlyMap<number, number>
  /** The summary's tokens in the next request; default SUMMARY_TOKENS_ESTIMATE. */
  summaryTokens?: number
  /** It fires, but changes nothing: why. */
  declined?: string
}

/** A preset's result from its decision: the keep list, the next request, the cut. */
export function resultOf(
  preset: Pick<EnginePreset, 'id' | 'label' | 'putsBack'>,
  input: EngineInput,
  d: Decision,
): EngineResult {
  const { messages, counts } = input
  const declined =
    d.declined ??
    (d.firesAfter !== null && (d.summarize ?? []).length === 0 && (d.cleared ?? []).length === 0
      ? 'nothing to summarise or clear'
      : undefined)
  const fired = d.firesAfter !== null && declined === undefined
  const summarize = fired ? [...(d.summarize ?? [])].sort(byIndex) : []
  // Each message's fate, by index: one byte each, where Sets of 100,000 indexes, made for every
  // preset, were most of what running the presets allocated.
  const fate = new Uint8Array(messages.length)
  for (let k = 0; k < summarize.length; k++) fate[summarize[k]] = SUMMARIZED
  // Cleared once each, in index order, unless summarised.
  const cleared: number[] = []
  const clear = (list: readonly number[] = []) => {
    for (let k = 0; k < list.length; k++) {
      const i = list[k]
      if (fate[i] !== KEPT) continue
      fate[i] = CLEARED
      cleared.push(i)
    }
  }
  if (fired) clear(d.cleared)
  clear(d.alwaysCleared)
  cleared.sort(byIndex)
  const keep: number[] = []
  for (let i = 0; i < messages.length; i++) if (fate[i] === KEPT) keep.push(i)
  let next = overheadOf(input)
  for (let k = 0; k < keep.length; k++) next += d.shortened?.get(keep[k]) ?? counts[keep[k]]
  if (summarize.length > 0) next += d.summaryTokens ?? SUMMARY_TOKENS_ESTIMATE
  return {
    id: preset.id,
    label: preset.label,
    trigger: d.trigger,
    firesAfter: d.firesAfter,
    keep,
    summarize,
    cleared,
    putsBack: preset.putsBack,
    nextRequestTokens: next,
    cutsToolExchange: cutsToolExchange(toolExchanges(messages), {
      has: (i) => fate[i] === SUMMARIZED,
    }),
    ...(declined !== undefined && d.firesAfter !== null ? { declined } : {}),
  }
}

const byIndex = (a: number, b: number) => a - b
const KEPT = 0
const SUMMARIZED = 1
const CLEARED = 2

/** The indexes of the messages that are not the system prompt, which engines send apart. */
export function historyIndexes(messages: readonly Message[]): number[] {
  const indexes: number[] = []
  for (let i = 0; i < messages.length; i++) if (messages[i].type !== 'instructions') indexes.push(i)
  return indexes
}

/** Both limits: what a rule that reads the window and the max output needs. */
export const WINDOW_AND_OUTPUT: readonly EngineLimit[] = ['window', 'maxOutput']
/** The window alone. */
export const WINDOW_ONLY: readonly EngineLimit[] = ['window']
/** Neither: a rule with its own thresholds. */
export const NO_LIMITS: readonly EngineLimit[] = []

/**
 * A limit a preset reads. runEngines runs a preset only when its input has every limit it reads
 * (EnginePreset.reads), so a missing one here is a preset reading what it did not declare.
 */
export function limitOf(input: EngineInput, limit: EngineLimit): number {
  const value = input[limit]
  if (value === undefined) throw new EngineInputError(limit, 'not given, and the preset reads it')
  return value
}
