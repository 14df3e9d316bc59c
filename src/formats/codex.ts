import type { Message } from '../types'
import { reserializeShellOutputs } from './codex-shell-output'
import { truncateCodexOutputs } from './codex-truncation'
import { addMissingOutputs } from './codex-missing-outputs'
import { retypeCodexMessage } from './codex-context'
import { countByType, dropLastUserTurns } from './codex-rollback'
import { ReasoningReports } from './codex-reasoning'
import {
  ShapeError,
  isObject,
  kind,
  optionalString,
  pathString,
  requireString,
  type Json,
  type JsonPath,
} from './json-shape'
import { summaryMeta } from './summary-meta'
import { LocatedError, noLineIs, type ReadInput, type ReadResult } from './reader'
import { NoteList, warnSkippedLines, type NoteSeverity } from './report'
import {
  RECIPIENT_NOTE,
  ResponsesItems,
  agentMessage,
  isItemType,
  type Where,
} from './responses-items'
import { lineObjects, rootObject } from './sniff-shapes'
import type { FormatDescriptor, RecordedWindow, ReportedUsage } from './types'
import { isCount, responsesUsage, shiftUsage } from './reported-usage'
import { UNKNOWN_FIELD_NOTE } from './vocabulary'
import { formatNumber } from '../numbers'

// The line types of a rollout (RolloutItem in codex-rs/protocol/src/protocol.rs).
const LINE_TYPES = new Set([
  'session_meta',
  'response_item',
  'event_msg',
  'turn_context',
  'compacted',
  // Codex 0.145+: its record of the turn context (environment, permissions, AGENTS.md) it diffs
  // turn to turn; what the model sees of it is in the response_item messages around the line.
  'world_state',
  // Codex 0.16x+: another agent's message, which the history holds as an agent_message item.
  'inter_agent_communication',
])

// Line types of Codex 0.171 that record what the host did, never what the model was sent: a usage
// record per turn, the host's retained context, a security score, tool-list updates, realtime
// presentation (RolloutItemWire, codex-rs/history/src/lib.rs; read in the 0.171.0 binary).
const CODEX_RECORDS = new Set([
  'token_usage_record',
  'retained_context',
  'security_risk_score',
  'dynamic_tools_updated',
  'realtime_item',
  // Whether a delivered agent message started a turn: delivery bookkeeping.
  'inter_agent_communication_metadata',
])
const isLineType = (type: string): boolean => LINE_TYPES.has(type) || CODEX_RECORDS.has(type)
const RECORD_NOTE = "Codex's own record; not sent to the model"

// event_msg kinds that repeat a response_item for the UI (codex-rs/core/src/rollout/policy.rs
// persists both): loading them too would count each message twice.
const UI_COPIES = new Set([
  'user_message',
  'agent_message',
  'agent_reasoning',
  'agent_reasoning_raw_content',
])

const METADATA_NOTE = 'session metadata; not part of the conversation'
const TIMESTAMP_NOTE = 'line timestamp; not part of the conversation'
const ORDINAL_NOTE = "the line's place in the thread (Codex 0.15x+); not part of the conversation"
const ITEM_METADATA_NOTE =
  "Codex's own metadata of the item (CodexHarnessMetadata, 0.16x+); not sent to the model"
const CONFIGURATION_NOTE =
  'a configuration_update item (Codex 0.16x+: the reasoning effort, changed mid-thread): a request setting, not text the model reads; not loaded'
const WORLD_STATE_NOTE =
  "Codex's record of the context it sent (environment, permissions, instructions); the model saw it as the messages around this line"
const WINDOW_NOTE = 'context-window bookkeeping; not part of the conversation'
/**
 * A compaction's fields that Codex keeps for itself (`CompactedItem`, codex-rs/history/src/lib.rs):
 * its context windows (0.145+); and, 0.15x – 0.171, the compaction request's response id, the
 * latest usage record (for `thread/resume` to restore its totals), a checkpoint of the guardian
 * reviewer's own history, and where MCP resources came from. None is part of the history the
 * model is sent, which `replacement_history` is.
 */
const COMPACTED_RECORDS: Record<string, string> = {
  window_number: WINDOW_NOTE,
  window_id: WINDOW_NOTE,
  first_window_id: WINDOW_NOTE,
  previous_window_id: WINDOW_NOTE,
  compaction_response_id: "the compaction request's response id; Codex's own record",
  latest_token_usage_record:
    'the latest usage record when the compaction was written, for Codex to resume its totals; not read',
  guardian_history: "a checkpoint of the guardian reviewer's own history; not this thread's",
  mcp_resource_origins: "where MCP resources came from; Codex's own record",
}
const TURN_CONTEXT_NOTE =
  'turn settings (cwd, approval and sandbox policy, model, effort); not part of the conversation'
