import type { ReportedUsage } from '../formats/types'
import {
  countEachMessage,
  countingKey,
  requestOverhead,
  toSpec,
  turnCostsOf,
  type SpecLike,
  type TurnCosts,
} from '../pricing/cost'
import type { Message } from '../types'

/**
 * How the requests one model served are estimated: each message's cost under that model, the
 * fixed part of a request, and each request's own turn's thinking (turnCostsOf).
 */
export interface RequestPricing {
  costs: readonly number[]
  overhead: number
  turns: TurnCosts | null
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
const namesModel = (model: string): boolean => model !== '' && !model.startsWith('<')

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
    if (namesModel(model) && countingKey({ model, wire: s.wire }) !== inForce) out.push(model)
  }
  return out
}

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
): Map<string, RequestPricing> {
  const { wire } = toSpec(spec)
  const byKey = new Map<string, RequestPricing>()
  const out = new Map<string, RequestPricing>()
  for (const model of models) {
    const served = { model, wire }
    const key = countingKey(served)
    let pricing = byKey.get(key)
    if (!pricing) {
      let costs = kept?.get(key)
      if (kept && !costs) kept.set(key, (costs = new WeakMap()))
      pricing = {
        costs: countEachMessage(served, messages, costs),
        overhead: requestOverhead(served),
        turns: turnCostsOf(served, messages),
      }
      byKey.set(key, pricing)
    }
    out.set(model, pricing)
  }
  return out
}

/**
 * What prices each reported request beyond the messages' costs in force: its own turn's thinking,
 * priced as that request held it (turnCostsOf), and the models that served requests and count
 * otherwise (servedPricing). compareUsage and contextGrowth take both.
 */
export interface RequestPricings {
  turns: TurnCosts | null
  served: ServedPricing
}

/**
 * The request pricings of messages under a spec, the served `models` (servedModels) priced apart,
 * with the costs `kept` from earlier asks (servedPricing).
 */
export function requestPricings(
  spec: SpecLike,
  messages: readonly Message[],
  models: readonly string[],
  kept?: KeptCosts,
): RequestPricings {
  return {
    turns: turnCostsOf(spec, messages),
    served: servedPricing(spec, messages, models, kept),
  }
}
