import { orderMessage } from '../conversation'
import type { Message } from '../types'
import { readAnthropicMessage, type BlockContext } from './anthropic-content'
import { readAttachment } from './claude-code-attachments'
import type { SessionEvent } from './claude-code-chain'
import { ShapeError, isObject, kind, pathString, type Json, type JsonPath } from './json-shape'
import { decodePayload, encodePayload, type ToolCall } from './payload'
import { FieldNotes, LeftOut, type FieldRule } from './claude-code-notes'
import type { NoteList } from './report'

export const METADATA_NOTE = 'session metadata; not part of the conversation'
const USAGE_NOTE = 'provider-reported usage (token counts); read by the usage view'
const TOOL_USE_RESULT_NOTE =
  "Claude Code's own record of the tool output; the model reads message.content"
const NOT_SENT = "Claude Code's notice; not sent to the model"
export const PROGRESS_NOUN = ['progress event', 'progress events'] as const
export const PROGRESS_REASON = "Claude Code's UI progress; not sent to the model"

// Event fields the reader uses; every other field of a loaded event is reported as metadata.
const USED_FIELDS = new Set(['type', 'uuid', 'parentUuid', 'isSidechain', 'message'])
const USED_MESSAGE_FIELDS = new Set(['role', 'content', 'model', 'id'])

// A user text that records a slash command or a local command's output rather than a prompt.
const COMMAND_TEXT =
  /^\s*<(command-name|command-message|command-args|local-command-stdout|local-command-stderr|local-command-caveat|bash-input|bash-stdout|bash-stderr)>/

/** The conversation the thread's events make: messages in order, and the model last named. */
export function readThreadEvents(
  events: readonly SessionEvent[],
  notes: NoteList,
  left: LeftOut,
): { messages: Message[]; model?: string } {
  const messages: Message[] = []
  const turnOf: (string | undefined)[] = []
  // The parts of bot messages that later lines merged into, encoded once at the end.
  const merged = new Map<number, Turn>()
  const fields = new FieldNotes()
  let model: string | undefined
  for (const e of events) {
    const where = (steps: JsonPath) =>
      steps.length > 0 ? `line ${e.line}: ${pathString(steps)}` : `line ${e.line}`
    const ctx: BlockContext = { notes, where, self: 'anthropic' }
    try {
      const read = readEvent(e, { ...ctx, fields, line: e.line }, left)
      for (const m of read.messages) {
        const into =
          read.turn !== undefined && m.type === 'bot' ? sameTurn(messages, turnOf, read.turn) : -1
        if (into >= 0) {
          let turn = merged.get(into)
          if (!turn) merged.set(into, (turn = turnParts(messages[into])))
          addParts(turn, m)
          fields.add(e.line, '', MERGED_NOTE)
        } else {
          messages.push(m)
          turnOf.push(read.turn)
        }
      }
      if (read.model !== undefined && read.model !== '<synthetic>') model = read.model
    } catch (error) {
      if (!(error instanceof ShapeError)) throw error
      notes.warn(where(error.steps), `${error.problem}; event skipped`)
    }
  }
  for (const [i, turn] of merged) messages[i] = botOf(messages[i].id, turn)
  fields.report(notes)
  return { messages, model }
}

const MERGED_NOTE =
  'merged into the earlier line of its API message (one message.id split across lines); its uuid is not kept'

interface Turn {
  texts: string[]
  calls: ToolCall[]
  attachments: unknown[]
}

function turnParts(m: Message): Turn {
  const turn: Turn = { texts: [], calls: [], attachments: [] }
  addParts(turn, m)
  return turn
}

function addParts(turn: Turn, m: Message): void {
  const parts = decodePayload(m.payload) ?? {}
  if (m.text !== '') turn.texts.push(m.text)
  turn.calls.push(...(parts.tool_calls ?? []))
  turn.attachments.push(...(parts.attachments ?? []))
}

/** One bot message from the lines of one API message: texts joined, tool calls in order. */
function botOf(id: string | undefined, { texts, calls, attachments }: Turn): Message {
  const payload = encodePayload({
    ...(calls.length > 0 ? { tool_calls: calls } : {}),
    ...(attachments.length > 0 ? { attachments } : {}),
  })
  return orderMessage({ id, type: 'bot', text: texts.join('\n\n'), payload })
}

/**
 * The index of the bot message of API message `turn`, looking back over tool results and other
 * assistant output only, as Claude Code's normalizeMessagesForAPI merges a split turn; -1 if none.
 */
function sameTurn(messages: Message[], turnOf: (string | undefined)[], turn: string): number {
  for (let i = messages.length - 1; i >= 0; i--) {
    if (turnOf[i] === turn && messages[i].type === 'bot') return i
    if (messages[i].type !== 'activity' && turnOf[i] === undefined) return -1
  }
  return -1
}

interface EventRead {
  messages: Message[]
  model?: string
  /** The assistant event's message.id: the lines of one API message share it. */
  turn?: string
}

type EventContext = BlockContext & { fields: FieldNotes; line: number }

function readEvent(e: SessionEvent, ctx: EventContext, left: LeftOut): EventRead {
  const { value, line } = e
  switch (value.type) {
    case 'user':
    case 'assistant':
      return readMessageEvent(e, ctx, left)
    case 'system':
      return readSystem(e, ctx, left)
    case 'attachment':
      return readAttachmentEvent(e, ctx, left)
    case 'progress':
      left.add(line, PROGRESS_NOUN, PROGRESS_REASON)
      return { messages: [] }
    default:
      left.add(
        line,
        [`"${String(value.type)}" event`, `"${String(value.type)}" events`],
        'an event type this reader does not know; not loaded',
        'warning',
      )
      return { messages: [] }
  }
}