const USAGE_NOTE = 'provider-reported usage; read by the usage view'

/** What the walk over the lines gathers besides the history. */
interface Rollout {
  notes: NoteList
  items: ResponsesItems
  /** Base instructions: the Responses `instructions` every request sends. */
  base?: string
  /**
   * The session's user instructions (AGENTS.md), when the header or session_meta carries them, and
   * the place of the field, as the report names places.
   */
  userInstructions?: { text: string; at: string }
  model?: string
  /** The model base_instructions were written for (1.x provenance): the model when none is named. */
  instructionsModel?: string
  /** The first session_meta's `cli_version`: the Codex that wrote the rollout. */
  cliVersion?: string
  /**
   * The prompts the UI recorded (event_msg user_message, or in a paginated rollout item_completed
   * UserMessage), each with the field that holds it, to check each reached the history.
   */
  prompts: { line: number; text: string; field: string }[]
  /** The token_count reports so far, their prompts counted in the history (before the head). */
  usage: ReportedUsage[]
  /** The last report's running total, to tell a repeated token_count from a new request. */
  lastTotal?: string
  /** Each reply's reported reasoning tokens, given to its reasoning items. */
  reasoning: ReasoningReports
  /** Inside entered_review_mode … exited_review_mode: the review runs in its own thread. */
  inReview?: boolean
  /** The last context window the rollout records (task_started, token_count). */
  window?: RecordedWindow
}

/**
 * Reads an OpenAI Codex CLI rollout (`~/.codex/sessions/…/rollout-*.jsonl`) into the history the
 * model sees, replaying it the way Codex does when it resumes a session
 * (codex-rs/core/src/codex/rollout_reconstruction.rs): response items in order, and at a
 * `compacted` line the history replaced by its replacement_history, or rebuilt from the
 * instructions, the user prompts and the summary. Reads the current schema (`{timestamp, type,
 * payload}` lines) and the legacy one (a header line, `{"record_type":"state"}` lines and bare
 * items). A broken line loses only itself.
 */
export function readCodex(input: ReadInput): ReadResult {
  // The first schema's document, pretty-printed as Codex wrote it or on one line.
  const root = input.sniff().json
  if (isSavedSession(root)) return readSavedSession(root)
  if (input.isOneDocument()) {
    throw new LocatedError(
      'one JSON document, not JSONL with one rollout line per line, nor a first-schema rollout {session, items}',
      '',
    )
  }
  // Each line is read as it is parsed and its value not kept; the broken lines are known only at
  // the end, and their warnings go first (absorb below).
  const lineNotes = new NoteList()
  const r = newRollout(lineNotes)
  const seen: Seen = { rollout: false }
  const broken = input.eachJsonLine((value, line) => {
    if (!seen.rollout && isRolloutLine(value)) seen.rollout = true
    const first = seen.first === undefined && isObject(value)
    if (first) seen.first = { line, value }
    if (seen.error === undefined) readEachLine(r, value, line, first, seen)
  })
  refuseForeign(seen, broken)
  // A failure that is not the file's shape, thrown where reading every line first would have.
  if (seen.error !== undefined) throw seen.error.error
  return finish(r, broken)
}

/** A rollout being read: the items reader with Codex's own item types and context messages. */
function newRollout(notes: NoteList): Rollout {
  const items = new ResponsesItems(notes, {
    keepUnknownTypes: true,
    retype: retypeCodexMessage,
    metadataFields: {
      internal_chat_message_metadata_passthrough:
        "Codex's per-item metadata (turn id); not sent to the model",
      // The same record under its earlier name (0.142 builds: ResponseItemMetadata).
      metadata: "Codex's per-item metadata (turn id); not sent to the model",
    },
  })
  return {
    notes,
    items,
    prompts: [],
    usage: [],
    reasoning: new ReasoningReports(items.messages),
  }
}

/**
 * Whether a JSON document is a rollout of the first schema (codex-rs/core/src/rollout.rs, May –
 * July 2025: `SavedSession`, rewritten whole after every update as
 * `~/.codex/sessions/rollout-<time>-<uuid>.json`): `{session: {id, timestamp, instructions?},
 * items: [Responses items], state: {previous_response_id?}}`.
 */
