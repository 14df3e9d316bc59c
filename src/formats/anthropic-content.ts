import { orderMessage } from '../conversation'
import type { Message } from '../types'
import {
  ShapeError,
  isObject,
  kind,
  optionalString,
  requireString,
  type Json,
  type JsonPath,
} from './json-shape'
import { encodePayload, type ToolCall } from './payload'
import type { NoteSink } from './report'
import {
  CACHE_NOTE,
  UNKNOWN_FIELD_NOTE,
  noteAttachment,
  rejectForeignType,
  type ContentFamily,
} from './vocabulary'

/** Where an Anthropic message sits, so notes name the right place in its file. */
export interface BlockContext {
  notes: NoteSink
  /** Turns steps inside the file into the path a note shows (`messages[3].content[1]`, `line 7: …`). */
  where: (steps: JsonPath) => string
  /** Whose blocks these are: always Anthropic's, which Claude Code and Cline share. */
  self: ContentFamily
  /**
   * A format's own reading of a block (Cline's tool results written as text, Roo's `reasoning`
   * blocks), asked first: the messages the block stands for ([] when an earlier block took it in),
   * which end the message being assembled; undefined to read the block as Anthropic's.
   */
  ownBlock?: (block: Json, k: number, here: JsonPath) => Message[] | undefined
  /**
   * A format's reading of a tool call's recorded input as it was sent, where the engine records
   * more than it sends (Claude Code's ExitPlanMode plan); unset, the input is read as recorded.
   */
  sentInput?: (name: string, input: unknown, here: JsonPath) => unknown
}

interface Pending {
  texts: string[]
  calls: ToolCall[]
  attachments: unknown[]
}

/**
 * Maps one Anthropic message (`{ role, content }` at `at`) to core messages, in block order:
 * thinking → reasoning; tool_result → activity (id = tool_use_id); text, tool_use and other blocks
 * around them → one user or bot message. `id` becomes the first message's id.
 */
export function readAnthropicMessage(
  raw: Json,
  at: JsonPath,
  ctx: BlockContext,
  id?: string,
): Message[] {
  const role = requireString(raw, 'role', at)
  if (role !== 'user' && role !== 'assistant') {
    throw new ShapeError(
      role === 'system'
        ? 'role "system" is not an Anthropic message role (the system prompt is the top-level "system")'
        : `role "${role}" is not an Anthropic message role (user, assistant)`,
      [...at, 'role'],
    )
  }
  const type = role === 'user' ? 'user' : 'bot'
  const out: Message[] = []
  const content = raw.content
  if (typeof content === 'string') {
    pushMessage(out, { type, text: content }, id)
    return out
  }
  if (!Array.isArray(content)) {
    throw new ShapeError(`"content" is ${kind(content)}, not a string or a list of blocks`, [
      ...at,
      'content',
    ])
  }
  // Loops and plain functions rather than callbacks: this runs on every line of a session.
  let pending: Pending = { texts: [], calls: [], attachments: [] }
  for (let k = 0; k < content.length; k++) {
    const block: unknown = content[k]
    const here = [...at, 'content', k]
    if (!isObject(block)) throw new ShapeError(`block is ${kind(block)}, not an object`, here)
    const own = ctx.ownBlock?.(block, k, here)
    if (own) {
      pending = flush(out, pending, type, id)
      for (const m of own) pushMessage(out, m, id)
      continue
    }
    const blockType = requireString(block, 'type', here)
    rejectForeignType(blockType, ctx.self, here)
    const known = BLOCK_FIELDS[blockType]
    if (known) reportExtraFields(block, here, known, ctx)
    switch (blockType) {
      case 'text':
        pending.texts.push(requireString(block, 'text', here))
        break
      case 'tool_use': {
        const id = requireString(block, 'id', here)
        const name = requireString(block, 'name', here)
        const input = block.input ?? {}
        const args = ctx.sentInput ? ctx.sentInput(name, input, here) : input
        pending.calls.push({ id, name, arguments: args })
        break
      }
      case 'thinking':
      case 'redacted_thinking':
        pending = flush(out, pending, type, id)
        pushMessage(out, reasoning(block, here, ctx), id)
        break
      case 'tool_result':
        pending = flush(out, pending, type, id)
        pushMessage(out, toolResult(block, here, ctx), id)
        break
      default:
        pending.attachments.push(block)
        noteAttachment(ctx.notes, ctx.where(here), blockType, block)
    }
  }
  flush(out, pending, type, id, out.length === 0)
  if (content.length === 0)
    ctx.notes.warn(ctx.where([...at, 'content']), 'empty content; read as an empty message')
  return out
}

/**
 * Adds a message in wire order (as orderMessage puts it); the first message of the Anthropic
 * message takes `id` unless it has its own. Built in order here rather than copied twice: this
 * runs for every message of a session.
 */
