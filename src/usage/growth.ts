import type { ReportedUsage } from '../formats/types'
import type { TurnCosts } from '../pricing/cost'
import type { Message } from '../types'
import { clearedSavingAlong, type ClearedCosts } from './cleared'
import { promptEstimatesOnce, servedPricingOf } from './compare'
import { NO_SERVED_PRICING, type RequestPricing, type ServedPricing } from './served'

/**
 * The context-growth chart's data, one point per position in the conversation: x = k is the
 * prompt of the first k messages. Every array has the same length, conversation length + 1.
 */
export interface ContextGrowth {
  /** 0, 1, …, n. */
  x: number[]
  /**
   * The estimate of a prompt of the first x messages, as compareUsage estimates a request: up to
   * each reported request, as the model that served it counts, with the tool results it was sent
   * cleared as cleared; after the last, as the model in force, every result whole (as the file is
   * loaded).
   */
  estimate: number[]
  /**
   * The estimate with the hidden context added: the top of the hidden band. What joined the
   * prompts after the first request (lateContext: a subagent's unrecorded context, deferred tools'
   * definitions) joins it from the prompt each was derived at.
   */
  withHidden: number[]
  /** The reported size of the request whose prompt ended at x; null where none did. */
  reported: (number | null)[]
  /** The trigger threshold, the same at every x. */
  threshold: number[]
  /** The indexes of the messages that are a real compaction's summary (meta.compacted). */
  compactions: number[]
  hiddenTokens: number
}

/**
 * The chart's series from the core's figures; `hiddenTokens` and `late` from compareUsage and
 * lateContext (the band is `hiddenTokens` less each late part's tokens before its prompt).
 */
export function contextGrowth(input: {
  messages: readonly Message[]
  costs: readonly number[]
  overhead: number
  usage: readonly ReportedUsage[]
  hiddenTokens: number
  late?: readonly { tokens: number; prompt: number }[]
  threshold: number
  /** Each request's own turn's thinking (turnCostsOf), as compareUsage was given it. */
  turns?: TurnCosts | null
  /** The pricing of the models that served requests and count otherwise, as compareUsage had it. */
  served?: ServedPricing
  /** The tool results requests were sent cleared, as cleared (clearedCostsOf), as compareUsage had them. */
  cleared?: ClearedCosts | null
}): ContextGrowth {
  const { messages, costs, overhead, usage, hiddenTokens, threshold } = input
  const n = costs.length
  const x: number[] = new Array(n + 1)
  const estimate: number[] = new Array(n + 1)
  const withHidden: number[] = new Array(n + 1)
  const reported: (number | null)[] = new Array(n + 1).fill(null)
  const estimatesOf = promptEstimatesOnce()
  const inForce: RequestPricing = {
    costs,
    overhead,
    turns: input.turns ?? null,
    cleared: input.cleared ?? null,
  }
  const inForceEstimates = estimatesOf(inForce)
  for (let k = 0; k <= n; k++) {
    x[k] = k
    estimate[k] = inForceEstimates[k]
  }
  const served = input.served ?? NO_SERVED_PRICING
  // Each stretch of the line, up to a request, is priced as that request was: by the model that
  // served it, less what it was sent without (clearedSavingAlong), from where each was.
  let from = 0
  for (const u of usage) {
    const to = Math.min(u.prompt, n)
    const pricing = servedPricingOf(u, served) ?? inForce
    if (
      pricing !== inForce ||
      (u.cleared !== undefined && pricing.cleared) ||
      u.stripped !== undefined ||
      (u.asText !== undefined && pricing.cleared) ||
      u.apiCleared !== undefined
    ) {
      const e = estimatesOf(pricing)
      const saved = clearedSavingAlong(pricing.costs, pricing.cleared, u)
      for (let k = from; k <= to; k++) estimate[k] = e[k] - saved(k).tokens
    }
    from = Math.max(from, to + 1)
  }
  const late = input.late ?? []
  for (let k = 0; k <= n; k++) {
    let notYet = 0
    for (const part of late) if (k < part.prompt) notYet += part.tokens
    withHidden[k] = estimate[k] + hiddenTokens - notYet
  }
  for (const u of usage) if (u.prompt >= 0 && u.prompt <= n) reported[u.prompt] = u.inputTokens
  const compactions: number[] = []
  messages.forEach((m, i) => m.meta?.compacted === true && compactions.push(i))
  return {
    x,
    estimate,
    withHidden,
    reported,
    threshold: new Array(n + 1).fill(threshold),
    compactions,
    hiddenTokens,
  }
}
