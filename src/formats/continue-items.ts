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
  type JsonPath,
} from './json-shape'
import { encodePayload, type PayloadParts, type ToolCall } from './payload'
import type { NoteList } from './report'
import { readTextParts } from './content-parts'
import { UNKNOWN_FIELD_NOTE } from './vocabulary'

/*
 * One item of a Continue session's `history` (`ChatHistoryItem` in core/index.d.ts of
 * continuedev/continue at d0a3c0b626): its message, the context items the user attached, and the
 * states of the tool calls it made, as the extension (gui/src/redux/util/constructMessages.ts) or
 * the CLI (core/util/messageConversion.ts, convertFromUnifiedHistory) turns them into a request.
 * See docs/formats/continue.md.
 */

/** Who built the requests: the IDE extension or the `cn` CLI; they build them differently. */
export type Builder = 'ide' | 'cli'

// The item's fields beside its message, and what becomes of each.
const ITEM_NOTES: Record<string, string> = {
  editorState: "the input box's state in the IDE; not sent",
  modifiers: 'how the prompt was sent (with the codebase, without context); not sent',
  promptLogs:
    "Continue's log of the requests it made for this reply: the model they named and the latest one's system message are read (see their notes), the rest not",
  isGatheringContext: 'display state; not sent',
  reasoning: "the reasoning as Continue's view shows it; the thinking message is what is sent",
  appliedRules: 'the rules Continue applied to the system message, which the file does not hold',
  conversationSummary: 'read as the summary of the conversation up to here',
}

/** The model-facing messages one history item becomes, and what its reply reported. */
export interface ItemMessages {
  messages: Message[]
  /** Whether the item's message is a reply (assistant), whose first message gets its usage. */
  reply: boolean
  usage: unknown
}

/**
 * Reads history item `k` into the messages Continue sends for it, noting what is not sent. Throws
 * ShapeError where the item is not a ChatHistoryItem.
 */
export function readItem(
  item: unknown,
  k: number,
  builder: Builder,
  notes: NoteList,
): ItemMessages {
  const at: JsonPath = ['history', k]
  if (!isObject(item)) throw new ShapeError(`history item is ${kind(item)}, not an object`, at)
  const message = item.message
  if (!isObject(message)) {
    throw new ShapeError(`"message" is ${kind(message)}, not an object`, [...at, 'message'])
  }
  for (const key of Object.keys(item)) {
    if (key === 'message' || key === 'contextItems' || key === 'toolCallStates') continue
    const note = ITEM_NOTES[key]
    if (note) notes.info(pathString([...at, key]), note)
    else notes.warn(pathString([...at, key]), UNKNOWN_FIELD_NOTE)
  }
  const here = [...at, 'message']
  const role = requireString(message, 'role', here)
  const none: ItemMessages = { messages: [], reply: false, usage: undefined }
  switch (role) {
    case 'system':
      if (builder === 'ide') {
        notes.info(
          pathString(here),
          'a system message in the history; the IDE builds its own, and does not send this one',
        )
        return none
      }
      return { ...none, messages: [plain('instructions', message, here, notes)] }
    case 'tool':
      if (builder === 'ide') {
        notes.info(
          pathString(here),
          "a tool message in the history; the IDE sends each call's result from the call's state instead",
        )
        return none
      }
      return { ...none, messages: [toolMessage(message, here, notes)] }
    case 'user':
      if (builder === 'ide' && isEmptyText(message.content)) {
        notes.info(pathString(here), 'an empty message; Continue does not send it')
        return none
      }
      return { ...none, messages: [userMessage(item, message, here, builder, notes)] }
    case 'thinking':
      return { ...none, messages: [thinking(message, here, builder, notes)] }
    case 'assistant': {
      const calls = toolCalls(message.toolCalls, [...here, 'toolCalls'])
      if (builder === 'ide' && isEmptyText(message.content) && message.toolCalls === undefined) {
        notes.info(pathString(here), 'an empty message; Continue does not send it')
        return none
      }
      const parts: PayloadParts = {}
      const { text, attachments } = content(message.content, [...here, 'content'], notes)
      if (attachments.length > 0) parts.attachments = attachments
      if (calls.length > 0) parts.tool_calls = calls
      noteFields(message, ['role', 'content', 'toolCalls', 'usage'], here, notes)
      const reply = orderMessage({ type: 'bot', text, payload: encodePayload(parts) })
      const results = toolResults(item.toolCallStates, [...at, 'toolCallStates'], builder, notes)
      return { messages: [reply, ...results], reply: true, usage: message.usage }
    }
    default:
      throw new ShapeError(
        `role "${role}" is not a Continue message role (user, assistant, thinking, system, tool)`,
        [...here, 'role'],
      )
  }
}

