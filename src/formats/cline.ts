import { retainsEarlierThinking } from '../pricing/thinking-retention'
import type { Message } from '../types'
import {
  clineSessionFile,
  isClineSessionManifest,
  lastModel,
  readClineSession,
} from './cline-session'
import { readAnthropicMessage, resultContent, type BlockContext } from './anthropic-content'
import {
  ShapeError,
  isObject,
  kind,
  optionalString,
  pathString,
  type Json,
  type JsonPath,
} from './json-shape'
import { encodePayload } from './payload'
import type { ReadInput, ReadResult } from './reader'
import { NoteList } from './report'
import { firstObjects, someHas } from './sniff-shapes'
import { isCount } from './reported-usage'
import type { FormatDescriptor, ReportedUsage } from './types'
import { CACHE_NOTE, UNKNOWN_FIELD_NOTE } from './vocabulary'

/**
 * The line Cline and Roo Code put before a tool result they send as user text: `[read_file for
 * 'src/x.ts'] Result:`, `[attempt_completion] Result:`. The tool's name is the first word; what
 * follows `for` may span lines (a follow-up question's text). (Cline
 * src/core/task/tools/utils/ToolResultUtils.ts and the handlers' getDescription; Roo
 * presentAssistantMessage.ts.)
 */
const RESULT_HEADER = /^\[([A-Za-z0-9_.:-]+)(?: for [\s\S]*?)?\] Result:/

/**
 * What Cline sends back instead of a result for each further call of a reply when parallel tool
 * calling is off: a user text block of its own, `Tool [read_file] was not executed because a tool
 * has already been used in this message. …` (formatResponse.toolAlreadyUsed in
 * src/core/prompts/responses.ts, pushed by ToolExecutor.execute in src/core/task/ToolExecutor.ts,
 * Cline v3.85.0; the same words since v3.13.0). It answers that call, so it is read as its result.
 */
const NOT_EXECUTED =
  /^Tool \[([A-Za-z0-9_.:-]+)\] was not executed because a tool has already been used in this message\./

/** What Cline appends to every user message: the editor's state, sent to the model each turn. */
const ENVIRONMENT = '<environment_details>'

/**
 * The headings of Cline's focus-chain instructions, a text block it adds to a user message before
 * the editor's state when its todo list ("task_progress") is on: a recommendation to start one, a
 * demand to update it with its progress, its plan-mode form (Cline v3.85.0,
 * src/core/task/focus-chain/index.ts generateFocusChainInstructions and prompts.ts, pushed in
 * src/core/task/index.ts). Sent to the model, but not the user's words.
 */
const FOCUS_CHAIN = /^# (?:task_progress\b|TODO LIST UPDATE REQUIRED\b)/

/**
 * The starts of the other texts Cline writes into a user message itself. From its own list of
 * them (SYSTEM_CONTENT_MARKERS, src/shared/messages/constants.ts, v3.85.0): the notice it sends
 * when a task is resumed (responses.ts taskResumption; the user's new words, if any, follow in a
 * block of their own, in `<user_message>`), and a hook's added context (`<hook_context source=…>`).
 * Not in that list, but Cline's words too (src/core/prompts/responses.ts, v3.85.0, the same since
 * v3.13.0): formatResponse.noToolsUsed, pushed when a reply called no tool (src/core/task/index.ts
 * recursivelyMakeClineRequests), and the text taskResumption sends in plan mode in place of the
 * user's words when they gave none.
 */
const CLINE_NOTICES = [
  '[TASK RESUMPTION]',
  '<hook_context',
  '[ERROR] You did not use a tool in your previous response!',
  '(The user did not provide a new message.',
]

/** Whether a user text block is Cline's own: the editor's state, an instruction, a notice. */
const isClinesOwn = (text: string) => {
  const start = text.trimStart()
  return (
    start.startsWith(ENVIRONMENT) ||
    FOCUS_CHAIN.test(start) ||
    CLINE_NOTICES.some((notice) => start.startsWith(notice))
  )
}

