import { orderMessage } from '../conversation'
import type { Message } from '../types'
import { ShapeError, isObject, kind, pathString, requireString, type Json } from './json-shape'
import { decodePayload, encodePayload, type ToolCall } from './payload'
import { withReplyOutput } from './reply-output'
import type { NoteList } from './report'
import { isCount } from './reported-usage'
import type { ReportedUsage } from './types'
import { UNKNOWN_FIELD_NOTE, noteAttachment } from './vocabulary'
import type { OcMessage } from './opencode-compaction'

/*
 * How opencode turns its stored messages into a request: MessageV2.toModelMessages (opencode
 * 1.18.33, packages/opencode/src/session/message-v2.ts), then the AI SDK's convertToModelMessages,
 * which starts a new assistant message at each `step-start`. See docs/formats/opencode.md.
 */

const where = (m: OcMessage, k: number, ...steps: (string | number)[]) =>
  pathString([...m.partAt[k], ...steps])

// A message's info fields, and what each is; any other is reported as unknown.
const INFO_NOTES: Record<string, string> = {
  id: '',
  sessionID: "the session's id; not part of the conversation",
  role: '',
  time: 'timestamps; not part of the conversation',
  agent: 'the opencode agent that ran the turn (build, plan, …); its prompt is not in the file',
  model:
    "the model the user picked for the turn; the file's model is the latest reply's modelID, or this when no reply read names one",
  fallbackModels: 'the models opencode may fall back to for the turn; not part of the conversation',
  format: 'the output format asked for (text or a JSON schema); not counted',
  summary: "on a user message, opencode's summary of the turn's changes for its UI; not sent",
  tools: 'which tools the turn allowed; their schemas are not in the file',
  system: '',
  parentID: 'the user message the reply answers; not sent',
  modelID: '',
  providerID: "the reply's provider; read as the wire the session is sent in",
  mode: 'the agent mode; not part of the conversation',
  path: 'the working directory; not part of the conversation',
  cost: "opencode's cost of the reply; not counted",
  tokens: 'provider-reported usage; read by the usage view',
  finish: "the reply's finish reason; not sent",
  variant: 'the model variant (reasoning effort); not part of the conversation',
  structured: "the reply's structured output; not sent again",
  error: '',
}

const SUMMARY_NOTE = "marks the reply as a compaction's summary; read as an earlier summary"

// Part fields every part has, and part types that never reach the model.
const PART_ENVELOPE = new Set(['id', 'sessionID', 'messageID', 'type'])
const NOT_SENT: Record<string, string> = {
  'step-finish': "the end of a step, with the step's usage; read by the usage view",
  snapshot: "opencode's file snapshot for undo; not sent",
  patch: "the files a step changed, for opencode's undo; not sent",
  agent: 'an @agent mention; opencode sends the text part beside it',
  retry: 'a failed attempt that opencode retried; not sent',
}

const STATE_NOTE = "the tool run's title, metadata and times, for opencode's UI; not sent"

/** What reading one message gives: its messages, and its steps' reported usage. */
export interface ReadMessage {
  messages: Message[]
  usage: ReportedUsage[]
}

/** Notes every info field other than those read; an unknown one is a warning. */
export function noteInfo(m: OcMessage, notes: NoteList): void {
  for (const key of Object.keys(m.info)) {
    const reply = m.info.role === 'assistant'
    // `summary` means another thing on a reply; `system` is a user message's, unknown on a reply.
    const note =
      reply && key === 'summary'
        ? SUMMARY_NOTE
        : reply && key === 'system'
          ? undefined
          : INFO_NOTES[key]
    if (note === undefined) notes.warn(pathString([...m.at, key]), UNKNOWN_FIELD_NOTE)
    else if (note !== '') notes.info(pathString([...m.at, key]), note)
  }
}

/**
 * A user message: its typed text becomes a user message with the files attached to it; a text
 * opencode added (`synthetic`: a file's content, a tool's output the user ran) is context.
 */
