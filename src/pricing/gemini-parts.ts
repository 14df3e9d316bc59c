import type { PayloadParts } from '../formats/payload'
import type { Tokenizer } from '../tokens'
import { toolCallTokens, type ChatPartsPrice } from './chat-parts'

/*
 * Gemini's function calls, priced by what the model reads of them rather than as the payload's
 * JSON. A `functionCall` part is `{name, args, id?}` (Gemini API, `FunctionCall`; @google/genai
 * `types.FunctionCall`), and the id is the client's: Gemini CLI makes one when the model gives
 * none (`handlePendingFunctionCall`, packages/core/src/core/turn.ts). What Gemini bills for a call
 * is its name and its arguments: a reply that only calls a tool reports output tokens equal to
 * o200k_base's count of the name and the arguments' JSON (gemini-2.5-pro, 11 of 11 within two
 * tokens; gemini-3, a median of 8 more), and in public Gemini CLI sessions a request's prompt grows
 * by about that much for each call it carries (docs/tokens.md, "Gemini's function calls").
 */

/** Whether a payload on Gemini's wire may hold tool calls. */
export const mayHoldGeminiCalls = (payload: string): boolean => payload.startsWith('{"tool_calls":')

/**
 * Prices a payload's tool calls at their names' and arguments' tokens (the family's factor
 * applies), as priceChatParts prices Chat's parts; the rest of the payload is left to price as text.
 */
export function priceGeminiParts(parts: PayloadParts, tokenizer: Tokenizer): ChatPartsPrice {
  const { tool_calls: calls, ...rest } = parts
  return { vocabulary: calls ? toolCallTokens(calls, tokenizer) : 0, fixed: 0, rest }
}
