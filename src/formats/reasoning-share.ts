import type { Message } from '../types'
import { decodePayload, encodePayload, type PayloadParts } from './payload'

/**
 * Writes a reply's reported reasoning tokens over its reasoning messages, as the payload part
 * `reasoning_tokens`: in proportion to each one's weight where the reply has more than one, the
 * whole count on the last where it has one. What the thinking costs while it is kept in context,
 * which neither a ciphertext's length (Codex) nor a thought summary's text (Gemini) tells
 * (docs/tokens.md, "Opaque content"). The one place a count is shared out. `parts` spares a
 * decode where the caller has the payload's parts already.
 */
export function shareReasoningTokens(
  messages: Message[],
  items: readonly { index: number; weight: number; parts?: PayloadParts }[],
  tokens: number,
): void {
  let total = 0
  for (const { weight } of items) total += weight
  let left = tokens
  items.forEach(({ index, weight, parts: decoded }, k) => {
    const part = k === items.length - 1 ? left : Math.round((tokens * weight) / Math.max(1, total))
    left -= part
    const parts = decoded ?? decodePayload(messages[index].payload) ?? {}
    messages[index] = {
      ...messages[index],
      payload: encodePayload({ ...parts, reasoning_tokens: part }),
    }
  })
}
