import { orderMessage } from '../conversation'
import type { Message } from '../types'
import {
  ShapeError,
  isObject,
  kind,
  parseArguments,
  pathString,
  requireString,
  type Json,
} from './json-shape'
import { encodePayload, type ToolCall } from './payload'
import type { NoteSink } from './report'
import type { Wire } from '../pricing/wire'
import { UNKNOWN_FIELD_NOTE, noteAttachment } from './vocabulary'
import { METADATA_NOTE, USAGE_NOTE, type Where } from './pi-shared'

const ASSISTANT_FIELDS = new Set(['role', 'content', 'model'])

// What a reply's other fields are, each with its note's path inside the entry.
const ASSISTANT_NOTES = new Map(
  (
    [
      ['usage', USAGE_NOTE],
      ['timestamp', METADATA_NOTE],
      ['errorMessage', 'the error pi shows for the reply; not sent'],
      // AssistantMessage (pi-ai 0.73.1 types.ts): responseModel (0.71), the model an
      // OpenAI-compatible provider says answered when it names another; diagnostics (0.73), a
      // Codex WebSocket that failed over to SSE. Providers build requests from content alone.
      [
        'responseModel',
        'the model the provider says served the reply (when it names another); not sent',
      ],
      ['diagnostics', "pi's record of transport failures on the way to the reply; not sent"],
      // pi-ai 1.x (@earendil-works/pi-ai 1.6.0 types.ts): the thinking level asked for, how long
      // the reply took, and a handle to a result fetched later; none is sent.
      ...['thinkingLevel', 'providerThinkingLevel'].map(
        (key) =>
          [key, 'the thinking level the reply was asked for; a request setting, not sent'] as const,
      ),
      ['durationMs', 'how long the reply took; not sent'],
      ['deferred', 'a handle to a reply pi fetched later; not sent'],
      ...['api', 'provider', 'stopReason', 'rawStopReason', 'endTurn', 'responseId'].map(
        (key) => [key, 'API response metadata; not part of the conversation'] as const,
      ),
    ] as const
  ).map(([key, problem]) => [key, { path: pathString(['message', key]), problem }]),
)

/**
 * OpenClaw, which runs pi, writes two kinds of assistant entry of provider `openclaw` that no model
 * wrote (openclaw/openclaw, the set of "transcript-only" models): `delivery-mirror`, a copy of each
 * message it delivers to a channel (isDeliveryMirrorAssistantMessage, src/gateway), and
 * `gateway-injected`, a notice its gateway appends to the transcript itself, such as a run that
 * failed before any reply (@013ba5dc src/gateway/server-methods/chat-transcript-inject.ts
 * appendInjectedAssistantMessageToTranscript). Neither sets the model (replyModel) or the wire
 * (replyWire); the note says which it is.
 */
const TRANSCRIPT_ONLY = new Map([
  [
    'delivery-mirror',
    "OpenClaw's delivery mirror: a copy of a message OpenClaw delivered to a channel, written as a reply; loaded as one, and no model is taken from it",
  ],
  [
    'gateway-injected',
    "a notice OpenClaw's gateway wrote into the session as a reply (no model wrote it); loaded as one, and no model is taken from it",
  ],
])

const transcriptOnly = (m: Json): string | undefined =>
  m.provider === 'openclaw' && typeof m.model === 'string'
    ? TRANSCRIPT_ONLY.get(m.model)
    : undefined

/** The model a reply names, unless OpenClaw wrote the reply itself (transcriptOnly). */
export const replyModel = (m: Json): string | undefined =>
  typeof m.model === 'string' && m.model !== '' && transcriptOnly(m) === undefined
    ? m.model
    : undefined

/**
 * The wire a reply came over, by the `api` (else `provider`) pi records on it:
 * `anthropic-messages`, `openai-completions`, `openai-responses`, `openai-codex-responses`,
 * `google-generative-ai`, … (packages/ai/src/types.ts, KnownApi). None for a reply OpenClaw wrote
 * itself (its `api` is OpenClaw's, no request went over it) or a reply that names no known one.
 */
export function replyWire(m: Json): Wire | undefined {
  if (transcriptOnly(m) !== undefined) return undefined
  const api = `${typeof m.api === 'string' ? m.api : ''} ${typeof m.provider === 'string' ? m.provider : ''}`
  if (/anthropic|bedrock/.test(api)) return 'anthropic'
  if (/responses|codex/.test(api)) return 'openai-responses'
  if (/google|gemini|vertex/.test(api)) return 'gemini'
  if (/completions|openai/.test(api)) return 'openai-chat'
  return undefined
}

