import { orderMessage } from '../conversation'
import type { Message } from '../types'
import { ShapeError, isObject, kind, type Json, type JsonPath } from './json-shape'
import { encodePayload, type ToolCall } from './payload'
import { UNKNOWN_FIELD_NOTE, noteAttachment } from './vocabulary'
import { type Ctx, type Entry, METADATA_NOTE, SNAPSHOT, USAGE_NOTE } from './gemini-cli-shared'
import {
  Pairing,
  nestedParts,
  partKind,
  partList,
  readParts,
  responseText,
} from './gemini-cli-parts'

/* One message record of a Gemini CLI session (user, gemini, info, error) as core messages: its tool calls and their results, its thoughts. */

export const REPLY_FIELDS = ['toolCalls', 'thoughts', 'tokens', 'model']

const READ_FIELDS = new Set(['id', 'type', 'content', 'toolCalls', 'thoughts', 'model'])

export function noteField(key: string, ctx: Ctx): void {
  if (READ_FIELDS.has(key)) return
  const problem =
    key === 'tokens'
      ? USAGE_NOTE
      : key === 'displayContent'
        ? 'what Gemini CLI displayed in place of content; the model reads content'
        : key === 'timestamp'
          ? METADATA_NOTE
          : UNKNOWN_FIELD_NOTE
  if (problem === UNKNOWN_FIELD_NOTE) ctx.notes.warn(ctx.where([key]), problem)
  else ctx.notes.info(ctx.where([key]), problem)
}

export function readUser(entry: Entry, pairing: Pairing): Message[] {
  const { value, ctx } = entry
  const id = value.id as string
  // User records holding the functionResponse parts the reply's toolCalls already recorded: every
  // tool answer from 0.44 on (recordSyntheticMessage), and before that a resumed session's history
  // turns (updateMessagesFromHistory). Read them once.
  const read = readParts(value.content, 'user', ['content'], ctx, pairing)
  const out = read.filter((m) => !(m.type === 'activity' && m.id && pairing.recorded.has(m.id)))
  if (out.length < read.length) {
    ctx.notes.info(
      ctx.where(['content']),
      "tool results that repeat the ones recorded on the reply's toolCalls; read once",
    )
    if (out.length === 0) return []
  }
  const first = out.find((m) => m.type === 'user')
  if (first) {
    const text = first.text.trim()
    if (!markContext(first, entry.replaced ?? 0) && out.length === 1) {
      if (text === '') {
        ctx.notes.info(ctx.where(['content']), 'an empty user message; Gemini CLI does not send it')
        return []
      }
      // Gemini CLI writes a user record only as it sends the turn (GeminiChat.sendMessageStream);
      // slash commands and the ? help never reach the file. A recorded text that starts with / or ?
      // ("???", "// a pasted comment") was sent; only a resumed session drops it
      // (sessionUtils isIgnoredUserContent).
      if (text.startsWith('/') || text.startsWith('?')) {
        ctx.notes.info(
          ctx.where(['content']),
          'starts with / or ?: sent in the session it was typed in; Gemini CLI leaves it out when the session is resumed',
        )
      }
    }
  }
  if (out.length > 0 && out[0].type !== 'activity') out[0] = orderMessage({ ...out[0], id })
  return withRemindersApart(out.map(orderMessage))
}

const REMINDER_OPEN = '<system-reminder>'
const REMINDER_CLOSE = '</system-reminder>'

/**
 * The user messages with the reminders their engine put before the user's words taken apart, as a
 * context message before each: Qwen Code, which wrote Gemini CLI's format, sends its subagent and
 * plan-mode reminders (`getSubagentSystemReminder`, `getPlanModeSystemReminder` in
 * packages/core/src/core/prompts.ts, added to the request in client.ts) as parts in front of the
 * prompt, and records them with it. The user message keeps its id and what was typed.
 */
export function withRemindersApart(messages: Message[]): Message[] {
  if (!messages.some((m) => m.type === 'user' && m.text.startsWith(REMINDER_OPEN))) return messages
  const out: Message[] = []
  for (const m of messages) {
    if (m.type !== 'user' || !m.text.startsWith(REMINDER_OPEN)) {
      out.push(m)
      continue
    }
    // The run of reminders at the start: each closed, with only space between.
    let end = 0
    while (m.text.startsWith(REMINDER_OPEN, end)) {
      const close = m.text.indexOf(REMINDER_CLOSE, end)
      if (close < 0) break
      end = close + REMINDER_CLOSE.length
      while (end < m.text.length && /\s/.test(m.text[end])) end++
    }
    const rest = m.text.slice(end)
    if (end === 0 || (rest === '' && m.payload === undefined)) {
      out.push(end === 0 ? m : { ...m, type: 'context' })
      continue
    }
    out.push(orderMessage({ type: 'context', text: m.text.slice(0, end).trimEnd() }))
    out.push(orderMessage({ ...m, text: rest }))
  }
  return out
}

