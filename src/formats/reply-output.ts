import type { Message } from '../types'
import { decodePayload, encodePayload } from './payload'

/*
 * Claude's thinking priced by its reply's reported output: the one rule the Claude Code reader
 * (claude-code-events.ts) and the opencode reader (opencode-message.ts) share. See docs/tokens.md,
 * "Thinking priced by its reply's output".
 */

/**
 * A reply's last thinking block with the reply's reported output tokens on it, as the payload part
 * `output_tokens`: the block then costs that output less the reply's visible parts while it is
 * kept in context. A file holds at most a summary of what a Claude 4 model thought (or only the
 * signature), while a later request is billed for all of the thinking the signature carries back.
 * `unfinished`: the count is the one the reply's stream began with, not its final one
 * (`output_unfinished`).
 */
export function withReplyOutput(thinking: Message, output: number, unfinished = false): Message {
  const parts = decodePayload(thinking.payload) ?? {}
  return {
    ...thinking,
    payload: encodePayload({
      ...parts,
      ...(unfinished ? { output_unfinished: true as const } : {}),
      output_tokens: output,
    }),
  }
}