function isSavedSession(v: unknown): v is Json & { session: Json; items: unknown[] } {
  return (
    isObject(v) &&
    isObject(v.session) &&
    typeof v.session.id === 'string' &&
    typeof v.session.timestamp === 'string' &&
    Array.isArray(v.items)
  )
}

/**
 * A first-schema rollout: its session is the legacy header (instructions read, the rest
 * metadata), its items the history as the later schemas' items are, and its state what the next
 * request chains to (`previous_response_id`), not the conversation.
 */
function readSavedSession(root: Json & { session: Json; items: unknown[] }): ReadResult {
  const notes = new NoteList()
  const r = newRollout(notes)
  for (const key of Object.keys(root)) {
    if (key === 'session') readSessionMeta(r, root.session, ['session'], pathString)
    else if (key === 'items') {
      // One document: an item that is not a Responses item refuses the file, as a Responses
      // request body's would, naming it.
      root.items.forEach((item, i) => {
        if (!isObject(item))
          throw new ShapeError(`${kind(item)}, not a Responses item`, ['items', i])
        r.items.add(item, ['items', i], pathString)
      })
    } else if (key === 'state') r.notes.info(key, FIRST_SCHEMA_STATE_NOTE)
    else r.notes.warn(key, UNKNOWN_FIELD_NOTE)
  }
  return finish(r, [])
}

const FIRST_SCHEMA_STATE_NOTE =
  'session state (the previous_response_id the next request chains to); not part of the conversation'

/** The history the rollout's items make, with its instructions first; the report and usage. */
function finish(r: Rollout, broken: { line: number; problem: string }[]): ReadResult {
  r.items.flush()
  r.reasoning.settle()
  addMissingOutputs(r.items.messages, r.usage, r.items.calls, r.notes)
  const head = headOf(r)
  const messages = [...head, ...r.items.messages]
  checkPrompts(r, messages)
  const notes = new NoteList()
  warnSkippedLines(broken, notes)
  notes.absorb(r.notes)
  // A thread whose first turn was aborted before a request has no turn_context to name its model.
  const model = r.model ?? r.instructionsModel
  truncateCodexOutputs(messages, model, r.cliVersion, notes)
  // At each request, after the history's cut: an output the cut changed is no longer its JSON.
  reserializeShellOutputs(messages, r.cliVersion, notes)
  const usage = shiftUsage(r.usage, head.length)
  return { model, messages, notes, usage, ...(r.window ? { contextWindow: r.window } : {}) }
}

/** What the walk has seen of the file so far, to refuse it as readCodex did before reading it. */
interface Seen {
  /** Whether some line is a rollout line. */
  rollout: boolean
  /** The first line that is an object. */
  first?: { line: number; value: unknown }
  /** The first error that is not a ShapeError: reading stops there, and it is thrown at the end. */
  error?: { error: unknown }
}

function readEachLine(r: Rollout, value: unknown, line: number, first: boolean, seen: Seen): void {
  const where: Where = (steps) =>
    steps.length > 0 ? `line ${line}: ${pathString(steps)}` : `line ${line}`
  try {
    readLine(r, value, line, where, first)
  } catch (error) {
    if (!(error instanceof ShapeError)) seen.error = { error }
    else r.notes.warn(where(error.steps), `${error.problem}; line skipped`)
  }
}

const isRolloutLine = (v: unknown): boolean =>
  isObject(v) &&
  ((typeof v.type === 'string' && isLineType(v.type) && 'payload' in v) ||
    v.record_type === 'state')

const isLegacyHeader = (v: unknown): v is Json =>
  isObject(v) &&
  v.type === undefined &&
  v.record_type === undefined &&
  typeof v.id === 'string' &&
  typeof v.timestamp === 'string'

/** Throws, with the first reason, when no line is a rollout line and there is no legacy header. */
function refuseForeign(seen: Seen, broken: { line: number; problem: string }[]): void {
  const { first } = seen
  if (seen.rollout || isLegacyHeader(first?.value)) return
  const b = broken[0]
  if (b && (!first || b.line < first.line)) throw noLineIs('a Codex rollout line', b)
  if (!first) throw noLineIs('a Codex rollout line', undefined)
  const type = first.value as Json
  const why =
    typeof type.type === 'string'
      ? `"${type.type}" is not a Codex rollout line type (${[...LINE_TYPES].join(', ')})`
      : 'not a Codex rollout line ({timestamp, type, payload}) or a legacy session header {id, timestamp}'
  throw new LocatedError(why, `line ${first.line}`, first.line)
}