// Message fields of Cline's ClineStorageMessage and Roo's ApiMessage beyond {role, content}.
const MESSAGE_NOTES: Record<string, string> = {
  ts: 'timestamp; not part of the conversation',
  modelInfo: "the model that wrote this message; read as the file's model",
  metrics: 'provider-reported usage (tokens, cost); read by the usage view',
  reasoning_details:
    "the provider's own reasoning record (OpenRouter reasoning_details); not counted",
  condenseId: "Roo's id for its condense summary; not part of the conversation",
  truncationId: "Roo's id for a truncation marker; not part of the conversation",
}
// Block fields Cline adds to Anthropic's blocks (ClineTextContentBlock and its siblings).
const BLOCK_NOTES: Record<string, string> = {
  call_id: "Cline's id of the response the block came in; not sent to the model",
  reasoning_details:
    "the provider's own reasoning record (OpenRouter reasoning_details); not counted",
  summary: "the provider's reasoning summary items; the thinking block carries the reasoning",
  signature: 'a Gemini thought signature on a non-thinking block; not counted',
}
// Fields read here, not noted.
const READ_FIELDS = new Set([
  'role',
  'content',
  'id',
  'isSummary',
  'condenseParent',
  'truncationParent',
  'isTruncationMarker',
  'reasoning_content',
])

/** A tool call of the assistant message before, not yet answered. */
interface OpenCall {
  id: string
  name: string
}

/**
 * Reads a Cline or Roo Code task's api_conversation_history.json: Anthropic messages with the
 * tools' fields. Tool results that come back as user text (`[tool for '…'] Result:`) become
 * activities, paired with the assistant's tool_use blocks by order and tool name; messages that
 * Roo's condense or truncation replaced are left out and counted; the model is modelInfo's.
 * Cline 4's session files (`<id>.messages.json` and its compaction sidecar) are read by
 * cline-session.ts.
 */
export function readCline(input: ReadInput): ReadResult {
  const root = input.json()
  const sibling = siblingFile(root)
  if (sibling) throw new ShapeError(sibling, [])
  const session = clineSessionFile(root)
  if (session) return readClineSession(root as Json, session)
  if (!Array.isArray(root)) {
    throw new ShapeError(
      `expected a JSON array of messages (a task's api_conversation_history.json) or a Cline 4 session's <session id>.messages.json, found ${kind(root)}`,
      [],
    )
  }
  const notes = new NoteList()
  const replaced = replacements(root)
  const messages: Message[] = []
  const models: string[] = []
  let usage: ReportedUsage[] = []
  let open: OpenCall[] = []
  // Where the results went back as the user's text, and whether any went as tool_result blocks.
  let firstTextResult: JsonPath | undefined
  let resultBlocks = false
  root.forEach((raw, i) => {
    const at = [i]
    if (!isObject(raw)) throw new ShapeError(`message is ${kind(raw)}, not an object`, at)
    if (raw.type === 'reasoning' && !('role' in raw)) {
      for (const key of Object.keys(raw)) {
        if (key === 'ts') notes.info(pathString([...at, key]), MESSAGE_NOTES.ts)
        else if (!REASONING_FIELDS.includes(key))
          notes.warn(pathString([...at, key]), UNKNOWN_FIELD_NOTE)
      }
      messages.push(rooReasoning(raw, at))
      return
    }
    const hiddenBy = hiddenReason(raw, replaced)
    if (hiddenBy) {
      notes.info(pathString(at), hiddenBy)
      return
    }
    reportMessageFields(raw, at, notes)
    const model = modelOf(raw)
    if (model !== undefined) models.push(model)
    const clean = { role: raw.role, content: stripBlockFields(raw.content, at, notes) }
    const results = Array.isArray(clean.content) ? textResults(clean.content, open) : new Map()
    if (raw.role === 'user' && Array.isArray(clean.content)) {
      if (results.size > 0) firstTextResult ??= [...at, 'content', results.keys().next().value]
      if (clean.content.some((b) => isObject(b) && b.type === 'tool_result')) resultBlocks = true
    }
    const ctx: BlockContext = {
      notes,
      where: pathString,
      self: 'anthropic',
      ownBlock: ownBlocks(clean.content, at, results, notes),
    }
    const prompt = messages.length
    const reasoning = optionalString(raw, 'reasoning_content', at)
    if (reasoning) messages.push({ type: 'reasoning', text: reasoning })
    const summaries = new Set(open.filter((c) => c.name === SUMMARIZE).map((c) => c.id))
    let read = readAnthropicMessage(clean, at, ctx, optionalString(raw, 'id', at))
    read = read.map((m) =>
      m.type === 'activity' && m.id && summaries.has(m.id) ? asEarlier(m) : m,
    )
    if (raw.role === 'assistant') open = toolUses(clean.content)
    if (raw.isSummary === true) read = asSummary(read, replaced.get(raw.condenseId) ?? 0)
    else if (raw.isTruncationMarker === true) read = read.map((m) => ({ ...m, type: 'context' }))
    messages.push(...read)
    // The requests before a condense summary sent the history it replaced, no longer loaded.
    if (raw.isSummary === true || raw.isTruncationMarker === true) usage = []
    const reported =
      raw.role === 'assistant' ? clineUsage(raw, prompt, pathString(at), model) : undefined
    if (reported) usage.push(reported)
  })
  const model = lastModel(models, 'task', notes)
  const thinking = firstTextResult && !resultBlocks ? 'new-turn' : undefined
  if (thinking && model !== undefined && messages.some((m) => m.type === 'reasoning')) {
    if (!retainsEarlierThinking({ model, wire: 'anthropic' })) {
      notes.info(pathString(firstTextResult!), NEW_TURN_NOTE(model))
    }
  }
  return { model, ...(thinking ? { thinking } : {}), messages, notes, usage }
}

