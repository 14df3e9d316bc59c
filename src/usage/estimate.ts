import { countEachMessage } from '../tokens'
import type { Message } from '../types'

/**
 * The fixed part of every request's prompt beyond its messages' own costs. 0 until the wire
 * rules land (src/pricing's requestOverhead): this is the one place that swaps over.
 */
export function usageOverhead(_model: string): number {
  return 0
}

/** What a request's estimate is made of: each message's cost, and the per-request overhead. */
export interface RequestCosts {
  costs: number[]
  overhead: number
}

/** Each message's cost and the per-request overhead, counted as every estimate here counts them. */
export function requestCosts(model: string, messages: readonly Message[]): RequestCosts {
  return { costs: countEachMessage(model, messages), overhead: usageOverhead(model) }
}