function pushMessage(out: Message[], m: Message, id: string | undefined): void {
  const ownId = out.length === 0 && id ? (m.id ?? id) : m.id
  if (m.meta !== undefined) {
    out.push(orderMessage({ ...m, id: ownId }))
    return
  }
  // Each shape written whole: a payload added afterwards would give each message a second object.
  const { type, text, payload } = m
  out.push(
    ownId
      ? payload
        ? { id: ownId, type, text, payload }
        : { id: ownId, type, text }
      : payload
        ? { type, text, payload }
        : { type, text },
  )
}

/** The text, tool calls and other blocks gathered so far as one message (if any, or if `force`). */
function flush(
  out: Message[],
  pending: Pending,
  type: 'user' | 'bot',
  id: string | undefined,
  force = false,
): Pending {
  const { texts, calls, attachments } = pending
  if (!force && texts.length + calls.length + attachments.length === 0) return pending
  const payload = encodePayload({
    ...(calls.length > 0 ? { tool_calls: calls } : {}),
    ...(attachments.length > 0 ? { attachments } : {}),
  })
  pushMessage(out, { type, text: texts.join('\n\n'), payload }, id)
  return { texts: [], calls: [], attachments: [] }
}

const CALLER_NOTE =
  'a tool call made from code execution (programmatic tool calling); its caller is not kept, so an export sends it as a direct call'

const BLOCK_FIELDS: Record<string, readonly string[]> = {
  text: ['type', 'text'],
  tool_use: ['type', 'id', 'name', 'input'],
  thinking: ['type', 'thinking', 'signature'],
  redacted_thinking: ['type', 'data'],
  tool_result: ['type', 'tool_use_id', 'content', 'is_error'],
}

function reportExtraFields(
  block: Json,
  here: JsonPath,
  known: readonly string[],
  ctx: BlockContext,
) {
  for (const key of Object.keys(block)) {
    if (known.includes(key)) continue
    if (key === 'cache_control') ctx.notes.info(ctx.where([...here, key]), CACHE_NOTE)
    // The API's own provenance of a tool_use (Messages API `caller`): `direct` is the default and
    // says nothing; a call made from code execution (programmatic tool calling) is noted.
    else if (key === 'caller' && block.type === 'tool_use') {
      const caller = block.caller
      if (!(isObject(caller) && caller.type === 'direct'))
        ctx.notes.warn(ctx.where([...here, key]), CALLER_NOTE)
    } else ctx.notes.warn(ctx.where([...here, key]), UNKNOWN_FIELD_NOTE)
  }
}

function reasoning(block: Json, here: JsonPath, ctx: BlockContext): Message {
  if (block.type === 'redacted_thinking') {
    const data = requireString(block, 'data', here)
    ctx.notes.info(
      ctx.where(here),
      'redacted thinking: its encrypted data is the payload, and is counted',
    )
    return { type: 'reasoning', text: '', payload: encodePayload({ data }) }
  }
  const text = requireString(block, 'thinking', here)
  const signature = optionalString(block, 'signature', here)
  return { type: 'reasoning', text, payload: signature ? encodePayload({ signature }) : undefined }
}

function toolResult(block: Json, here: JsonPath, ctx: BlockContext): Message {
  const id = requireString(block, 'tool_use_id', here)
  const raw = block.content
  let content: string | unknown[] = ''
  if (typeof raw === 'string') {
    content = raw
  } else if (Array.isArray(raw)) {
    content = resultContent(raw, (j) => [...here, 'content', j], ctx)
  } else if (raw !== undefined && raw !== null) {
    throw new ShapeError(`"content" is ${kind(raw)}, not a string or a list of blocks`, [
      ...here,
      'content',
    ])
  }
  const isError = block.is_error === true ? true : undefined
  return { id, type: 'activity', text: '', payload: encodePayload({ content, is_error: isError }) }
}

/**
 * A tool result's blocks as its payload holds them: their texts joined by a blank line when every
 * block is text, else the blocks verbatim (each other block noted). `at(j)` is block j's path.
 */
export function resultContent(
  blocks: readonly unknown[],
  at: (j: number) => JsonPath,
  ctx: BlockContext,
): string | unknown[] {
  const texts: string[] = []
  let textOnly = true
  blocks.forEach((inner, j) => {
    const here = at(j)
    if (!isObject(inner)) throw new ShapeError(`block is ${kind(inner)}, not an object`, here)
    const innerType = requireString(inner, 'type', here)
    rejectForeignType(innerType, ctx.self, here)
    if (innerType === 'text') {
      texts.push(requireString(inner, 'text', here))
      reportExtraFields(inner, here, BLOCK_FIELDS.text, ctx)
    } else {
      textOnly = false
      noteAttachment(ctx.notes, ctx.where(here), innerType, inner)
    }
  })
  return textOnly ? texts.join('\n\n') : [...blocks]
}