/**
 * Where every result went back as text, each request ends on a user message of text (Cline adds
 * only a placeholder tool_result for each call, ContextManager.ensureToolResultsFollowToolUse), so
 * Anthropic's API reads each request as a new turn: a model that keeps only the current turn's
 * thinking holds none of the replies' (docs/formats/cline.md, "Each request a new turn").
 */
const NEW_TURN_NOTE = (model: string) =>
  `tool results went back as the user's text (this one and every other), so each request begins a new turn, and ${model} keeps only the current turn's thinking: every reply's thinking is priced at 0`

/**
 * An assistant message's `metrics.tokens` (ClineStorageMessage), written by Cline's task loop
 * (src/core/task/index.ts, v3.85.0) as `prompt: inputTokens`, `cached: cacheWriteTokens +
 * cacheReadTokens`, summed over the request's usage chunks. What `inputTokens` is depends on the
 * provider's handler: Anthropic's Messages handler, and the handlers that call Anthropic's API the
 * same way (minimax.ts, vertex.ts for a Claude model), yield `usage.input_tokens`, only what
 * follows the last cache breakpoint (src/core/api/providers/anthropic.ts), so the request's prompt
 * is `prompt + cached`. OpenAI-compatible handlers yield `prompt_tokens`, which already counts the
 * cached part (openai.ts), so there, and for every provider not named here, it is `prompt`.
 * A reply with no usage is stored with every count 0: no report.
 */
function clineUsage(
  raw: Json,
  prompt: number,
  at: string,
  model?: string,
): ReportedUsage | undefined {
  const tokens = isObject(raw.metrics) ? raw.metrics.tokens : undefined
  if (!isObject(tokens) || !isCount(tokens.prompt)) return undefined
  const cached = cacheApart(raw) && isCount(tokens.cached) ? tokens.cached : 0
  const inputTokens = tokens.prompt + cached
  if (inputTokens === 0) return undefined
  return {
    prompt,
    inputTokens,
    ...(isCount(tokens.completion) ? { outputTokens: tokens.completion } : {}),
    at: `${at}.metrics.tokens`,
    ...(model !== undefined ? { model } : {}),
  }
}

/** Cline's providers whose handler calls Anthropic's Messages API (providers/anthropic.ts, minimax.ts). */
const ANTHROPIC_PROVIDERS = new Set(['anthropic', 'minimax'])

/**
 * Whether the message's `metrics.tokens.prompt` leaves the cached tokens out (clineUsage): its
 * `modelInfo.providerId` is a provider that calls Anthropic's API, or Vertex with a Claude model
 * (vertex.ts sends a model whose id includes "claude" through Anthropic's Vertex client).
 */
function cacheApart(raw: Json): boolean {
  const info = raw.modelInfo
  if (!isObject(info) || typeof info.providerId !== 'string') return false
  if (ANTHROPIC_PROVIDERS.has(info.providerId)) return true
  return (
    info.providerId === 'vertex' &&
    typeof info.modelId === 'string' &&
    info.modelId.includes('claude')
  )
}