/** An assistant message: thinking → reasoning, text and toolCall blocks → one bot message. */
export function readAssistant(
  m: Json,
  id: string | undefined,
  where: Where,
  notes: NoteSink,
): { messages: Message[]; model?: string; calls?: number } {
  const at = ['message']
  for (const key of Object.keys(m)) {
    if (ASSISTANT_FIELDS.has(key)) continue
    // The fields of every reply have their notes made once (their path is `message.<key>`).
    const known = ASSISTANT_NOTES.get(key)
    if (known !== undefined) notes.info(known.path, known.problem)
    else notes.warn(where([...at, key]), UNKNOWN_FIELD_NOTE)
  }
  const ownNote = transcriptOnly(m)
  if (ownNote !== undefined) notes.info(where([...at, 'model']), ownNote)
  const failed = m.stopReason === 'error' || m.stopReason === 'aborted'
  if (failed) {
    notes.warn(
      where([...at, 'stopReason']),
      `a reply that ended in "${m.stopReason}": pi leaves it out of later requests, but it is loaded so its tool calls stay visible`,
    )
  }
  const content = m.content
  if (!Array.isArray(content))
    throw new ShapeError(`"content" is ${kind(content)}, not a list of blocks`, [...at, 'content'])
  const out: Message[] = []
  const texts: string[] = []
  const calls: ToolCall[] = []
  const attachments: unknown[] = []
  content.forEach((block, k) => {
    const here = [...at, 'content', k]
    if (!isObject(block)) throw new ShapeError(`block is ${kind(block)}, not an object`, here)
    const type = requireString(block, 'type', here)
    if (type === 'text') {
      texts.push(requireString(block, 'text', here))
      if ('textSignature' in block)
        notes.info(where([...here, 'textSignature']), "the provider's id for the text; not counted")
    } else if (type === 'thinking') {
      const text = typeof block.thinking === 'string' ? block.thinking : ''
      const { payload, note } = thinkingPayload(block, m.api)
      out.push(orderMessage({ type: 'reasoning', text, payload }))
      if (note !== undefined) notes.info(where([...here, 'thinkingSignature']), note)
    } else if (type === 'toolCall') {
      calls.push({
        id: requireString(block, 'id', here),
        name: requireString(block, 'name', here),
        arguments: block.arguments ?? {},
      })
      if ('thoughtSignature' in block)
        notes.info(where([...here, 'thoughtSignature']), "Gemini's thought signature; not counted")
    } else {
      attachments.push(block)
      noteAttachment(notes, where(here), type, block)
    }
  })
  const payload = encodePayload({
    ...(calls.length > 0 ? { tool_calls: calls } : {}),
    ...(attachments.length > 0 ? { attachments } : {}),
  })
  out.push(orderMessage({ id, type: 'bot', text: texts.join('\n\n'), payload }))
  return {
    messages: out,
    model: replyModel(m),
    // How many calls wait for results, for the results pi adds to calls left open
    // (pi-synthetic.ts): a reply that failed is left out of later requests, its calls with it.
    calls: failed ? 0 : calls.length,
  }
}

// The delta fields an OpenAI-compatible server streams reasoning in (pi-ai openai-completions).
const REASONING_FIELDS = new Set(['reasoning_content', 'reasoning', 'reasoning_text'])
const RESPONSES_APIS = new Set([
  'openai-responses',
  'azure-openai-responses',
  'openai-codex-responses',
])

const FIELD_NAME_NOTE =
  'the name of the field pi sends this thinking back in (reasoning_content, reasoning or reasoning_text), not a signature; not counted'
const REASONING_ITEM_NOTE =
  "the Responses reasoning item pi sends back whole: its summary is this message's text, its encrypted_content is priced as encrypted reasoning"

/**
 * What a thinking block's `thinkingSignature` holds depends on the API the reply came over
 * (pi-ai 0.58.3 and 0.73.1, `providers/`): Anthropic's and Bedrock's signature, or a redacted
 * block's encrypted data; for openai-completions the name of the delta field the reasoning came in,
 * which pi sends the thinking back under (`assistantMsg[signature] = thinking`); for the Responses
 * APIs the whole reasoning item as JSON, which pi sends back as it is (`JSON.parse`); Google's
 * thought signature.
 */
function thinkingPayload(block: Json, api: unknown): { payload?: string; note?: string } {
  const sig = block.thinkingSignature
  if (typeof sig !== 'string' || sig === '') return {}
  if (block.redacted === true) return { payload: encodePayload({ data: sig }) }
  if (api === 'openai-completions' && REASONING_FIELDS.has(sig)) return { note: FIELD_NAME_NOTE }
  if (typeof api === 'string' && RESPONSES_APIS.has(api) && sig.startsWith('{')) {
    const item = parseArguments(sig)
    if (isObject(item) && item.type === 'reasoning') {
      const encrypted = item.encrypted_content
      return {
        payload:
          typeof encrypted === 'string' && encrypted !== ''
            ? encodePayload({ encrypted_content: encrypted })
            : undefined,
        note: REASONING_ITEM_NOTE,
      }
    }
  }
  return { payload: encodePayload({ signature: sig }) }
}