/**
 * The turn Gemini CLI sends in the user's place when the model answered a tool result with nothing
 * (0.61.0: `useGeminiStream`, at most twice; `LegacyAgentSession._runLoop`, once). It is recorded
 * as a user record, and every later request holds it.
 */
const EMPTY_REPLY_NUDGE =
  '[System: You successfully executed a tool but returned an empty response.'

/**
 * The notice Gemini CLI adds as a user turn when the user leaves plan mode by hand
 * (`useGeminiStream.handleApprovalModeChange`, getPlanModeExitMessage with isManual, at 5411f113).
 */
const PLAN_MODE_EXIT = 'User has manually exited Plan Mode. Switching to '

/**
 * The other text Gemini CLI adds as user turns (GeminiClient.addHistory, which records it, at
 * 5411f113): a `!` command and its output (useExecutionLifecycle), the workspace's directories
 * (getDirectoryContextString, for addDirectoryContext) and the IDE's editor context, whole or its
 * changes (getIdeContextParts).
 */
const ADDED_CONTEXT = [
  PLAN_MODE_EXIT,
  // The environment turn that opens every history (getEnvironmentContext), as Gemini CLI wrote it
  // before it wrapped it in <session_context>, and as Qwen Code writes it (environmentContext.ts
  // at QwenLM/qwen-code 02abc17): in checkpoints, which hold the history whole.
  'This is the Gemini CLI. We are setting up the context for our chat.',
  'This is the Qwen Code. We are setting up the context for our chat.',
  'I ran the following shell command:\n',
  '- **Workspace Directories:**\n',
  "Here is the user's editor context as a JSON object.",
  "Here is a summary of changes in the user's editor context, in JSON format.",
  // A tool's answer that holds more than its functionResponse (read_many_files' file parts:
  // coreToolScheduler convertToFunctionResponse), which Gemini CLI 0.4 – 0.40 recorded as a user
  // turn of partListUnionToString's text (geminiChat.ts sendMessageStream; utils/partUtils.ts).
  '[Function Response: ',
]

/**
 * Marks a user turn that is not the user's words: a compression's summary (Gemini CLI sends it as a
 * user turn holding a <state_snapshot>) becomes an earlier summary; the session and hook context
 * Gemini CLI sends as user turns, its nudge after an empty reply, and the notices, command output
 * and workspace and editor context it adds to the history (ADDED_CONTEXT) become context. Returns
 * whether it marked the message.
 */
export function markContext(m: Message, droppedCount: number): boolean {
  const text = m.text.trim()
  if (text.includes(SNAPSHOT)) {
    m.type = 'context'
    m.meta = { compacted: true, droppedCount }
    return true
  }
  if (
    text.startsWith('<session_context>') ||
    text.startsWith('<hook_context>') ||
    text.startsWith(EMPTY_REPLY_NUDGE) ||
    ADDED_CONTEXT.some((start) => text.startsWith(start))
  ) {
    m.type = 'context'
    return true
  }
  return false
}

export function readGemini(value: Json, ctx: Ctx, pairing: Pairing): Message[] {
  const parts = partList(value.content, ['content'])
  const modern = parts.some((p) => isObject(p) && (isObject(p.functionCall) || p.thought === true))
  const out: Message[] = []
  const thoughts = value.thoughts
  if (thoughts !== undefined && thoughts !== null && !Array.isArray(thoughts)) {
    throw new ShapeError(`"thoughts" is ${kind(thoughts)}, not an array`, ['thoughts'])
  }
  const records = toolCallRecords(value)
  if (modern) {
    // Current sessions keep thoughts and calls in content itself; the fields repeat them.
    if (Array.isArray(thoughts) && thoughts.length > 0) {
      ctx.notes.info(
        ctx.where(['thoughts']),
        'repeats the thought parts in content; read from content',
      )
    }
    out.push(...readParts(value.content, 'model', ['content'], ctx, pairing, String(value.id)))
    const inContent = new Set(pairing.lastCalls.map((c) => c.id))
    const missing = records.filter(({ call }) => !inContent.has(call.id))
    if (missing.length > 0)
      addCalls(
        out,
        missing.map((r) => r.call),
        pairing,
      )
  } else {
    for (const [k, t] of (thoughts ?? []).entries()) out.push(thought(t, ['thoughts', k], ctx))
    out.push(...readParts(value.content, 'model', ['content'], ctx, pairing, String(value.id)))
    addCalls(
      out,
      records.map((r) => r.call),
      pairing,
    )
  }
  const bot = out.find((m) => m.type === 'bot')
  if (bot) bot.id = value.id as string
  for (const r of records) {
    for (const m of toolResult(r, ctx)) {
      out.push(m)
      if (m.id) pairing.recorded.add(m.id)
    }
  }
  return out.map(orderMessage)
}

