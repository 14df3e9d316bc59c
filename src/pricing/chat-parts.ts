import type { PayloadParts } from '../formats/payload'
import type { Tokenizer } from '../tokens'
import { HARMONY_TOOLS_PROMPT_TOKENS, renderHarmonyTools, renderResponseFormat } from './harmony'
import { toolSchemaTokens } from './tool-schemas'

/*
 * The payload parts OpenAI Chat Completions prices by rule rather than as their JSON text: a
 * message's `name`, the request's tool schemas and structured-output format, an assistant's tool
 * calls and a tool's result. Sources and measurements in docs/tokens.md ("Wire overhead").
 */

/**
 * What one tool call costs besides its function's name and its arguments' text. Neither the call
 * id nor the JSON around the call is rendered: harmony addresses a call as `to=functions.NAME`
 * with the arguments as its message, and a result by the tool's name (openai/harmony,
 * docs/format.md, "Receiving tool calls"). The figures are measured on recorded requests (a call
 * and its result, reported prompt growth less the texts and both messages' framing).
 */
export const TOOL_CALL_TOKENS = { harmony: 10, chat: 8 } as const

/** What a tool result costs besides its text and its message's framing (its recipient header). */
export const TOOL_RESULT_TOKENS = { harmony: 3, chat: 0 } as const

/** The parts a Chat payload may hold that have a rule of their own. */
export const mayHoldChatParts = (payload: string): boolean =>
  payload.startsWith('{"name":') ||
  payload.startsWith('{"tool_calls":') ||
  payload.startsWith('{"content":"') ||
  payload.includes('"tools":[') ||
  payload.includes('"response_format":')

/** What the rule-priced parts cost, and the parts left to price as text. */
export interface ChatPartsPrice {
  /** Tokens in the counting vocabulary (the family's factor applies). */
  vocabulary: number
  /** Fixed tokens of framing (no factor). */
  fixed: number
  rest: PayloadParts
}

/**
 * Prices the Chat parts of a payload: `name` (its tokens, +perName), tool schemas (the cookbook's
 * formula, or harmony's namespace for the o-series and GPT-5), `response_format` (harmony's
 * "# Response Formats" section), tool calls (name + arguments + TOOL_CALL_TOKENS) and a tool
 * result's text (+TOOL_RESULT_TOKENS; the `content` part is only ever a tool result's).
 */
export function priceChatParts(
  parts: PayloadParts,
  tokenizer: Tokenizer,
  harmony: boolean,
  perName: number,
): ChatPartsPrice {
  const rest: PayloadParts = { ...parts }
  let vocabulary = 0
  let fixed = 0
  const kind = harmony ? 'harmony' : 'chat'
  if (parts.name !== undefined) {
    vocabulary += tokenizer.count(parts.name)
    fixed += perName
    delete rest.name
  }
  if (parts.tools) {
    const rendered = harmony ? renderHarmonyTools(parts.tools) : undefined
    const tools = harmony
      ? rendered !== undefined
        ? tokenizer.count(rendered) + HARMONY_TOOLS_PROMPT_TOKENS
        : undefined
      : toolSchemaTokens(parts.tools, tokenizer)
    if (tools !== undefined) {
      vocabulary += tools
      delete rest.tools
    }
  }
  if (parts.response_format !== undefined) {
    const rendered = renderResponseFormat(parts.response_format)
    if (rendered !== undefined) vocabulary += tokenizer.count(rendered)
    delete rest.response_format
  }
  if (parts.tool_calls) {
    for (const call of parts.tool_calls) {
      const args =
        typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments)
      vocabulary += tokenizer.count(call.name) + tokenizer.count(args ?? '')
      fixed += TOOL_CALL_TOKENS[kind]
    }
    delete rest.tool_calls
  }
  if (typeof parts.content === 'string') {
    vocabulary += tokenizer.count(parts.content)
    fixed += TOOL_RESULT_TOKENS[kind]
    delete rest.content
  }
  return { vocabulary, fixed, rest }
}
