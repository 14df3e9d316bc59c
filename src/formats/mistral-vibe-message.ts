import { orderMessage } from '../conversation'
import type { Message } from '../types'
import {
  ShapeError,
  kind,
  optionalList,
  parseArguments,
  requireString,
  isObject,
  type Json,
} from './json-shape'
import { encodePayload, opaqueThinking, type PayloadParts, type ToolCall } from './payload'

/*
 * One Mistral Vibe message, an LLMMessage as `model_dump(exclude_none=True)` writes it (vibe/core/
 * types.py), as every request sends it: a line of a session's messages.jsonl (mistral-vibe.ts), or
 * an item of a 1.x session file's `messages` (mistral-vibe-document.ts).
 */

const ROLES: Record<string, string> = {
  system: 'instructions',
  user: 'user',
  assistant: 'bot',
  tool: 'activity',
}

// render_compaction_context (compaction.py): the injected user message a compaction leaves.
const SUMMARY_OPEN = '<compaction_summary>'

// The fields an LLMMessage dumps; the ones read below, and those that carry nothing sent.
const KNOWN = new Set([
  'role',
  'content',
  'images',
  'injected',
  'reasoning_content',
  'reasoning_state',
  'reasoning_signature',
  'reasoning_message_id',
  'tool_calls',
  'name',
  'tool_call_id',
  'message_id',
  'user_display_content',
])

/** What the reader says of a message. */
export const VIBE_NOTES = {
  summary:
    "the summary of Vibe's compaction, with the user's recent messages it keeps; the messages it replaced are in the session folder before this one",
  injected: 'a message Vibe injected (a middleware, a reminder): context, not a prompt',
  images: 'images sent with the message; not counted (the file keeps their source, not their size)',
  unknown: 'not a field of an LLMMessage; not loaded',
} as const

/** Where a message's notes go: at its line, or at its place in a document's `messages`. */
export type NoteAt = (severity: 'info' | 'warning', field: string, problem: string) => void

/** One LLMMessage as it is sent: its thinking before it, for an assistant's. */
export function readVibeMessage(raw: Json, note: NoteAt): Message[] {
  const role = raw.role as string
  const type = ROLES[role]
  if (type === undefined) {
    throw new ShapeError(`role "${role}" is not a Vibe role (system, user, assistant, tool)`, [
      'role',
    ])
  }
  for (const key of Object.keys(raw)) {
    if (!KNOWN.has(key)) note('warning', key, VIBE_NOTES.unknown)
  }
  const text = contentOf(raw.content, ['content'])
  if (Array.isArray(raw.images) && raw.images.length > 0) {
    note('info', 'images', VIBE_NOTES.images)
  }
  if (type === 'activity') {
    const id = requireString(raw, 'tool_call_id', [])
    return [orderMessage({ id, type, text: '', payload: encodePayload({ content: text }) })]
  }
  if (role === 'user' && raw.injected === true) {
    if (text.includes(SUMMARY_OPEN)) {
      note('info', '', VIBE_NOTES.summary)
      return [{ type: 'context', text, meta: { compacted: true, droppedCount: 0 } }]
    }
    note('info', '', VIBE_NOTES.injected)
    return [{ type: 'context', text }]
  }
  if (role !== 'assistant') return [{ type, text }]
  const out: Message[] = []
  const thinking = reasoningOf(raw)
  if (thinking) out.push(thinking)
  const parts: PayloadParts = {}
  const calls = toolCalls(raw)
  if (calls.length > 0) parts.tool_calls = calls
  out.push(orderMessage({ type: 'bot', text, payload: encodePayload(parts) }))
  return out
}

/** Content is a string, or (an older dump) parts whose texts Vibe joins by a line break. */
function contentOf(value: unknown, at: (string | number)[]): string {
  if (value === undefined || value === null) return ''
  if (typeof value === 'string') return value
  if (Array.isArray(value)) {
    return value
      .map((p) => (isObject(p) && typeof p.text === 'string' ? p.text : JSON.stringify(p)))
      .join('\n')
  }
  throw new ShapeError(`"content" is ${kind(value)}, not a string or a list of parts`, at)
}

/**
 * An assistant message's thinking: `reasoning_content`, with Anthropic's `reasoning_signature` or
 * OpenAI's encrypted reasoning (`reasoning_state`, the Responses reasoning items' encrypted_content)
 * kept for export and never priced as text.
 */
function reasoningOf(raw: Json): Message | undefined {
  const text = contentOf(raw.reasoning_content, ['reasoning_content'])
  const signature = typeof raw.reasoning_signature === 'string' ? raw.reasoning_signature : ''
  const state = Array.isArray(raw.reasoning_state)
    ? raw.reasoning_state.filter((s): s is string => typeof s === 'string' && s !== '')
    : []
  if (text === '' && signature === '' && state.length === 0) return undefined
  const parts = opaqueThinking(text, { openai: state.join(''), anthropic: signature })
  return { type: 'reasoning', text, payload: encodePayload(parts) }
}

function toolCalls(raw: Json): ToolCall[] {
  return optionalList(raw, 'tool_calls', []).map((call: unknown, k) => {
    const here = ['tool_calls', k]
    if (!isObject(call)) throw new ShapeError(`tool call is ${kind(call)}, not an object`, here)
    const fn = isObject(call.function) ? call.function : {}
    const name = typeof fn.name === 'string' ? fn.name : ''
    const args = fn.arguments
    return {
      ...(typeof call.id === 'string' ? { id: call.id } : {}),
      name,
      arguments:
        typeof args === 'string' ? parseArguments(args, [...here, 'function', 'arguments']) : '',
    }
  })
}
