import { HARMONY_REPLY_PRIMING_TOKENS, isHarmonyModel } from './harmony'

/**
 * The wire format a conversation is sent in, and what that format costs outside the messages' own
 * text. Every figure is cited in docs/tokens.md ("Wire overhead").
 */

/** The wire format a conversation is sent in: it decides each message's framing cost. */
export type Wire = 'native' | 'openai-chat' | 'openai-responses' | 'anthropic' | 'gemini'

/**
 * The native wire's fixed cost of one message, in tokens: OpenAI's chat framing of three tokens plus
 * one for the role, the package's rule since the seed.
 */
export const MESSAGE_OVERHEAD_TOKENS = 4

/** Every wire, in the order docs and pickers list them. */
export const WIRES: readonly Wire[] = [
  'native',
  'openai-chat',
  'openai-responses',
  'anthropic',
  'gemini',
]

/** What a wire costs besides the text, in tokens of the counting vocabulary. */
export interface WireFraming {
  /** The fixed cost of one message: its delimiters, and its role (one token for every role). */
  perMessage: number
  /** Added when a message carries a `name` (OpenAI Chat only). */
  perName: number
  /** Once per request: the reply's priming. */
  perRequest: number
  /** Whether the payload's parts are priced by the wire's rules (name, tool schemas, opaque parts). */
  pricesParts: boolean
}

/**
 * The framing of each wire. OpenAI Chat: the cookbook's 3 per message, plus the role's one token,
 * +1 for a name, +3 to prime the reply. Responses: the same message rendering (the harmony format).
 * Anthropic and Gemini publish no framing: 0, and the calibration factor absorbs it. Native: the
 * package's own rule since the seed, 4 per message and nothing per request.
 */
export const WIRE_FRAMING: Readonly<Record<Wire, WireFraming>> = {
  native: { perMessage: MESSAGE_OVERHEAD_TOKENS, perName: 0, perRequest: 0, pricesParts: false },
  'openai-chat': { perMessage: 3 + 1, perName: 1, perRequest: 3, pricesParts: true },
  'openai-responses': { perMessage: 3 + 1, perName: 0, perRequest: 3, pricesParts: true },
  anthropic: { perMessage: 0, perName: 0, perRequest: 0, pricesParts: true },
  gemini: { perMessage: 0, perName: 0, perRequest: 0, pricesParts: true },
}

/**
 * OpenAI's search models on Chat Completions (`gpt-4o-search-preview`, `gpt-4o-mini-search-preview`)
 * bill a prompt as its messages' text alone: two recorded requests (a system and a user message)
 * reported 11 and 12 tokens, exactly their texts' tokens, where the cookbook's framing adds 11.
 * Measured, not published (docs/tokens.md, "Wire overhead").
 */
const SEARCH_MODEL = /-search-preview\b/
const UNFRAMED: WireFraming = { perMessage: 0, perName: 0, perRequest: 0, pricesParts: true }

/**
 * The framing of a model's requests on a wire: the wire's own, but for the models that differ. A
 * harmony model (o-series, GPT-5) primes its reply with `<|start|>assistant` alone, 2 tokens where
 * OpenAI's wires count 3 (docs/tokens.md, "Wire overhead").
 */
export function wireFramingOf(wire: Wire, model: string): WireFraming {
  if (wire === 'openai-chat' && SEARCH_MODEL.test(model.toLowerCase())) return UNFRAMED
  const framing = WIRE_FRAMING[wire]
  return framing.perRequest > 0 && isHarmonyModel(model)
    ? { ...framing, perRequest: HARMONY_REPLY_PRIMING_TOKENS }
    : framing
}

/** Whether a string names a wire (for validating options). */
export function isWire(value: unknown): value is Wire {
  return typeof value === 'string' && (WIRES as readonly string[]).includes(value)
}
