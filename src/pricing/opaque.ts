import { decodePayload, encodePayload, type PayloadParts } from '../formats/payload'
import { Base64Bytes } from './base64-bytes'
import { MAX_PDF_BYTES, pdfPages, pdfPrice } from './document-tokens'
import { pdfText } from './pdf-text'
import type { ModelFamily } from './families'
import { audioPrice } from './audio-tokens'
import { imageDimensions } from './image-dimensions'
import { imagePrice, unknownImagePrice, type ImagePrice } from './image-tokens'
import { findMedia, withoutMedia, type MediaPart } from './opaque-media'
import type { Wire } from './wire'
import { formatNumber } from '../numbers'

export { retainsEarlierThinking } from './thinking-retention'

/** What prices a payload's opaque parts: the wire, the model, and whether its thinking is in context. */
export interface PayloadPricingContext {
  wire: Wire
  model: string
  family: ModelFamily
  /** Whether this message's thinking (redacted data, encrypted reasoning) is in the request's context. */
  retained: boolean
  /** What the visible part of the reply this thinking belongs to costs, where it is counted. */
  replyVisible?: number
}

/** One opaque part of a payload, for people: what it is, its size and its price by rule. */
export interface OpaquePartDescription {
  kind:
    | 'signature'
    | 'thinking'
    | 'redacted-thinking'
    | 'encrypted-reasoning'
    | 'encrypted-content'
    | 'image'
    | 'document'
    | 'audio'
    | 'file'
    | 'unwritten'
  /** Where in the payload: `signature`, `attachments[0]`, `content[1]`. */
  path: string
  /** The size of the part as stored (its base64 or ciphertext), in bytes. */
  bytes: number
  /** Its price by rule; 0 for what is never billed or not in context. */
  tokens: number
  /** "thinking signature, 1.2 kB, not billed as text" */
  label: string
}

/**
 * Ciphertext is priced as the thinking it hides: about as many bytes as its plaintext, at 4 bytes
 * a token (English text's average in these vocabularies). An estimate; documented in docs/tokens.md.
 */
export const CIPHERTEXT_BYTES_PER_TOKEN = 4

/**
 * An Anthropic thinking signature carries the full thinking, encrypted: its base64 characters per
 * token of that thinking, counted with the family's vocabulary before its factor. Measured on 3,841
 * replies of public Claude Code sessions with one signature-only thinking block and a final
 * output count (Sonnet 4.6 to Opus 5): median error 11.9%, 90% within ±32.9%, ±22.6% for
 * signatures of 1,500 characters or more (docs/tokens.md, "Thinking whose reported output is not
 * final").
 */
export const SIGNATURE_CHARS_PER_TOKEN = 5

const SIGNATURE_HEAD = '{"signature":"'

/** The characters of the signature a thinking block's payload opens with; 0 without one. */
export function signatureChars(payload: string | undefined): number {
  if (payload === undefined || !payload.startsWith(SIGNATURE_HEAD)) return 0
  const end = payload.indexOf('"', SIGNATURE_HEAD.length)
  return end < 0 ? 0 : end - SIGNATURE_HEAD.length
}

/** The thinking signatures of `chars` characters carry, in tokens before the family's factor. */
export const signatureTokens = (chars: number): number =>
  Math.ceil(chars / SIGNATURE_CHARS_PER_TOKEN)

/**
 * The base64 characters of a thinking signature that are not its thinking: the part every
 * signature has, however short the thinking. On 341 thinking blocks of 14 public Claude Code
 * sessions of Claude Sonnet 4, Sonnet 4.5, Haiku 4.5 and Opus 4.5, a signature is 5.45 – 6.37
 * characters a token of its text plus 242 – 260; no signature of Opus 4.6 or Sonnet 4.6 there is
 * shorter than 292 (docs/tokens.md, "Thinking whose reported output is not final").
 */
export const SIGNATURE_FIXED_CHARS = 250

/**
 * Whether a reply's reported output is a count from before it ended, and no measure of its
 * thinking: the reader says so (`output_unfinished`), or the count is below half what the reply's
 * visible part costs, which the final count holds (the stream's first count, in a file that names
 * no stop_reason; docs/tokens.md).
 */
