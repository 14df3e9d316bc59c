import { decodePayload, encodePayload } from '../formats/payload'
import { countingSpecOf } from '../options'
import { tokenizerFor, type Tokenizer } from '../tokens'
import type { Message } from '../types'
import {
  ANTHROPIC_FORCED_TOOL_USE_PROMPT_TOKENS,
  ANTHROPIC_TOOL_USE_PROMPT_TOKENS,
  CALIBRATED_MESSAGE_TOKENS,
  type Calibration,
} from './calibration'
import {
  describeCounting,
  type CountingEncoding,
  type CountingMethod,
  type ModelFamily,
} from './families'
import { isOpenEncoding, tokenizerForOpen } from './open-vocabularies'
import {
  isUnfinishedOutput,
  pricePayload,
  retainsEarlierThinking,
  signatureChars,
  signatureTokens,
  SIGNATURE_FIXED_CHARS,
  unfinishedThinking,
  type PayloadPricingContext,
} from './opaque'
import { chatPartsRules, mayHoldChatParts, priceChatParts } from './chat-parts'
import { mayHoldGeminiCalls, priceGeminiParts } from './gemini-parts'
import { withExtraTokens } from './extra-tokens'
import { hanExtra } from './han-characters'
import { sendsThinking, type EarlierThinking } from './thinking-retention'
import { wireFramingOf, type Wire, type WireFraming } from './wire'

/** What a count is for: the model, and the wire format its conversation is sent in. */
export interface CountingSpec {
  model: string
  /** Default 'native'. */
  wire?: Wire
  /** Whose rule keeps earlier turns' thinking (thinking-retention.ts); default 'model'. */
  thinking?: EarlierThinking
}

/** A spec, or a bare model name, which means wire 'native'. */
export type SpecLike = CountingSpec | string

/** The spec with its default filled in (countingSpecOf's). */
export function toSpec(spec: SpecLike): Required<CountingSpec> {
  return countingSpecOf(typeof spec === 'string' ? { model: spec } : spec)
}

/** The part of a message its cost depends on, and whether it is thinking from an earlier turn. */
export type PricedMessage = Pick<Message, 'text' | 'payload'> & {
  /** Its type: a tool result (`activity`) takes the family's factor for tool results. */
  type?: Message['type']
  /** A reasoning message before the current turn: priced by the model's retention rule. */
  earlierThinking?: boolean
  /** A request's tool schemas where the request has a system message for them to join (Chat). */
  besideSystem?: boolean
  /**
   * The visible part of the reply a thinking block with `output_tokens` belongs to (its text and
   * tool calls): the thinking block costs the reported output less this message's cost.
   */
  reply?: Pick<Message, 'text' | 'payload'>
  /**
   * The characters of the signatures of the reply's thinking, this block's and the reply's
   * thinking blocks before it: what prices the thinking where the reply's reported output is a
   * count from before the reply ended. A number, not a function to read it later: a counting
   * worker receives its slice structured-cloned, and a function cannot be cloned.
   */
  replySignatureChars?: number
  /** How many signatures `replySignatureChars` adds up: each has a part that is not thinking. */
  replySignatures?: number
}

/** The text a message is priced on under the native rule: its text, then its payload. */
export function pricedText(message: Pick<Message, 'text' | 'payload'>): string {
  return message.payload ? message.text + message.payload : message.text
}

/** The tokenizer of any counting vocabulary: OpenAI's, or an open model's own. */
export function tokenizerForEncoding(encoding: CountingEncoding): Tokenizer {
  return isOpenEncoding(encoding) ? tokenizerForOpen(encoding) : tokenizerFor(encoding)
}

/** A spec worked out once: how to count, and each message's cost by its wire's rules. */
export interface Pricing {
  spec: Required<CountingSpec>
  counting: CountingMethod
  framing: WireFraming
  tokenizer: Tokenizer
  /** THE cost of one message (see messageCost). */
  cost(message: PricedMessage): number
  /** A text's tokens in the model's family: the vocabulary's count, times the family's factor. */
  textTokens(vocabularyTokens: number): number
  /** What a message of only text costs, from its vocabulary count: cost({ text }) without the text. */
  textOnlyCost(vocabularyTokens: number): number
}

