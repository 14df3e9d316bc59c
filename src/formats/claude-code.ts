import { earlierThinkingOf } from './claude-code-thinking'
import { formatNumber } from '../numbers'
import {
  ChainIndex,
  buildThread,
  sessionEventOf,
  type ContentOf,
  type SessionEvent,
} from './claude-code-chain'
import {
  METADATA_NOTE,
  PROGRESS_NOUN,
  API_ERROR_NOUN,
  API_ERROR_REASON,
  PROGRESS_REASON,
  SYNTHETIC_MODEL,
  answeredElsewhere,
  readEventLine,
  readThreadEvents,
} from './claude-code-events'
import { inferUnrecordedMicrocompaction } from './claude-code-microcompact'
import { markToolsLoaded } from './claude-code-deferred-tools'
import {
  UNRECORDED_ATTACHMENTS_NOTE,
  UNRECORDED_COMMAND_MENTION_NOTE,
  UNRECORDED_MENTION_NOTE,
  UNRECORDED_REMINDERS_NOTE,
} from './claude-code-mentions'
import { readPromptSnapshot, withSnapshot, type PromptSnapshot } from './claude-code-snapshot'
import {
  noteForkContextLoaded,
  noteForkReference,
  readForkReference,
  type ForkReference,
} from './claude-code-fork'
import { LeftOut, NoteTape } from './claude-code-notes'
import { noteSubagentRuns, subagentRunOf, type SubagentRun } from './claude-code-subagent-runs'
import {
  applyReplacements,
  readReplacementLine,
  type Replacement,
  type UnreadReplacement,
} from './claude-code-replacements'
import type { Message } from '../types'
import { isObject, kind, type Json } from './json-shape'
import { LocatedError, noLineIs, ReadInput, type Companion, type ReadResult } from './reader'
import { NoteList, warnSkippedLines } from './report'
import { shiftUsage } from './reported-usage'
import { isOwnSystemRecord } from './qwen-code'
import { lineObjects } from './sniff-shapes'
import type { ForkedFrom, FormatDescriptor, ReportedUsage } from './types'

// Lines with no uuid that Claude Code writes about the session (types/logs.ts `Entry`, 2.1.88).
const METADATA_TYPES = new Set([
  'summary',
  'custom-title',
  'ai-title',
  'last-prompt',
  'task-summary',
  'tag',
  'agent-name',
  'agent-color',
  'agent-setting',
  'pr-link',
  'file-history-snapshot',
  'attribution-snapshot',
  'queue-operation',
  'speculation-accept',
  'mode',
  'worktree-state',
  // 'content-replacement' is read: what was sent in place of a tool result (claude-code-replacements.ts).
  'marble-origami-commit',
  'marble-origami-snapshot',
  'saved_hook_context',
  // Added by 2.1.3xx: the compiled 2.1.332 routes each line type of a transcript by a table that
  // lists these beside the ones above (`host-row`, `repl-mode` and `hybrid-organization` by a rule
  // of their own, `data-flow-handover` by its loader's filter), and its loader reads them as
  // session state, never as a message.
  'ended-by-model',
  'continued-in',
  'relocated',
  'frame-link',
  'artifact-comment-monitor',
  'artifact-autoreact-ledger',
  'bridge-session',
  'history-suppression',
  'file-history-delta',
  'permission-mode',
  'isolation-latch',
  'session-owner',
  'dev-mods',
  'memory-mode',
  'atis-latch',
  'tools-used',
  'data-flow-records',
  'data-flow-incomplete',
  'data-flow-handover',
  'derived-from',
  'cost-state',
  'observer-ref',
  'resume-head-vouch',
  'host-row',
  'repl-mode',
  'hybrid-organization',
])

// Lines Claude Code 2.1.3xx writes to replay its requests (read in the compiled 2.1.332, behind a
// flag): a request's settings and the hashes of its messages, its system prompt and tools, and its
// messages in the API's form. The conversation is read from the chain; these are not read.
const REPLAY_TYPES = new Set([
  'api-request',
  'api-request-resumed',
  'api-request-shape',
  'api-request-blob',
])
const REPLAY_NOTE =
  'Claude Code’s record of a request, kept to replay it; not read (the conversation is read from the chain, and the system prompt and tools a request held are derived from the first reported request)'