export function readUser(m: OcMessage, notes: NoteList): Message[] {
  const texts: string[] = []
  const attachments: unknown[] = []
  const context: Message[] = []
  m.parts.forEach((p, k) => {
    switch (p.type) {
      case 'text': {
        const text = requireString(p, 'text', m.partAt[k])
        notePartFields(p, ['text', 'synthetic', 'ignored', 'time', 'metadata'], m, k, notes)
        if (p.ignored === true) {
          notes.info(where(m, k), 'a text opencode marks ignored; not sent')
        } else if (text === '') {
          notes.info(where(m, k), 'an empty text; not sent')
        } else if (p.synthetic === true) {
          const id = typeof p.id === 'string' ? p.id : undefined
          context.push(orderMessage({ id, type: 'context', text }))
        } else {
          texts.push(text)
        }
        return
      }
      case 'file': {
        const mime = requireString(p, 'mime', m.partAt[k])
        if (mime === 'text/plain' || mime === 'application/x-directory') {
          notes.info(
            where(m, k),
            'a file or directory the user attached: opencode sends its content as the text part it added beside it, not the file',
          )
          return
        }
        attachments.push(attachment(p))
        noteAttachment(notes, where(m, k), 'file', p)
        return
      }
      case 'compaction':
        notes.info(
          where(m, k),
          "a compaction request: opencode sends a short question of its own in its place, not in the file; that question's few tokens are not counted",
        )
        return
      case 'subtask':
        notes.info(
          where(m, k),
          'a subagent the user ran: opencode sends a short sentence of its own in its place, not in the file; the subagent ran in a session of its own',
        )
        return
      default:
        notePart(p, m, k, notes)
    }
  })
  const out: Message[] = []
  if (texts.length > 0 || attachments.length > 0) {
    const id = typeof m.info.id === 'string' ? m.info.id : undefined
    const payload = attachments.length > 0 ? encodePayload({ attachments }) : undefined
    out.push(orderMessage({ id, type: 'user', text: texts.join('\n\n'), payload }))
  }
  return [...out, ...context]
}

/** One step of a reply: one request's answer, and the results of the tools it called. */
interface Step {
  reasoning: Message[]
  texts: string[]
  calls: ToolCall[]
  results: Message[]
  attachments: unknown[]
}

const newStep = (): Step => ({ reasoning: [], texts: [], calls: [], results: [], attachments: [] })

/**
 * A reply: each step (from one `step-start` to the next) becomes its reasoning, one bot message
 * with its text and tool calls, and an activity per tool result. `first` is how many messages
 * come before the reply, so that each step's `step-finish` usage says which prompt it measured.
 * A summary reply is read by the caller.
 */
export function readAssistant(m: OcMessage, first: number, notes: NoteList): ReadMessage {
  const out: Message[] = []
  const usage: ReportedUsage[] = []
  const model = typeof m.info.modelID === 'string' ? m.info.modelID : undefined
  let step = newStep()
  let stepStart = first
  let started = false
  const flush = () => {
    out.push(...step.reasoning)
    if (step.texts.length > 0 || step.calls.length > 0 || step.attachments.length > 0) {
      const payload = encodePayload({
        ...(step.calls.length > 0 ? { tool_calls: step.calls } : {}),
        ...(step.attachments.length > 0 ? { attachments: step.attachments } : {}),
      })
      const id = started || typeof m.info.id !== 'string' ? undefined : m.info.id
      out.push(orderMessage({ id, type: 'bot', text: step.texts.join('\n\n'), payload }))
      started = true
    }
    out.push(...step.results)
    step = newStep()
  }
  m.parts.forEach((p, k) => {
    switch (p.type) {
      case 'step-start':
        flush()
        stepStart = first + out.length
        notePartFields(p, ['snapshot'], m, k, notes)
        return
      case 'step-finish': {
        const reported = stepUsage(p, stepStart, where(m, k, 'tokens'), model)
        if (reported) {
          usage.push(reported)
          withStepOutput(step, reported.outputTokens)
        }
        notes.info(where(m, k), NOT_SENT['step-finish'])
        return
      }
      case 'text':
        notePartFields(p, ['text', 'synthetic', 'ignored', 'time', 'metadata'], m, k, notes)
        step.texts.push(requireString(p, 'text', m.partAt[k]))
        return
      case 'reasoning':
        step.reasoning.push(readReasoning(p, m, k, notes))
        return
      case 'tool': {
        const { call, result } = readTool(p, m, k, notes)
        step.calls.push(call)
        step.results.push(result)
        return
      }
      case 'file':
        step.attachments.push(attachment(p))
        noteAttachment(notes, where(m, k), 'file', p)
        return
      default:
        notePart(p, m, k, notes)
    }
  })
  flush()
  // A reply with no step-finish part (written before opencode had them) reports on its info.
  if (usage.length === 0) {
    const reported = stepUsage(m.info, first, pathString([...m.at, 'tokens']), model)
    if (reported) usage.push(reported)
  }
  return { messages: out, usage }
}