/** How many messages each Roo condense summary (by condenseId) or truncation marker replaced. */
function replacements(root: unknown[]): Map<unknown, number> {
  const ids = new Set<unknown>()
  for (const m of root) {
    if (!isObject(m)) continue
    if (m.isSummary === true && typeof m.condenseId === 'string') ids.add(m.condenseId)
    if (m.isTruncationMarker === true && typeof m.truncationId === 'string') ids.add(m.truncationId)
  }
  const counts = new Map<unknown, number>()
  for (const m of root) {
    if (!isObject(m)) continue
    const parent = ids.has(m.condenseParent) ? m.condenseParent : m.truncationParent
    if (ids.has(parent)) counts.set(parent, (counts.get(parent) ?? 0) + 1)
  }
  return counts
}

/**
 * Why Roo no longer sends a message (its condenseParent or truncationParent names a summary or
 * marker in the file), or undefined. Roo's getEffectiveApiHistory leaves such messages out.
 */
function hiddenReason(raw: Json, replaced: Map<unknown, number>): string | undefined {
  if (replaced.has(raw.condenseParent)) {
    return 'replaced by a Roo condense summary (condenseParent); not loaded, as Roo no longer sends it'
  }
  if (replaced.has(raw.truncationParent)) {
    return 'hidden by a Roo truncation marker (truncationParent); not loaded, as Roo no longer sends it'
  }
  return undefined
}

function reportMessageFields(raw: Json, at: JsonPath, notes: NoteList): void {
  for (const key of Object.keys(raw)) {
    if (READ_FIELDS.has(key)) continue
    const note = MESSAGE_NOTES[key]
    if (note !== undefined) notes.info(pathString([...at, key]), note)
    else notes.warn(pathString([...at, key]), UNKNOWN_FIELD_NOTE)
  }
}

/** modelInfo.modelId (Cline's ClineMessageModelInfo), when the message has one. */
function modelOf(raw: Json): string | undefined {
  const info = raw.modelInfo
  return isObject(info) && typeof info.modelId === 'string' && info.modelId !== ''
    ? info.modelId
    : undefined
}

/** The content with the fields Cline adds to blocks taken off (and noted), so Anthropic's reader sees Anthropic's blocks. */
function stripBlockFields(content: unknown, at: JsonPath, notes: NoteList): unknown {
  if (!Array.isArray(content)) return content
  return content.map((block, k) => {
    if (!isObject(block)) return block
    const extra = Object.keys(block).filter(
      (key) => key in BLOCK_NOTES && !(key === 'signature' && block.type === 'thinking'),
    )
    if (extra.length === 0 || block.type === 'reasoning') return block
    const copy: Json = { ...block }
    for (const key of extra) {
      notes.info(pathString([...at, 'content', k, key]), BLOCK_NOTES[key])
      delete copy[key]
    }
    return copy
  })
}

/** The tool_use blocks of an assistant message, in order: the calls its next user message answers. */
function toolUses(content: unknown): OpenCall[] {
  if (!Array.isArray(content)) return []
  return content
    .filter((b): b is Json => isObject(b) && b.type === 'tool_use')
    .filter((b) => typeof b.id === 'string' && typeof b.name === 'string')
    .map((b) => ({ id: b.id as string, name: b.name as string }))
}

/** A tool result sent as text: the blocks from `start` to `end`, and the call it answers. */
interface TextResult {
  end: number
  name: string
  id?: string
  /** The call's tool name, when it is not the result's (paired by order alone). */
  callName?: string
}

/**
 * The reader for the blocks Cline and Roo write in their own way: tool results sent as text,
 * environment details, and Roo's reasoning blocks. Results pair with the open calls by order and
 * tool name; a result with no such call (an XML-style call in the assistant's text) has no id.
 */
function ownBlocks(
  content: unknown,
  at: JsonPath,
  results: Map<number, TextResult>,
  notes: NoteList,
): BlockContext['ownBlock'] {
  const taken = new Set<number>()
  for (const [start, r] of results) for (let k = start + 1; k <= r.end; k++) taken.add(k)
  return (block, k, here) => {
    if (taken.has(k)) return []
    const result = results.get(k)
    if (result && Array.isArray(content)) {
      const blocks = content.slice(k, result.end + 1)
      const payload = encodePayload({
        content: resultContent(blocks, (j) => [...at, 'content', k + j], {
          notes,
          where: pathString,
          self: 'anthropic',
        }),
      })
      if (result.callName !== undefined) {
        notes.info(
          pathString(here),
          `"${result.name}" result paired by order with the "${result.callName}" call before it (no open call has its name)`,
        )
      }
      if (result.id === undefined) {
        notes.info(
          pathString(here),
          `"${result.name}" result sent as text with no tool_use block before it (a call written in the assistant's text); an activity without a call id`,
        )
      }
      const activity: Message = {
        ...(result.id ? { id: result.id } : {}),
        type: 'activity',
        text: '',
        payload,
      }
      return [result.name === SUMMARIZE ? asEarlier(activity) : activity]
    }
    if (block.type === 'text' && typeof block.text === 'string') {
      if (isClinesOwn(block.text)) {
        reportBlockFields(block, here, ['type', 'text'], notes)
        return [{ type: 'context', text: block.text }]
      }
    }
    if (block.type === 'reasoning') {
      reportBlockFields(block, here, REASONING_FIELDS, notes)
      return [rooReasoning(block, here)]
    }
    if (block.type === THOUGHT_SIGNATURE) {
      reportBlockFields(block, here, ['type', THOUGHT_SIGNATURE], notes)
      notes.info(pathString(here), THOUGHT_SIGNATURE_NOTE)
      return []
    }
    return undefined
  }
}