// Event types that are messages or sent content: without a uuid, one of these is lost.
const CHAIN_TYPES = new Set(['user', 'assistant', 'system', 'attachment'])

/**
 * Reads a Claude Code session (JSONL, one event per line) as Claude Code resumes it: the main
 * thread from the latest event back to the root (claude-code-chain.ts), each event mapped to what
 * the model is sent (claude-code-events.ts). Sidechains, history before a compaction, abandoned
 * branches, title lines and every event the model never sees are counted in the report by kind.
 * A line that is not JSON loses only itself.
 */
export function readClaudeCode(input: ReadInput): ReadResult {
  const notes = new NoteList()
  if (isSubagentMeta(input.sniff().json)) throw new LocatedError(SUBAGENT_META, '')
  // Checked first: parsing a large pretty-printed JSON file line by line would fail on every line.
  if (input.isOneDocument()) {
    throw new LocatedError('one JSON document, not JSONL with one session event per line', '')
  }
  const parsed = parseEvents(input)
  const { events, lineMessages, index, metadata, skipped, read } = parsed
  if (
    !events.some((e) => e.uuid !== undefined) &&
    !metadata.some((m) => METADATA_TYPES.has(m.type))
  ) {
    throw noLineIs('a Claude Code event', skipped[0])
  }
  warnSkippedLines(skipped, notes)

  const left = new LeftOut()
  for (const m of metadata) readMetadata(m, notes, left)
  // A forked subagent's first event may name the fork point, in its parent's transcript.
  const forkPoint = read.forks[read.forks.length - 1]?.parentLastUuid
  const { broken, thread, messages, model, usage } = readChain(parsed, notes, left, {
    outside: forkPoint,
  })
  markUnrecorded(thread.events, read, messages, usage, notes)
  markToolsLoaded(thread.events, messages, usage, notes)
  noteOtherBackend(thread.events, usage, notes)
  noteSubagentRuns(read.subagents, thread.events, thread.sidechain.length > 0, notes)
  inferUnrecordedMicrocompaction(thread.events, events, messages, usage, notes)
  const thinking = earlierThinkingOf(thread.events, messages, notes)
  countReplaced(messages, thread.events[0], events, lineMessages, index, broken, notes)
  for (const line of thread.progress) left.add(line, PROGRESS_NOUN, PROGRESS_REASON)
  for (const line of thread.apiErrors) left.add(line, API_ERROR_NOUN, API_ERROR_REASON)
  const lines = (list: number[], noun: [string, string], reason: string, warn = false) => {
    for (const line of list) left.add(line, noun, reason, warn ? 'warning' : 'info')
  }
  lines(
    thread.sidechain,
    ['sidechain event', 'sidechain events'],
    'a Task subagent’s own conversation; hidden from the main thread',
  )
  lines(
    thread.beforeCompaction,
    ['event', 'events'],
    'before a compaction; replaced by its summary',
  )
  lines(
    thread.superseded,
    ['event written again', 'events written again'],
    'a later line carries its uuid again (a transcript written twice); the later copy is loaded, as Claude Code loads it',
  )
  lines(
    thread.copies,
    ['copy of a turn', 'copies of turns'],
    'what the thread already holds, written again under new uuids (a resumed session’s history); loaded once, as its requests sent it',
  )
  lines(
    thread.carriedOver,
    ['event', 'events'],
    'before the session’s first prompt, continuing a line not in this file: the end of the session it was started from (as plan mode’s “clear context” starts one), which none of its requests held; not loaded',
  )
  lines(
    thread.abandoned,
    ['event', 'events'],
    'off the main chain: an abandoned branch (a rewind, an edited prompt) or an earlier root; not loaded',
    true,
  )
  for (const { fork, lines: branch } of thread.alongside) {
    lines(
      branch,
      ['event', 'events'],
      `off the main chain: a branch from line ${fork} written while the thread went on (its times and the thread’s after line ${fork} interleave), as when two Claude Code processes write one session (resumed in two terminals at once); only the chain whose line is last is loaded`,
      true,
    )
  }
  left.report(notes)
  const fork = withForkContext(read.forks, input.choice.companion, messages, usage, notes)
  for (const { line, problem } of read.unreadSnapshots) {
    notes.warn(
      `line ${line}`,
      `a record of the system prompt and tools that cannot be read: ${problem}; not loaded`,
    )
  }
  const snapshot = withSnapshot(
    read.snapshots,
    isSidechainThread(thread.events),
    firstReplyLine(thread.events),
    fork.messages,
    fork.usage,
    notes,
  )
  const named = model ?? fork.model ?? modelBeforeThread(events, thread.events, notes)
  return {
    ...(named !== undefined ? { model: named } : {}),
    messages: snapshot.messages,
    notes,
    usage: snapshot.usage,
    ...(snapshot.head > 0 ? { systemPromptRecorded: true as const } : {}),
    ...(notes.has(UNRECORDED_ATTACHMENTS_NOTE) ||
    notes.has(UNRECORDED_REMINDERS_NOTE) ||
    notes.has(UNRECORDED_MENTION_NOTE) ||
    notes.has(UNRECORDED_COMMAND_MENTION_NOTE)
      ? { attachmentsUnrecorded: true as const }
      : {}),
    ...(thinking ? { thinking } : {}),
    ...(fork.from ? { forkedFrom: fork.from } : {}),
  }
}

