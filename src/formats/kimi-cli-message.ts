import { orderMessage } from '../conversation'
import type { Message } from '../types'
import {
  ShapeError,
  isObject,
  kind,
  optionalList,
  parseArguments,
  requireString,
  type Json,
  type JsonPath,
} from './json-shape'
import { encodePayload, opaqueThinking, type PayloadParts, type ToolCall } from './payload'
import type { NoteSink } from './report'
import { UNKNOWN_FIELD_NOTE, noteAttachment } from './vocabulary'

/*
 * One message record of a Kimi CLI context file: kosong's Message as pydantic dumps it
 * (packages/kosong/src/kosong/message.py of kimi-cli 1.49.0): {role, content, name?, tool_calls?,
 * tool_call_id?, partial?}, content a string when it is one text part, else a list of parts
 * (text, think, image_url, audio_url, video_url). See docs/formats/kimi-cli.md.
 */

/** The text part Kimi CLI opens a compaction's summary with (soul/compaction.py). */
export const COMPACTION_MARK = '<system>Previous context has been compacted.'

// kosong's is_system_reminder_message (soul/message.py): a user message of one text part that
// starts so is a reminder Kimi CLI injected, not the user's prompt.
const REMINDER_MARK = '<system-reminder>'

// A Fernet token (the form of OpenAI's encrypted reasoning) is base64url of version byte 0x80
// and a 64-bit timestamp whose first bytes are 0: "gAAAAA". Anthropic's signatures and redacted
// data are base64 of another form.
const FERNET = /^gAAAAA/

const ROLES: Record<string, string> = {
  user: 'user',
  assistant: 'bot',
  tool: 'activity',
  system: 'instructions',
}

/**
 * Reads a message record at `at` (the steps inside its line) into core messages: an assistant's
 * thinking parts become reasoning messages before its reply, a tool's result is an activity whose
 * id is the call's. Throws ShapeError where kosong's Message would not validate.
 */
export function readKimiMessage(
  raw: Json,
  notes: NoteSink,
  where: (steps: JsonPath) => string,
): Message[] {
  const role = raw.role as string
  const type = ROLES[role]
  if (type === undefined) {
    throw new ShapeError(
      `role "${role}" is not a Kimi CLI message role (user, assistant, tool, system)`,
      ['role'],
    )
  }
  for (const key of Object.keys(raw)) {
    if (key === 'role' || key === 'content' || key === 'name') continue
    if (key === 'tool_calls' && role === 'assistant') continue
    if (key === 'tool_call_id' && role === 'tool') continue
    if (key === 'partial') notes.info(where([key]), 'a streaming flag; not sent')
    else notes.warn(where([key]), UNKNOWN_FIELD_NOTE)
  }
  const parts: PayloadParts = {}
  if (typeof raw.name === 'string') parts.name = raw.name
  else if (raw.name !== undefined && raw.name !== null) {
    throw new ShapeError(`"name" is ${kind(raw.name)}, not a string`, ['name'])
  }
  const { texts, thinking, attachments } = readParts(raw.content, notes, where)
  const text = texts.join('\n\n')

  if (type === 'activity') {
    const id = requireString(raw, 'tool_call_id', [])
    if (thinking.length > 0) notes.warn(where(['content']), 'thinking in a tool result; not loaded')
    parts.content = attachments.length > 0 ? (raw.content as unknown[]) : text
    return [orderMessage({ id, type, text: '', payload: encodePayload(parts) })]
  }
  if (attachments.length > 0) parts.attachments = attachments
  if (role === 'assistant') {
    const calls = readToolCalls(raw, notes, where)
    if (calls.length > 0) parts.tool_calls = calls
  } else if (thinking.length > 0) {
    notes.warn(where(['content']), `thinking in a ${role} message; not loaded`)
  }
  const reminder = role === 'user' && texts.length === 1 && attachments.length === 0
  const messageType = reminder && text.trimStart().startsWith(REMINDER_MARK) ? 'context' : type
  const message = orderMessage({ type: messageType, text, payload: encodePayload(parts) })
  return role === 'assistant' ? [...thinking, message] : [message]
}

/** Whether a record is the user message a compaction's summary was written to. */
export function isCompactionSummary(raw: Json): boolean {
  if (raw.role !== 'user') return false
  const first = Array.isArray(raw.content) ? raw.content[0] : raw.content
  const text = typeof first === 'string' ? first : isObject(first) ? first.text : undefined
  return typeof text === 'string' && text.startsWith(COMPACTION_MARK)
}

