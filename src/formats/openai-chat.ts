import { orderMessage } from '../conversation'
import type { Message } from '../types'
import {
  ShapeError,
  isObject,
  kind,
  optionalString,
  parseArguments,
  pathString,
  requireArray,
  requireString,
  type Json,
  type JsonPath,
} from './json-shape'
import { readTextParts } from './content-parts'
import { encodePayload, type PayloadParts, type ToolCall } from './payload'
import type { ReadInput, ReadResult } from './reader'
import { readRequestBody, type BodyShape } from './request-body'
import { NoteList } from './report'
import { CACHE_NOTE, UNKNOWN_FIELD_NOTE } from './vocabulary'
import { writeOpenAIChat } from './openai-chat-export'
import { ROLE_TYPES as MESSAGE_ROLE_TYPES } from './responses-items'
import { firstObjects, listIn, someHas } from './sniff-shapes'
import type { FormatDescriptor } from './types'

// Responses' roles, and the two that answer a call in Chat Completions.
const ROLE_TYPES: Record<string, string> = {
  ...MESSAGE_ROLE_TYPES,
  tool: 'activity',
  function: 'activity',
}
/**
 * A tool call's `index`: where a streamed reply's chunk puts the call among the reply's calls
 * (`choices[].delta.tool_calls[].index`, OpenAI API reference, "The chat completion chunk object").
 * A message's tool call has no such field; a client that sends the streamed call back as it came
 * sends it too, and it is not part of what the model reads.
 */
const CALL_INDEX_NOTE =
  "the call's position in a streamed reply, sent back as it came; not part of the conversation"

const MESSAGE_FIELDS = new Set(['role', 'content', 'name', 'tool_calls', 'tool_call_id', 'refusal'])
/**
 * A reply's `annotations`: the URL citations of a search model's answer (Chat Completions'
 * assistant message, "Web search" in OpenAI's API reference). Every reply carries the list, most
 * often empty, and client libraries send it back with the message; the text holds what they cite.
 */
const ANNOTATIONS_NOTE = "the reply's URL citations (web search); not counted"

/**
 * A spoken reply (`modalities: ["text", "audio"]`): the reply message's `audio` holds the sound
 * (`data`, base64), its `transcript` and an `id` the server keeps it under until `expires_at`
 * (openai/openai-python, types/chat/chat_completion_audio.py). The transcript is what the model
 * said; its `content` is then null. A later request sends the reply back as `audio: {id}` on the
 * assistant message (types/chat/chat_completion_assistant_message_param.py, `Audio`), and the
 * model hears that audio again as input.
 */
const SPOKEN_REPLY_NOTE =
  "a spoken reply: its transcript is read as the reply's text, and its sound is not counted (OpenAI bills it as audio output tokens); a later request sends it back by its id, and the model hears it again"
/**
 * An earlier spoken reply sent back by its id: the model hears the stored audio, which the file
 * does not hold. OpenAI's reference does not price it for Chat Completions; for the Realtime API,
 * which runs the same model, an earlier turn's audio is input audio tokens of the next
 * (types/realtime/realtime_response_usage.py).
 */
const SPOKEN_ID_NOTE =
  'an earlier spoken reply, sent back by its id: the model hears that audio again, which this file does not hold, so the count is low by its audio tokens'

const RESPONSES_ITEM_TYPES = new Set([
  'message',
  'function_call',
  'function_call_output',
  'reasoning',
])

/**
 * Reads OpenAI Chat Completions: an array of messages, or a request body `{ model, messages, tools }`.
 * Tool definitions become an instructions message whose payload holds them, since they are sent
 * (and cost tokens) on every turn and, like the system prompt, are never summarised.
 */
export function readOpenAIChat(input: ReadInput): ReadResult {
  const notes = new NoteList()
  const { list, prefix, model, head } = readRequestBody(input.json(), BODY, notes)
  const messages: Message[] = head
  list.forEach((raw, i) => messages.push(readChatMessage(raw, [...prefix, i], notes)))
  return { model, messages, notes }
}