/**
 * Roo's Gemini thought signature, kept as a block of its own at the end of the assistant's
 * content for providers other than Anthropic (Task.ts addToApiConversationHistory); Roo's Gemini
 * converter sends it back on the function call (gemini-format.ts), every other converter drops it.
 */
const THOUGHT_SIGNATURE = 'thoughtSignature'
const THOUGHT_SIGNATURE_NOTE =
  "Roo's Gemini thought signature (a thoughtSignature block), sent back with the call as an opaque token; not counted"

/**
 * The text results in a user message, by first block. A header alone in its block (the older
 * layout) takes the next text block and any images after it; a header followed by the output in
 * the same block (the newer one) is the whole result, as is Cline's notice that it did not run a
 * further call (NOT_EXECUTED). Calls answered by tool_result blocks are
 * not open for text results.
 */
function textResults(content: unknown[], open: OpenCall[]): Map<number, TextResult> {
  const answered = new Set(
    content
      .filter((b) => isObject(b) && b.type === 'tool_result')
      .map((b) => (b as Json).tool_use_id),
  )
  const waiting = open.filter((c) => !answered.has(c.id))
  const textAt = (k: number) => {
    const b = content[k]
    return isObject(b) && b.type === 'text' && typeof b.text === 'string' ? b.text : undefined
  }
  const results = new Map<number, TextResult>()
  for (let k = 0; k < content.length; k++) {
    const text = textAt(k)
    const header = text === undefined ? null : RESULT_HEADER.exec(text)
    // A call Cline did not run answers with its notice, one block of its own.
    const match = header ?? (text === undefined ? null : NOT_EXECUTED.exec(text.trimStart()))
    if (!match || text === undefined) continue
    let end = k
    if (header && text.slice(header[0].length).trim() === '') {
      const next = textAt(k + 1)
      if (next !== undefined && !RESULT_HEADER.test(next) && !NOT_EXECUTED.test(next)) {
        end = k + 1
        while (isObject(content[end + 1]) && (content[end + 1] as Json).type === 'image') end++
      }
    }
    const name = match[1]
    // By name, in order; a result whose name matches no open call (Cline names some results
    // differently: use_subagents answers as [subagents]) takes the first open call.
    let call = waiting.findIndex((c) => c.name === name)
    if (call === -1 && waiting.length > 0) call = 0
    const paired = call === -1 ? undefined : waiting.splice(call, 1)[0]
    const id = paired?.id
    results.set(k, {
      end,
      name,
      ...(id !== undefined ? { id } : {}),
      ...(paired && paired.name !== name ? { callName: paired.name } : {}),
    })
    k = end
  }
  return results
}

const REASONING_FIELDS = ['type', 'id', 'text', 'summary', 'encrypted_content']

/** The fields of a block read here that this reader does not read: warned, a caching hint noted. */
function reportBlockFields(block: Json, here: JsonPath, read: readonly string[], notes: NoteList) {
  for (const key of Object.keys(block)) {
    if (read.includes(key)) continue
    if (key === 'cache_control') notes.info(pathString([...here, key]), CACHE_NOTE)
    else notes.warn(pathString([...here, key]), UNKNOWN_FIELD_NOTE)
  }
}

