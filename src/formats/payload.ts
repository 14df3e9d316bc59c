import { excessNesting } from '../json-depth'
import type { Message } from '../types'
import { isObject } from './json-shape'

/** One tool call, the same whichever provider it came from. */
export interface ToolCall {
  /** The provider's call id (`call_…`, `toolu_…`); absent only for legacy function calls. */
  id?: string
  name: string
  /** A JSON object when the source's arguments are one; otherwise the raw string that was sent. */
  arguments: unknown
}

/**
 * What a message carries outside its text, by part. One shape for every provider, so a tool call
 * read from Anthropic and one read from OpenAI render (and are priced) the same way, and an export
 * can rebuild the provider's structure from the payload alone.
 */
export interface PayloadParts {
  /** OpenAI's `name` on a message: a participant or tool name. */
  name?: string
  /** A bot message's tool calls, in order. */
  tool_calls?: ToolCall[]
  /** A tool result: its text, or its blocks verbatim when they hold more than text. */
  content?: string | unknown[]
  /** Set only when true: the tool reported an error. */
  is_error?: boolean
  /** Images, files and other non-text parts, verbatim as the source had them. */
  attachments?: unknown[]
  /** An Anthropic thinking block's signature: Anthropic rejects a thinking block sent without it. */
  signature?: string
  /** An Anthropic redacted_thinking block's encrypted data. */
  data?: string
  /** An OpenAI Responses reasoning item's encrypted content. */
  encrypted_content?: string
  /**
   * What the provider reported that reasoning cost: the `reasoning_output_tokens` of the reply it
   * belongs to (a Codex `token_count` event), or a Gemini CLI reply's `tokens.thoughts`, read by
   * the import. Not sent; it prices the thinking while it is kept in context (docs/tokens.md,
   * "Opaque content").
   */
  reasoning_tokens?: number
  /**
   * A Claude thinking block the file holds only the signature of: the `output_tokens` its reply
   * reported. Not sent; the thinking costs that less the reply's visible parts while it is kept in
   * context (docs/tokens.md, "Opaque content").
   */
  output_tokens?: number
  /**
   * Set only when true, beside `output_tokens`: the reply's last line was written before the reply
   * ended (it has no `stop_reason`), so `output_tokens` is the count the stream began with, not the
   * reply's. Not sent; the thinking is then priced by the size of the reply's signatures
   * (docs/tokens.md, "Thinking whose reported output is not final").
   */
  output_unfinished?: true
  /** Tool definitions, verbatim in the source's shape: they are sent, and cost tokens, every turn. */
  tools?: unknown[]
  /** A Chat Completions request's `response_format` (structured output), verbatim: it is sent, and costs tokens, every turn. */
  response_format?: unknown
  /**
   * A request's `tool_choice` when it forces a tool call (a Chat Completions
   * `{type: "function", function: {name}}`, a Responses `"required"`, an Anthropic
   * `{type: "tool", name}` or `{type: "any"}`: forcedChoiceOf), verbatim: the prompt then holds
   * more, or other (docs/tokens.md, "Wire overhead"). Other choices are request settings, not
   * kept.
   */
  tool_choice?: unknown
  /** A Responses input item of a type with no mapping, verbatim. */
  item?: unknown
  /**
   * Wording the agent sent with this message that its log does not hold, by what it is and its
   * size: a Claude Code attachment written as its fields alone. Never written on export; priced as
   * that many tokens of text, at the family's factor (docs/tokens.md, "Wording not in the log").
   */
  unwritten?: UnwrittenWording
}

/** What wording a log leaves out (`what`), and its size in o200k_base tokens. */
export interface UnwrittenWording {
  what: string
  tokens: number
}

type PartKey = keyof PayloadParts