/**
 * A step whose reasoning is Claude's thinking (a part with Anthropic's signature): the step's
 * reported output goes on its last reasoning part, as the Claude Code reader puts a reply's on its
 * last thinking block (reply-output.ts; docs/tokens.md, "Thinking priced by its reply's output").
 * A Claude 4 model's reasoning text is a summary of what it thought, and the next request is
 * billed for all of it. Other providers' reasoning is the text the model wrote, and keeps its
 * text's price.
 */
function withStepOutput(step: Step, output: number | undefined): void {
  const last = step.reasoning.length - 1
  if (output === undefined || last < 0) return
  if (!step.reasoning.some((r) => decodePayload(r.payload)?.signature !== undefined)) return
  step.reasoning[last] = withReplyOutput(step.reasoning[last], output)
}

/**
 * A step's usage as opencode stores it (Session.getUsage): `input` without the cached tokens,
 * `cache.read` and `cache.write` beside it, so the prompt is their sum; `output` without the
 * reasoning. Undefined when it holds no count, or a prompt of 0 (a step that failed early).
 */
function stepUsage(
  holder: Json,
  prompt: number,
  at: string,
  model?: string,
): ReportedUsage | undefined {
  const tokens = holder.tokens
  if (!isObject(tokens) || !isCount(tokens.input)) return undefined
  const cache = isObject(tokens.cache) ? tokens.cache : {}
  const read = isCount(cache.read) ? cache.read : 0
  const write = isCount(cache.write) ? cache.write : 0
  const inputTokens = tokens.input + read + write
  if (inputTokens === 0) return undefined
  const output = isCount(tokens.output) ? tokens.output : undefined
  const reasoning = isCount(tokens.reasoning) ? tokens.reasoning : 0
  return {
    prompt,
    inputTokens,
    ...(output !== undefined ? { outputTokens: output + reasoning } : {}),
    at,
    ...(model !== undefined ? { model } : {}),
  }
}

/**
 * A reasoning part: its text, and what its provider needs sent back with it, kept for export:
 * Anthropic's signature or redacted data, OpenAI's encrypted content.
 */
function readReasoning(p: Json, m: OcMessage, k: number, notes: NoteList): Message {
  notePartFields(p, ['text', 'time', 'metadata'], m, k, notes)
  const text = requireString(p, 'text', m.partAt[k])
  const meta = isObject(p.metadata) ? p.metadata : {}
  const anthropic = isObject(meta.anthropic) ? meta.anthropic : {}
  const openai = isObject(meta.openai) ? meta.openai : {}
  const payload = encodePayload({
    ...(typeof anthropic.signature === 'string' ? { signature: anthropic.signature } : {}),
    ...(typeof anthropic.redactedData === 'string' ? { data: anthropic.redactedData } : {}),
    ...(typeof openai.reasoningEncryptedContent === 'string'
      ? { encrypted_content: openai.reasoningEncryptedContent }
      : {}),
  })
  return orderMessage({
    id: typeof p.id === 'string' ? p.id : undefined,
    type: 'reasoning',
    text,
    payload,
  })
}

