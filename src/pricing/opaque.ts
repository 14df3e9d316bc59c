import type { ModelFamily } from './families'
import type { Wire } from './wire'

/** What pricePayload knows of the conversation a payload belongs to. */
export interface PayloadPricingContext {
  wire: Wire
  model: string
  family: ModelFamily
  retained: boolean
}

/**
 * What of a payload is billed as text, and what its opaque parts cost by rule. Wire 'native':
 * { text: payload, opaqueTokens: 0 } without parsing. (Placeholder: every payload is text.)
 */
export function pricePayload(
  payload: string,
  ctx: PayloadPricingContext,
): { text: string; opaqueTokens: number } {
  void ctx
  return { text: payload, opaqueTokens: 0 }
}

/** Whether the model keeps earlier turns' thinking in its context (billed) or drops it. */
export function retainsEarlierThinking(spec: { model: string; wire: Wire }): boolean {
  void spec
  return true
}