function readLine(r: Rollout, value: unknown, line: number, where: Where, first: boolean): void {
  if (!isObject(value)) {
    r.notes.warn(where([]), `${kind(value)}, not a rollout line; skipped`)
    return
  }
  if (value.record_type === 'state') {
    r.notes.info(where([]), 'legacy session state line; not part of the conversation')
    return
  }
  if (typeof value.type === 'string' && 'payload' in value) {
    if (!isLineType(value.type)) {
      r.notes.warn(
        where(['type']),
        `"${value.type}" is not a line type Codex writes (${[...LINE_TYPES].join(', ')}); skipped`,
      )
      return
    }
    for (const key of Object.keys(value)) {
      // On every line: noted by its line, so that a path is written out only for the first few.
      if (key === 'timestamp') r.notes.addOnLine('info', line, key, TIMESTAMP_NOTE)
      else if (key === 'ordinal') r.notes.addOnLine('info', line, key, ORDINAL_NOTE)
      else if (key === 'metadata' && value.type === 'response_item') {
        r.notes.addOnLine('info', line, key, ITEM_METADATA_NOTE)
      } else if (key !== 'type' && key !== 'payload') r.notes.warn(where([key]), UNKNOWN_FIELD_NOTE)
    }
    readTyped(r, value.type, value.payload, line, where)
    return
  }
  if (first && isLegacyHeader(value)) return readSessionMeta(r, value, [], where)
  if (typeof value.type === 'string') {
    // The legacy schema: a bare Responses item.
    if (value.type === 'ghost_snapshot') return noteGhost(r, where([]))
    r.items.add(value, [], where)
    return
  }
  r.notes.warn(where([]), 'an object with no "type", not a rollout line; skipped')
}

function readTyped(r: Rollout, type: string, payload: unknown, line: number, where: Where): void {
  const at: JsonPath = ['payload']
  if (CODEX_RECORDS.has(type)) {
    r.notes.addOnLine('info', line, 'payload', RECORD_NOTE)
    return
  }
  if (type === 'response_item') {
    if (isObject(payload) && payload.type === 'ghost_snapshot') return noteGhost(r, where(at))
    if (isObject(payload) && payload.type === 'configuration_update') {
      r.notes.addOnLine('info', line, 'payload', CONFIGURATION_NOTE)
      return
    }
    r.items.add(payload, at, where)
    return
  }
  if (!isObject(payload)) throw new ShapeError(`"payload" is ${kind(payload)}, not an object`, at)
  if (type === 'session_meta') return readSessionMeta(r, payload, at, where)
  if (type === 'turn_context') {
    if (typeof payload.model === 'string') r.model = payload.model
    r.notes.addOnLine('info', line, 'payload', TURN_CONTEXT_NOTE)
    return
  }
  if (type === 'event_msg') return readEvent(r, payload, line)
  if (type === 'inter_agent_communication') return readInterAgent(r, payload, where)
  if (type === 'world_state') {
    r.notes.addOnLine('info', line, 'payload', WORLD_STATE_NOTE)
    return
  }
  readCompacted(r, payload, where)
}

function noteGhost(r: Rollout, path: string): void {
  r.notes.info(path, "Codex's undo snapshot (a git commit); Codex never sends it to the model")
}

// Fields of an inter_agent_communication payload the model does not read.
const INTER_AGENT_NOTES: Readonly<Record<string, string>> = {
  recipient: RECIPIENT_NOTE,
  other_recipients: 'the other agents the message went to; not sent to the model',
  trigger_turn: 'whether the message started a turn; not sent to the model',
  internal_chat_message_metadata_passthrough:
    "Codex's per-item metadata (turn id); not sent to the model",
}

/**
 * Another agent's message, as Codex puts it into the history (`to_model_input_item`,
 * InterAgentCommunication in codex-rs/protocol/src/protocol.rs): an agent_message item whose text
 * is the message, or, for an encrypted one, a plain header naming the message type, the task (the
 * recipient) and the sender, then the ciphertext.
 */
function readInterAgent(r: Rollout, payload: Json, where: Where): void {
  const at: JsonPath = ['payload']
  const author = requireString(payload, 'author', at)
  const recipient = requireString(payload, 'recipient', at)
  const content = optionalString(payload, 'content', at) ?? ''
  const encrypted = optionalString(payload, 'encrypted_content', at)
  for (const key of Object.keys(payload)) {
    const note = INTER_AGENT_NOTES[key]
    if (note !== undefined) r.notes.info(where([...at, key]), note)
    else if (!['id', 'author', 'content', 'encrypted_content'].includes(key))
      r.notes.warn(where([...at, key]), UNKNOWN_FIELD_NOTE)
  }
  const type = payload.trigger_turn === true ? 'NEW_TASK' : 'MESSAGE'
  const text =
    encrypted === undefined
      ? content
      : `Message Type: ${type}\nTask name: ${recipient}\nSender: ${author}\nPayload:\n`
  const id = optionalString(payload, 'id', at)
  r.items.push(agentMessage(id, author, text, encrypted))
}