const BODY: BodyShape = {
  listKey: 'messages',
  missing: 'no "messages" (a Chat Completions request body has one)',
  expected: 'expected an array of messages or a request body',
  fields: new Set(['model', 'messages', 'tools', 'functions', 'response_format']),
  keepsForcedChoice: true,
}

/** How a format that carries Chat Completions messages differs from a plain Chat Completions file. */
export interface ChatReadOptions {
  /**
   * The messages went through LiteLLM, which passes `cache_control` on text parts to Anthropic:
   * a prompt-caching hint (info) rather than a field Chat Completions does not have (warning).
   */
  cacheHints?: boolean
}

/**
 * One Chat Completions message at `at` as a core message: system/developer → instructions, user,
 * assistant → bot (tool_calls in the payload), tool → activity whose id is tool_call_id. Shared by
 * every format whose messages are Chat Completions' (SWE-agent's history).
 */
export function readChatMessage(
  raw: unknown,
  at: JsonPath,
  notes: NoteList,
  opts: ChatReadOptions = {},
): Message {
  if (!isObject(raw)) throw new ShapeError(`message is ${kind(raw)}, not an object`, at)
  if (typeof raw.type === 'string' && (RESPONSES_ITEM_TYPES.has(raw.type) || !('role' in raw))) {
    throw new ShapeError(`"type": "${raw.type}" is not a Chat Completions message field`, [
      ...at,
      'type',
    ])
  }
  const role = requireString(raw, 'role', at)
  const type = ROLE_TYPES[role]
  if (type === undefined) {
    throw new ShapeError(
      `role "${role}" is not a Chat Completions role (system, developer, user, assistant, tool)`,
      [...at, 'role'],
    )
  }
  for (const key of Object.keys(raw)) {
    if (key === 'annotations' && role === 'assistant') {
      // Current replies carry an empty list: nothing to say of it.
      const list = raw.annotations
      if (!Array.isArray(list) || list.length > 0) {
        notes.info(pathString([...at, key]), ANNOTATIONS_NOTE)
      }
    } else if (
      key === 'audio' &&
      (raw.audio === null || (role === 'assistant' && isObject(raw.audio)))
    ) {
      // An assistant message's `audio` (a spoken reply, or the id of one sent back), read below;
      // null when it spoke nothing.
    } else if (!MESSAGE_FIELDS.has(key) && !(key === 'function_call' && role === 'assistant')) {
      notes.warn(pathString([...at, key]), UNKNOWN_FIELD_NOTE)
    }
  }
  const name = optionalString(raw, 'name', at)
  const parts: PayloadParts = name !== undefined ? { name } : {}

  if (type === 'activity') {
    const result = readContent(raw.content, [...at, 'content'], notes, opts)
    parts.content = result.attachments.length > 0 ? (raw.content as unknown[]) : result.text
    let id: string | undefined
    if (role === 'tool') id = requireString(raw, 'tool_call_id', at)
    else notes.info(pathString([...at, 'role']), 'legacy "function" result; read as an activity')
    return orderMessage({ id, type, text: '', payload: encodePayload(parts) })
  }

  const { text, attachments } = readContent(raw.content, [...at, 'content'], notes, opts)
  if (attachments.length > 0) parts.attachments = attachments
  let fullText = text
  if (role === 'assistant') {
    const refusal = optionalString(raw, 'refusal', at)
    if (refusal !== undefined && refusal !== '') {
      fullText = text === '' ? refusal : `${text}\n\n${refusal}`
      notes.info(pathString([...at, 'refusal']), 'refusal read as part of the reply text')
    }
    fullText = readSpokenReply(raw, fullText, at, notes)
    const calls = readToolCalls(raw, at, notes)
    if (calls.length > 0) parts.tool_calls = calls
  } else if (raw.tool_call_id !== undefined) {
    notes.warn(
      pathString([...at, 'tool_call_id']),
      `"tool_call_id" on a ${role} message; not loaded`,
    )
  }
  return orderMessage({ type, text: fullText, payload: encodePayload(parts) })
}

