import type { Message } from '../types'

/** The message types a model's reply is read as: what the reply adds, not what the prompt held. */
const REPLY_TYPES = new Set(['bot', 'reasoning'])

/**
 * How many of messages[0, end) the prompt held when the reply that ends at `end` was asked for:
 * `end` less the reply's own run of bot and reasoning messages at the end. For formats that write
 * the usage after the reply's items (Codex, pi, Gemini CLI).
 */
export function promptBeforeReply(messages: readonly Message[], end: number): number {
  let k = Math.min(end, messages.length)
  while (k > 0 && REPLY_TYPES.has(messages[k - 1].type)) k--
  return k
}