/** session_meta's payload, or a legacy header: instructions are read, the rest is metadata. */
function readSessionMeta(r: Rollout, meta: Json, at: JsonPath, where: Where): void {
  for (const key of Object.keys(meta)) {
    const value = meta[key]
    const here = where([...at, key])
    if (key === 'base_instructions' && value !== null) {
      const text = isObject(value) ? value.text : value
      if (isObject(value)) noteInstructionFields(r, value, [...at, key], where)
      if (typeof text !== 'string') {
        r.notes.warn(here, `${kind(value)}, not instructions text; not loaded`)
      } else if (r.base === undefined) r.base = text
      else if (r.base !== text)
        r.notes.info(here, 'a later session_meta; the first base instructions are kept')
    } else if (key === 'instructions' && value !== null) {
      if (typeof value !== 'string')
        r.notes.warn(here, `${kind(value)}, not instructions text; not loaded`)
      else if (r.userInstructions === undefined) r.userInstructions = { text: value, at: here }
      else if (r.userInstructions.text !== value)
        r.notes.info(here, 'a later session_meta; the first instructions are kept')
    } else if (key === 'history_base' && isObject(value)) {
      r.notes.warn(here, historyBaseNote(value))
    } else {
      if (key === 'cli_version' && typeof value === 'string') r.cliVersion ??= value
      r.notes.info(here, METADATA_NOTE)
    }
  }
}

/**
 * The fields of a base_instructions object beside its text: `provenance` (1.x: where the text came
 * from, `{type: "model", model}` or `{type: "custom"}`) is not sent; any other is unknown.
 */
function noteInstructionFields(r: Rollout, value: Json, at: JsonPath, where: Where): void {
  for (const key of Object.keys(value)) {
    if (key === 'text') continue
    if (key === 'provenance') {
      r.notes.info(where([...at, key]), 'where the base instructions came from; not sent')
      const p = value.provenance
      if (isObject(p) && p.type === 'model' && typeof p.model === 'string')
        r.instructionsModel ??= p.model
    } else r.notes.warn(where([...at, key]), UNKNOWN_FIELD_NOTE)
  }
}

/**
 * A later page of a paginated thread (Codex 0.15x+, `history_mode: "paginated"`): the file holds
 * only its own lines, and the history before them is the first lines of another rollout
 * (`history_base: {thread_id, end_ordinal_exclusive, end_byte_offset}`), which Codex replays first.
 */
function historyBaseNote(base: Json): string {
  const thread = typeof base.thread_id === 'string' ? ` ${base.thread_id}` : ''
  const end =
    typeof base.end_byte_offset === 'number'
      ? ` up to byte ${formatNumber(base.end_byte_offset)}`
      : typeof base.end_ordinal_exclusive === 'number'
        ? ` before line ordinal ${formatNumber(base.end_ordinal_exclusive)}`
        : ''
  return `a later page of a paginated thread: the history before it is in rollout${thread}${end}, which Codex sends first; that history is not in this file, so it is not loaded or counted`
}

function readEvent(r: Rollout, payload: Json, line: number): void {
  const kindOf = typeof payload.type === 'string' ? payload.type : undefined
  // Most lines of a rollout are events: noted by their line (see readLine).
  const note = (severity: NoteSeverity, problem: string) =>
    r.notes.addOnLine(severity, line, 'payload', problem)
  const userItem = kindOf === 'item_completed' ? userItemText(payload.item) : undefined
  if (kindOf === undefined) {
    note('warning', 'event with no "type"; skipped')
  } else if (UI_COPIES.has(kindOf)) {
    if (kindOf === 'user_message' && typeof payload.message === 'string' && !r.inReview) {
      r.prompts.push({ line, text: payload.message, field: 'payload.message' })
    }
    note('info', eventNote(kindOf, true))
  } else if (userItem !== undefined) {
    // A paginated rollout (0.15x+) writes no user_message event: its record of a prompt is the
    // completed UserMessage item (codex-rs/rollout/src/policy.rs, ThreadHistoryMode::Paginated).
    if (!r.inReview) {
      r.prompts.push({ line, text: userItem, field: 'payload.item.content' })
    }
    note('info', USER_ITEM_NOTE)
  } else if (kindOf === 'token_count' && r.inReview) {
    // /review runs as a separate thread whose requests do not send this history.
    note('info', 'usage of a /review thread, whose requests do not send this history; not read')
  } else if (kindOf === 'token_count') {
    note('info', USAGE_NOTE)
    readTokenCount(r, payload, line)
    const info = payload.info
    if (isObject(info)) readWindow(r, info, line, 'payload.info.model_context_window')
  } else if (kindOf === 'thread_rolled_back') {
    rollBack(r, payload, note)
  } else {
    if (kindOf === 'task_started' && !r.inReview) {
      readWindow(r, payload, line, 'payload.model_context_window')
    }
    if (kindOf === 'entered_review_mode') r.inReview = true
    if (kindOf === 'exited_review_mode') r.inReview = false
    note('info', eventNote(kindOf, false))
  }
}