/**
 * The model of a thread whose replies name none (a prompt not yet answered, an error Claude Code
 * wrote as `<synthetic>`): the last model a reply in the file named, off the thread (before a
 * compaction, on an abandoned branch), on the thread's own side of the sidechains: a main thread's
 * next request goes where the session's last one went, and a Warmup sidechain may name another
 * model. Noted, since the thread itself does not say it.
 */
function modelBeforeThread(
  events: readonly SessionEvent[],
  thread: readonly SessionEvent[],
  notes: NoteList,
): string | undefined {
  const side = isSidechainThread(thread)
  for (let i = events.length - 1; i >= 0; i--) {
    const { model, isSidechain, line } = events[i]
    if (model === undefined || model === SYNTHETIC_MODEL || isSidechain !== side) continue
    notes.info(
      `line ${line}: message.model`,
      `no reply on the thread names its model; counted as ${model}, the model of this reply, the file's last that names one`,
    )
    return model
  }
  return undefined
}

/** A subagent's own file: every event on its thread a sidechain's. */
const isSidechainThread = (thread: readonly SessionEvent[]): boolean =>
  thread.length > 0 && thread.every((e) => e.isSidechain)

/** The line of the thread's first request's reply; undefined for a thread with no reply. */
const firstReplyLine = (thread: readonly SessionEvent[]): number | undefined =>
  thread.find((e) => e.type === 'assistant')?.line

/**
 * A forked subagent's file refers to its parent's conversation (`fork-context-ref`) and does not
 * hold it. Given the parent's transcript, that conversation is loaded in front of the subagent's
 * own messages, as Claude Code sends it (the compiled 2.1.332, hydrating the reference: the
 * parent's chain from its root to `parentLastUuid`, sidechains left out), with the usage its
 * replies reported; otherwise the reference is a warning. Claude Code keeps one reference per
 * agent, the last written.
 */
function withForkContext(
  refs: readonly ForkReference[],
  parent: Companion | undefined,
  own: Message[],
  ownUsage: ReportedUsage[],
  notes: NoteList,
): { messages: Message[]; usage: ReportedUsage[]; model?: string; from?: ForkedFrom } {
  const ref = refs[refs.length - 1]
  if (ref === undefined) return { messages: own, usage: ownUsage }
  const file =
    parent?.name ??
    (ref.parentSessionId !== undefined ? `${ref.parentSessionId}.jsonl` : 'the parent’s transcript')
  const unchanged = { messages: own, usage: ownUsage, from: { file, loaded: 0 } }
  for (const earlier of refs.slice(0, -1)) {
    notes.info(`line ${earlier.line}`, 'an earlier fork reference; Claude Code reads the last one')
  }
  if (parent === undefined) {
    noteForkReference(ref, notes)
    return unchanged
  }
  const read = readForkContext(ref, parent)
  if (typeof read === 'string') {
    noteForkReference(ref, notes, read)
    return unchanged
  }
  for (const note of read.notes.notes) {
    if (note.severity === 'warning') notes.add({ ...note, path: `${parent.name} ${note.path}` })
  }
  noteForkContextLoaded(ref, parent.name, read.messages.length, notes)
  const n = read.messages.length
  const usage = [
    ...read.usage.map((u) => ({ ...u, at: `${parent.name} ${u.at}` })),
    ...shiftUsage(ownUsage, n),
  ]
  return {
    messages: [...read.messages, ...own],
    usage,
    ...(read.model !== undefined ? { model: read.model } : {}),
    from: { file: parent.name, loaded: n },
  }
}