export const isUnfinishedOutput = (output: number, flagged: boolean, visible: number): boolean =>
  flagged || 2 * output < visible

/**
 * The price of a reply's thinking where its reported output is no measure of it: its own text
 * (`summary`), unless its reply's signatures carry more than twice that past their fixed parts
 * (`carried`: the text is then a summary of what the model thought), when the signatures' size
 * prices it (`signed`). On short thinking the fixed part is most of a signature: compared whole,
 * it made a text that is the whole thinking look like a summary (docs/tokens.md).
 */
export const unfinishedThinking = (summary: number, signed: number, carried: number): number =>
  carried > 2 * summary ? signed : summary

// Keys and markers only a payload with an opaque part holds: a payload without any is not parsed.
const OPAQUE_MARKER =
  /"(?:signature|data|encrypted_content|file_data|reasoning_tokens|output_tokens|unwritten)":|;base64,|"base64"|inline_?[dD]ata|"image_generation_call"/

/** What a payload costs: the part billed as text, and its opaque parts' price by rule. */
export interface PricedPayload {
  text: string
  opaqueTokens: number
  /**
   * Set when the opaque price stands for the message's text as well: a reasoning item's reported
   * reasoning tokens are the reasoning itself, of which its summary text is a description.
   */
  coversText?: true
  /**
   * A thinking block's reply's reported output tokens (`output_tokens`): the caller prices the
   * thinking as this less the reply's visible parts, which it alone can see.
   */
  replyOutput?: number
  /**
   * Set with `replyOutput` when that report is the count the reply's stream began with, not the
   * reply's (`output_unfinished`): the caller prices the thinking by its reply's signatures' size.
   */
  outputUnfinished?: true
  /**
   * Tokens of text the agent sent that its log does not hold (the `unwritten` part): the caller
   * counts them with the message's text, at the family's factor.
   */
  unwrittenTokens?: number
}

/**
 * What of a payload is billed as text, and what its opaque parts cost by rule. Wire 'native':
 * { text: payload, opaqueTokens: 0 } without parsing.
 */
export function pricePayload(payload: string, ctx: PayloadPricingContext): PricedPayload {
  if (ctx.wire === 'native' || !mayHoldOpaque(payload)) return { text: payload, opaqueTokens: 0 }
  const parts = singleCiphertext(payload) ?? decodePayload(payload)
  if (!parts) return { text: payload, opaqueTokens: 0 }
  const found = opaquePartsOf(parts, ctx)
  if (found.length === 0) return { text: payload, opaqueTokens: 0 }
  let opaqueTokens = 0
  for (const part of found) if (part.kind !== 'unwritten') opaqueTokens += part.tokens
  const text = encodePayload(textParts(parts)) ?? ''
  // A reply's reported reasoning tokens are its thinking; its summary text is not billed again.
  const priced: PricedPayload =
    parts.reasoning_tokens !== undefined
      ? { text, opaqueTokens, coversText: true }
      : { text, opaqueTokens }
  if (parts.output_tokens !== undefined && ctx.retained) {
    priced.replyOutput = parts.output_tokens
    if (parts.output_unfinished) priced.outputUnfinished = true
  }
  if (parts.unwritten !== undefined) priced.unwrittenTokens = parts.unwritten.tokens
  return priced
}

/**
 * Says what each opaque part of a payload is, for people: "thinking signature, 1.2 kB, not billed
 * as text", "image 1024×768 PNG, 1,049 tokens (Anthropic: w×h/750)". Without a context, an image is
 * priced by the provider whose block shape carries it, and thinking as if kept in context.
 */
export function describeOpaqueParts(
  payload: string,
  ctx?: PayloadPricingContext,
  messageType?: string,
): OpaquePartDescription[] {
  if (!mayHoldOpaque(payload)) return []
  const parts = singleCiphertext(payload) ?? decodePayload(payload)
  if (!parts) return []
  // Ciphertext is reasoning unless the message is another kind: an encrypted compaction, an
  // encrypted message (Codex's agent messages), which are priced alike but are not thinking.
  const reasoning = messageType === undefined || messageType === 'reasoning'
  const found = opaquePartsOf(parts, ctx, reasoning)
  // The native format prices the whole payload as text (the seed's rule): say so, not the rule.
  if (ctx?.wire !== 'native') return found
  return found.map((part) => ({
    ...part,
    tokens: 0,
    label:
      part.kind === 'unwritten'
        ? `${parts.unwritten?.what}: ${PART_NAMES.unwritten}, counted as its JSON text: the native format prices the payload as text`
        : `${PART_NAMES[part.kind]}, ${formatBytes(part.bytes)}, counted as text: the native format prices the payload as text`,
  }))
}