const pricings = new Map<string, Pricing>()

/** The pricing of a spec, built once per model and wire (with the given tokenizer, if any). */
export function pricingFor(specLike: SpecLike, tokenizer?: Tokenizer): Pricing {
  const spec = toSpec(specLike)
  if (tokenizer) return buildPricing(spec, tokenizer)
  const key = `${spec.wire}\u0000${spec.model}\u0000${spec.thinking}`
  let pricing = pricings.get(key)
  if (!pricing) {
    const counting = describeCounting(spec.model, spec.wire)
    pricing = buildPricing(spec, tokenizerForEncoding(counting.encoding))
    if (pricings.size > 64) pricings.clear()
    pricings.set(key, pricing)
  }
  return pricing
}

function buildPricing(spec: Required<CountingSpec>, base: Tokenizer): Pricing {
  const counting = describeCounting(spec.model, spec.wire)
  // A family that splits Han characters finer than its vocabulary: every text counted adds them.
  const tokenizer = withExtraTokens(base, hanExtra(counting.hanTokens, counting.hangulTokens))
  const framing = wireFramingOf(spec.wire, spec.model)
  const { factor, resultFactor } = counting
  const scaled = factor === 1 ? (n: number) => n : (n: number) => Math.round(n * factor)
  const perMessage = framing.perMessage
  const calibrated = calibratedMessageTokens(framing, counting)
  // Anthropic adds a system prompt of its own to a request that offers tools (docs/tokens.md).
  const anthropic = spec.wire === 'anthropic'
  const toolUsePrompt = anthropic ? ANTHROPIC_TOOL_USE_PROMPT_TOKENS : 0
  const shared = {
    spec,
    counting,
    framing,
    tokenizer,
    textTokens: scaled,
    textOnlyCost: (n: number) => scaled(n + calibrated) + perMessage,
  }
  if (!framing.pricesParts) {
    // The native rule: text and payload as one text, plus the fixed framing. No parsing here.
    const cost = (m: PricedMessage) => scaled(tokenizer.count(pricedText(m))) + perMessage
    return { ...shared, cost }
  }
  const current = payloadContext(spec, false)
  const earlier = payloadContext(spec, true)
  const chat = spec.wire === 'openai-chat'
  const responses = spec.wire === 'openai-responses'
  const gemini = spec.wire === 'gemini'
  const rules = chatPartsRules(spec.model, framing.perName, counting.encoding, responses)
  const cost = (m: PricedMessage): number => {
    const ctx = m.earlierThinking ? earlier : current
    if (!ctx.retained) {
      // Dropped from the context: the thinking's text costs nothing; its payload what the rule says.
      return m.payload ? pricePayload(m.payload, ctx).opaqueTokens : 0
    }
    let vocabulary = 0
    let payload = m.payload
    // The request's tool schemas, read into a message of their own: not a message on the wire,
    // but where the provider adds a tool-use prompt to the request, it goes with them.
    const schemas = m.text === '' && isRequestSchemas(payload)
    // An assistant item with no content: the Responses API bills nothing for it (docs/tokens.md).
    if (responses && m.type === 'bot' && m.text === '' && !payload) return 0
    let fixed = schemas ? toolUsePrompt : perMessage
    if (schemas && anthropic && payload?.includes('"tool_choice":')) {
      // A forced tool call: Anthropic's shorter tool-use prompt, which stands for the choice.
      const parts = decodePayload(payload)
      if (parts?.tool_choice !== undefined) {
        fixed = ANTHROPIC_FORCED_TOOL_USE_PROMPT_TOKENS
        payload = encodePayload({ ...parts, tool_choice: undefined })
      }
    }
    // The parts a wire prices by rule rather than as their JSON: Chat's, the tools and format of
    // a Responses request and, on the GPT-4 class, its calls (on GPT-5 and the o-series they are
    // priced as their JSON, which Codex's rollouts bear out: docs/tokens.md), and Gemini's calls.
    const chatParts = chat
      ? mayHoldChatParts(payload ?? '')
      : responses && (schemas || (!rules.harmony && (payload ?? '').startsWith('{"tool_calls":')))
    if (payload && (chatParts || (gemini && mayHoldGeminiCalls(payload)))) {
      const parts = decodePayload(payload)
      if (parts) {
        const priced = chatParts
          ? priceChatParts(parts, tokenizer, rules, m.besideSystem)
          : priceGeminiParts(parts, tokenizer)
        vocabulary += priced.vocabulary
        fixed += priced.fixed
        payload = encodePayload(priced.rest)
      }
    }
    let opaque = 0
    let text = m.text
    if (payload) {
      const priced = pricePayload(payload, ctx)
      // A reasoning item priced by its reported tokens: its summary is not billed on top.
      if (priced.coversText) text = ''
      text += priced.text
      opaque = priced.opaqueTokens
      // Wording the log does not hold, by its size: text, at the family's factor.
      if (priced.unwrittenTokens !== undefined) vocabulary += priced.unwrittenTokens
      if (priced.replyOutput !== undefined) {
        // A reply's thinking, of which the file holds a summary or only the signature. The reply's
        // reported output is the whole reply as the model wrote it, each block with its framing;
        // the visible blocks are priced as the bot message after it, framing and all, and the
        // thinking block is the rest, its text (a summary) not counted: its own framing is in the
        // output, not beside it (docs/tokens.md).
        const visible = m.reply ? cost(m.reply) : 0
        // A summary is never longer than the thinking it summarises: its own tokens are a floor.
        const summary = m.text === '' ? 0 : scaled(tokenizer.count(m.text))
        // A report from before the reply ended is no measure of it: the thinking is then priced
        // by its text, or by the size of the reply's signatures, which carry it.
        if (isUnfinishedOutput(priced.replyOutput, priced.outputUnfinished === true, visible)) {
          const chars = m.replySignatureChars ?? 0
          const signed = scaled(signatureTokens(chars))
          const fixed = (m.replySignatures ?? 0) * SIGNATURE_FIXED_CHARS
          const carried = scaled(signatureTokens(Math.max(0, chars - fixed)))
          return opaque + unfinishedThinking(summary, signed, carried)
        }
        return opaque + Math.max(summary, priced.replyOutput - visible)
      }
    }
    vocabulary += tokenizer.count(text)
    if (m.type === 'activity' && resultFactor !== factor) {
      // A tool result's text at its own factor; the per-message tokens at the family's.
      return Math.round(resultFactor * vocabulary + factor * calibrated) + fixed + opaque
    }
    return scaled(vocabulary + (schemas ? 0 : calibrated)) + fixed + opaque
  }
  return { ...shared, cost }
}

