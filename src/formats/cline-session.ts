import type { Message } from '../types'
import { readAnthropicMessage, type BlockContext } from './anthropic-content'
import {
  ShapeError,
  isObject,
  kind,
  optionalString,
  pathString,
  type Json,
  type JsonPath,
} from './json-shape'
import type { ReadResult } from './reader'
import { NoteList } from './report'
import { isCount } from './reported-usage'
import type { ReportedUsage } from './types'
import { UNKNOWN_FIELD_NOTE } from './vocabulary'

/**
 * Cline 4.x, whose task loop is the SDK's (`@cline/core`), keeps a session's conversation in
 * `~/.cline/data/sessions/<id>/<id>.messages.json` (a subagent's in `<agent id>.messages.json`
 * in its root session's folder): `{version: 1, updated_at, agent, sessionId, taskType?, origin?,
 * messages, system_prompt?}` (`buildMessagesFilePayload`, sdk/packages/core/src/services/
 * session-data.ts). From 4.1.0 the file holds the whole history and a compaction is kept beside
 * it in `<id>.compaction.json`: `{version: 1, updated_at, conversation_id?, source_message_count,
 * source_prefix_hash?, source_last_message_key?, messages, system_prompt?}`, the compacted head
 * Cline sends in place of the messages file's first `source_message_count` messages
 * (session/models/session-compaction.ts). Both hold the same stored messages
 * (`MessageWithMetadata`, sdk/packages/shared/src/llms/messages.ts).
 */
export type ClineSessionFile = 'messages' | 'compaction'

/** Which Cline 4 session file the root is, or undefined when it is neither. */
export function clineSessionFile(root: unknown): ClineSessionFile | undefined {
  if (!isObject(root) || !Array.isArray(root.messages) || typeof root.version !== 'number') {
    return undefined
  }
  if (typeof root.source_message_count === 'number') return 'compaction'
  if (
    typeof root.updated_at === 'string' &&
    (typeof root.sessionId === 'string' || typeof root.agent === 'string')
  ) {
    return 'messages'
  }
  return undefined
}

/** The session's manifest, `<id>.json` (SessionManifestSchema), which names the messages file. */
export function isClineSessionManifest(root: unknown): boolean {
  return (
    isObject(root) &&
    typeof root.session_id === 'string' &&
    typeof root.started_at === 'string' &&
    ('messages_path' in root || 'status' in root) &&
    !Array.isArray(root.messages)
  )
}

// The file's own fields, set aside.
const FILE_NOTES: Record<string, string> = {
  updated_at: 'when Cline last wrote the file; not part of the conversation',
  agent:
    'which agent of the session this is (lead, subagent, teammate); not part of the conversation',
  sessionId: "the session's id; not part of the conversation",
  taskType: "the kind of a subagent's or teammate's task; not part of the conversation",
  origin:
    'where the session was started from (source, mode, parent session); not part of the conversation',
  conversation_id: 'the conversation the compaction belongs to; not part of the conversation',
  source_message_count:
    'how many messages of the messages file the compacted head stands for; not part of the conversation',
  source_prefix_hash:
    'the hash by which Cline checks the compaction still fits the messages file; not part of the conversation',
  source_last_message_key:
    'the last message the compaction stands for, by which Cline checks it still fits; not part of the conversation',
}

const SYSTEM_PROMPT_NOTE =
  'the system prompt of the latest request, read as instructions (earlier requests may have been sent another)'

// Message fields of MessageWithMetadata beyond {role, content}; `id` and `metadata` are read.
const MESSAGE_NOTES: Record<string, string> = {
  ts: 'timestamp; not part of the conversation',
  modelInfo: "the model that wrote this message; read as the file's model",
  metrics:
    'provider-reported usage (tokens, cost) of the request this reply answered; read by the usage view',
  agent: 'which agent wrote this message; not part of the conversation',
  sessionId: 'the session that owns this message; not part of the conversation',
}

