import type { Message } from '../types'
import { ShapeError, isObject, kind, pathString, type Json } from './json-shape'
import {
  latestPrompt,
  linesNotes,
  type RecordedPrompt,
  LocatedError,
  type ReadInput,
  type ReadResult,
  type SkippedLine,
} from './reader'
import { NoteList, describeLines } from './report'
import { isCount } from './reported-usage'
import { lineObjects } from './sniff-shapes'
import type { FormatDescriptor, RecordedWindow } from './types'
import {
  MESSAGE_EVENTS,
  attachedBytes,
  mediaBlock,
  readBinaryAsset,
  readEventMessages,
  type BinaryAsset,
} from './copilot-cli-event'
import { decodePayload, encodePayload } from './payload'
import { summaryMeta } from './summary-meta'

/*
 * GitHub Copilot CLI keeps each session as ~/.copilot/session-state/<session id>/events.jsonl: one
 * event per line, {type, data, id, timestamp, parentId}, in the order they happened. Followed: the
 * event schema the Copilot SDK generates its types from (github.com/github/copilot-sdk at cc0438d,
 * nodejs/src/generated/session-events.ts, for @github/copilot 1.0.81 and later), checked against
 * public session files of 1.0.2 to 1.0.77. See docs/formats/copilot-cli.md.
 */

const START = 'session.start'
const MODEL_CHANGE = 'session.model_change'
const RESUME = 'session.resume'
const SHUTDOWN = 'session.shutdown'
const COMPACTION_START = 'session.compaction_start'
const COMPACTION_COMPLETE = 'session.compaction_complete'
const CONTEXT_CLEARED = 'session.context_cleared'
const TRUNCATION = 'session.truncation'
const BINARY_ASSET = 'session.binary_asset'
const AUTO_MODE_RESOLVED = 'session.auto_mode_resolved'
// The model name of auto mode, which picks a model per prompt: never a model itself.
const AUTO = 'auto'
const MESSAGE_TYPES: ReadonlySet<string> = new Set(Object.values(MESSAGE_EVENTS))

// The events the schema persists that hold nothing the model is sent: the session's own record
// (turns, usage, hooks, permissions, the plan, subagents' lifecycle, shutdown totals). Two are
// read all the same (BINARY_ASSET, AUTO_MODE_RESOLVED: an attachment's bytes, which its user
// message sends, and auto mode's model); they stay here, where detection looks.
const OWN_EVENTS: ReadonlySet<string> = new Set([
  'session.remote_steerable_changed',
  'session.error',
  'session.schedule_created',
  'session.schedule_cancelled',
  'session.schedule_rearmed',
  'session.autopilot_objective_changed',
  'session.info',
  'session.warning',
  'session.mode_changed',
  'session.session_limits_changed',
  'session.permissions_changed',
  'session.plan_changed',
  'session.workspace_file_changed',
  'session.handoff',
  'session.usage_checkpoint',
  'session.context_changed',
  'session.task_complete',
  'session.binary_asset',
  'session.auto_mode_resolved',
  'session.canvas.recorded',
  'session.canvas.removed',
  'assistant.turn_start',
  'assistant.turn_end',
  'abort',
  'tool.user_requested',
  'tool.execution_start',
  'tool_search.activated',
  'subagent.started',
  'subagent.completed',
  'subagent.failed',
  'subagent.selected',
  'subagent.deselected',
  'hook.start',
  'hook.end',
  'permission.requested',
  'permission.completed',
  'external_tool.requested',
  'external_tool.completed',
])