/**
 * What a message's one-line preview is made from, in every surface: its text, or when it has none,
 * what its payload's opaque parts are ("thinking signature, 1.2 kB, not billed as text"), else the
 * payload itself. A text sent inside wording the log does not hold is named by that wording
 * ("Claude Code's plan-mode instructions: /home/…/plan.md"), so that its cost reads as that.
 */
export function previewSource(
  message: { text: string; payload?: string; type: string },
  ctx?: PayloadPricingContext,
): string {
  const hasText = /\S/.test(message.text)
  if (hasText && message.payload?.includes('"unwritten":')) {
    const what = decodePayload(message.payload)?.unwritten?.what
    if (what !== undefined) return `${what}: ${message.text}`
  }
  if (hasText || message.payload === undefined) return message.text
  const parts = describeOpaqueParts(message.payload, ctx, message.type)
  return parts.length > 0 ? parts.map((p) => p.label).join('; ') : message.payload
}

// What each kind of part is called, in every label that names one.
const PART_NAMES: Record<OpaquePartDescription['kind'], string> = {
  signature: 'thinking signature',
  thinking: 'thinking',
  'redacted-thinking': 'redacted thinking',
  'encrypted-reasoning': 'encrypted reasoning',
  'encrypted-content': 'encrypted content',
  image: 'base64 image',
  document: 'base64 document',
  audio: 'base64 audio',
  file: 'base64 file',
  unwritten: 'its wording, not in the log',
}

function mayHoldOpaque(payload: string): boolean {
  return (
    payload.charCodeAt(0) === 0x7b && payload.charCodeAt(1) === 0x22 && OPAQUE_MARKER.test(payload)
  )
}

// The payloads of most reasoning messages: one signature, redacted data or encrypted content.
const SINGLE_KEYS = ['signature', 'data', 'encrypted_content'] as const
const BASE64 = /^[A-Za-z0-9+/=_-]*$/

// A reported count after the ciphertext (encodePayload's key order): a Codex reasoning item's or a
// Gemini reply's `reasoning_tokens`, a Claude thinking block's reply's `output_tokens`. Read off the
// payload's last characters only.
const REPORTED_TAIL = /","(reasoning_tokens|output_tokens)":(0|[1-9]\d{0,8})\}$/
const TAIL_CHARS = 40

/**
 * `{"signature":"…"}` (or data, encrypted_content) with a base64 value, read without a parse: the
 * same parts decodePayload gives, for the payload that half a Claude Code session's messages hold,
 * and for one followed by its reported count (`{"encrypted_content":"…","reasoning_tokens":N}`,
 * `{"signature":"…","output_tokens":N}`).
 */
function singleCiphertext(payload: string): PayloadParts | undefined {
  for (const key of SINGLE_KEYS) {
    const head = `{"${key}":"`
    if (!payload.startsWith(head)) continue
    if (payload.endsWith('"}')) {
      const value = payload.slice(head.length, -2)
      return BASE64.test(value) ? { [key]: value } : undefined
    }
    const end = payload.slice(-TAIL_CHARS)
    const tail = REPORTED_TAIL.exec(end)
    if (!tail) return undefined
    const value = payload.slice(head.length, payload.length - end.length + tail.index)
    if (!BASE64.test(value)) return undefined
    return { [key]: value, [tail[1]]: Number(tail[2]) }
  }
  return undefined
}

/** The parts billed as text: all but the opaque ones. */
function textParts(parts: PayloadParts): PayloadParts {
  const {
    signature,
    data,
    encrypted_content,
    reasoning_tokens,
    output_tokens,
    output_unfinished,
    attachments,
    content,
    item,
    unwritten,
    ...rest
  } = parts
  void unwritten
  void signature
  void data
  void encrypted_content
  void reasoning_tokens
  void output_tokens
  void output_unfinished
  const out: PayloadParts = { ...rest }
  if (attachments) {
    const kept = withoutMedia(attachments) as unknown[]
    if (kept.length > 0) out.attachments = kept
  }
  if (content !== undefined) {
    out.content = typeof content === 'string' ? content : (withoutMedia(content) as unknown[])
  }
  if (item !== undefined) {
    const kept = withoutMedia(item)
    if (kept !== undefined) out.item = kept
  }
  return out
}