const CHECKS: Record<PartKey, (v: unknown) => boolean> = {
  name: (v) => typeof v === 'string',
  tool_calls: (v) => Array.isArray(v) && v.every(isToolCall),
  content: (v) => typeof v === 'string' || Array.isArray(v),
  is_error: (v) => v === true,
  attachments: Array.isArray,
  signature: (v) => typeof v === 'string',
  data: (v) => typeof v === 'string',
  encrypted_content: (v) => typeof v === 'string',
  reasoning_tokens: (v) => typeof v === 'number' && Number.isInteger(v) && v >= 0,
  output_tokens: (v) => typeof v === 'number' && Number.isInteger(v) && v >= 0,
  output_unfinished: (v) => v === true,
  tools: Array.isArray,
  response_format: isObject,
  tool_choice: (v) => isObject(v) || v === 'required',
  item: (v) => v !== undefined,
  unwritten: (v) =>
    isObject(v) &&
    typeof v.what === 'string' &&
    typeof v.tokens === 'number' &&
    Number.isInteger(v.tokens) &&
    v.tokens >= 0 &&
    Object.keys(v).length === 2,
}

function isToolCall(v: unknown): boolean {
  if (!isObject(v) || typeof v.name !== 'string' || !('arguments' in v)) return false
  if (v.id !== undefined && typeof v.id !== 'string') return false
  return Object.keys(v).every((k) => k === 'id' || k === 'name' || k === 'arguments')
}

// Built whole rather than spread: this runs for every tool call imported.
const callInOrder = (c: ToolCall): ToolCall =>
  c.id !== undefined
    ? { id: c.id, name: c.name, arguments: c.arguments }
    : { name: c.name, arguments: c.arguments }

/**
 * The parts in their rendering order: fixed, so the same parts always render to the same string.
 * Each part is read by name, here and in partCount, rather than in a loop over a list of keys:
 * this runs for every message imported, and a read by a key that changes from one step to the
 * next is a generic lookup, where a read by name is a cached one (2% of a Codex import).
 */
function render(p: PayloadParts): string {
  const o: Record<string, unknown> = {}
  if (p.name !== undefined) o.name = p.name
  if (p.tool_calls !== undefined) o.tool_calls = p.tool_calls.map(callInOrder)
  if (p.content !== undefined) o.content = p.content
  if (p.is_error !== undefined) o.is_error = p.is_error
  if (p.attachments !== undefined) o.attachments = p.attachments
  if (p.signature !== undefined) o.signature = p.signature
  if (p.data !== undefined) o.data = p.data
  if (p.encrypted_content !== undefined) o.encrypted_content = p.encrypted_content
  if (p.reasoning_tokens !== undefined) o.reasoning_tokens = p.reasoning_tokens
  // Before output_tokens, which stays last: the pricing reads a thinking block's report off the
  // payload's end.
  if (p.output_unfinished !== undefined) o.output_unfinished = p.output_unfinished
  if (p.output_tokens !== undefined) o.output_tokens = p.output_tokens
  if (p.tools !== undefined) o.tools = p.tools
  if (p.response_format !== undefined) o.response_format = p.response_format
  if (p.tool_choice !== undefined) o.tool_choice = p.tool_choice
  if (p.item !== undefined) o.item = p.item
  if (p.unwritten !== undefined)
    o.unwritten = { what: p.unwritten.what, tokens: p.unwritten.tokens }
  return JSON.stringify(o)
}

/** How many of the parts render knows are present (not undefined). */
function partCount(p: PayloadParts): number {
  let n = 0
  if (p.name !== undefined) n++
  if (p.tool_calls !== undefined) n++
  if (p.content !== undefined) n++
  if (p.is_error !== undefined) n++
  if (p.attachments !== undefined) n++
  if (p.signature !== undefined) n++
  if (p.data !== undefined) n++
  if (p.encrypted_content !== undefined) n++
  if (p.reasoning_tokens !== undefined) n++
  if (p.output_unfinished !== undefined) n++
  if (p.output_tokens !== undefined) n++
  if (p.tools !== undefined) n++
  if (p.response_format !== undefined) n++
  if (p.tool_choice !== undefined) n++
  if (p.item !== undefined) n++
  if (p.unwritten !== undefined) n++
  return n
}