const NOTES = {
  own: "the session's own record; not sent",
  model: "the session's start or a change of model: read for the model it names; not sent",
  autoResolved: "auto mode's choice of model (chosenModel): read for the model it names; not sent",
  asset: (line: number) =>
    `an attachment's bytes (session.binary_asset), sent with the user message at line ${line} that names its assetId; loaded there`,
  assetUnused:
    "an attachment's bytes (session.binary_asset) that no user message names; not loaded",
  attached: (mime: string) =>
    `${mime} sent with the message (its bytes are a session.binary_asset or inline data); priced by the provider's rule for media, not as text`,
  assetMissing:
    'names no session.binary_asset earlier in the file: the bytes Copilot CLI sent are not recorded, so the attachment is not counted',
  subagent: "a subagent's event (agentId): its own conversation, not this one's",
  transient: 'a transient event (ephemeral), which Copilot CLI does not keep; not loaded',
  unknown: 'not an event type of the Copilot SDK schema; not loaded',
  failedCompaction: 'a compaction that did not complete; nothing was replaced',
  noSystemPrompt:
    'no system prompt in the file (no system.message event of role "system"): Copilot CLI sent its own, which is not counted here',
  compacted:
    'before a compaction, which its summary replaced in every later request; not sent (the summary stands for them)',
  cleared: 'before /clear (session.context_cleared); not sent',
  truncated:
    "removed by Copilot CLI's truncation (the oldest messages, messagesRemovedDuringTruncation of them); not sent",
  unanswered: (call: string) =>
    `tool call ${call} has no tool.execution_complete, and the session went on (a permission denied, an abort): Copilot CLI sent the model a result of its own in its place, or no call, which the file does not record; counted as nothing`,
  pending: (call: string) =>
    `tool call ${call} has no tool.execution_complete yet (still running, or the session ended first)`,
} as const

/**
 * Reads a Copilot CLI session as its next request would hold it: the latest system prompt first,
 * then the conversation from the latest successful compaction on (its summary, as an earlier
 * summary, then what came after the compaction started), less what /clear or a truncation took.
 */
