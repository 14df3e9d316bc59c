import { decodePayload, encodePayload } from '../formats/payload'
import type { Tokenizer } from '../tokens'
import { toolCallTokens } from './chat-parts'

/*
 * Gemini's function calls, priced by what the model reads of them rather than as the payload's
 * JSON. A `functionCall` part is `{name, args, id?}` (Gemini API, `FunctionCall`; @google/genai
 * `types.FunctionCall`), and the id is the client's: Gemini CLI makes one when the model gives
 * none (`handlePendingFunctionCall`, packages/core/src/core/turn.ts). What Gemini bills for a call
 * is its name and its arguments: a reply that only calls a tool reports output tokens equal to
 * o200k_base's count of the name and the arguments' JSON (gemini-2.5-pro, 11 of 11 within a
 * token; gemini-3, a median of 8 more), and in public Gemini CLI sessions a request's prompt grows
 * by about that much for each call it carries (docs/tokens.md, "Gemini's function calls").
 */

/** The payload of a message on Gemini's wire that holds tool calls, or undefined. */
export const mayHoldGeminiCalls = (payload: string): boolean => payload.startsWith('{"tool_calls":')

/**
 * A payload's tool calls at their names' and arguments' tokens (the family's factor applies), and
 * the payload left to price as text, without them; undefined when the payload holds no calls.
 */
export function priceGeminiCalls(
  payload: string,
  tokenizer: Tokenizer,
): { vocabulary: number; rest: string | undefined } | undefined {
  const parts = decodePayload(payload)
  if (!parts?.tool_calls) return undefined
  const { tool_calls: calls, ...rest } = parts
  return { vocabulary: toolCallTokens(calls, tokenizer), rest: encodePayload(rest) }
}