/**
 * A thinking block's opaque parts, which an agent's log keeps beside the thinking's text: OpenAI's
 * encrypted reasoning (`encrypted_content`), else Anthropic's, which is a signature beside text and
 * redacted thinking (`data`) without any. Kept for export and priced by their rule, never as text.
 */
export function opaqueThinking(
  text: string,
  opaque: { openai?: string; anthropic?: string },
): PayloadParts {
  if (opaque.openai) return { encrypted_content: opaque.openai }
  if (opaque.anthropic)
    return text === '' ? { data: opaque.anthropic } : { signature: opaque.anthropic }
  return {}
}

/**
 * Renders parts as a payload: deterministic compact JSON, except that a tool result that is only
 * text is the text itself, since that is what the model reads. Empty parts give no payload.
 */
export function encodePayload(parts: PayloadParts): string | undefined {
  const present = partCount(parts)
  if (present === 0) return undefined
  const { content } = parts
  if (present === 1 && typeof content === 'string') {
    // A result that itself reads as structured parts is wrapped, so decoding gives it back as is.
    return decodePayload(content) === undefined ? content : render(parts)
  }
  return render(parts)
}

/**
 * The parts of a payload this module rendered, or undefined for any other payload (free text, a
 * tool result's own JSON). Exact: only a string encodePayload would produce decodes.
 */
export function decodePayload(payload: string | undefined): PayloadParts | undefined {
  if (payload === undefined || !startsWithPartKey(payload)) return undefined
  // Rendering it again would recurse past the stack; a payload this module wrote is never so deep.
  if (excessNesting(payload)) return undefined
  let value: unknown
  try {
    value = JSON.parse(payload)
  } catch {
    return undefined
  }
  if (!isObject(value)) return undefined
  const keys = Object.keys(value)
  if (keys.length === 0) return undefined
  for (const key of keys) {
    const check = CHECKS[key as PartKey]
    if (!check || !check(value[key])) return undefined
  }
  const parts = value as PayloadParts
  return render(parts) === payload ? parts : undefined
}

/**
 * Whether the text opens as render's output does, `{"` and a part's key: what fails this cannot
 * decode, and most tool results (free text, a tool's own JSON) are turned away without a parse.
 */
function startsWithPartKey(text: string): boolean {
  if (text.charCodeAt(0) !== 0x7b || text.charCodeAt(1) !== 0x22) return false
  const end = text.indexOf('"', 2)
  return end > 2 && text.charCodeAt(end + 1) === 0x3a && Object.hasOwn(CHECKS, text.slice(2, end))
}

/**
 * The parts of a message's payload as an exporter needs them: decoded when this module rendered it;
 * for an activity, any other payload is the tool result's text; otherwise it is `unknown` text.
 */
export function readPayload(
  type: string,
  payload: string | undefined,
): PayloadParts & { unknown?: string } {
  if (payload === undefined || payload === '') return {}
  const parts = decodePayload(payload)
  if (parts) return parts
  return type === 'activity' ? { content: payload } : { unknown: payload }
}

/**
 * A tool result (an activity) with its content replaced by what was sent in its place, its
 * error flag kept: a preview Claude Code sent, an output Codex cut.
 */
export function withResultContent(m: Message, content: string | unknown[]): Message {
  const { is_error } = readPayload(m.type, m.payload)
  const payload = encodePayload({ content, is_error })
  const id = m.id !== undefined ? { id: m.id } : {}
  return payload
    ? { ...id, type: m.type, text: m.text, payload }
    : { ...id, type: m.type, text: m.text }
}

/** The instructions message that carries a request's tool definitions: sent every turn, never summarised. */
export function toolsMessage(
  tools: unknown[],
  responseFormat?: unknown,
  toolChoice?: unknown,
): Message {
  const parts: PayloadParts = tools.length > 0 ? { tools } : {}
  if (responseFormat !== undefined) parts.response_format = responseFormat
  if (toolChoice !== undefined) parts.tool_choice = toolChoice
  return { type: 'instructions', text: '', payload: encodePayload(parts) }
}