/** The parent's conversation up to the fork, or why it cannot be read from `parent`. */
function readForkContext(
  ref: ForkReference,
  parent: Companion,
): { messages: Message[]; usage: ReportedUsage[]; model?: string; notes: NoteList } | string {
  const leaf = ref.parentLastUuid
  if (leaf === undefined) return 'the reference names no parentLastUuid'
  const input = new ReadInput(parent.content)
  if (input.isOneDocument())
    return `${parent.name} is one JSON document, not a Claude Code transcript`
  const notes = new NoteList()
  let parsed: ParsedLines
  try {
    parsed = parseEvents(input)
  } catch (error) {
    return `${parent.name}: ${error instanceof Error ? error.message : String(error)}`
  }
  if (!parsed.index.main.has(leaf)) {
    return `${parent.name} holds no event ${leaf} off the sidechains`
  }
  warnSkippedLines(parsed.skipped, notes)
  const { messages, model, usage } = readChain(parsed, notes, new LeftOut(), { leaf })
  return { messages, usage, notes, ...(model !== undefined ? { model } : {}) }
}

/** What each event's line messages say, for telling a copy of a turn (buildThread). */
function contentOfLines(lineMessages: readonly Message[]): ContentOf {
  return (e) => {
    const out: string[] = []
    for (let i = e.firstMessage; i < e.firstMessage + e.messageCount; i++) {
      const m = lineMessages[i]
      out.push(`${m.type}\u0000${m.text}\u0000${m.payload ?? ''}`)
    }
    return out
  }
}

/**
 * The messages a session's chain reads as: the thread (from `leaf`, else the latest event), each
 * event mapped to what the model was sent, with what was sent in place of tool results.
 */
function readChain(
  parsed: ParsedLines,
  notes: NoteList,
  left: LeftOut,
  from: { leaf?: string; outside?: string },
) {
  const { events, index, lineMessages, skipped, read } = parsed
  const broken = skipped.map((s) => s.line).sort((a, b) => a - b)
  const thread = buildThread(
    events,
    index,
    broken,
    notes,
    contentOfLines(lineMessages),
    from.leaf,
    from.outside,
  )
  const { messages, model, usage } = readThreadEvents(
    thread.events,
    lineMessages,
    notes,
    left,
    thread.preserved,
  )
  // Before anything that sizes the results: what was sent is the replacement.
  applyReplacements(messages, read.replacements, read.unreadReplacements, notes)
  return { broken, thread, messages, model, usage }
}

/**
 * A subagent's file (every event on its thread a sidechain's): Claude Code gathers a subagent's
 * attachments after every batch of tool results and sends them, and its runner does not write
 * them to the subagent's file. 2.0 – 2.1.136 (at least) wrote none (tools/AgentTool/runAgent.ts,
 * 2.1.88: "Yield attachment messages … without recording them"): the skill listing, a plan-mode or
 * todo reminder, a directory's CLAUDE.md. Later versions (2.1.138 at the latest, to 2.1.221 at
 * least) send the skill listing and the deferred tools with the task and write those, and of the
 * rest write only a truncated read's notice: the agents it can start, MCP servers' instructions
 * and the auto-mode reminder go out with its second request and are in every later one, unwritten
 * (the compiled runAgent and getAttachments of 2.1.207 – 2.1.221, and their requests to a mock
 * API). So every request from
 * the first tool result on held context the file does not, and its report says so (`unrecorded`);
 * the usage view derives its size as it derives the system prompt's (docs/tokens.md, "Context a
 * subagent was sent unrecorded"). A forked subagent inherits its parent's context, which holds
 * those already; a file that records an attachment of the runner's loop records them all.
 */