const isCalibratedFamily = (family: ModelFamily): family is Calibration['family'] =>
  family === 'anthropic' || family === 'google'

// The message the import reads a request's tool schemas and structured-output format into.
const isRequestSchemas = (payload: string | undefined) =>
  payload !== undefined &&
  (payload.startsWith('{"tools":') || payload.startsWith('{"response_format":'))

/**
 * THE cost of one message, in tokens, everywhere: its text and payload by the spec's wire and the
 * model's family (see docs/tokens.md). `earlierThinking` marks a reasoning message of an earlier
 * turn, priced by the model's retention rule; countEachMessage works it out itself.
 */
export function messageCost(
  spec: SpecLike,
  message: Pick<Message, 'text' | 'payload'>,
  tokenizer?: Tokenizer,
  earlierThinking = false,
): number {
  const m = earlierThinking
    ? { text: message.text, payload: message.payload, earlierThinking }
    : message
  return pricingFor(spec, tokenizer).cost(m)
}

// A calibrated family's factor was measured with its own tokens a message, counted before the
// factor (calibration.ts); on the native wire nothing is calibrated (the seed's rule holds).
function calibratedMessageTokens(framing: WireFraming, counting: CountingMethod): number {
  return framing.pricesParts && counting.factor !== 1 && isCalibratedFamily(counting.family)
    ? CALIBRATED_MESSAGE_TOKENS[counting.family]
    : 0
}