/** A tool part: the call goes in its step's bot message, the result is an activity by call id. */
function readTool(
  p: Json,
  m: OcMessage,
  k: number,
  notes: NoteList,
): { call: ToolCall; result: Message } {
  const at = m.partAt[k]
  const id = requireString(p, 'callID', at)
  const name = requireString(p, 'tool', at)
  notePartFields(p, ['callID', 'tool', 'state', 'metadata'], m, k, notes)
  const state = p.state
  if (!isObject(state)) {
    throw new ShapeError(`"state" is ${kind(state)}, not an object`, [...at, 'state'])
  }
  const call: ToolCall = { id, name, arguments: state.input ?? {} }
  const result = (content: string, isError?: true) =>
    orderMessage({
      id,
      type: 'activity',
      text: '',
      payload: encodePayload({ content, ...(isError ? { is_error: true } : {}) }),
    })
  const time = isObject(state.time) ? state.time : {}
  for (const key of ['title', 'metadata', 'time', 'raw'])
    if (key in state) notes.info(where(m, k, 'state', key), STATE_NOTE)
  switch (state.status) {
    case 'completed': {
      const attachments = Array.isArray(state.attachments) ? state.attachments : []
      attachments.forEach((a, j) =>
        noteAttachment(notes, where(m, k, 'state', 'attachments', j), 'file', a),
      )
      if (time.compacted !== undefined) {
        notes.warn(
          where(m, k, 'state', 'output'),
          "a result opencode's pruning cleared (time.compacted): sent as a short placeholder, so its output is not counted",
        )
        return { call, result: result('') }
      }
      if (state.output !== undefined && typeof state.output !== 'string') {
        notes.warn(
          where(m, k, 'state', 'output'),
          'a tool output that is not text, where opencode stores text: counted as its JSON',
        )
        return { call, result: result(JSON.stringify(state.output)) }
      }
      const output = requireString(state, 'output', [...at, 'state'])
      return { call, result: withAttachments(result(output), output, attachments) }
    }
    case 'error': {
      const meta = isObject(state.metadata) ? state.metadata : {}
      if (meta.interrupted === true && typeof meta.output === 'string') {
        return { call, result: result(meta.output) }
      }
      return { call, result: result(requireString(state, 'error', [...at, 'state']), true) }
    }
    case 'pending':
    case 'running':
      notes.warn(
        where(m, k, 'state'),
        'a tool call that never finished: opencode sends a short error of its own as its result, not in the file; counted as an empty error',
      )
      return { call, result: result('', true) }
    default:
      throw new ShapeError(
        `"status" is ${JSON.stringify(state.status)}, not pending, running, completed or error`,
        [...at, 'state', 'status'],
      )
  }
}

/** A result with the images or files its tool attached, which opencode sends with its output. */
function withAttachments(result: Message, output: string, attachments: unknown[]): Message {
  if (attachments.length === 0) return result
  return { ...result, payload: encodePayload({ content: output, attachments }) }
}

/** A file part as it is kept for export: the part without opencode's ids. */
function attachment(p: Json): Json {
  const out: Json = {}
  for (const key of Object.keys(p)) if (!PART_ENVELOPE.has(key) || key === 'type') out[key] = p[key]
  return out
}

/** A part that is never sent: noted by its type, or as unknown. */
function notePart(p: Json, m: OcMessage, k: number, notes: NoteList): void {
  const type = typeof p.type === 'string' ? p.type : undefined
  const note = type !== undefined ? NOT_SENT[type] : undefined
  if (note !== undefined) notes.info(where(m, k), note)
  else if (type === 'compaction' || type === 'subtask')
    notes.info(where(m, k), `a ${type} part in a reply; not sent`)
  else
    notes.warn(
      where(m, k),
      type === undefined
        ? 'a part with no "type"; not loaded'
        : `"${type}" is not an opencode part type; not loaded`,
    )
}

/** Notes a part's fields beyond its envelope and those read (`read`), unknown ones as warnings. */
function notePartFields(
  p: Json,
  read: readonly string[],
  m: OcMessage,
  k: number,
  notes: NoteList,
): void {
  for (const key of Object.keys(p)) {
    if (PART_ENVELOPE.has(key) || read.includes(key)) continue
    notes.warn(where(m, k, key), UNKNOWN_FIELD_NOTE)
  }
  if (isObject(p.time)) notes.info(where(m, k, 'time'), 'timestamps; not part of the conversation')
  if ('metadata' in p)
    notes.info(
      where(m, k, 'metadata'),
      p.type === 'reasoning'
        ? "the provider's record of the reasoning: its signature or encrypted content is kept for export, not counted as text"
        : "the provider's metadata for the part; not counted",
    )
}