// chatMessageIsEmpty (core/llm/messages.ts): a string of whitespace only.
const isEmptyText = (value: unknown) => typeof value === 'string' && value.trim() === ''

function plain(type: string, message: Json, here: JsonPath, notes: NoteList): Message {
  const { text } = content(message.content, [...here, 'content'], notes)
  noteFields(message, ['role', 'content'], here, notes)
  return { type, text }
}

function toolMessage(message: Json, here: JsonPath, notes: NoteList): Message {
  const id = requireString(message, 'toolCallId', here)
  const { text } = content(message.content, [...here, 'content'], notes)
  noteFields(message, ['role', 'content', 'toolCallId'], here, notes)
  return orderMessage({ id, type: 'activity', text: '', payload: encodePayload({ content: text }) })
}

/**
 * A user message with the context items the user attached (files, search results, a URL's text),
 * as each builder sends them: the IDE puts each item's content, and a line break, in a text part
 * before the prompt's; the CLI wraps each in a `<context name="…">` element before a string
 * prompt, and sends none with a prompt of parts.
 */
function userMessage(
  item: Json,
  message: Json,
  here: JsonPath,
  builder: Builder,
  notes: NoteList,
): Message {
  const { text, attachments } = content(message.content, [...here, 'content'], notes)
  noteFields(message, ['role', 'content'], here, notes)
  const contexts = Array.isArray(item.contextItems) ? item.contextItems : []
  const texts: string[] = []
  contexts.forEach((ctx: unknown, j) => {
    const place = pathString([...here.slice(0, -1), 'contextItems', j])
    if (!isObject(ctx) || typeof ctx.content !== 'string') {
      notes.warn(place, 'a context item with no text content; not loaded')
      return
    }
    if (builder === 'ide') {
      if (ctx.content.trim() !== '') texts.push(`${ctx.content}\n`)
    } else if (typeof message.content === 'string') {
      const name = typeof ctx.name === 'string' ? ctx.name : ''
      texts.push(`<context name="${name}">\n${ctx.content}\n</context>\n\n`)
    } else {
      notes.warn(place, "a context item with a prompt of parts; Continue's CLI does not send it")
    }
  })
  if (contexts.length > 0) {
    notes.info(
      pathString([...here.slice(0, -1), 'contextItems']),
      'context the user attached; sent with the prompt, read into its text',
    )
  }
  const parts: PayloadParts = attachments.length > 0 ? { attachments } : {}
  const joined =
    builder === 'ide'
      ? [...texts, text].filter((t) => t !== '').join('\n\n')
      : texts.join('') + text
  return orderMessage({ type: 'user', text: joined, payload: encodePayload(parts) })
}

/**
 * A thinking message. The IDE hands it to the provider's own adapter, which sends it back as
 * thinking with its signature (Anthropic) or redacted data; the CLI sends it as an assistant
 * message of its text (convertFromUnifiedMessage).
 */
function thinking(message: Json, here: JsonPath, builder: Builder, notes: NoteList): Message {
  const { text } = content(message.content, [...here, 'content'], notes)
  noteFields(
    message,
    ['role', 'content', 'signature', 'redactedThinking', 'reasoning_details', 'toolCalls'],
    here,
    notes,
  )
  if (message.reasoning_details !== undefined) {
    notes.info(
      pathString([...here, 'reasoning_details']),
      "the provider's own reasoning record; not counted",
    )
  }
  if (builder === 'cli') {
    notes.info(
      pathString(here),
      "thinking, which Continue's CLI sends as an assistant message of its text",
    )
    return { type: 'bot', text }
  }
  const parts: PayloadParts = {}
  if (typeof message.signature === 'string' && message.signature !== '')
    parts.signature = message.signature
  if (typeof message.redactedThinking === 'string' && message.redactedThinking !== '') {
    parts.data = message.redactedThinking
  }
  return { type: 'reasoning', text, payload: encodePayload(parts) }
}

