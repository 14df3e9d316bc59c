import type { ReportedUsage } from '../formats/types'
import type { TurnCosts } from '../pricing/cost'
import type { Message } from '../types'
import { promptEstimates } from './compare'

/**
 * The context-growth chart's data, one point per position in the conversation: x = k is the
 * prompt of the first k messages. Every array has the same length, conversation length + 1.
 */
export interface ContextGrowth {
  /** 0, 1, …, n. */
  x: number[]
  /** The estimate of a prompt of the first x messages, as compareUsage estimates a request. */
  estimate: number[]
  /** The estimate with the hidden context added: the top of the hidden band. */
  withHidden: number[]
  /** The reported size of the request whose prompt ended at x; null where none did. */
  reported: (number | null)[]
  /** The trigger threshold, the same at every x. */
  threshold: number[]
  /** The indexes of the messages that are a real compaction's summary (meta.compacted). */
  compactions: number[]
  hiddenTokens: number
}

/** The chart's series from the core's figures; `hiddenTokens` from compareUsage. */
export function contextGrowth(input: {
  messages: readonly Message[]
  costs: readonly number[]
  overhead: number
  usage: readonly ReportedUsage[]
  hiddenTokens: number
  threshold: number
  /** Each request's own turn's thinking (turnCostsOf), as compareUsage was given it. */
  turns?: TurnCosts | null
}): ContextGrowth {
  const { messages, costs, overhead, usage, hiddenTokens, threshold } = input
  const n = costs.length
  const x: number[] = new Array(n + 1)
  const estimate: number[] = new Array(n + 1)
  const withHidden: number[] = new Array(n + 1)
  const reported: (number | null)[] = new Array(n + 1).fill(null)
  const estimates = promptEstimates(costs, overhead, input.turns ?? null)
  for (let k = 0; k <= n; k++) {
    x[k] = k
    estimate[k] = estimates[k]
    withHidden[k] = estimates[k] + hiddenTokens
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
