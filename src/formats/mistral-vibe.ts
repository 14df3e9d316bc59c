import { orderMessage } from '../conversation'
import type { Message } from '../types'
import {
  ShapeError,
  isObject,
  kind,
  optionalList,
  parseArguments,
  pathString,
  requireString,
  type Json,
} from './json-shape'
import { encodePayload, opaqueThinking, type PayloadParts, type ToolCall } from './payload'
import {
  linesNotes,
  LocatedError,
  type ReadInput,
  type ReadResult,
  type SkippedLine,
} from './reader'
import { NoteList } from './report'
import { readVibeMetaCompanion } from './mistral-vibe-meta'
import { lineObjects } from './sniff-shapes'
import type { FormatDescriptor } from './types'

/*
 * Mistral Vibe (`vibe`, Mistral's coding agent) logs each session to <VIBE_HOME, else ~/.vibe>/
 * logs/session/session_<start>_<short id>/messages.jsonl: every message but the system prompt, one
 * per line, as its LLMMessage dumps them (model_dump(exclude_none=True)), appended as they come;
 * meta.json beside it holds the system prompt, the tools, the config and the totals, and is read
 * with it when the host finds it (ReadChoice.companion: mistral-vibe-meta.ts). A compaction starts a
 * new session folder whose first message is the summary. Followed: mistralai/mistral-vibe 2.18.4
 * (ac8f1a09): vibe/core/types.py (LLMMessage), vibe/core/session/session_logger.py
 * (save_interaction), vibe/core/compaction.py and vibe/core/agent_loop.py (compact). See
 * docs/formats/mistral-vibe.md.
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

const NOTES = {
  summary:
    "the summary of Vibe's compaction, with the user's recent messages it keeps; the messages it replaced are in the session folder before this one",
  injected: 'a message Vibe injected (a middleware, a reminder): context, not a prompt',
  images: 'images sent with the message; not counted (the file keeps their source, not their size)',
  unknown: 'not a field of an LLMMessage; not loaded',
} as const

/** Reads a Mistral Vibe messages.jsonl: every message, in the order Vibe appended them. */
export function readMistralVibe(input: ReadInput): ReadResult {
  if (input.isOneDocument()) {
    throw new LocatedError('one JSON document, not JSONL with one Vibe message per line', '')
  }
  const later = new NoteList()
  const inLine: SkippedLine[] = []
  const messages: Message[] = []
  let read = 0
  let firstUnread: SkippedLine | undefined

  const broken = input.eachJsonLine((value, line) => {
    if (!isObject(value) || typeof value.role !== 'string') {
      inLine.push({
        line,
        problem: `${isObject(value) ? 'an object with no "role"' : kind(value)}, not a Vibe message`,
      })
      return
    }
    try {
      for (const m of readMessage(value, line)) messages.push(m)
      read++
    } catch (error) {
      if (!(error instanceof ShapeError)) throw error
      firstUnread ??= { line, problem: error.problem }
      later.addOnLine('warning', line, pathString(error.steps), `${error.problem}; line skipped`)
    }
  })

  function readMessage(raw: Json, line: number): Message[] {
    const role = raw.role as string
    const type = ROLES[role]
    if (type === undefined) {
      throw new ShapeError(`role "${role}" is not a Vibe role (system, user, assistant, tool)`, [
        'role',
      ])
    }
    for (const key of Object.keys(raw)) {
      if (!KNOWN.has(key)) later.addOnLine('warning', line, key, NOTES.unknown)
    }
    const text = contentOf(raw.content, ['content'])
    if (Array.isArray(raw.images) && raw.images.length > 0) {
      later.addOnLine('info', line, 'images', NOTES.images)
    }
    if (type === 'activity') {
      const id = requireString(raw, 'tool_call_id', [])
      return [orderMessage({ id, type, text: '', payload: encodePayload({ content: text }) })]
    }
    if (role === 'user' && raw.injected === true) {
      if (text.includes(SUMMARY_OPEN)) {
        later.addOnLine('info', line, '', NOTES.summary)
        return [{ type: 'context', text, meta: { compacted: true, droppedCount: 0 } }]
      }
      later.addOnLine('info', line, '', NOTES.injected)
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

  const what = 'a Vibe message ({role, content, injected, …})'
  const notes = linesNotes({ what, read, broken, inLine, firstUnread, later })
  // The system prompt and tools every request sent first are in meta.json beside the file.
  const meta = readVibeMetaCompanion(input.choice.companion, notes)
  const recorded = meta.head.some((m) => m.type === 'instructions' && m.text !== '')
  return {
    messages: [...meta.head, ...messages],
    notes,
    ...(meta.model !== undefined ? { model: meta.model } : {}),
    ...(meta.engineSettings !== undefined ? { engineSettings: meta.engineSettings } : {}),
    ...(recorded ? { systemPromptRecorded: true as const } : {}),
  }
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

/** Mistral Vibe: a session's messages.jsonl, one LLMMessage per line. */
export const mistralVibeFormat = {
  id: 'mistral-vibe',
  label: 'Mistral Vibe session (messages.jsonl)',
  shape:
    'JSONL, one message per line: {role, content, injected, message_id?, tool_calls?, tool_call_id?, reasoning_content?}',
  detect(sniff) {
    const objects = lineObjects(sniff)
    const vibe = (o: Json) =>
      typeof o.role === 'string' &&
      typeof o.injected === 'boolean' &&
      (typeof o.message_id === 'string' || typeof o.tool_call_id === 'string')
    return objects.length > 0 && objects.every(vibe) ? 3 : 0
  },
  read: readMistralVibe,
} as const satisfies FormatDescriptor