export function readCopilotCli(input: ReadInput): ReadResult {
  if (input.isOneDocument()) {
    throw new LocatedError('one JSON document, not JSONL with one Copilot CLI event per line', '')
  }
  const later = new NoteList()
  const inLine: SkippedLine[] = []
  let messages: Message[] = []
  // The file line each message came from, for the notes of what was later taken out.
  let lines: number[] = []
  const prompts: RecordedPrompt[] = []
  let events = 0
  let firstUnread: SkippedLine | undefined
  let model: string | undefined
  let window: RecordedWindow | undefined
  // Where the running compaction started: the messages after it are kept by its summary.
  let compactionFrom: number | undefined
  // Attachments' bytes by assetId, with their line and the user messages' lines that sent them.
  const assets = new Map<string, { asset: BinaryAsset; line: number; sentAt: number[] }>()

  const broken = input.eachJsonLine((value, line) => {
    if (!isObject(value) || typeof value.type !== 'string' || !isObject(value.data)) {
      inLine.push({
        line,
        problem: `${isObject(value) ? 'an object with no "type" and "data"' : kind(value)}, not a Copilot CLI event`,
      })
      return
    }
    const type = value.type
    const data = value.data
    if (value.ephemeral === true) {
      later.addOnLine('info', line, '', NOTES.transient)
      events++
      return
    }
    if (typeof value.agentId === 'string' || typeof data.parentToolCallId === 'string') {
      later.addOnLine('info', line, '', NOTES.subagent)
      events++
      return
    }
    if (MESSAGE_TYPES.has(type)) {
      // The model that wrote a reply or made a call (the schema's `model`, "if known"): the one in
      // force, where a resumed session chose it without a model_change (1.0.10).
      if (
        (type === MESSAGE_EVENTS.reply || type === MESSAGE_EVENTS.result) &&
        isModel(data.model)
      ) {
        model = data.model
      }
      readMessageEvent(type, data, line)
      return
    }
    switch (type) {
      case START:
        events++
        later.addOnLine('info', line, '', NOTES.model)
        if (isModel(data.selectedModel) && model === undefined) {
          model = data.selectedModel
        }
        return
      case RESUME:
        events++
        later.addOnLine('info', line, '', NOTES.own)
        if (isModel(data.selectedModel)) model = data.selectedModel
        return
      case MODEL_CHANGE:
        events++
        later.addOnLine('info', line, '', NOTES.model)
        if (isModel(data.newModel)) model = data.newModel
        return
      case AUTO_MODE_RESOLVED:
        // Auto mode (the model "auto" above) names the model it chose for the prompt here.
        events++
        later.addOnLine('info', line, '', NOTES.autoResolved)
        if (isModel(data.chosenModel)) model = data.chosenModel
        return
      case BINARY_ASSET:
        readAsset(data, line)
        return
      case SHUTDOWN: {
        // Its totals are the session's; its currentModel is the model in force when it ended (in
        // its data, as the schema has it; beside the data in the files of 1.0.2).
        events++
        later.addOnLine('info', line, '', NOTES.own)
        const current = data.currentModel ?? value.currentModel
        if (isModel(current)) model = current
        return
      }
      case COMPACTION_START:
        events++
        compactionFrom = messages.length
        recordWindow(data, line, 'data.tokenLimit')
        return
      case COMPACTION_COMPLETE:
        events++
        compacted(data, line)
        return
      case CONTEXT_CLEARED:
        events++
        takeOut(messages.length, NOTES.cleared)
        return
      case TRUNCATION: {
        events++
        const removed = data.messagesRemovedDuringTruncation
        recordWindow(data, line, 'data.tokenLimit')
        if (isCount(removed)) takeOut(removed, NOTES.truncated)
        return
      }
      default:
        if (OWN_EVENTS.has(type)) {
          events++
          later.addOnLine('info', line, '', NOTES.own)
          return
        }
        firstUnread ??= { line, problem: `"${type}" ${NOTES.unknown}` }
        later.addOnLine('warning', line, 'type', `"${type}" is ${NOTES.unknown}`)
    }
  })

  function readMessageEvent(type: string, data: Json, line: number): void {
    let read
    try {
      read = readEventMessages(type, data)
    } catch (error) {
      if (!(error instanceof ShapeError)) throw error
      firstUnread ??= { line, problem: error.problem }
      later.addOnLine('warning', line, pathString(error.steps), `${error.problem}; event skipped`)
      return
    }
    events++
    if (!Array.isArray(read)) {
      prompts.push({ line, text: read.text })
      return
    }
    if (type === MESSAGE_EVENTS.user) read = read.map((m) => withAttachments(m, data, line))
    const thinking = read[0]
    const last = messages.at(-1)
    if (
      type === MESSAGE_EVENTS.reply &&
      thinking?.type === 'reasoning' &&
      last?.type === 'reasoning'
    ) {
      // The thinking an assistant.reasoning event already gave (the same text, or only its opaque
      // part on the reply): one reasoning message, the opaque part with it.
      if (last.text === thinking.text || (thinking.text === '' && last.payload === undefined)) {
        if (thinking.payload !== undefined) {
          messages[messages.length - 1] = { ...last, payload: thinking.payload }
        }
        read = read.slice(1)
      }
    }
    for (const m of read) {
      messages.push(m)
      lines.push(line)
    }
  }

  function readAsset(data: Json, line: number): void {
    try {
      const asset = readBinaryAsset(data)
      assets.set(asset.id, { asset, line, sentAt: [] })
      events++
    } catch (error) {
      if (!(error instanceof ShapeError)) throw error
      firstUnread ??= { line, problem: error.problem }
      later.addOnLine('warning', line, pathString(error.steps), `${error.problem}; event skipped`)
    }
  }

  /** A user message with the files its attachments send as bytes, each priced as media. */
  function withAttachments(m: Message, data: Json, line: number): Message {
    const blocks: unknown[] = []
    for (const bytes of attachedBytes(data)) {
      const at = `data.attachments[${bytes.at}]`
      let media
      if ('asset' in bytes) {
        const held = assets.get(bytes.asset)
        if (held === undefined) {
          later.addOnLine('warning', line, `${at}.assetId`, NOTES.assetMissing)
          continue
        }
        held.sentAt.push(line)
        media = held.asset
      } else media = bytes.inline
      blocks.push(mediaBlock(media.image, media.mimeType, media.data))
      later.addOnLine('info', line, at, NOTES.attached(media.mimeType))
    }
    if (blocks.length === 0) return m
    return { ...m, payload: encodePayload({ attachments: blocks }) }
  }

  function recordWindow(data: Json, line: number, at: string): void {
    if (isCount(data.tokenLimit) && data.tokenLimit > 0) {
      window = { tokens: data.tokenLimit, at: `line ${line}: ${at}` }
    }
  }

  /** A compaction's end: on success with a summary, the messages before its start go. */
  function compacted(data: Json, line: number): void {
    const from = compactionFrom ?? messages.length
    compactionFrom = undefined
    if (data.success !== true || typeof data.summaryContent !== 'string') {
      later.addOnLine('info', line, '', NOTES.failedCompaction)
      return
    }
    recordWindow(data, line, 'data.tokenLimit')
    const replaced = takeOut(from, NOTES.compacted)
    const dropped = replaced.length
    const removed = data.messagesRemoved
    if (isCount(removed) && removed !== dropped) {
      // Copilot CLI's own count takes in what the file does not record as messages (its system
      // prompt's parts, a subagent's exchange).
      later.addOnLine(
        'info',
        line,
        'data.messagesRemoved',
        `Copilot CLI counts ${removed} messages removed; the file recorded ${dropped} before the compaction began`,
      )
    }
    const summary: Message = {
      type: 'context',
      text: data.summaryContent,
      meta: summaryMeta(replaced),
    }
    messages.unshift(summary)
    lines.unshift(line)
  }

  /** Takes the first `count` messages out, noting each by its line; returns those that went. */
  function takeOut(count: number, note: string): Message[] {
    const n = Math.min(count, messages.length)
    if (n === 0) return []
    later.info(describeLines([...new Set(lines.slice(0, n))]), note)
    const gone = messages.slice(0, n)
    messages = messages.slice(n)
    lines = lines.slice(n)
    // A compaction still running began that many messages earlier in what is left.
    if (compactionFrom !== undefined) compactionFrom = Math.max(0, compactionFrom - n)
    return gone
  }

  for (const { line, sentAt } of assets.values()) {
    const note = sentAt.length > 0 ? NOTES.asset(sentAt[0]) : NOTES.assetUnused
    later.addOnLine('info', line, '', note)
  }
  noteUnanswered(messages, lines, later)
  const what = 'a Copilot CLI event ({type, data, id, timestamp, parentId})'
  const notes = linesNotes({ what, read: events, broken, inLine, firstUnread, later })
  const prompt = latestPrompt(prompts, notes)
  if (prompt !== undefined) messages.unshift({ type: 'instructions', text: prompt.text })
  else if (messages.length > 0) notes.info('', NOTES.noSystemPrompt)
  return {
    messages,
    notes,
    ...(model !== undefined ? { model } : {}),
    ...(window !== undefined ? { contextWindow: window } : {}),
    ...(prompt !== undefined ? { systemPromptRecorded: true as const } : {}),
  }
}

