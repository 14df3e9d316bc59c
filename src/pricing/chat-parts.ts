import { isObject } from '../formats/json-shape'
import type { PayloadParts, ToolCall } from '../formats/payload'
import type { Tokenizer } from '../tokens'
import type { CountingEncoding } from './families'
import {
  HARMONY_TOOLS_PROMPT_TOKENS,
  isHarmonyModel,
  renderResponseFormat,
  renderToolsNamespace,
} from './harmony'

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

/**
 * What a Chat Completions request's tools section costs besides its rendered namespace, outside
 * GPT-5: one token less than the text (measured: the median of 163 recorded requests with a system
 * message, docs/tokens.md, "Tool schemas"). The section joins the request's system message; a
 * request without one gets a system message of its own, whose framing is TOOLS_SYSTEM_MESSAGE_TOKENS.
 */
export const CHAT_TOOLS_SECTION_TOKENS = -1

/** The framing of the system message a tools section is sent in when the request has none. */
export const TOOLS_SYSTEM_MESSAGE_TOKENS = 4

/**
 * What a structured-output section costs besides its text when the request has neither a system
 * message nor tools for it to join: measured, 8 on each of 47 recorded GPT-4-class requests from
 * three projects (docs/tokens.md, "Wire overhead"). Beside a system message or tools, nothing.
 */
export const FORMAT_SYSTEM_MESSAGE_TOKENS = 8

/**
 * What a request costs more when its `tool_choice` forces a function, outside the o-series and
 * GPT-5: measured, 9 on each of three recorded gpt-4o and gpt-4o-mini requests of one project,
 * and 6 to 15 on nine requests of four other projects (docs/tokens.md, "Wire overhead"). On harmony
 * models, nothing: the one measured (gpt-5-nano) was under by 2. A Responses request's
 * `"required"` (any tool) costs the same; Chat's costs nothing (rig's recorded requests).
 */
export const FORCED_FUNCTION_TOKENS = 9

/**
 * What a Responses API request's tools section costs besides its rendered namespace, with or
 * without instructions: measured, not published (docs/tokens.md, "Tool schemas on the Responses
 * API"). The GPT-4 class 3 less than the text (11 recorded gpt-4.1 requests of two projects, every
 * one exact), the o-series (and codex-mini) nothing (28 requests, 0 to 1 under), GPT-5 and gpt-oss
 * 3 more (14 requests, 2 to 5 more): no 83-token tools prompt as on Chat Completions, and no system
 * message of its own for a request without instructions.
 */
export const RESPONSES_TOOLS_SECTION_TOKENS = {
  chat: -3,
  harmony: 0,
  harmonyToolsPrompt: 3,
} as const

/** Whether a model's tools come with GPT-5's harmony tools prompt (HARMONY_TOOLS_PROMPT_TOKENS). */
const hasHarmonyToolsPrompt = (model: string) =>
  isHarmonyModel(model) && /^(?:gpt-5|gpt-oss)/.test(model.slice(model.lastIndexOf('/') + 1))

/** How a model's Chat parts are priced. */
export interface ChatPartsRules {
  /** Harmony's tool call and result costs (o-series, GPT-5) rather than Chat's. */
  harmony: boolean
  /** GPT-5's tools prompt rather than the Chat tools section's. */
  harmonyToolsPrompt: boolean
  /** Added when a message carries a `name`. */
  perName: number
  /**
   * Whether a tool result's `name` is billed (its tokens and perName): on the cl100k_base models
   * (GPT-3.5 Turbo, GPT-4, GPT-4 Turbo), and not on GPT-4o and later (docs/tokens.md).
   */
  resultNames: boolean
  /**
   * Whether the request is sent to the Responses API: its function tools are flat
   * (`{type: "function", name, description, parameters}`), its tools section costs
   * RESPONSES_TOOLS_SECTION_TOKENS, and neither section comes in a system message of its own.
   */
  responses: boolean
}

/** A call's arguments as a model reads them: the string sent, or the object's compact JSON. */
const argumentsText = (call: ToolCall): string =>
  (typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments)) ?? ''

/**
 * The tokens of tool calls as a model reads them: each function's name and its arguments' text
 * (the string that was sent, or the object's compact JSON), and neither the call id nor the JSON
 * the payload wraps them in. OpenAI's harmony and Gemini's function calls are both read so.
 */
export function toolCallTokens(calls: readonly ToolCall[], tokenizer: Tokenizer): number {
  let tokens = 0
  for (const call of calls)
    tokens += tokenizer.count(call.name) + tokenizer.count(argumentsText(call))
  return tokens
}

/**
 * The tool an assistant message of two or more tool calls is rendered as a call of: OpenAI places
 * a `multi_tool_use` namespace beside `functions`, whose `parallel` takes the calls as
 * `{"tool_uses":[{"recipient_name":"functions.NAME","parameters":ARGS}, …]}`. Measured on 26
 * recorded requests with such a message in their history (docs/tokens.md, "Wire overhead").
 */
const PARALLEL_TOOL = 'multi_tool_use.parallel'

/** The wrapper's arguments: each call's recipient and its arguments, as a single call's are priced. */
function parallelArguments(calls: readonly ToolCall[]): string {
  const uses = calls.map(
    (call) =>
      `{"recipient_name":${JSON.stringify(`functions.${call.name}`)},"parameters":${argumentsText(call) || '{}'}}`,
  )
  return `{"tool_uses":[${uses.join(',')}]}`
}

/**
 * The rules for a model, with its wire's cost of a name, the vocabulary it is counted in, and
 * whether the request goes to the Responses API.
 */