function opaquePartsOf(
  parts: PayloadParts,
  ctx?: PayloadPricingContext,
  reasoning = true,
): OpaquePartDescription[] {
  const out: OpaquePartDescription[] = []
  if (parts.signature !== undefined) {
    const bytes = parts.signature.length
    out.push({
      kind: 'signature',
      path: 'signature',
      bytes,
      tokens: 0,
      label: `${PART_NAMES.signature}, ${formatBytes(bytes)}, not billed as text`,
    })
  }
  if (parts.reasoning_tokens !== undefined && parts.encrypted_content === undefined) {
    out.push(reportedThinking(parts.reasoning_tokens, ctx))
  }
  if (parts.output_tokens !== undefined) {
    const unfinished = isUnfinishedOutput(
      parts.output_tokens,
      parts.output_unfinished === true,
      ctx?.replyVisible ?? 0,
    )
    out.push(replyThinking(parts.output_tokens, unfinished, ctx))
  }
  if (parts.data !== undefined) out.push(ciphertext('redacted-thinking', 'data', parts.data, ctx))
  if (parts.encrypted_content !== undefined) {
    out.push(
      ciphertext(
        reasoning ? 'encrypted-reasoning' : 'encrypted-content',
        'encrypted_content',
        parts.encrypted_content,
        ctx,
        parts.reasoning_tokens,
      ),
    )
  }
  const media: MediaPart[] = []
  if (parts.attachments) findMedia(parts.attachments, 'attachments', media)
  if (Array.isArray(parts.content)) findMedia(parts.content, 'content', media)
  if (parts.item !== undefined) findMedia(parts.item, 'item', media)
  for (const m of media) out.push(describeMedia(m, ctx))
  if (parts.unwritten !== undefined) {
    const { what, tokens } = parts.unwritten
    out.push({
      kind: 'unwritten',
      path: 'unwritten',
      bytes: 0,
      tokens,
      label: `${what}: ${PART_NAMES.unwritten}, priced as ${formatNumber(tokens)} tokens of text`,
    })
  }
  return out
}

/**
 * Thinking the file holds no ciphertext of, priced by its reply's reported count (a Gemini reply's
 * `thoughts`): billed while its turn lasts, dropped after.
 */
function reportedThinking(
  reported: number,
  ctx: PayloadPricingContext | undefined,
): OpaquePartDescription {
  const base = { kind: 'thinking' as const, path: 'reasoning_tokens', bytes: 0 }
  if (ctx && !ctx.retained) {
    return { ...base, tokens: 0, label: `${PART_NAMES.thinking}, not in this context: 0 tokens` }
  }
  const when = ctx ? '' : ' while kept in context'
  return {
    ...base,
    tokens: reported,
    label: `${PART_NAMES.thinking}, ${formatNumber(reported)} tokens${when} (its reply's reported thinking tokens; the summary is not billed again)`,
  }
}

/**
 * A reply's thinking (of which the file holds a summary or only the signature), priced by its
 * reply's reported output tokens less the reply's visible parts: billed while kept in context (the
 * model's retention rule). Its price is worked out where the reply is seen (the message's cost),
 * so the part itself shows 0.
 */
function replyThinking(
  output: number,
  unfinished: boolean,
  ctx: PayloadPricingContext | undefined,
): OpaquePartDescription {
  const base = { kind: 'thinking' as const, path: 'output_tokens', bytes: 0, tokens: 0 }
  if (ctx && !ctx.retained) {
    return { ...base, label: `${PART_NAMES.thinking}, not in this context: 0 tokens` }
  }
  return {
    ...base,
    label: unfinished
      ? `${PART_NAMES.thinking}, priced by the size of its reply's signatures, or by its own text where that is more than half what they carry past their fixed part: the file holds no final count of the reply's output (its ${formatNumber(output)} is the count the reply began with)`
      : `${PART_NAMES.thinking}, its reply's reported ${formatNumber(output)} output tokens less the reply's text and calls`,
  }
}