/**
 * What framing a message costs besides its text, as messageCost prices it: `fixed` tokens added
 * as they are, and `calibrated` tokens counted with the text and multiplied by the family's
 * `factor` (a calibrated family's framing, measured with its factor). The surfaces that state the
 * framing read it here.
 */
export function messageFraming(spec: SpecLike): {
  fixed: number
  calibrated: number
  factor: number
} {
  const { wire, model } = toSpec(spec)
  const framing = wireFramingOf(wire, model)
  const counting = describeCounting(model, wire)
  return {
    fixed: framing.perMessage,
    calibrated: calibratedMessageTokens(framing, counting),
    factor: counting.factor,
  }
}

/**
 * The fixed cost of one request besides its messages: the reply's priming on OpenAI's wires
 * (`<|start|>assistant<|message|>`, 3; a harmony model's `<|start|>assistant`, 2); 0 native.
 */
export function requestOverhead(spec: SpecLike): number {
  const { wire, model } = toSpec(spec)
  return wireFramingOf(wire, model).perRequest
}

/** A message as far as its place is concerned: its type, where the caller has it. */
type Typed = { type?: Message['type'] }
type Placed = Pick<Message, 'text' | 'payload'> & Typed

const turnStarts = new WeakMap<readonly Typed[], number>()

/**
 * Where the current turn begins: the last user message that is not a tool result (tool results are
 * `activity`), or 0. Reasoning before it is an earlier turn's thinking. Remembered per array.
 */
export function currentTurnStart(messages: readonly Typed[]): number {
  let start = turnStarts.get(messages)
  if (start === undefined) {
    start = 0
    for (let i = messages.length - 1; i >= 0; i--) {
      if (messages[i].type === 'user') {
        start = i
        break
      }
    }
    turnStarts.set(messages, start)
  }
  return start
}

/**
 * What a message's payload is priced in: the wire, the model's family, and whether its thinking is
 * still in the request's context (an earlier turn's, by the model's retention rule). One rule for
 * the cost and for the app's words beside each opaque part.
 */
export function payloadContext(
  spec: Required<CountingSpec>,
  earlierThinking: boolean,
  replyVisible?: number,
): PayloadPricingContext {
  return {
    wire: spec.wire,
    model: spec.model,
    family: describeCounting(spec.model, spec.wire).family,
    retained: !earlierThinking || retainsEarlierThinking(spec),
    ...(replyVisible !== undefined ? { replyVisible } : {}),
  }
}

const systemMessages = new WeakMap<readonly Placed[], boolean>()

/**
 * Whether a conversation holds a system (or developer) message, which a Chat request's tool
 * schemas join rather than coming in a system message of their own: an instructions message with
 * text (the schemas' own message has none). Remembered per array.
 */
export function hasSystemMessage(messages: readonly Placed[]): boolean {
  let found = systemMessages.get(messages)
  if (found === undefined) {
    found = messages.some((m) => m.type === 'instructions' && m.text !== '')
    systemMessages.set(messages, found)
  }
  return found
}

/**
 * Message `index` as a pricing's cost() takes it: with the flags its place in the conversation
 * sets off the native wire (an earlier turn's thinking; tool schemas beside a system message), or
 * the message itself when none applies. countEachMessage and the counting workers' slices both
 * read it, so a count is the same wherever it is made.
 */