/** An assistant message's text with its spoken reply's transcript, where it has one. */
function readSpokenReply(raw: Json, text: string, at: JsonPath, notes: NoteList): string {
  const audio = raw.audio
  if (!isObject(audio)) return text
  const here = pathString([...at, 'audio'])
  const transcript = optionalString(audio, 'transcript', [...at, 'audio'])
  if (transcript === undefined) {
    notes.warn(here, SPOKEN_ID_NOTE)
    return text
  }
  notes.info(here, SPOKEN_REPLY_NOTE)
  if (text === '') return transcript
  return text === transcript ? text : `${text}\n\n${transcript}`
}

function readToolCalls(raw: Json, at: JsonPath, notes: NoteList): ToolCall[] {
  const calls: ToolCall[] = []
  if (raw.tool_calls !== undefined && raw.tool_calls !== null) {
    requireArray(raw, 'tool_calls', at).forEach((call, k) => {
      const here = [...at, 'tool_calls', k]
      if (!isObject(call)) throw new ShapeError(`tool call is ${kind(call)}, not an object`, here)
      const id = requireString(call, 'id', here)
      const body = isObject(call.function)
        ? call.function
        : isObject(call.custom)
          ? call.custom
          : null
      if (body === null) throw new ShapeError('tool call has no "function"', [...here, 'function'])
      const name = requireString(body, 'name', [...here, call.function ? 'function' : 'custom'])
      const args = typeof body.arguments === 'string' ? body.arguments : body.input
      const field = typeof body.arguments === 'string' ? 'arguments' : 'input'
      const path = [...here, call.function ? 'function' : 'custom', field]
      calls.push({
        id,
        name,
        arguments: typeof args === 'string' ? parseArguments(args, path) : '',
      })
      for (const key of Object.keys(call)) {
        if (key === 'index') notes.info(pathString([...here, key]), CALL_INDEX_NOTE)
        else if (!['id', 'type', 'function', 'custom'].includes(key)) {
          notes.warn(pathString([...here, key]), UNKNOWN_FIELD_NOTE)
        }
      }
    })
  }
  if (isObject(raw.function_call)) {
    const here = [...at, 'function_call']
    const name = requireString(raw.function_call, 'name', here)
    const args = optionalString(raw.function_call, 'arguments', here) ?? ''
    calls.push({ name, arguments: parseArguments(args, [...here, 'arguments']) })
    notes.info(pathString(here), 'legacy function_call; read as a tool call without an id')
  }
  return calls
}

/** A message's content as text (its text parts joined by a blank line) and its other parts. */
function readContent(
  content: unknown,
  at: JsonPath,
  notes: NoteList,
  opts: ChatReadOptions,
): { text: string; attachments: unknown[] } {
  if (content === undefined || content === null) return { text: '', attachments: [] }
  return readTextParts(content, at, notes, {
    family: 'openai',
    textKeyOf: (type) => (type === 'text' || type === 'refusal' ? type : undefined),
    noteField: (key, here) => {
      if (key === 'cache_control' && opts.cacheHints)
        notes.info(pathString([...here, key]), CACHE_NOTE)
      else notes.warn(pathString([...here, key]), UNKNOWN_FIELD_NOTE)
    },
    where: pathString,
  })
}

// Fields and roles that only Chat Completions messages have.
const CHAT_MARKS = (o: Json) =>
  'tool_calls' in o ||
  'tool_call_id' in o ||
  o.role === 'tool' ||
  o.role === 'function' ||
  (Array.isArray(o.content) && o.content.some((p) => isObject(p) && p.type === 'image_url'))

/** OpenAI Chat Completions: messages, or a request body. */
export const openaiChatFormat = {
  id: 'openai',
  label: 'OpenAI Chat Completions',
  shape: 'a JSON array of {role, content, …}, or a request body {model, messages, tools}',
  detect(sniff) {
    const objects = firstObjects(listIn(sniff, 'messages'))
    if (!someHas(objects, 'role')) return 0
    return objects.some(CHAT_MARKS) ? 2 : 1
  },
  read: readOpenAIChat,
  write: writeOpenAIChat,
} as const satisfies FormatDescriptor