/** Adds tool calls to the turn's bot message (made if the turn has none), in order. */
function addCalls(out: Message[], calls: ToolCall[], pairing: Pairing): void {
  if (calls.length === 0) return
  let bot = out.findLast((m) => m.type === 'bot')
  if (!bot) {
    bot = { type: 'bot', text: '' }
    out.push(bot)
  }
  const parts = bot.payload
    ? (JSON.parse(bot.payload) as { tool_calls?: ToolCall[]; attachments?: unknown[] })
    : {}
  const all = [...(parts.tool_calls ?? []), ...calls]
  bot.payload = encodePayload({ tool_calls: all, attachments: parts.attachments })
  pairing.lastCalls = all
}

export function thought(t: unknown, at: JsonPath, ctx: Ctx): Message {
  if (!isObject(t)) throw new ShapeError(`thought is ${kind(t)}, not an object`, at)
  const subject = typeof t.subject === 'string' ? t.subject : ''
  const description = typeof t.description === 'string' ? t.description : ''
  if ('timestamp' in t) ctx.notes.info(ctx.where([...at, 'timestamp']), METADATA_NOTE)
  // The rendering convertSessionToClientHistory sends for a thought summary.
  return { type: 'reasoning', text: subject ? `**${subject}** ${description}` : description }
}

interface CallRecord {
  call: ToolCall
  raw: Json
  at: JsonPath
}

const CALL_UI_FIELDS = new Set([
  'status',
  'timestamp',
  'agentId',
  'displayName',
  'description',
  'resultDisplay',
  'renderOutputAsMarkdown',
])

function toolCallRecords(value: Json): CallRecord[] {
  const list = value.toolCalls
  if (list === undefined || list === null) return []
  if (!Array.isArray(list))
    throw new ShapeError(`"toolCalls" is ${kind(list)}, not an array`, ['toolCalls'])
  return list.map((raw, k) => {
    const at = ['toolCalls', k]
    if (!isObject(raw)) throw new ShapeError(`tool call is ${kind(raw)}, not an object`, at)
    if (typeof raw.id !== 'string') throw new ShapeError('missing "id"', [...at, 'id'])
    if (typeof raw.name !== 'string') throw new ShapeError('missing "name"', [...at, 'name'])
    return { call: { id: raw.id, name: raw.name, arguments: raw.args ?? {} }, raw, at }
  })
}

/** A tool call's result as Gemini CLI sends it: functionResponse parts, answered by call id. */
function toolResult({ call, raw, at }: CallRecord, ctx: Ctx): Message[] {
  const callId = call.id ?? ''
  for (const key of Object.keys(raw)) {
    if (['id', 'name', 'args', 'result'].includes(key)) continue
    if (CALL_UI_FIELDS.has(key)) {
      ctx.notes.info(
        ctx.where([...at, key]),
        key === 'resultDisplay'
          ? 'what Gemini CLI displayed for the result; the model reads "result"'
          : "Gemini CLI's record of the call for its UI; not sent to the model",
      )
    } else {
      ctx.notes.warn(ctx.where([...at, key]), UNKNOWN_FIELD_NOTE)
    }
  }
  const result = raw.result
  if (result === undefined || result === null) {
    const status = typeof raw.status === 'string' ? ` (status "${raw.status}")` : ''
    ctx.notes.info(
      ctx.where([...at, 'result']),
      `no result recorded${status}; the call has no answer`,
    )
    return []
  }
  if (typeof result === 'string') {
    return [
      { id: call.id, type: 'activity', text: '', payload: encodePayload({ content: result }) },
    ]
  }
  // Each functionResponse starts a result; the parts after it (the text of the files a
  // read_many_files call read, inline data) go with it, as the model reads them.
  const parts = Array.isArray(result) ? result : [result]
  const pieces: { id: string; texts: string[]; attachments: unknown[] }[] = []
  parts.forEach((part, k) => {
    const here = [...at, 'result', ...(Array.isArray(result) ? [k] : [])]
    if (isObject(part) && isObject(part.functionResponse)) {
      const fr = part.functionResponse
      const id = typeof fr.id === 'string' && fr.id !== '' ? fr.id : callId
      pieces.push({
        id,
        texts: [responseText(fr, ctx, [...here, 'functionResponse'])],
        attachments: nestedParts(fr, ctx, [...here, 'functionResponse']),
      })
      return
    }
    let piece = pieces[pieces.length - 1]
    if (!piece) {
      piece = { id: callId, texts: [], attachments: [] }
      pieces.push(piece)
    }
    if (typeof part === 'string') piece.texts.push(part)
    else if (isObject(part) && typeof part.text === 'string' && part.thought !== true) {
      piece.texts.push(part.text)
    } else {
      piece.attachments.push(part)
      noteAttachment(ctx.notes, ctx.where(here), partKind(part), part)
    }
  })
  return pieces.map(({ id, texts, attachments }) => ({
    id,
    type: 'activity',
    text: '',
    payload: encodePayload({
      content: texts.join('\n'),
      ...(attachments.length > 0 ? { attachments } : {}),
    }),
  }))
}