export function pricedAt(
  spec: Required<CountingSpec>,
  messages: readonly Placed[],
  index: number,
): PricedMessage {
  const m = messages[index]
  if (spec.wire === 'native') return m
  if (m.type === 'reasoning')
    return asThinking(messages, index, isEarlierThinking(spec, messages, index))
  if (
    spec.wire === 'openai-chat' &&
    m.text === '' &&
    isRequestSchemas(m.payload) &&
    hasSystemMessage(messages)
  ) {
    return { text: m.text, payload: m.payload, besideSystem: true }
  }
  return m
}

/**
 * Reasoning message `index` as cost() takes it: an earlier turn's or not, with its reply beside it
 * where its price needs the reply (a thinking block with `output_tokens`); itself when neither.
 */
function asThinking(messages: readonly Placed[], index: number, earlier: boolean): PricedMessage {
  const m = messages[index]
  const reply = replyOf(messages, index)
  if (!earlier && !reply) return m
  return {
    text: m.text,
    payload: m.payload,
    ...(earlier ? { earlierThinking: true } : {}),
    // The signatures price the thinking where the report is from before the reply ended.
    ...(reply ? { reply, ...replySignatures(messages, index) } : {}),
  }
}

/** Whether a thinking block carries its reply's reported output (rendered last in its payload). */
const carriesReplyOutput = (payload: string | undefined) =>
  payload?.slice(-32).includes('"output_tokens":') === true

/**
 * The characters of the signatures of thinking block `index` and of the reasoning messages right
 * before it that carry no reported output of their own (the reply's other thinking blocks), and
 * how many signatures they are.
 */
function replySignatures(
  messages: readonly Placed[],
  index: number,
): { replySignatureChars: number; replySignatures: number } {
  let chars = 0
  let count = 0
  for (let j = index; j >= 0; j--) {
    const m = messages[j]
    if (j < index && (m.type !== 'reasoning' || carriesReplyOutput(m.payload))) break
    const own = signatureChars(m.payload)
    chars += own
    if (own > 0) count++
  }
  return { replySignatureChars: chars, replySignatures: count }
}

/**
 * The visible part of the reply a thinking block with its reply's `output_tokens` belongs to: the
 * bot message after it (past other thinking of the reply), with only its text and payload. The
 * part is rendered last in a thinking block's payload, so only its end is read.
 */
function replyOf(
  messages: readonly Placed[],
  index: number,
): Pick<Message, 'text' | 'payload'> | undefined {
  const j = replyIndexOf(messages, index)
  if (j === undefined) return undefined
  const next = messages[j]
  return next.payload ? { text: next.text, payload: next.payload } : { text: next.text }
}

/** Where the bot message replyOf reads is; undefined where the thinking has none. */
export function replyIndexOf(
  messages: readonly (Typed & Pick<Message, 'payload'>)[],
  index: number,
): number | undefined {
  if (!carriesReplyOutput(messages[index].payload)) return undefined
  for (let j = index + 1; j < messages.length; j++) {
    const type = messages[j].type
    if (type === 'reasoning') continue
    return type === 'bot' ? j : undefined
  }
  return undefined
}

/**
 * Whether message `index` is thinking from an earlier turn, which the wire's retention rule prices;
 * where the file's requests held no thinking at all (`thinking: 'dropped'`), every reasoning
 * message is, its own turn's too.
 */
export function isEarlierThinking(
  spec: Required<CountingSpec>,
  messages: readonly Typed[],
  index: number,
): boolean {
  return (
    spec.wire !== 'native' &&
    messages[index].type === 'reasoning' &&
    (index < currentTurnStart(messages) || !sendsThinking(spec))
  )
}

/** A message's token cost for the spec (a bare model name means the native wire). */
export function countMessageTokens(spec: SpecLike, message: Message): number {
  return messageCost(spec, message)
}

/**
 * Each message's token cost, in order: the counts a caller caches so re-tuning never re-counts.
 * With `kept`, the cost of every message priced as itself (not by its place: an earlier turn's
 * thinking, schemas beside a system message) is read from it, or added to it: a caller that asks
 * again as a followed file grows counts only the new messages and those priced by their place.
 */