export function chatPartsRules(
  model: string,
  perName: number,
  encoding: CountingEncoding,
  responses = false,
): ChatPartsRules {
  return {
    harmony: isHarmonyModel(model),
    harmonyToolsPrompt: hasHarmonyToolsPrompt(model),
    perName,
    resultNames: encoding === 'cl100k_base',
    responses,
  }
}

/**
 * A Responses function tool (`{type: "function", name, description, parameters, strict}`) in Chat
 * Completions' shape, nested under `function`, which the namespace is rendered from. The API reads
 * the flat fields only: a tool that also nests a `function` of its own is rendered by its flat
 * ones (docs/tokens.md, "Tool schemas on the Responses API"). Any other tool is left as it is.
 */
function asChatTool(tool: unknown): unknown {
  if (!isObject(tool) || tool.type !== 'function' || typeof tool.name !== 'string') return tool
  const { name, description, parameters } = tool
  return { type: 'function', function: { name, description, parameters } }
}

/** Which of RESPONSES_TOOLS_SECTION_TOKENS a model's tools section costs. */
const responsesKind = (rules: ChatPartsRules): keyof typeof RESPONSES_TOOLS_SECTION_TOKENS =>
  rules.harmonyToolsPrompt ? 'harmonyToolsPrompt' : rules.harmony ? 'harmony' : 'chat'

/** The parts a Chat payload may hold that have a rule of their own. */
export const mayHoldChatParts = (payload: string): boolean =>
  payload.startsWith('{"name":') ||
  payload.startsWith('{"tool_calls":') ||
  payload.startsWith('{"content":"') ||
  payload.includes('"tools":[') ||
  payload.includes('"response_format":') ||
  payload.includes('"tool_choice":')

/** What the rule-priced parts cost, and the parts left to price as text. */
export interface ChatPartsPrice {
  /** Tokens in the counting vocabulary (the family's factor applies). */
  vocabulary: number
  /** Fixed tokens of framing (no factor). */
  fixed: number
  rest: PayloadParts
}

/**
 * Prices the Chat parts of a payload: `name` (its tokens, +perName), tool schemas (the namespace
 * OpenAI renders them as, plus GPT-5's tools prompt or the Chat tools section's cost, and a system
 * message's framing unless the request has one: `besideSystem`), `response_format` (harmony's
 * "# Response Formats" section), a forced function (FORCED_FUNCTION_TOKENS), tool calls (name +
 * arguments + TOOL_CALL_TOKENS; two or more as one call of OpenAI's parallel wrapper, but not on
 * the Responses API) and a tool result's text (+TOOL_RESULT_TOKENS; the `content` part is only
 * ever a tool result's).
 */
export function priceChatParts(
  parts: PayloadParts,
  tokenizer: Tokenizer,
  rules: ChatPartsRules,
  besideSystem = false,
): ChatPartsPrice {
  const rest: PayloadParts = { ...parts }
  let vocabulary = 0
  let fixed = 0
  const kind = rules.harmony ? 'harmony' : 'chat'
  if (parts.name !== undefined) {
    // A tool result's name costs nothing on GPT-4o and later: recorded requests bill none.
    if (parts.content === undefined || rules.resultNames) {
      vocabulary += tokenizer.count(parts.name)
      fixed += rules.perName
    }
    delete rest.name
  }
  const rendered = parts.tools?.length
    ? renderToolsNamespace(
        rules.responses ? parts.tools.map(asChatTool) : parts.tools,
        rules.harmony,
      )
    : undefined
  if (parts.tools?.length === 0) delete rest.tools
  if (rendered) {
    vocabulary += tokenizer.count(rendered)
    if (rules.responses) fixed += RESPONSES_TOOLS_SECTION_TOKENS[responsesKind(rules)]
    else if (rules.harmonyToolsPrompt) fixed += HARMONY_TOOLS_PROMPT_TOKENS
    else fixed += CHAT_TOOLS_SECTION_TOKENS + (besideSystem ? 0 : TOOLS_SYSTEM_MESSAGE_TOKENS)
    delete rest.tools
  }
  if (parts.response_format !== undefined) {
    const format = renderResponseFormat(parts.response_format)
    if (format !== undefined) {
      vocabulary += tokenizer.count(format)
      // Alone, with neither a system message nor tools to join, it comes in a message of its own.
      // Not on the Responses API, which sends it in no message of its own.
      if (!rendered && !besideSystem && !rules.harmonyToolsPrompt && !rules.responses) {
        fixed += FORMAT_SYSTEM_MESSAGE_TOKENS
      }
    }
    delete rest.response_format
  }
  if (parts.tool_choice !== undefined) {
    // Any tool (`"required"`) costs as much on the Responses API, and nothing on Chat's.
    const billed = rules.responses || parts.tool_choice !== 'required'
    if (!rules.harmony && billed) fixed += FORCED_FUNCTION_TOKENS
    delete rest.tool_choice
  }
  if (parts.tool_calls) {
    const calls = parts.tool_calls
    // On the Responses API each call is an item of its own, priced on its own (docs/tokens.md).
    if (calls.length >= 2 && !rules.responses) {
      // Parallel calls are one call of OpenAI's own wrapper tool, its arguments the list of them.
      vocabulary += tokenizer.count(PARALLEL_TOOL) + tokenizer.count(parallelArguments(calls))
      fixed += TOOL_CALL_TOKENS[kind]
    } else {
      vocabulary += toolCallTokens(calls, tokenizer)
      fixed += TOOL_CALL_TOKENS[kind] * calls.length
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
