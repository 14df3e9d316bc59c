import { orderMessage } from '../conversation'
import type { Message } from '../types'
import {
  ShapeError,
  isObject,
  kind,
  optionalString,
  parseArguments,
  pathString,
  requireString,
  type Json,
  type JsonPath,
} from './json-shape'
import { encodePayload, type ToolCall } from './payload'
import type { ReadInput, ReadResult } from './reader'
import { readRequestBody, type BodyShape } from './request-body'
import { NoteList } from './report'
import { UNKNOWN_FIELD_NOTE, attachmentNote, rejectForeignType } from './vocabulary'

const ROLE_TYPES: Record<string, string> = {
  system: 'instructions',
  developer: 'instructions',
  user: 'user',
  assistant: 'bot',
}
const BODY: BodyShape = {
  listKey: 'input',
  listMayBeText: true,
  missing: 'no "input" (a Responses request body has one)',
  expected: 'expected an array of input items or a request body',
  fields: new Set(['model', 'input', 'instructions', 'tools']),
  warnings: {
    previous_response_id:
      'continues a conversation stored by OpenAI; its earlier turns are not in this file',
  },
  readOwn: (body) => {
    const instructions = optionalString(body, 'instructions', [])
    return instructions !== undefined ? [{ type: 'instructions', text: instructions }] : []
  },
}
const ITEM_FIELDS: Record<string, readonly string[]> = {
  message: ['type', 'id', 'role', 'content', 'status'],
  function_call: ['type', 'id', 'call_id', 'name', 'arguments', 'status'],
  function_call_output: ['type', 'id', 'call_id', 'output', 'status'],
  reasoning: ['type', 'id', 'summary', 'content', 'encrypted_content', 'status'],
}

// Responses item types with no core counterpart: kept whole (and counted) as activities.
const OTHER_ITEM_TYPES = new Set([
  'web_search_call',
  'file_search_call',
  'computer_call',
  'computer_call_output',
  'code_interpreter_call',
  'image_generation_call',
  'local_shell_call',
  'local_shell_call_output',
  'custom_tool_call',
  'custom_tool_call_output',
  'mcp_list_tools',
  'mcp_call',
  'mcp_approval_request',
  'mcp_approval_response',
])

/** A bot turn being assembled: an assistant message and the function calls that follow it. */
interface Turn {
  id?: string
  texts: string[]
  calls: ToolCall[]
  attachments: unknown[]
}

/**
 * Reads OpenAI Responses input: an array of items, or a request body `{ model, instructions, input,
 * tools }`. An assistant message and the function_call items after it are one model turn, so they
 * become one bot message (the first item's id), the way Chat Completions would carry them.
 */
export function readOpenAIResponses(input: ReadInput): ReadResult {
  const notes = new NoteList()
  const { list: items, text, prefix, model, head } = readRequestBody(input.json(), BODY, notes)
  const messages: Message[] = head
  if (text !== undefined) {
    messages.push({ type: 'user', text })
    return { model, messages, notes }
  }

  let turn: Turn | undefined
  const flush = () => {
    if (!turn) return
    const payload = encodePayload({
      ...(turn.calls.length > 0 ? { tool_calls: turn.calls } : {}),
      ...(turn.attachments.length > 0 ? { attachments: turn.attachments } : {}),
    })
    messages.push(
      orderMessage({ id: turn.id, type: 'bot', text: turn.texts.join('\n\n'), payload }),
    )
    turn = undefined
  }
  items.forEach((raw, i) => {
    const at = [...prefix, i]
    if (!isObject(raw)) throw new ShapeError(`item is ${kind(raw)}, not an object`, at)
    const itemType = itemTypeOf(raw, at)
    const known = ITEM_FIELDS[itemType]
    if (known) {
      for (const key of Object.keys(raw)) {
        if (key === 'status')
          notes.info(pathString([...at, key]), 'item status; not part of the conversation')
        else if (!known.includes(key)) notes.warn(pathString([...at, key]), UNKNOWN_FIELD_NOTE)
      }
    }
    const id = optionalString(raw, 'id', at)
    if (itemType === 'message') {
      const role = requireString(raw, 'role', at)
      const type = ROLE_TYPES[role]
      if (type === undefined) {
        throw new ShapeError(`role "${role}" is not a Responses message role`, [...at, 'role'])
      }
      const { text, attachments } = readContent(raw.content, [...at, 'content'], notes)
      if (type === 'bot') {
        // An assistant message opens a new turn; the function calls after it join that turn.
        flush()
        turn = { id, texts: [text], calls: [], attachments }
        return
      }
      flush()
      const payload = attachments.length > 0 ? encodePayload({ attachments }) : undefined
      messages.push(orderMessage({ id, type, text, payload }))
    } else if (itemType === 'function_call') {
      turn ??= { id, texts: [], calls: [], attachments: [] }
      if (id !== undefined && id !== turn.id) {
        notes.info(
          pathString([...at, 'id']),
          'item id not kept: the call is part of the bot message before it',
        )
      }
      const args = requireString(raw, 'arguments', at)
      turn.calls.push({
        id: requireString(raw, 'call_id', at),
        name: requireString(raw, 'name', at),
        arguments: parseArguments(args, [...at, 'arguments']),
      })
    } else {
      flush()
      messages.push(readOtherItem(raw, itemType, at, notes))
    }
  })
  flush()
  return { model, messages, notes }
}