function readMessageEvent(e: SessionEvent, ctx: EventContext, left: LeftOut): EventRead {
  const { value } = e
  const message = value.message
  if (!isObject(message))
    throw new ShapeError(`"message" is ${kind(message)}, not an object`, ['message'])
  if (value.isApiErrorMessage === true && message.model === '<synthetic>') {
    left.add(
      e.line,
      ['API error notice', 'API error notices'],
      `${NOT_SENT} (Claude Code drops them from requests)`,
    )
    return { messages: [] }
  }
  ctx.fields.addKeys(ctx.line, Object.keys(value), MESSAGE_EVENT_FIELDS)
  ctx.fields.addKeys(ctx.line, Object.keys(message), MESSAGE_FIELDS)
  const uuid = value.uuid as string
  const messages = readAnthropicMessage(message, ['message'], ctx, uuid).map((m) =>
    m.type === 'user' ? asContext(m, value, ctx) : m,
  )
  return {
    messages,
    model: typeof message.model === 'string' ? message.model : undefined,
    turn: value.type === 'assistant' && typeof message.id === 'string' ? message.id : undefined,
  }
}

/** A user message that Claude Code wrote rather than the user typed, as context; else as it is. */
function asContext(m: Message, value: Json, ctx: EventContext): Message {
  if (value.isCompactSummary === true) {
    ctx.fields.add(
      ctx.line,
      'isCompactSummary',
      'the summary a compaction wrote: an earlier summary (context, meta.compacted); what it replaced is not counted',
    )
    return orderMessage({ ...m, type: 'context', meta: { compacted: true, droppedCount: 0 } })
  }
  if (value.isMeta === true) {
    ctx.fields.add(
      ctx.line,
      'isMeta',
      'a text Claude Code adds for the model (a caveat, a command’s instructions); read as context, not as a user prompt',
    )
    return { ...m, type: 'context' }
  }
  if (COMMAND_TEXT.test(m.text)) {
    ctx.fields.add(
      ctx.line,
      '',
      'a slash command or a local command’s output, recorded as user text; read as context, not as a user prompt',
    )
    return { ...m, type: 'context' }
  }
  return m
}

function readSystem(e: SessionEvent, ctx: EventContext, left: LeftOut): EventRead {
  const { value, line } = e
  const subtype = typeof value.subtype === 'string' ? value.subtype : '(no subtype)'
  if (subtype === 'local_command' && typeof value.content === 'string') {
    // normalizeMessagesForAPI sends a local command's output as user text.
    ctx.fields.addKeys(ctx.line, Object.keys(value), LOCAL_COMMAND_FIELDS)
    ctx.fields.add(
      ctx.line,
      '',
      'a local command’s output, sent to the model as user text; read as context',
    )
    return {
      messages: [orderMessage({ id: value.uuid as string, type: 'context', text: value.content })],
    }
  }
  if (subtype === 'compact_boundary') {
    const meta = isObject(value.compactMetadata) ? value.compactMetadata : {}
    const trigger = typeof meta.trigger === 'string' ? `, trigger "${meta.trigger}"` : ''
    const tokens = typeof meta.preTokens === 'number' ? `, ${meta.preTokens} tokens before it` : ''
    ctx.notes.info(
      `line ${line}`,
      `compaction boundary${trigger}${tokens}: the conversation restarts here, from the summary that follows`,
    )
    return { messages: [] }
  }
  left.add(line, [`"${subtype}" system event`, `"${subtype}" system events`], NOT_SENT)
  return { messages: [] }
}

function readAttachmentEvent(e: SessionEvent, ctx: EventContext, left: LeftOut): EventRead {
  const { value, line } = e
  const attachment = value.attachment
  if (!isObject(attachment) || typeof attachment.type !== 'string') {
    throw new ShapeError(`"attachment" is ${kind(attachment)}, not an attachment object`, [
      'attachment',
    ])
  }
  const type = attachment.type
  const read = readAttachment(attachment)
  if (!read.sent) {
    left.add(line, [`"${type}" attachment`, `"${type}" attachments`], read.reason)
    return { messages: [] }
  }
  ctx.fields.addKeys(ctx.line, Object.keys(value), ATTACHMENT_FIELDS)
  ctx.fields.add(
    ctx.line,
    'attachment',
    `"${type}" attachment: sent to the model as a system reminder; read as ${read.type === 'user' ? 'a user prompt' : 'context'}, its text without Claude Code's wording around it`,
  )
  return {
    messages: [orderMessage({ id: value.uuid as string, type: read.type, text: read.text })],
  }
}

/** The fields of a loaded event the reader does not use, besides `used`, noted as metadata. */
function eventFields(used: readonly string[]): FieldRule {
  return {
    prefix: '',
    problemOf: (key) =>
      USED_FIELDS.has(key) || used.includes(key)
        ? undefined
        : key === 'toolUseResult'
          ? TOOL_USE_RESULT_NOTE
          : METADATA_NOTE,
  }
}

const MESSAGE_EVENT_FIELDS = eventFields(['isCompactSummary', 'isMeta'])
const LOCAL_COMMAND_FIELDS = eventFields(['subtype', 'content'])
const ATTACHMENT_FIELDS = eventFields(['attachment'])
const MESSAGE_FIELDS: FieldRule = {
  prefix: 'message.',
  problemOf: (key) =>
    USED_MESSAGE_FIELDS.has(key)
      ? undefined
      : key === 'usage'
        ? USAGE_NOTE
        : 'API response metadata; not part of the conversation',
}
