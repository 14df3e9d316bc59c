import type { ReportedUsage } from '../formats/types'
import {
  countEachMessage,
  countingKey,
  requestOverhead,
  toSpec,
  turnCostsOf,
  type CountingSpec,
  type SpecLike,
  type TurnCosts,
} from '../pricing/cost'
import type { Message } from '../types'
import { clearedCostsOf, clearedResults, type ClearedCosts } from './cleared'

/**
 * How the requests one model served are estimated: each message's cost under that model, the
 * fixed part of a request, each request's own turn's thinking (turnCostsOf), and the tool results
 * some request was sent cleared, as cleared (clearedCostsOf).
 */
export interface RequestPricing {
  costs: readonly number[]
  overhead: number
  turns: TurnCosts | null
  cleared?: ClearedCosts | null
}

/**
 * The pricing of the requests that models other than the one in force served, by the model's
 * name as the reports give it. A provider bills each request in the vocabulary, and by the
 * thinking-retention rule, of the model that served it: a session that switches from Claude
 * Sonnet 4.5 to Opus 4.7 sent its early requests in the old tokenizer and its later ones in the
 * new, so each row is priced as its own model counts.
 */
export type ServedPricing = ReadonlyMap<string, RequestPricing>

export const NO_SERVED_PRICING: ServedPricing = new Map()

/**
 * Whether a report's model names a model: Claude Code writes `<synthetic>` on the replies it makes
 * itself ("No response requested.", an interruption, an API error shown as a message), which no
 * model served; its reader reports none of their usage, and a report from elsewhere that names
 * such a model is priced by the model in force.
 */
export const namesModel = (model: string): boolean => model !== '' && !model.startsWith('<')

/**
 * The models that served the reported requests and count otherwise than `spec` does (another
 * vocabulary, factor or payload rule on the spec's wire): each needs its own costs. In the order
 * the reports first name them.
 */
export function servedModels(usage: readonly ReportedUsage[], spec: SpecLike): string[] {
  const s = toSpec(spec)
  const inForce = countingKey(s)
  const seen = new Set<string>()
  const out: string[] = []
  for (const { model } of usage) {
    if (model === undefined || seen.has(model)) continue
    seen.add(model)
    if (namesModel(model) && countingKey({ ...s, model }) !== inForce) out.push(model)
  }
  return out
}

/**
 * What the reports ask to be priced beyond the counts in force: the models that served requests
 * and count otherwise (servedModels), and the tool results some request was sent cleared
 * (clearedResults), by index.
 */
export interface PricingAsks {
  models: readonly string[]
  cleared: readonly number[]
}

/** The pricing asks of a file's reports under the spec in force. */
export const pricingAsks = (usage: readonly ReportedUsage[], spec: SpecLike): PricingAsks => ({
  models: servedModels(usage, spec),
  cleared: clearedResults(usage),
})

/**
 * The specs whose vocabularies pricing needs loaded: the one in force and, for each model that
 * served a request and counts otherwise (servedModels), the same spec under that model.
 */
export const specsToLoad = (spec: CountingSpec, models: readonly string[]): CountingSpec[] => [
  spec,
  ...models.map((model) => ({ ...spec, model })),
]

/** Costs a caller keeps between asks, by countingKey: each message's cost as itself. */
export type KeptCosts = Map<string, WeakMap<Message, number>>

/**
 * Prices the messages as each of `models` would count them, on the spec's wire (models that count
 * alike share one pricing): what compareUsage and contextGrowth estimate those models' requests by.
 * With `kept`, a message already priced under a model is not counted again (countEachMessage).
 */
export function servedPricing(
  spec: SpecLike,
  messages: readonly Message[],
  models: readonly string[],
  kept?: KeptCosts,
  cleared: readonly number[] = [],
): Map<string, RequestPricing> {
  const inForce = toSpec(spec)
  const byKey = new Map<string, RequestPricing>()
  const out = new Map<string, RequestPricing>()
  for (const model of models) {
    const served = { ...inForce, model }
    const key = countingKey(served)
    let pricing = byKey.get(key)
    if (!pricing) {
      let costs = kept?.get(key)
      if (kept && !costs) kept.set(key, (costs = new WeakMap()))
      pricing = {
        costs: countEachMessage(served, messages, costs),
        overhead: requestOverhead(served),
        turns: turnCostsOf(served, messages),
        cleared: clearedCostsOf(served, messages, cleared),
      }
      byKey.set(key, pricing)
    }
    out.set(model, pricing)
  }
  return out
}

/**
 * What prices each reported request beyond the messages' costs in force: its own turn's thinking,
 * priced as that request held it (turnCostsOf), the models that served requests and count
 * otherwise (servedPricing), and the tool results requests were sent cleared, as cleared
 * (clearedCostsOf). compareUsage and contextGrowth take all three.
 */
export interface RequestPricings {
  turns: TurnCosts | null
  served: ServedPricing
  cleared: ClearedCosts | null
}

/**
 * The request pricings of messages under a spec for the reports' asks (pricingAsks): the served
 * models priced apart, with the costs `kept` from earlier asks (servedPricing), and the cleared
 * results priced as cleared under every model.
 */
export function requestPricings(
  spec: SpecLike,
  messages: readonly Message[],
  asks: PricingAsks,
  kept?: KeptCosts,
): RequestPricings {
  return {
    turns: turnCostsOf(spec, messages),
    served: servedPricing(spec, messages, asks.models, kept, asks.cleared),
    cleared: clearedCostsOf(spec, messages, asks.cleared),
  }
}