function itemTypeOf(raw: Json, at: JsonPath): string {
  if ('tool_calls' in raw || raw.role === 'tool') {
    throw new ShapeError(
      '"tool_calls" and role "tool" belong to Chat Completions, not Responses',
      at,
    )
  }
  if (raw.type === undefined && 'role' in raw) return 'message'
  return requireString(raw, 'type', at)
}

function readOtherItem(raw: Json, itemType: string, at: JsonPath, notes: NoteList): Message {
  const id = optionalString(raw, 'id', at)
  if (itemType === 'function_call_output') {
    if (id !== undefined) {
      notes.info(pathString([...at, 'id']), "item id not kept: an activity's id is its call_id")
    }
    const output = raw.output
    let content: string | unknown[]
    if (typeof output === 'string') content = output
    else if (Array.isArray(output)) {
      const read = readContent(output, [...at, 'output'], notes)
      content = read.attachments.length > 0 ? output : read.text
    } else
      throw new ShapeError(`"output" is ${kind(output)}, not a string or a list`, [...at, 'output'])
    return orderMessage({
      id: requireString(raw, 'call_id', at),
      type: 'activity',
      text: '',
      payload: encodePayload({ content }),
    })
  }
  if (itemType === 'reasoning') {
    const texts = [
      ...textsOf(raw.summary, 'summary_text'),
      ...textsOf(raw.content, 'reasoning_text'),
    ]
    const encrypted = optionalString(raw, 'encrypted_content', at)
    const payload =
      encrypted !== undefined ? encodePayload({ encrypted_content: encrypted }) : undefined
    return orderMessage({ id, type: 'reasoning', text: texts.join('\n\n'), payload })
  }
  if (itemType === 'item_reference') {
    notes.warn(
      pathString(at),
      'refers to an item stored by OpenAI; its content is not in this file',
    )
    return orderMessage({ id, type: 'activity', text: '', payload: encodePayload({ item: raw }) })
  }
  if (!OTHER_ITEM_TYPES.has(itemType)) {
    throw new ShapeError(`"${itemType}" is not a Responses item type`, [...at, 'type'])
  }
  notes.warn(
    pathString(at),
    `"${itemType}" item has no mapping; kept as an activity with its JSON as payload`,
  )
  return orderMessage({ id, type: 'activity', text: '', payload: encodePayload({ item: raw }) })
}

function textsOf(list: unknown, partType: string): string[] {
  if (!Array.isArray(list)) return []
  return list
    .filter((p) => isObject(p) && p.type === partType && typeof p.text === 'string')
    .map((p) => (p as Json).text as string)
}

/** Content as text (text parts joined by a blank line) and any other parts, kept verbatim. */
function readContent(
  content: unknown,
  at: JsonPath,
  notes: NoteList,
): { text: string; attachments: unknown[] } {
  if (typeof content === 'string') return { text: content, attachments: [] }
  if (!Array.isArray(content))
    throw new ShapeError(`"content" is ${kind(content)}, not a string or a list of parts`, at)
  const texts: string[] = []
  const attachments: unknown[] = []
  content.forEach((part, k) => {
    const here = [...at, k]
    if (!isObject(part)) throw new ShapeError(`part is ${kind(part)}, not an object`, here)
    const type = requireString(part, 'type', here)
    rejectForeignType(type, 'openai-responses', here)
    if (type === 'text') {
      throw new ShapeError('"text" is not a Responses part type (input_text, output_text)', [
        ...here,
        'type',
      ])
    }
    const textKey =
      type === 'refusal'
        ? 'refusal'
        : type === 'input_text' || type === 'output_text'
          ? 'text'
          : undefined
    if (textKey === undefined) {
      attachments.push(part)
      notes.warn(pathString(here), attachmentNote(type))
      return
    }
    texts.push(requireString(part, textKey, here))
    for (const key of Object.keys(part)) {
      if (key === 'type' || key === textKey) continue
      if (key === 'annotations' || key === 'logprobs')
        notes.info(pathString([...here, key]), `${key}; not part of the conversation`)
      else notes.warn(pathString([...here, key]), UNKNOWN_FIELD_NOTE)
    }
  })
  return { text: texts.join('\n\n'), attachments }
}