function markUnrecorded(
  thread: readonly SessionEvent[],
  read: RequestRecords,
  messages: readonly Message[],
  usage: ReportedUsage[],
  notes: NoteList,
): void {
  if (!isSidechainThread(thread) || read.forks.length > 0) return
  if ([...read.attachments].some((type) => !WITH_THE_TASK.has(type))) return
  const first = messages.findIndex((m) => m.type === 'activity' && m.id !== undefined)
  if (first < 0) return
  const after = usage.filter((u) => u.prompt > first)
  if (after.length === 0 || after.length === usage.length) return
  for (const u of after) u.unrecorded = true
  notes.info(
    after[0].at,
    'a subagent’s file: Claude Code sent this subagent context it did not write here (its skill listing or the agents it can start, MCP servers’ instructions, reminders) from its first tool result on; the usage view derives its size from this request, as it derives the system prompt’s from the first',
  )
}

/**
 * The attachments a subagent's file of 2.1.138 and later records though its runner writes none of
 * the rest: those sent with the task, a truncated read's notice, and Claude Code's record of the
 * prompt.
 */
const WITH_THE_TASK = new Set([
  'skill_listing',
  'deferred_tools_delta',
  'read_truncation_notice',
  'prompt_snapshot',
])

/**
 * Notes, once, the replies another backend answered under a Claude model's name
 * (`answeredElsewhere`: an id not of Anthropic's form, `msg_` and base58, which Bedrock and Vertex
 * keep): a
 * router or proxy Claude Code was pointed at (ANTHROPIC_BASE_URL). Their usage is that backend's
 * count, which the Claude calibration does not describe (docs/tokens.md, "Replies another backend
 * answered"). Anthropic's reference says an id's format may change, so this is a note, not a
 * verdict.
 */
function noteOtherBackend(
  thread: readonly SessionEvent[],
  usage: readonly ReportedUsage[],
  notes: NoteList,
): void {
  // Each report is one reply that reported usage, marked as it was made (reportTurn).
  const other = usage.filter((u) => u.otherBackend === true).length
  const first =
    other > 0 ? thread.find((e) => e.usage !== undefined && answeredElsewhere(e)) : undefined
  if (!first) return
  const of = `${formatNumber(other)} of the ${formatNumber(usage.length)} replies that report usage`
  notes.info(
    `line ${first.line}: message.id`,
    `"${first.turn}" is not in the form Anthropic’s API gives a reply’s id (msg_ and base58, as msg_013Zva2CMHLNnXjNJJKqJ2EF): ${of} were answered by another backend under the name ${first.model} (a router or proxy); their reported usage is that backend’s count, which the Claude calibration does not describe`,
  )
}

/**
 * When the thread starts at a compaction whose history is still in the file (its
 * `logicalParentUuid`), the summary's droppedCount is the number of messages that history reads
 * as, walked and mapped the same way; otherwise it stays 0. Claude Code names the last message it
 * held before compacting (compactConversation: the messages' last uuid), and up to 2.1.88 at least
 * it writes none of the attachments it holds after a tool's result (2.1.101 still leaves out a
 * hook's empty result), so that uuid may be in no line: then the history ends at the last event
 * written before the boundary, as the lines after an unwritten attachment chain back to it.
 */
function countReplaced(
  messages: Message[],
  root: SessionEvent | undefined,
  events: readonly SessionEvent[],
  lineMessages: readonly Message[],
  index: ChainIndex,
  broken: readonly number[],
  notes: NoteList,
): void {
  const summary = messages.findIndex((m) => m.meta?.compacted === true)
  if (!root || summary < 0) return
  // Claude Code 2.1 names the history a boundary replaces (logicalParentUuid); 1.0 wrote its
  // summary as a new root, right after the last event of that history.
  const named = root.subtype === 'compact_boundary' ? root.logicalParentUuid : undefined
  const unwritten =
    typeof named === 'string' && !index.main.has(named) && !index.side.has(named)
      ? lastEventBefore(events, root.line, root.isSidechain)
      : undefined
  const logical =
    unwritten?.uuid ??
    (root.subtype === 'compact_boundary'
      ? named
      : root.summaryRoot
        ? lastEventBefore(events, root.line)?.uuid
        : undefined)
  if (typeof logical !== 'string') return
  const before = buildThread(
    events,
    index,
    broken,
    new NoteList(),
    contentOfLines(lineMessages),
    logical,
  )
  if (before.events.length === 0) return
  const count = readThreadEvents(before.events, lineMessages, new NoteList(), new LeftOut())
    .messages.length
  messages[summary] = { ...messages[summary], meta: { compacted: true, droppedCount: count } }
  const stands = `the summary stands for its ${formatNumber(count)} messages (meta.droppedCount)`
  notes.info(
    `line ${root.line}: ${root.summaryRoot ? 'message' : 'logicalParentUuid'}`,
    unwritten
      ? `"${String(named)}", the last message Claude Code held before the compaction, is not in the file: Claude Code does not write every message it holds (such as a reminder or a hook’s output attached after a tool’s result); the history before the compaction is read back from line ${unwritten.line}, the last event written before it: ${stands}`
      : `the history before the compaction is in the file: ${stands}`,
  )
}