/**
 * The context window Codex ran the turn with: `model_context_window` of a task_started event or of
 * a token_count's TokenUsageInfo ("the model's context window, as the platform configured it",
 * codex-rs/protocol/src/protocol.rs), already the effective window Codex compacts against. The
 * last one read holds: a later turn may run another model.
 */
function readWindow(r: Rollout, from: Json, line: number, path: string): void {
  const tokens = from.model_context_window
  if (isCount(tokens) && tokens > 0) r.window = { tokens, at: `line ${line}: ${path}`, codex: true }
}

/**
 * Drops the turns a rollback undid, as Codex does (codex-rollback.ts), with the reports of their
 * requests and their prompts' UI copies, and says what was left out.
 */
function rollBack(
  r: Rollout,
  payload: Json,
  note: (severity: NoteSeverity, problem: string) => void,
): void {
  const turns = payload.num_turns
  if (!isCount(turns)) {
    note('warning', 'rollback without a "num_turns" count; nothing dropped')
    return
  }
  r.items.flush()
  r.reasoning.settle()
  const dropped = dropLastUserTurns(r.items.messages, turns)
  r.reasoning.restart()
  if (dropped.length === 0) {
    note('info', `rolls back ${turns} turn(s), but the history holds no turn to drop`)
    return
  }
  // The requests made in the dropped turns sent a history this import no longer holds.
  const kept = r.items.messages.length
  const reports = r.usage.length
  r.usage = r.usage.filter((u) => u.prompt <= kept)
  const prompts = dropped.filter((m) => m.type === 'user').length
  r.prompts.splice(Math.max(0, r.prompts.length - prompts))
  const usage = reports - r.usage.length
  note(
    'info',
    `rolls back ${turns} turn(s), as Codex does: ${dropped.length} message(s) left out (${countByType(dropped)})${usage > 0 ? `, and ${usage} usage report(s) of their requests` : ''}`,
  )
}

const USER_ITEM_NOTE =
  '"item_completed" event of a UserMessage: the UI\'s copy of a prompt the response_item lines hold; not loaded twice'

/** A completed UserMessage item's text parts, concatenated as the UI's user_message is. */
function userItemText(item: unknown): string | undefined {
  if (!isObject(item) || item.type !== 'UserMessage' || !Array.isArray(item.content)) return
  let text = ''
  for (const part of item.content) {
    if (isObject(part) && typeof part.text === 'string' && /^text$/i.test(String(part.type)))
      text += part.text
  }
  return text
}

// The note of each event kind, made once: a rollout repeats a handful of kinds on most lines.
const EVENT_NOTES = new Map<string, string>()

function eventNote(kindOf: string, copy: boolean): string {
  let problem = EVENT_NOTES.get(kindOf)
  if (problem === undefined) {
    problem = copy
      ? `"${kindOf}" event: the UI's copy of a response_item; not loaded twice`
      : `"${kindOf}" event; not part of the conversation`
    if (EVENT_NOTES.size < 64) EVENT_NOTES.set(kindOf, problem)
  }
  return problem
}

/**
 * A token_count event, written after each response: the current schema's
 * `info.last_token_usage` (TokenUsageInfo, codex-rs/protocol/src/protocol.rs), or the legacy
 * event's own TokenUsage fields. `input_tokens` is that request's whole prompt (its cached part
 * included); the prompt held the history up to the reply's own items. Codex repeats the last
 * figures on other occasions (a turn's start, a rate-limit update): an unchanged running total is
 * the same request, reported once.
 */