/**
 * Each tool call no tool.execution_complete answers, at its reply's line: a warning where the
 * conversation goes on past it (the API takes no call without a result, so Copilot CLI sent
 * something the file does not hold), an info note where nothing follows.
 */
function noteUnanswered(messages: Message[], lines: number[], notes: NoteList): void {
  const answered = new Set(messages.filter((m) => m.type === 'activity').map((m) => m.id))
  // The last message that is not a call's result: a reply before it was followed by more.
  const lastTurn = messages.findLastIndex((m) => m.type !== 'activity')
  messages.forEach((m, i) => {
    if (m.type !== 'bot' || !m.payload?.includes('"tool_calls":')) return
    const calls = decodePayload(m.payload)?.tool_calls ?? []
    const open = calls.filter((c) => c.id !== undefined && !answered.has(c.id))
    if (open.length === 0) return
    const goesOn = lastTurn > i
    for (const call of open) {
      const name = `${call.id} (${call.name})`
      if (goesOn) notes.addOnLine('warning', lines[i], 'data.toolRequests', NOTES.unanswered(name))
      else notes.addOnLine('info', lines[i], 'data.toolRequests', NOTES.pending(name))
    }
  })
}

/** GitHub Copilot CLI: a session's events.jsonl, one event per line. */
export const copilotCliFormat = {
  id: 'copilot-cli',
  label: 'GitHub Copilot CLI session (JSONL)',
  shape:
    'JSONL, one event per line: {type: "session.start" | "user.message" | "assistant.message" | "tool.execution_complete" | …, data, id, timestamp, parentId}',
  detect(sniff) {
    const objects = lineObjects(sniff)
    const start = objects.some(
      (o) => o.type === START && isObject(o.data) && o.data.producer === 'copilot-agent',
    )
    if (start) return 3
    const events = objects.filter(
      (o) =>
        typeof o.type === 'string' &&
        isObject(o.data) &&
        (MESSAGE_TYPES.has(o.type) || OWN_EVENTS.has(o.type)) &&
        'parentId' in o,
    )
    return events.length > 0 && events.length === objects.length ? 2 : 0
  },
  read: readCopilotCli,
} as const satisfies FormatDescriptor

/** A model's name: not empty, and not auto mode's "auto", which names none. */
const isModel = (value: unknown): value is string =>
  typeof value === 'string' && value !== '' && value !== AUTO