/** The last event of its side of the sidechains, not UI progress, written before `line`. */
function lastEventBefore(
  events: readonly SessionEvent[],
  line: number,
  sidechain = false,
): SessionEvent | undefined {
  let last: SessionEvent | undefined
  for (const e of events) {
    if (e.line >= line) break
    if (e.uuid !== undefined && e.isSidechain === sidechain && e.type !== 'progress') last = e
  }
  return last
}

/** A line with no uuid, as readMetadata needs it: its type, and a title line's title. */
interface MetadataLine {
  line: number
  type: string
  title?: string
}

interface ParsedLines {
  /** Every line that parsed as an object with a type, as the chain sees it. */
  events: SessionEvent[]
  /** The messages every line with a uuid reads as, in file order (see EventReading). */
  lineMessages: Message[]
  /** Their uuids, indexed as they were parsed. */
  index: ChainIndex
  /** The lines without a uuid, in file order. */
  metadata: MetadataLine[]
  skipped: { line: number; problem: string }[]
  /** What lines without a uuid say of the requests, in file order. */
  read: RequestRecords
}

/** Lines without a uuid that say what the requests held beside the messages on the chain. */
interface RequestRecords {
  /** `content-replacement`: what was sent in place of tool results. */
  replacements: Replacement[]
  unreadReplacements: UnreadReplacement[]
  /** `fork-context-ref`: the parent's conversation a forked subagent was sent first. */
  forks: ForkReference[]
  /** Agent tool results: the subagents the session ran, whose conversations are files of their own. */
  subagents: SubagentRun[]
  /** `prompt_snapshot` attachments: the system prompt and tools Claude Code recorded. */
  snapshots: PromptSnapshot[]
  /** Snapshots that could not be read, and why. */
  unreadSnapshots: { line: number; problem: string }[]
  /** The type of every attachment the file records (`attachment.type`). */
  attachments: Set<string>
}

/**
 * The session's events: every line that parsed as an object with a type, and why the rest did
 * not. Each line is read (readEventLine) as it is parsed, and only what the chain and the report
 * need of it is kept: the parsed value dies young.
 */
function parseEvents(input: ReadInput): ParsedLines {
  const events: SessionEvent[] = []
  const lineMessages: Message[] = []
  const index = new ChainIndex()
  // The model the last assistant line named: most lines name the same one, and keep its string.
  let model: string | undefined
  const metadata: MetadataLine[] = []
  const skipped: ParsedLines['skipped'] = []
  const read: RequestRecords = {
    replacements: [],
    unreadReplacements: [],
    forks: [],
    subagents: [],
    snapshots: [],
    unreadSnapshots: [],
    attachments: new Set(),
  }
  const tape = new NoteTape()
  const broken = input.eachJsonLine((value, line) => {
    if (!isObject(value) || typeof value.type !== 'string') {
      skipped.push({
        line,
        problem: `${isObject(value) ? 'an object with no "type"' : kind(value)}, not a session event`,
      })
      return
    }
    const event = sessionEventOf(line, value)
    events.push(event)
    index.add(event)
    const attachment = event.type === 'attachment' ? value.attachment : undefined
    if (isObject(attachment)) read.attachments.add(String(attachment.type))
    if (isObject(attachment) && attachment.type === 'prompt_snapshot') {
      const snapshot = readPromptSnapshot(attachment, line, event.isSidechain)
      if (typeof snapshot === 'string') read.unreadSnapshots.push({ line, problem: snapshot })
      else read.snapshots.push(snapshot)
    }
    if (event.uuid !== undefined) {
      readEventLine(event, value, tape, lineMessages)
      const run = event.isToolResult ? subagentRunOf(value, line) : undefined
      if (run) read.subagents.push(run)
      if (event.model !== undefined) {
        if (event.model === model) event.model = model
        else model = event.model
      }
    } else if (event.type === 'content-replacement') {
      readReplacementLine(value, line, read.replacements, read.unreadReplacements)
    } else if (event.type === 'fork-context-ref') {
      read.forks.push(readForkReference(value, line))
    } else
      metadata.push({
        line,
        type: event.type,
        ...(isTitle(event.type) ? { title: titleOf(value) } : {}),
      })
  })
  return {
    events,
    lineMessages,
    index,
    metadata,
    skipped: [...broken, ...skipped],
    read,
  }
}