function readTokenCount(r: Rollout, payload: Json, line: number): void {
  const info = payload.info
  const current = isObject(info)
  const last = current ? info.last_token_usage : payload
  const counts = responsesUsage(last)
  if (!counts) return
  if (current) {
    const total = JSON.stringify(info.total_token_usage ?? null)
    if (total === r.lastTotal) return
    r.lastTotal = total
  }
  r.items.flush()
  const reasoning = isObject(last) ? last.reasoning_output_tokens : undefined
  const prompt = r.reasoning.report(isCount(reasoning) ? reasoning : undefined)
  r.usage.push({
    prompt,
    ...counts,
    at: `line ${line}`,
    ...(r.model !== undefined ? { model: r.model } : {}),
  })
}

/**
 * A compaction. With replacement_history, that list is the new history; without it, Codex rebuilds
 * the history from the instructions, the user prompts and the summary (codex-rs/core/src/compact.rs
 * build_compacted_history). Either way the summary becomes an earlier summary (meta.compacted)
 * standing for the messages it replaced.
 */
function readCompacted(r: Rollout, payload: Json, where: Where): void {
  const at: JsonPath = ['payload']
  const summary = payload.message ?? ''
  if (typeof summary !== 'string') {
    throw new ShapeError(`"message" is ${kind(summary)}, not a string`, [...at, 'message'])
  }
  const replacement = payload.replacement_history
  if (replacement !== undefined && replacement !== null && !Array.isArray(replacement)) {
    throw new ShapeError(`"replacement_history" is ${kind(replacement)}, not an array`, [
      ...at,
      'replacement_history',
    ])
  }
  for (const key of Object.keys(payload)) {
    if (Object.hasOwn(COMPACTED_RECORDS, key))
      r.notes.info(where([...at, key]), COMPACTED_RECORDS[key])
    else if (key !== 'message' && key !== 'replacement_history')
      r.notes.warn(where([...at, key]), UNKNOWN_FIELD_NOTE)
  }
  const { items, notes } = r
  items.flush()
  r.reasoning.settle()
  const before = items.messages.splice(0)
  // The requests before a compaction sent a history this import no longer holds.
  r.usage = []
  let replaced: Message[]
  if (Array.isArray(replacement)) {
    replaced = before
    replacement.forEach((item, k) => {
      const steps = [...at, 'replacement_history', k]
      try {
        if (isObject(item) && item.type === 'ghost_snapshot') return noteGhost(r, where(steps))
        items.add(item, steps, where)
      } catch (error) {
        if (!(error instanceof ShapeError)) throw error
        notes.warn(where(error.steps), `${error.problem}; item skipped`)
      }
    })
    items.flush()
    notes.info(
      where(at),
      `compaction: ${replaced.length} earlier message(s) replaced by its replacement_history, as Codex does; not loaded`,
    )
  } else {
    const kept = before.filter(
      (m) =>
        m.type === 'instructions' ||
        m.type === 'user' ||
        (m.type === 'context' && !m.meta?.compacted),
    )
    replaced = before.filter((m) => !kept.includes(m))
    items.messages.push(...kept)
    notes.info(
      where(at),
      `compaction: ${replaced.length} earlier message(s) (replies, reasoning, tool calls and results, earlier summaries) replaced by its summary; instructions and user prompts kept, as Codex rebuilds the history (it keeps about 20,000 tokens of the latest prompts)`,
    )
  }
  r.reasoning.restart()
  const meta = summaryMeta(replaced)
  const own = Array.isArray(replacement) ? items.messages.find((m) => m.meta?.compacted) : undefined
  if (own) {
    own.meta = meta
    if (summary !== '' && !own.text.includes(summary)) {
      notes.info(
        where([...at, 'message']),
        "the summary's text; Codex sends the summary in replacement_history instead",
      )
    }
  } else {
    items.messages.push({
      type: 'context',
      text: summary,
      meta,
    })
  }
}

/** The messages ahead of the history: the base instructions, then the session's user instructions. */
function headOf(r: Rollout): Message[] {
  const head: Message[] = []
  if (r.base !== undefined) head.push({ type: 'instructions', text: r.base })
  else {
    r.notes.info(
      '',
      'no base instructions in the file: Codex sent its built-in system prompt, which is not counted here',
    )
  }
  const user = r.userInstructions
  if (user !== undefined) {
    const text = user.text.trim()
    const copy = r.items.messages.some((m) => m.type === 'instructions' && m.text.includes(text))
    if (copy) {
      r.notes.info(
        user.at,
        'instructions also sent as a <user_instructions> message; loaded once, from that message',
      )
    } else head.push({ type: 'instructions', text: user.text })
  }
  return head
}