// Block fields the SDK adds to Anthropic's blocks (ContentBlock, messages.ts).
const BLOCK_NOTES: Record<string, string> = {
  call_id: "the provider's own id of the call or reasoning item; not counted",
  signature: 'a Gemini thought signature on a non-thinking block; not counted',
  details: "the provider's structured reasoning record, replayed with the thinking; not counted",
  summary: "the provider's reasoning summary items; the thinking block carries the reasoning",
  name: "the tool's name; the result's tool_use_id already names its call",
}

const FILE_SOURCE_NOTE = 'where the attached file came from; not sent to the model'

/**
 * User messages Cline inserts itself, not the user's words: the kinds the SDK's
 * SYNTHETIC_USER_MESSAGE_KINDS lists (sdk/packages/core/src/session/user-run-messages.ts).
 */
const NOTICE_KINDS = new Set([
  'auto_compaction',
  'compaction_budget_emergency',
  'completion_reminder',
  'loop_detection_notice',
  'manual_compaction',
  'mistake_stop_notice',
  'recovery_notice',
])

/** Cline's basic compaction's summary of the work after a kept prompt (basic-compaction.ts). */
const SYSTEM_NOTICE = '<SYSTEM_NOTICE>'

/** An attached file as the SDK sends it (formatFileContentBlock, shared/src/prompt/format.ts). */
const fileText = (path: string, content: string) =>
  `<file_content path="${path}">\n${content}\n</file_content>`

/** Reads a Cline 4 session's messages file or its compaction sidecar (see ClineSessionFile). */
export function readClineSession(root: Json, file: ClineSessionFile): ReadResult {
  const notes = new NoteList()
  const messages: Message[] = []
  reportFileFields(root, notes)
  if (file === 'compaction') {
    const n = root.source_message_count as number
    notes.info(
      '',
      `this is Cline's compaction sidecar (<session id>.compaction.json): the compacted head Cline sends in place of the first ${n} messages of the session's <session id>.messages.json; the messages after those are in that file, not here`,
    )
  }
  if (typeof root.system_prompt === 'string' && root.system_prompt !== '') {
    notes.info('system_prompt', SYSTEM_PROMPT_NOTE)
    messages.push({ type: 'instructions', text: root.system_prompt })
  }
  const models: string[] = []
  const usage: ReportedUsage[] = []
  ;(root.messages as unknown[]).forEach((raw, i) => {
    const at = ['messages', i]
    if (!isObject(raw)) throw new ShapeError(`message is ${kind(raw)}, not an object`, at)
    reportMessageFields(raw, at, notes)
    const metadata = isObject(raw.metadata) ? raw.metadata : undefined
    const kindOf = typeof metadata?.kind === 'string' ? metadata.kind : undefined
    const model = modelOf(raw)
    if (model !== undefined && raw.role === 'assistant') models.push(model)
    const content = Array.isArray(raw.content)
      ? raw.content.map((b, k) => toAnthropicBlock(b, [...at, 'content', k], notes))
      : raw.content
    // Basic compaction marks the kept prompt that opens the history (metadata.kind "compaction")
    // and appends to it the summary of the dropped work: that block is the earlier summary.
    let summary =
      kindOf === 'compaction' && metadata
        ? {
            compacted: true,
            droppedCount: isCount(metadata.messagesRemoved) ? metadata.messagesRemoved : 0,
          }
        : undefined
    const ctx: BlockContext = {
      notes,
      where: pathString,
      self: 'anthropic',
      ownBlock: (block, _k, here) => {
        if (block.type === 'file') return [attachedFile(block, here, notes)]
        if (
          block.type === 'text' &&
          typeof block.text === 'string' &&
          block.text.startsWith(SYSTEM_NOTICE)
        ) {
          const m: Message = { type: 'context', text: block.text }
          if (summary) m.meta = summary
          summary = undefined
          return [m]
        }
        return undefined
      },
    }
    const prompt = messages.length
    let read = readAnthropicMessage(
      { role: raw.role, content },
      at,
      ctx,
      optionalString(raw, 'id', at),
    )
    if (kindOf === 'compaction_summary')
      read = asContext(read, { compacted: true, droppedCount: 0 })
    else if (kindOf !== undefined && NOTICE_KINDS.has(kindOf)) read = asContext(read)
    messages.push(...read)
    const reported =
      raw.role === 'assistant' ? sessionUsage(raw, prompt, pathString(at), model) : undefined
    if (reported) usage.push(reported)
  })
  return { model: lastModel(models, 'session', notes), messages, notes, usage }
}