const isTitle = (type: string) =>
  type === 'summary' || type === 'custom-title' || type === 'ai-title'

/** A line with no uuid: a title, or other session metadata, or an event with no place on a chain. */
function readMetadata({ line, type, title }: MetadataLine, notes: NoteList, left: LeftOut): void {
  if (isTitle(type)) {
    notes.info(`line ${line}`, `title: ${JSON.stringify(title)}; file metadata, not a message`)
  } else if (METADATA_TYPES.has(type)) {
    left.add(line, [`"${type}" line`, `"${type}" lines`], METADATA_NOTE)
  } else if (REPLAY_TYPES.has(type)) {
    left.add(line, [`"${type}" line`, `"${type}" lines`], REPLAY_NOTE)
  } else if (CHAIN_TYPES.has(type)) {
    left.add(
      line,
      [`"${type}" event without a uuid`, `"${type}" events without a uuid`],
      'not on the conversation’s chain; not loaded',
      'warning',
    )
  } else {
    // Claude Code itself keeps no line without a uuid on the chain (loadTranscriptFile).
    left.add(
      line,
      [`"${type}" line`, `"${type}" lines`],
      'session metadata of a type this reader does not know; never on the chain',
    )
  }
}

const titleOf = (v: Json) =>
  [v.summary, v.customTitle, v.aiTitle].find((t) => typeof t === 'string') ?? ''

/** A Claude Code session: JSONL events chained by uuid. */
/**
 * A subagent's metadata, which Claude Code (2.1.101 – 2.1.138 in public folders) writes beside the
 * subagent's transcript: `<session>/subagents/agent-<id>.meta.json`, `{agentType, description}`. A
 * user may open it for the conversation; its reason names the file to open instead.
 */
const isSubagentMeta = (v: unknown): boolean =>
  isObject(v) &&
  typeof v.agentType === 'string' &&
  Object.keys(v).every((key) => key === 'agentType' || key === 'description')

const SUBAGENT_META =
  "this is a Claude Code subagent's metadata (agent-<id>.meta.json: its agent type and task); the subagent's conversation is agent-<id>.jsonl, in the same folder"

export const claudeCodeFormat = {
  id: 'claude-code',
  label: 'Claude Code session (JSONL)',
  shape: 'JSONL, one session event per line, chained by uuid and parentUuid',
  detect(sniff) {
    // Tried first, to give the reason that names the transcript (isSubagentMeta).
    if (isSubagentMeta(sniff.json)) return 4
    const events = lineObjects(sniff)
    const isEvent = (e: Json) =>
      // Qwen Code's records share the chain's fields; a system record with a systemPayload is its.
      (typeof e.uuid === 'string' &&
        ('parentUuid' in e || 'sessionId' in e) &&
        !isOwnSystemRecord(e)) ||
      (e.type === 'summary' && 'leafUuid' in e) ||
      (e.type === 'file-history-snapshot' && 'snapshot' in e) ||
      (e.type === 'queue-operation' && 'operation' in e && 'sessionId' in e)
    if (events.some(isEvent)) return 3
    // A session of its metadata alone (an AI title and an agent's name, as Claude Code leaves a
    // session it named before any message was written): each line one of its metadata types, for
    // its session. Below every format that reads a message.
    const isMetadata = (e: Json) =>
      typeof e.type === 'string' && METADATA_TYPES.has(e.type) && typeof e.sessionId === 'string'
    return events.length > 0 && events.every(isMetadata) ? 2 : 0
  },
  read: readClaudeCode,
} as const satisfies FormatDescriptor
