import type { Message } from '../types'
import { decodePayload, type PayloadParts } from './payload'
import { shareReasoningTokens } from './reasoning-share'
import { replyBefore } from '../usage/prompt'

/**
 * Gives each reasoning item of a Codex rollout the reasoning tokens its reply reported
 * (`reasoning_output_tokens` of the `token_count` event written for that reply), as the payload
 * part `reasoning_tokens`: what the item costs when it is sent back, which the size of its
 * ciphertext does not tell (docs/tokens.md, "Opaque content"). The one place this is worked out.
 *
 * A reply's items (reasoning, assistant message, calls) are a run with no input item (tool output,
 * user message) inside it, and its report is written next to that run: after it (Codex 0.1xx; and
 * from 0.14x after the outputs of its calls too), or before it (Codex 0.40, which writes
 * `token_count` as the response completes and the items after). So a report claims the reasoning
 * of the run that ends where it is written, past its calls' outputs (replyBefore, src/usage); when
 * that run is empty it waits for the run that comes next, up to the next input item. A run with no
 * encrypted reasoning is still the report's: it has nothing to price.
 */
export class ReasoningReports {
  /** messages[0, claimed) are settled: matched to a report, or before the report last seen. */
  private claimed = 0
  /** A report with no run before it, waiting for the run that starts at `from`. */
  private pending?: { tokens: number; from: number }

  constructor(private readonly messages: Message[]) {}

  /**
   * A new request's report, written when `messages` is the history so far. Returns how many of
   * them the request's prompt held: all but its reply's own items and its calls' outputs.
   */
  report(tokens: number | undefined): number {
    this.settle()
    const end = this.messages.length
    const reply = replyBefore(this.messages, end, this.claimed)
    // A reply with no encrypted reasoning has nothing to price; only a report with no reply
    // before it (Codex 0.40) waits for the one after.
    if (tokens !== undefined && reply.start === reply.end) {
      this.pending = { tokens, from: end }
    } else if (tokens !== undefined && hasReasoning(this.messages, reply.start, reply.end)) {
      share(this.messages, reply.start, reply.end, tokens)
    }
    this.claimed = end
    return reply.start
  }

  /**
   * Matches a waiting report to the run that followed it: at the next report, before a compaction
   * replaces the history, and at the end of the file.
   */
  settle(): void {
    const { pending } = this
    if (!pending) return
    this.pending = undefined
    let end = pending.from
    while (end < this.messages.length && isReply(this.messages[end])) end++
    share(this.messages, pending.from, end, pending.tokens)
    this.claimed = Math.max(this.claimed, end)
  }

  /** The history was replaced (a compaction): what it holds now is settled. */
  restart(): void {
    this.pending = undefined
    this.claimed = this.messages.length
  }
}

const isReply = (m: Message) => m.type === 'bot' || m.type === 'reasoning'

// How the Responses reader encodes a reasoning item's ciphertext: a check without a parse.
const ENCRYPTED = '{"encrypted_content":'

const isEncryptedReasoning = (m: Message) =>
  m.type === 'reasoning' && m.payload !== undefined && m.payload.startsWith(ENCRYPTED)

function hasReasoning(messages: readonly Message[], start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (isEncryptedReasoning(messages[i])) return true
  return false
}

/**
 * Writes `tokens` over the encrypted reasoning items of messages[start, end): in proportion to
 * their ciphertext where a reply has more than one, the whole count where it has one.
 */
function share(messages: Message[], start: number, end: number, tokens: number): void {
  const items: { index: number; weight: number; parts: PayloadParts }[] = []
  for (let i = start; i < end; i++) {
    const parts = isEncryptedReasoning(messages[i]) ? decodePayload(messages[i].payload) : undefined
    if (parts?.encrypted_content === undefined) continue
    items.push({ index: i, weight: parts.encrypted_content.length, parts })
  }
  shareReasoningTokens(messages, items, tokens)
}