function ciphertext(
  kind: 'redacted-thinking' | 'encrypted-reasoning' | 'encrypted-content',
  path: string,
  text: string,
  ctx: PayloadPricingContext | undefined,
  reported?: number,
): OpaquePartDescription {
  const bytes = text.length
  const name = `${PART_NAMES[kind]}, ${formatBytes(bytes)} encrypted`
  if (ctx && !ctx.retained) {
    return { kind, path, bytes, tokens: 0, label: `${name}, not in this context: 0 tokens` }
  }
  const when = ctx ? '' : ' while kept in context'
  if (reported !== undefined) {
    // The reasoning's own size as the provider counted it: the ciphertext's length does not follow it.
    return {
      kind,
      path,
      bytes,
      tokens: reported,
      label: `${name}, ${formatNumber(reported)} tokens${when} (its reply's reported reasoning tokens; the summary is not billed again)`,
    }
  }
  const estimate = Math.ceil(new Base64Bytes(text).size / CIPHERTEXT_BYTES_PER_TOKEN)
  return {
    kind,
    path,
    bytes,
    tokens: estimate,
    label: `${name}, ~${formatNumber(estimate)} tokens${when} (estimated from its size)`,
  }
}

function describeMedia(
  m: MediaPart,
  ctx: PayloadPricingContext | undefined,
): OpaquePartDescription {
  const family = ctx?.family ?? m.shape
  const model = ctx?.model ?? ''
  const bytes = m.data.length
  const decoded = new Base64Bytes(m.data)
  const type = m.mediaType.toLowerCase()
  const size = formatBytes(bytes)
  if (type === 'application/pdf' || (type === '' && isPdf(decoded))) {
    const pages = pdfPages(decoded)
    const price = pdfPrice(family, model, pages, () => pdfText(decoded.head(MAX_PDF_BYTES)))
    const count = pages === undefined ? '' : `${pages} page${pages === 1 ? '' : 's'}, `
    return media('document', m, bytes, price, `PDF document, ${count}${size}`)
  }
  if (type.startsWith('audio/')) {
    const audio = audioPrice(decoded)
    const length = `${audio.seconds.toFixed(1)} s${audio.measured ? '' : ' (estimated from its size)'}`
    return media(
      'audio',
      m,
      bytes,
      { tokens: audio.tokens, rule: 'OpenAI: 1 a 100 ms' },
      `audio (${type.slice(6) || 'unknown format'}), ${length}, ${size}`,
    )
  }
  const dims = imageDimensions(decoded)
  if (dims || type.startsWith('image/')) {
    const price = dims
      ? imagePrice(family, model, dims.width, dims.height, m.detail)
      : unknownImagePrice(family, model, m.detail)
    const what = dims
      ? `image ${dims.width}×${dims.height} ${dims.format}`
      : `image (${type}), ${size}`
    return media('image', m, bytes, price, what)
  }
  const tokens = Math.ceil(decoded.size / CIPHERTEXT_BYTES_PER_TOKEN)
  const name = m.filename ? `file ${m.filename}` : `file (${type || 'unknown type'})`
  return media(
    'file',
    m,
    bytes,
    { tokens, rule: 'approximate: 4 bytes a token' },
    `${name}, ${size}`,
  )
}

function media(
  kind: 'image' | 'document' | 'audio' | 'file',
  m: MediaPart,
  bytes: number,
  price: ImagePrice,
  what: string,
): OpaquePartDescription {
  return {
    kind,
    path: m.path,
    bytes,
    tokens: price.tokens,
    label: `${what}, ${formatNumber(price.tokens)} tokens (${price.rule})`,
  }
}

function isPdf(b: Base64Bytes): boolean {
  return b.at(0) === 0x25 && b.at(1) === 0x50 && b.at(2) === 0x44 && b.at(3) === 0x46
}

/** 512 B, 1.2 kB, 3.4 MB: decimal units, as file sizes are shown. */
export function formatBytes(n: number): string {
  if (n < 1000) return `${n} B`
  if (n < 1_000_000) return `${(n / 1000).toFixed(1)} kB`
  return `${(n / 1_000_000).toFixed(1)} MB`
}