/**
 * Warns for each prompt the UI recorded that did not reach the history as a user message: one that
 * no user text holds. Most prompts are the text of a user message a little after the one the prompt
 * before matched, so each is first looked for there, a compare of two strings; only a prompt not
 * found there puts every user text, its whitespace taken out, into a set and, failing that,
 * searches them all.
 */
function checkPrompts(r: Rollout, messages: readonly Message[]): void {
  const users = new UserTexts(messages)
  let all: { set: Set<string>; texts: string[] } | undefined
  let next = 0
  for (const { line, text, field } of r.prompts) {
    const prompt = text.trim()
    if (prompt === '') continue
    const near = users.nearMatch(next, prompt)
    if (near >= 0) {
      next = near + 1
      continue
    }
    const squashed = squash(prompt)
    if (all === undefined) {
      const texts = users.allSquashed()
      all = { set: new Set(texts), texts }
    }
    if (all.set.has(squashed) || all.texts.some((t) => t.includes(squashed))) continue
    if (all.texts.some((t) => isShortenedCopy(t, squashed))) {
      r.notes.info(
        `line ${line}: ${field}`,
        "a prompt the UI recorded is in the loaded history as Codex shortened it (a compaction's replacement history keeps its head and tail, and says how much it took out); loaded so, as Codex resumes with it",
      )
      continue
    }
    r.notes.warn(
      `line ${line}: ${field}`,
      'a prompt the UI recorded is not in the loaded history (dropped by a compaction, or never recorded as a response_item)',
    )
  }
}

// The marker Codex leaves where it shortened a text (codex-truncation.ts), without whitespace.
const SHORTENED = /…\d+(?:chars|tokens)truncated…/

/** Whether a user text (whitespace taken out) is the prompt with its middle taken out by Codex. */
function isShortenedCopy(text: string, prompt: string): boolean {
  const marker = SHORTENED.exec(text)
  if (!marker) return false
  const head = text.slice(0, marker.index)
  const tail = text.slice(marker.index + marker[0].length)
  return head.length + tail.length > 0 && prompt.startsWith(head) && prompt.endsWith(tail)
}

// Compared without whitespace: a multi-part user message is loaded with its parts joined by a
// blank line, while the UI's copy (event_msg user_message) is the parts concatenated.
const squash = (s: string) => s.replace(/\s+/g, '')

// How many user messages past the last match a prompt is looked for in (context messages, such
// as the environment, come between prompts).
const NEAR = 4

/**
 * The user messages' texts, each compared as it is first and without whitespace only when that
 * fails: a text that holds the prompt holds it without whitespace too (deleting characters keeps a
 * substring a substring), and most prompts are their message's text, so most texts are never
 * copied without whitespace.
 */
class UserTexts {
  private readonly texts: string[] = []
  private readonly squashed: (string | undefined)[] = []

  constructor(messages: readonly Message[]) {
    for (const m of messages) if (m.type === 'user') this.texts.push(m.text)
  }

  private squashedAt(i: number): string {
    return (this.squashed[i] ??= squash(this.texts[i]))
  }

  allSquashed(): string[] {
    return this.texts.map((_, i) => this.squashedAt(i))
  }

  /** The first of the few user texts from `from` on that hold `prompt` (trimmed), or -1. */
  nearMatch(from: number, prompt: string): number {
    const end = Math.min(this.texts.length, from + NEAR)
    let squashed: string | undefined
    for (let i = from; i < end; i++) {
      const t = this.texts[i]
      if (t.length >= prompt.length && t.includes(prompt)) return i
      squashed ??= squash(prompt)
      const s = this.squashedAt(i)
      if (s.length >= squashed.length && s.includes(squashed)) return i
    }
    return -1
  }
}

/** An OpenAI Codex CLI rollout: JSONL, current or legacy schema, or the first schema's JSON. */
export const codexFormat = {
  id: 'codex',
  label: 'OpenAI Codex CLI rollout',
  shape:
    'JSONL, one rollout line per line: {timestamp, type, payload}, or a legacy header and items; or, in the first schema, one JSON document {session, items, state}',
  detect(sniff) {
    if (isSavedSession(rootObject(sniff))) return 3
    const lines = lineObjects(sniff)
    if (lines.some((l) => isRolloutLine(l) && (l.record_type === 'state' || isObject(l.payload))))
      return 3
    const [first, ...rest] = lines
    // A legacy header always names its instructions (null when none): a session with no turn
    // yet is that line alone.
    if (isLegacyHeader(first) && ('instructions' in first || rest.some((l) => isItemType(l.type))))
      return 2
    return 0
  },
  read: readCodex,
} as const satisfies FormatDescriptor