/** The model of the last reply, the file's; a note when the replies name more than one. */
export function lastModel(
  models: readonly string[],
  what: 'task' | 'session',
  notes: NoteList,
): string | undefined {
  const distinct = [...new Set(models)]
  if (distinct.length > 1) {
    notes.info(
      '',
      `the ${what} used ${distinct.length} models (${distinct.join(', ')}); the last is the file's model`,
    )
  }
  return models[models.length - 1]
}

function reportFileFields(root: Json, notes: NoteList): void {
  for (const key of Object.keys(root)) {
    if (key === 'messages' || key === 'system_prompt') continue
    if (key === 'version') {
      if (root.version !== 1) {
        notes.warn(
          'version',
          `version ${String(root.version)} of Cline's messages file; read as version 1, the one this reader follows`,
        )
      }
      continue
    }
    const note = FILE_NOTES[key]
    if (note !== undefined) notes.info(key, note)
    else notes.warn(key, UNKNOWN_FIELD_NOTE)
  }
}

function reportMessageFields(raw: Json, at: JsonPath, notes: NoteList): void {
  for (const key of Object.keys(raw)) {
    if (key === 'role' || key === 'content' || key === 'id') continue
    const here = pathString([...at, key])
    if (key === 'metadata') reportMetadata(raw.metadata, here, notes)
    else if (MESSAGE_NOTES[key] !== undefined) notes.info(here, MESSAGE_NOTES[key])
    else notes.warn(here, UNKNOWN_FIELD_NOTE)
  }
}

/** A message's `metadata`: bookkeeping the SDK never sends, whose `kind` says how to read the message. */
function reportMetadata(metadata: unknown, here: string, notes: NoteList): void {
  const kindOf = isObject(metadata) ? metadata.kind : undefined
  if (kindOf === undefined) {
    notes.info(here, "Cline's message metadata (display hints, compaction bookkeeping); not sent")
  } else if (kindOf === 'compaction_summary') {
    notes.info(
      here,
      "Cline's compaction summary (metadata.kind compaction_summary): the message is read as an earlier summary; how many messages it replaced is not recorded, so its droppedCount is 0",
    )
  } else if (kindOf === 'compaction') {
    notes.info(
      here,
      "Cline's basic compaction (metadata.kind compaction): its <SYSTEM_NOTICE> block is read as an earlier summary that replaced metadata.messagesRemoved messages",
    )
  } else if (typeof kindOf === 'string' && NOTICE_KINDS.has(kindOf)) {
    notes.info(
      here,
      `a notice Cline inserted as a user message (metadata.kind ${kindOf}), not the user's words; read as context`,
    )
  } else {
    notes.warn(
      here,
      `metadata.kind ${JSON.stringify(kindOf)} is not one this reader knows; the message is read by its role`,
    )
  }
}

/** modelInfo.id (MessageWithMetadata), when the message has one. */
function modelOf(raw: Json): string | undefined {
  const info = raw.modelInfo
  return isObject(info) && typeof info.id === 'string' && info.id !== '' ? info.id : undefined
}

/**
 * A reply's `metrics`: `inputTokens` is the whole prompt (the SDK's normalized usage takes the
 * provider's total input, cache reads and writes included: sdk/packages/llms/src/providers/
 * ai-sdk.ts), `outputTokens` the reply. A zero prompt is no report.
 */