export function countEachMessage(
  spec: SpecLike,
  messages: readonly Message[],
  kept?: WeakMap<Message, number>,
): number[] {
  const pricing = pricingFor(spec)
  const byPlace = pricing.framing.pricesParts
  return messages.map((m, i) => {
    const priced = byPlace ? pricedAt(pricing.spec, messages, i) : m
    if (!kept || priced !== m) return pricing.cost(priced)
    let cost = kept.get(m)
    if (cost === undefined) kept.set(m, (cost = pricing.cost(m)))
    return cost
  })
}

/** The sum of the per-message counts (without the request's own overhead). */
export function countMessagesTokens(spec: SpecLike, messages: readonly Message[]): number {
  let total = 0
  for (const c of countEachMessage(spec, messages)) total += c
  return total
}

/** What a text costs as one message of its own (a pasted summary, the summary prompt). */
export function textMessageCost(spec: SpecLike, text: string, tokenizer?: Tokenizer): number {
  return pricingFor(spec, tokenizer).cost({ text })
}

/** What a text costs in the spec's vocabulary, scaled by its family's factor, without framing. */
export function textCost(spec: SpecLike, text: string): number {
  const { counting, tokenizer } = pricingFor(spec)
  const tokens = tokenizer.count(text)
  return counting.factor === 1 ? tokens : Math.round(tokens * counting.factor)
}

/**
 * What the counts depend on, as one string: two specs with the same key give the same counts, so a
 * cache keyed by it survives switching between models that share a vocabulary and framing.
 */
export function countingKey(spec: SpecLike): string {
  const s = toSpec(spec)
  const { encoding, factor } = describeCounting(s.model, s.wire)
  // Off the native wire, payloads are priced by rules that may depend on the model itself.
  // Thinking the requests keep, or are shown to hold none of, is priced otherwise than the model's rule.
  return s.wire === 'native'
    ? `${encoding}|${factor}|native`
    : `${encoding}|${factor}|${s.wire}|${s.model}${s.thinking === 'model' ? '' : `|${s.thinking}`}`
}

/**
 * What the per-request estimate needs where a wire prices earlier turns' thinking by a retention
 * rule: each earlier reasoning message's cost as thinking of a request's own current turn
 * (`current`, NaN where it is the same as the message's cost), and the
 * index of the turn each request ends in (`turnStartAt[p]` for the prompt messages[0, p)). A long
 * tool loop keeps its reasoning in every request of the turn (docs/tokens.md, "Earlier turns'
 * thinking"); a request of an earlier turn must not be priced by the last turn's start. Null when
 * no cost depends on it (the native wire, a model that keeps earlier thinking, no reasoning).
 */
export interface TurnCosts {
  current: readonly number[]
  turnStartAt: Int32Array
}

export function turnCostsOf(spec: SpecLike, messages: readonly Message[]): TurnCosts | null {
  const s = toSpec(spec)
  if (s.wire === 'native' || retainsEarlierThinking(s) || !sendsThinking(s)) return null
  // Made only when a reasoning message needs it: building it needs the vocabulary loaded, which
  // a conversation without earlier thinking never has to wait for.
  let pricing: ReturnType<typeof pricingFor> | undefined
  const last = currentTurnStart(messages)
  let differs = false
  const current = new Array<number>(messages.length)
  const turnStartAt = new Int32Array(messages.length + 1)
  let start = 0
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i]
    if (m.type === 'user') start = i
    turnStartAt[i + 1] = start
    // Priced as thinking of the request's own turn: retained, with its reply beside it.
    current[i] =
      m.type === 'reasoning' && i < last
        ? (pricing ??= pricingFor(s)).cost(asThinking(messages, i, false))
        : Number.NaN
    if (m.type === 'reasoning' && i < last) differs = true
  }
  return differs ? { current, turnStartAt } : null
}
