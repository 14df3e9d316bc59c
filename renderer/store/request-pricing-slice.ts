import type { Message, ReportedUsage, RequestPricings } from '@core'
import type { SliceCreator } from './types'

/** What the requests were priced for: the conversation, its reports and the counting key. */
export interface RequestPricingKey {
  messages: readonly Message[]
  usage: readonly ReportedUsage[]
  counting: string
}

export interface RequestPricingSlice {
  /**
   * What prices each reported request beyond the counts in force (the core's requestPricings):
   * each request's own turn's thinking, and the costs under the models that served requests and
   * count otherwise; by the conversation's worker, with what it was priced for; null until it
   * has answered.
   */
  requestPricing: (RequestPricingKey & { value: RequestPricings }) | null
}

/**
 * Pricing means tokenizing, and the page never loads a vocabulary: the worker that read the file
 * prices the messages it holds, once per conversation, reports and counting key (effects.ts
 * priceRequests).
 */
export const createRequestPricingSlice: SliceCreator<RequestPricingSlice> = () => () => ({
  requestPricing: null,
})