function sessionUsage(
  raw: Json,
  prompt: number,
  at: string,
  model?: string,
): ReportedUsage | undefined {
  const metrics = raw.metrics
  if (!isObject(metrics) || !isCount(metrics.inputTokens) || metrics.inputTokens === 0) {
    return undefined
  }
  return {
    prompt,
    inputTokens: metrics.inputTokens,
    ...(isCount(metrics.outputTokens) ? { outputTokens: metrics.outputTokens } : {}),
    at: `${at}.metrics`,
    ...(model !== undefined ? { model } : {}),
  }
}

/**
 * One stored block as Anthropic's reader reads it: the SDK's own fields taken off (and noted), its
 * image `{data, mediaType}` as Anthropic's base64 image, and a tool result's structured output as
 * the JSON the SDK sends. A `file` block is left for `attachedFile`.
 */
function toAnthropicBlock(block: unknown, here: JsonPath, notes: NoteList): unknown {
  if (!isObject(block)) return block
  if (block.type === 'image') return sdkImage(block)
  if (block.type === 'file') return block
  const copy: Json = { ...block }
  for (const key of Object.keys(BLOCK_NOTES)) {
    if (!(key in copy)) continue
    if (key === 'signature' && block.type === 'thinking') continue
    if (key === 'name' && block.type !== 'tool_result') continue
    notes.info(pathString([...here, key]), BLOCK_NOTES[key])
    delete copy[key]
  }
  if (block.type === 'tool_result' && Array.isArray(block.content)) {
    copy.content = resultOutput(block.content, [...here, 'content'], notes)
  }
  return copy
}

/** The SDK's image block `{type: 'image', data, mediaType}` as Anthropic's; another shape as it is. */
function sdkImage(block: Json): unknown {
  if ('source' in block || typeof block.data !== 'string' || typeof block.mediaType !== 'string') {
    return block
  }
  return {
    type: 'image',
    source: { type: 'base64', media_type: block.mediaType, data: block.data },
  }
}

/**
 * A tool result's list content as the SDK sends it (toAiSdkToolResultOutput,
 * sdk/packages/shared/src/llms/ai-sdk-format.ts): text and image blocks as content, anything else
 * (a read_files result `[{query, result, success}]`, an attached file) as its JSON.
 */
function resultOutput(content: unknown[], here: JsonPath, notes: NoteList): unknown {
  const blocks = content.every(
    (b) =>
      isObject(b) &&
      ((b.type === 'text' && typeof b.text === 'string') ||
        (b.type === 'image' && typeof b.data === 'string' && typeof b.mediaType === 'string')),
  )
  if (content.length === 0 || blocks) return content.map((b) => (isObject(b) ? sdkImage(b) : b))
  notes.info(
    pathString(here),
    "a tool's structured output, sent to the model as its JSON; read as that JSON text",
  )
  return JSON.stringify(content)
}

/** An attached file (`{type: 'file', path, content, source?}`): context, as the SDK sends it. */
function attachedFile(block: Json, here: JsonPath, notes: NoteList): Message {
  if (typeof block.path !== 'string' || typeof block.content !== 'string') {
    throw new ShapeError('a file block needs a string "path" and "content"', here)
  }
  for (const key of Object.keys(block)) {
    if (key === 'type' || key === 'path' || key === 'content') continue
    if (key === 'source') notes.info(pathString([...here, key]), FILE_SOURCE_NOTE)
    else notes.warn(pathString([...here, key]), UNKNOWN_FIELD_NOTE)
  }
  return { type: 'context', text: fileText(block.path, block.content) }
}

/** Every user and bot message of one stored message as context; `meta` on the first. */
function asContext(read: Message[], meta?: Message['meta']): Message[] {
  let first = true
  return read.map((m) => {
    if (m.type !== 'user' && m.type !== 'bot') return m
    const out: Message = { ...m, type: 'context' }
    if (meta && first) out.meta = meta
    first = false
    return out
  })
}