interface Parts {
  texts: string[]
  thinking: Message[]
  attachments: unknown[]
}

function readParts(content: unknown, notes: NoteSink, where: (steps: JsonPath) => string): Parts {
  const out: Parts = { texts: [], thinking: [], attachments: [] }
  // kosong reads a missing content, or null, as no parts; a string as one text part.
  if (content === undefined || content === null) return out
  if (typeof content === 'string') {
    out.texts.push(content)
    return out
  }
  if (!Array.isArray(content)) {
    throw new ShapeError(`"content" is ${kind(content)}, not a string or a list of parts`, [
      'content',
    ])
  }
  content.forEach((part: unknown, k) => {
    const here = ['content', k]
    if (!isObject(part)) throw new ShapeError(`part is ${kind(part)}, not an object`, here)
    const type = requireString(part, 'type', here)
    if (type === 'text') {
      out.texts.push(requireString(part, 'text', here))
      noteOthers(part, ['type', 'text'], here, notes, where)
    } else if (type === 'think') {
      out.thinking.push(think(part, here, notes, where))
    } else {
      out.attachments.push(part)
      noteAttachment(notes, where(here), type, part)
    }
  })
  return out
}

/**
 * A think part: the thinking's text, and its `encrypted` value (kosong: "encrypted thinking
 * content, or signature"), which is opaque and never priced as text: OpenAI's encrypted reasoning
 * (a Fernet token), else Anthropic's redacted thinking (no text) or its signature.
 */
function think(
  part: Json,
  here: JsonPath,
  notes: NoteSink,
  where: (steps: JsonPath) => string,
): Message {
  const text = requireString(part, 'think', here)
  noteOthers(part, ['type', 'think', 'encrypted'], here, notes, where)
  const encrypted = part.encrypted
  if (encrypted === undefined || encrypted === null || encrypted === '') {
    return { type: 'reasoning', text }
  }
  if (typeof encrypted !== 'string') {
    throw new ShapeError(`"encrypted" is ${kind(encrypted)}, not a string`, [...here, 'encrypted'])
  }
  const opaque = FERNET.test(encrypted) ? { openai: encrypted } : { anthropic: encrypted }
  return { type: 'reasoning', text, payload: encodePayload(opaqueThinking(text, opaque)) }
}

function readToolCalls(raw: Json, notes: NoteSink, where: (steps: JsonPath) => string): ToolCall[] {
  return optionalList(raw, 'tool_calls', []).map((call: unknown, k) => {
    const here = ['tool_calls', k]
    if (!isObject(call)) throw new ShapeError(`tool call is ${kind(call)}, not an object`, here)
    const id = requireString(call, 'id', here)
    const body = call.function
    if (!isObject(body)) throw new ShapeError('tool call has no "function"', [...here, 'function'])
    const name = requireString(body, 'name', [...here, 'function'])
    const args = body.arguments
    for (const key of Object.keys(call)) {
      if (key === 'id' || key === 'type' || key === 'function') continue
      if (key === 'extras') noteExtras(call.extras, [...here, key], notes, where)
      else notes.warn(where([...here, key]), UNKNOWN_FIELD_NOTE)
    }
    return {
      id,
      name,
      arguments:
        typeof args === 'string' ? parseArguments(args, [...here, 'function', 'arguments']) : '',
    }
  })
}

// kosong's ToolCall.extras: what a provider needs back with the call. Gemini's thought signature
// (google_genai.py: `thought_signature_b64`) is opaque and sent beside the call, not as text.
function noteExtras(
  extras: unknown,
  here: JsonPath,
  notes: NoteSink,
  where: (steps: JsonPath) => string,
): void {
  if (extras === null || extras === undefined) return
  if (isObject(extras) && Object.keys(extras).every((k) => k === 'thought_signature_b64')) {
    notes.info(where(here), 'a Gemini thought signature sent back with the call; not counted')
  } else {
    notes.warn(where(here), "a provider's extras on the call; not counted")
  }
}

function noteOthers(
  part: Json,
  known: readonly string[],
  here: JsonPath,
  notes: NoteSink,
  where: (steps: JsonPath) => string,
): void {
  for (const key of Object.keys(part)) {
    if (!known.includes(key)) notes.warn(where([...here, key]), UNKNOWN_FIELD_NOTE)
  }
}