/** A message's content: its text parts joined by a blank line, and its images as OpenAI's parts. */
function content(
  value: unknown,
  at: JsonPath,
  notes: NoteList,
): { text: string; attachments: unknown[] } {
  if (value === undefined || value === null) return { text: '', attachments: [] }
  return readTextParts(Array.isArray(value) ? value.map(asSent) : value, at, notes, {
    family: 'openai',
    textKeyOf: (type) => (type === 'text' ? 'text' : undefined),
    noteField: (key, here) => notes.warn(pathString([...here, key]), UNKNOWN_FIELD_NOTE),
    where: pathString,
  })
}

// Continue's own image part, `{type: "imageUrl", imageUrl: {url}}`, goes to the provider as
// OpenAI's `image_url` (convertFromMessageContent), and is priced as that.
function asSent(part: unknown): unknown {
  if (!isObject(part) || part.type !== 'imageUrl' || !isObject(part.imageUrl)) return part
  const url = part.imageUrl.url
  return typeof url === 'string' ? { type: 'image_url', image_url: { url } } : part
}

function toolCalls(value: unknown, at: JsonPath): ToolCall[] {
  if (value === undefined || value === null) return []
  if (!Array.isArray(value)) throw new ShapeError(`"toolCalls" is ${kind(value)}, not a list`, at)
  return value.map((call: unknown, j) => {
    const here = [...at, j]
    if (!isObject(call)) throw new ShapeError(`tool call is ${kind(call)}, not an object`, here)
    const id = requireString(call, 'id', here)
    const fn = isObject(call.function) ? call.function : {}
    const name = typeof fn.name === 'string' ? fn.name : ''
    const args = typeof fn.arguments === 'string' ? fn.arguments : ''
    return {
      id,
      name,
      arguments: args === '' ? '' : parseArguments(args, [...here, 'function', 'arguments']),
    }
  })
}

/**
 * The result Continue sends for each tool call the reply made, from the call's state: its output
 * items' contents (the IDE joins them with a blank line, and adds a terminal command's status; the
 * CLI joins them with a line break). A call canceled, failed or without output gets a short notice
 * of Continue's own, which the file does not hold: counted as empty.
 */
function toolResults(value: unknown, at: JsonPath, builder: Builder, notes: NoteList): Message[] {
  if (value === undefined || value === null) return []
  if (!Array.isArray(value))
    throw new ShapeError(`"toolCallStates" is ${kind(value)}, not a list`, at)
  return value.map((state: unknown, j) => {
    const here = [...at, j]
    if (!isObject(state))
      throw new ShapeError(`tool call state is ${kind(state)}, not an object`, here)
    const id = requireString(state, 'toolCallId', here)
    const output = Array.isArray(state.output) ? state.output.filter(isObject) : []
    const status = typeof state.status === 'string' ? state.status : ''
    let text: string | undefined
    if (builder === 'cli') {
      if (output.length > 0) text = output.map((o) => String(o.content ?? '')).join('\n')
    } else if (status !== 'canceled' && output.length > 0) {
      const terminal =
        isObject(state.toolCall) &&
        isObject(state.toolCall.function) &&
        state.toolCall.function.name === 'run_terminal_command'
      text = output
        .map(
          (o) =>
            String(o.content ?? '') +
            (terminal && typeof o.status === 'string' && o.status !== ''
              ? `\n[Status: ${o.status}]`
              : ''),
        )
        .join('\n\n')
    }
    if (text === undefined) {
      notes.info(
        pathString(here),
        `a call ${status === 'canceled' ? 'canceled' : status === 'errored' ? 'that failed' : 'with no output'}: Continue sends a short notice of its own as its result, which the file does not hold; counted as empty`,
      )
    }
    return orderMessage({
      id,
      type: 'activity',
      text: '',
      payload: encodePayload({ content: text ?? '' }),
    })
  })
}

/** What a message's `id` is: the front end's, never sent. */
const MESSAGE_ID_NOTE = "the extension's id for the message in its history; not sent"

function noteFields(message: Json, read: readonly string[], here: JsonPath, notes: NoteList): void {
  for (const key of Object.keys(message)) {
    if (read.includes(key)) continue
    if (key === 'metadata')
      notes.info(pathString([...here, key]), "Continue's metadata for the message; not sent")
    // The extension's front end gave each message an id from September 2024 (f63fd5d, to delete
    // it); constructMessages sends only the role and the content.
    else if (key === 'id') notes.info(pathString([...here, key]), MESSAGE_ID_NOTE)
    else notes.warn(pathString([...here, key]), UNKNOWN_FIELD_NOTE)
  }
}
