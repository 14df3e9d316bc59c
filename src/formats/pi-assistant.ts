import { orderMessage } from '../conversation'
import type { Message } from '../types'
import { ShapeError, isObject, kind, pathString, requireString, type Json } from './json-shape'
import { encodePayload, type ToolCall } from './payload'
import type { NoteSink } from './report'
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
      ...['api', 'provider', 'stopReason', 'responseId'].map(
        (key) => [key, 'API response metadata; not part of the conversation'] as const,
      ),
    ] as const
  ).map(([key, problem]) => [key, { path: pathString(['message', key]), problem }]),
)

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
      const sig =
        typeof block.thinkingSignature === 'string' && block.thinkingSignature !== ''
          ? block.thinkingSignature
          : undefined
      // A redacted block keeps the provider's encrypted payload in thinkingSignature.
      const payload =
        sig === undefined
          ? undefined
          : block.redacted === true
            ? encodePayload({ data: sig })
            : encodePayload({ signature: sig })
      out.push(orderMessage({ type: 'reasoning', text, payload }))
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
    model: typeof m.model === 'string' && m.model !== '' ? m.model : undefined,
    // How many calls wait for results, for the results pi adds to calls left open
    // (pi-synthetic.ts): a reply that failed is left out of later requests, its calls with it.
    calls: failed ? 0 : calls.length,
  }
}