/** Roo's reasoning (a block, or a standalone item): its text or summary, and any encrypted content. */
function rooReasoning(raw: Json, at: JsonPath): Message {
  const text = optionalString(raw, 'text', at)
  const summary = Array.isArray(raw.summary)
    ? raw.summary.filter(isObject).map((p) => (typeof p.text === 'string' ? p.text : ''))
    : []
  const encrypted = optionalString(raw, 'encrypted_content', at)
  return {
    ...(typeof raw.id === 'string' ? { id: raw.id } : {}),
    type: 'reasoning',
    text: text ?? summary.filter((t) => t !== '').join('\n\n'),
    ...(encrypted !== undefined
      ? { payload: encodePayload({ encrypted_content: encrypted }) }
      : {}),
  }
}

/**
 * Cline's own compaction: the model calls summarize_task with the summary, and the result Cline
 * sends back (continuationPrompt(summary)) is what the model reads from then on. The messages it
 * replaced are named by the task's conversationHistoryDeletedRange, which lives outside this file.
 */
const SUMMARIZE = 'summarize_task'

/** A summarize_task result: still the activity that answers the call, marked as an earlier summary. */
const asEarlier = (m: Message): Message => ({ ...m, meta: { compacted: true, droppedCount: 0 } })

/** A Roo condense summary: an earlier summary (context) that replaced `dropped` messages. */
function asSummary(read: Message[], dropped: number): Message[] {
  return read.map((m, j) =>
    m.type === 'user' || m.type === 'bot'
      ? {
          ...m,
          type: 'context',
          ...(j === 0 ? { meta: { compacted: true, droppedCount: dropped } } : {}),
        }
      : m,
  )
}

// Fields only Cline's and Roo's stored messages have.
const MESSAGE_MARKS = ['modelInfo', 'metrics', 'ts', 'isSummary', 'condenseId', 'condenseParent']

const isMarkedBlock = (b: unknown) =>
  isObject(b) &&
  b.type === 'text' &&
  typeof b.text === 'string' &&
  (RESULT_HEADER.test(b.text) || isClinesOwn(b.text))

/**
 * The task folder's other files, which a user may open instead of the conversation: Cline and
 * Roo Code write `ui_messages.json` (what the chat panel showed, `ClineMessage`: `ts`, `type` "say"
 * or "ask", `say`/`ask`, `text`) and Cline `task_metadata.json` (`files_in_context`,
 * `model_usage`, `environment_history`) beside api_conversation_history.json
 * (`GlobalFileNames`, src/core/storage/disk.ts); Cline 4 writes a session's manifest `<id>.json`
 * (`session_id`, `started_at`, `status`, `messages_path`) beside `<id>.messages.json`. Their
 * reason names the file to open instead.
 */
function siblingFile(root: unknown): string | undefined {
  const first = Array.isArray(root) ? firstObjects(root)[0] : undefined
  if (
    first &&
    !('role' in first) &&
    'ts' in first &&
    (first.type === 'say' || first.type === 'ask')
  ) {
    return "this is the task's ui_messages.json, Cline's record of what its chat panel showed; the conversation the model was sent is api_conversation_history.json, in the same task folder"
  }
  if (isObject(root) && ('files_in_context' in root || 'model_usage' in root)) {
    return "this is the task's task_metadata.json (the files in context and the models used); the conversation the model was sent is api_conversation_history.json, in the same task folder"
  }
  if (isClineSessionManifest(root)) {
    return "this is a Cline 4 session's manifest (<session id>.json: when it ran, its model, its status); the conversation the model was sent is <session id>.messages.json, in the same session folder"
  }
  return undefined
}

/** Cline and Roo Code: a task's api_conversation_history.json. */
export const clineFormat = {
  id: 'cline',
  label: 'Cline / Roo Code task history',
  shape:
    "a JSON array of Anthropic messages with Cline's fields (api_conversation_history.json), or Cline 4's {version, sessionId, messages} (<session id>.messages.json)",
  detect(sniff) {
    // Tried first, to give the reason that names the conversation's file (siblingFile).
    if (siblingFile(sniff.json)) return 4
    // Cline 4's session file and its compaction sidecar: fields no other format's file has.
    if (clineSessionFile(sniff.json)) return 3
    const objects = firstObjects(Array.isArray(sniff.json) ? sniff.json : undefined)
    if (!someHas(objects, 'role')) return 0
    const marked = objects.some(
      (o) =>
        MESSAGE_MARKS.some((key) => key in o) ||
        (Array.isArray(o.content) && o.content.some(isMarkedBlock)),
    )
    return marked ? 3 : 0
  },
  read: readCline,
} as const satisfies FormatDescriptor
