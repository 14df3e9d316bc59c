import { formatNumber, plural } from '../numbers'
import { orderMessage } from '../conversation'
import type { Message } from '../types'
import { readAnthropicMessage, type BlockContext } from './anthropic-content'
import { readAttachment } from './claude-code-attachments'
import { isCompactSummary, type PreservedSegment, type SessionEvent } from './claude-code-chain'
import { compareVersion } from './claude-code-version'
import {
  OtherModelsThinking,
  takesOutOtherModelsThinking,
  unionOf,
} from './claude-code-other-models'
import {
  dropsAttachments,
  mentionsFile,
  unrecordedAttachmentsNote,
  UNRECORDED_COMMAND_MENTION_NOTE,
  UNRECORDED_MENTION_NOTE,
} from './claude-code-mentions'
import { ShapeError, isObject, kind, pathString, type Json, type JsonPath } from './json-shape'
import { decodePayload, encodePayload, type ToolCall } from './payload'
import { withReplyOutput } from './reply-output'
import { FieldNotes, NoteTape, replay, type FieldRule, type LeftOut } from './claude-code-notes'
import type { NoteList } from './report'
import {
  anthropicUsage,
  contextEdits,
  isCount,
  type ContextEdits,
  type UsageCounts,
} from './reported-usage'
import { sentToolInput } from './claude-code-tool-input'
import type { ReportedUsage } from './types'

export const METADATA_NOTE = 'session metadata; not part of the conversation'
/** The model Claude Code names on the assistant messages it makes itself (utils/messages.ts). */
/** The model Claude Code names on a reply it wrote itself (an API error, a usage limit). */
export const SYNTHETIC_MODEL = '<synthetic>'
const USAGE_NOTE = 'provider-reported usage (token counts); read by the usage view'
const TOOL_USE_RESULT_NOTE =
  "Claude Code's own record of the tool output; the model reads message.content"
const NOT_SENT = "Claude Code's notice; not sent to the model"
/**
 * A user or assistant line Claude Code marks `isVirtual`: shown in its UI and never sent. Its
 * request builder drops every virtual user and assistant message (normalizeMessagesForAPI in
 * utils/messages.ts, 2.1.88; in the compiled 2.1.332 they are listed beside progress and
 * display-only system events as never part of a request). The transcript writer of 2.1.332 takes
 * the flag off most of them; the lines that keep it (the parts of a reply resumed after its
 * thinking was cut, the messages of a resumed run, a meta text) were never sent, nor are they on
 * resume.
 */
const VIRTUAL_REASON = 'shown by Claude Code and never sent (isVirtual)'
/** A local command's output marked `isDisplayOnly` (2.1.3xx): the same list leaves it out. */
const DISPLAY_ONLY_REASON = 'shown by Claude Code and never sent (isDisplayOnly)'
export const PROGRESS_NOUN = ['progress event', 'progress events'] as const
/** An `api_error` system event, on the thread or off it: the same words either way. */
export const API_ERROR_NOUN = ['"api_error" system event', '"api_error" system events'] as const
export const API_ERROR_REASON = NOT_SENT
export const PROGRESS_REASON = "Claude Code's UI progress; not sent to the model"

// Event fields the reader uses; every other field of a loaded event is reported as metadata.
const USED_FIELDS = new Set(['type', 'uuid', 'parentUuid', 'isSidechain', 'message'])
const USED_MESSAGE_FIELDS = new Set(['role', 'content', 'model', 'id'])

// A user text that records a slash command or a local command's output rather than a prompt.
const COMMAND_TEXT =
  /^\s*<(command-name|command-message|command-args|local-command-stdout|local-command-stderr|local-command-caveat|bash-input|bash-stdout|bash-stderr)>/

// Texts Claude Code writes as user text itself, each with its note: sent, but not typed.
const INTERRUPTED_NOTE =
  'the note Claude Code writes where the user interrupted a request, sent as user text but not typed; read as context, not as a user prompt'
const OWN_TEXTS = new Map([
  // INTERRUPT_MESSAGE and INTERRUPT_MESSAGE_FOR_TOOL_USE (utils/messages.ts).
  ['[Request interrupted by user]', INTERRUPTED_NOTE],
  ['[Request interrupted by user for tool use]', INTERRUPTED_NOTE],
  // TOOL_REFERENCE_TURN_BOUNDARY (utils/messages.ts): beside a ToolSearch result that loads tools.
  [
    'Tool loaded.',
    'the text Claude Code puts beside a ToolSearch result that loads deferred tools, sent as user text but not typed; read as context, not as a user prompt',
  ],
])
// A background task's notice, as public sessions of 2.1.68 – 2.1.81 hold it: no `origin` says what
// it is (TASK_NOTIFICATION_TAG, constants/xml.ts).
const TASK_NOTIFICATION = /^\s*<task-notification>/
const TASK_NOTIFICATION_NOTE =
  'a background task’s notice Claude Code queued for the model (<task-notification>), not typed by the user; read as context'

/** The note of a text Claude Code writes as user text itself, or undefined for any other. */
function ownText(text: string): string | undefined {
  if (TASK_NOTIFICATION.test(text)) return TASK_NOTIFICATION_NOTE
  return text.length < 64 ? OWN_TEXTS.get(text.trim()) : undefined
}

/**
 * What one line with a uuid reads as, worked out as the line is parsed (readEventLine) and kept on
 * its SessionEvent: where its messages are in the session's list of line messages, and the notes
 * its reading made, recorded to be made only if the line is on the thread. Fields of the event
 * rather than an object of their own, and the messages in one list for the file rather than an
 * array per line: three objects fewer per line for the collector to copy, 100,000 times.
 */
export interface EventReading {
  /** Where the line's messages start in the session's list of line messages, and how many. */
  firstMessage: number
  messageCount: number
  model: string | undefined
  /** The assistant event's message.id: the lines of one API message share it. */
  turn: string | undefined
  /** The assistant event's message.usage, as the request's reported prompt size. */
  usage: ReplyUsage | undefined
  /** The Claude Code version that wrote a line with usage (its `version`), when it names one. */
  version: string | undefined
  /**
   * A microcompaction's `compactedToolIds`, or a `tool_results_cut` record's `callIds`: the tool
   * results the requests after it were sent cleared.
   */
  clearedToolIds: readonly string[] | undefined
  /** A `thinking_stripped` record: which thinking the requests after it were sent without. */
  strippedThinking: StrippedThinking | undefined
  ops: readonly unknown[]
  /** Anything other than a ShapeError that the reading threw: thrown when the line is read. */
  error: unknown
}

/**
 * Reads one parsed line into `event` (its EventReading fields), its messages appended to `out`
 * and its notes recorded on `tape`; a line not in shape reads as no message.
 */
export function readEventLine(
  event: EventReading & { line: number },
  value: Json,
  tape: NoteTape,
  out: Message[],
): void {
  const ctx = new LineContext(tape, event.line, eventVersion(value))
  event.firstMessage = out.length
  try {
    const read = readEvent(value, ctx)
    for (const m of read.messages) out.push(m)
    event.messageCount = read.messages.length
    event.model = read.model
    event.turn = read.turn
    event.usage = read.usage
    event.version = read.version
    event.clearedToolIds = read.clearedToolIds
    event.strippedThinking = read.strippedThinking
  } catch (error) {
    if (!(error instanceof ShapeError)) event.error = error
    else tape.warn(ctx.where(error.steps), `${error.problem}; event skipped`)
  }
  event.ops = tape.take()
}

/** Where one line's notes go and how they name their place; a class, so no closure per line. */
class LineContext implements BlockContext {
  readonly self = 'anthropic'
  readonly notes: NoteTape

  constructor(
    readonly tape: NoteTape,
    readonly line: number,
    /** The Claude Code version the event names (`version`), if it names one as text. */
    readonly version: string | undefined,
  ) {
    this.notes = tape
  }

  where(steps: JsonPath): string {
    return steps.length > 0 ? `line ${this.line}: ${pathString(steps)}` : `line ${this.line}`
  }

  /**
   * A `fallback` block (the API answered with another model after a refusal: `{type: "fallback",
   * from: {model}, to: {model}}`): every Claude Code that writes one takes it out of every request
   * (read in the compiled 2.1.170, 2.1.187, 2.1.212, 2.1.250, 2.1.280 and 2.1.332; 2.1.150 knows no
   * such block), so it is left out, with a note. Every other block is read as any Anthropic block is.
   */
  ownBlock(block: Json, _k: number, here: JsonPath): Message[] | undefined {
    if (block.type !== 'fallback') return undefined
    const model = (side: unknown) =>
      isObject(side) && typeof side.model === 'string' ? side.model : 'another model'
    this.notes.info(
      this.where(here),
      `model fallback from ${model(block.from)} to ${model(block.to)}: Claude Code takes the block out of every request; not loaded`,
    )
    return []
  }

  sentInput(name: string, input: unknown, here: JsonPath): unknown {
    // The note's place is named only when there is a note: this runs for every tool call.
    return sentToolInput(name, input, this.version, this.notes, () =>
      this.where([...here, 'input']),
    )
  }
}

/**
 * The conversation the thread's events make: messages in order, the model last named, and the
 * usage each API message reported, once per message.id however many lines it was split across.
 */
export function readThreadEvents(
  events: readonly SessionEvent[],
  lineMessages: readonly Message[],
  notes: NoteList,
  left: LeftOut,
  preserved?: PreservedSegment,
): { messages: Message[]; model?: string; usage: ReportedUsage[] } {
  const messages: Message[] = []
  const usage: ReportedUsage[] = []
  // The replies a partial compaction kept, whose reports are of their requests before it.
  const stale: (EventReading & { line: number })[] = []
  // What each API message's lines made so far: one lookup per assistant line.
  const turns = new Map<string, TurnState>()
  // The latest message that is neither a tool result nor assistant output: no merge reaches past it.
  let barrier = -1
  // The parts of bot messages that later lines merged into, encoded once at the end.
  const merged = new Map<number, Turn>()
  const fields = new FieldNotes()
  const cleared = new ClearedResults(messages)
  let stripped: readonly number[] | undefined
  const others = new OtherModelsThinking()
  // The thinking the reports were sent without: what `thinking_stripped` records took out, and
  // what other models wrote. Made again only when either changes, so that the reports between two
  // changes share one list.
  let sentWithout: {
    recorded?: readonly number[]
    otherModels?: readonly number[]
    list?: readonly number[]
  } = {}
  const unsent = unsentThinking(events, lineMessages)
  let model: string | undefined
  for (const read of events) {
    replay(read.ops, read.line, notes, left, fields)
    if (read.error !== undefined) throw read.error
    if (read.clearedToolIds !== undefined) cleared.add(read.clearedToolIds)
    if (read.strippedThinking !== undefined) {
      stripped = strippedUpTo(messages, read.strippedThinking, turns, stripped)
    }
    let turn: TurnState | undefined
    if (read.turn !== undefined) {
      turn = turns.get(read.turn)
      if (turn === undefined) {
        turn = { start: messages.length, report: undefined, latestBot: -1 }
        turns.set(read.turn, turn)
      }
      if (read.usage) {
        const otherModels =
          read.model !== undefined && takesOutOtherModelsThinking(read.version, read.turn)
            ? others.otherThan(read.model)
            : undefined
        if (otherModels !== sentWithout.otherModels || stripped !== sentWithout.recorded) {
          if (otherModels !== undefined && otherModels !== sentWithout.otherModels) {
            notes.info(
              `line ${read.line}: message.model`,
              otherModelsNote(read, otherModels.length),
            )
          }
          sentWithout = { recorded: stripped, otherModels, list: unionOf(stripped, otherModels) }
        }
        const sent = !preserved?.events.has(read)
        if (!sent && turn.report === undefined) stale.push(read)
        reportTurn(read, turn, sent ? usage : undefined, cleared.list, sentWithout.list)
      }
    }
    if (read.model !== undefined && read.model !== SYNTHETIC_MODEL) model = read.model
    const end = read.firstMessage + read.messageCount
    if (read.turn !== undefined && read.messageCount > 0 && unsent.has(read.turn)) {
      left.add(read.line, UNSENT_THINKING_NOUN, UNSENT_THINKING_REASON)
      continue
    }
    for (let i = read.firstMessage; i < end; i++) {
      const m = lineMessages[i]
      // A split turn merges as Claude Code's normalizeMessagesForAPI does: into the turn's latest
      // bot message, looking back over tool results and other assistant output only.
      const into =
        turn !== undefined && m.type === 'bot' && turn.latestBot > barrier ? turn.latestBot : -1
      if (into >= 0) {
        let turn = merged.get(into)
        if (!turn) merged.set(into, (turn = turnParts(messages[into])))
        addParts(turn, m)
        fields.add(read.line, '', MERGED_NOTE)
      } else {
        if (turn === undefined) {
          if (m.type !== 'activity') barrier = messages.length
        } else if (m.type === 'bot') turn.latestBot = messages.length
        else if (m.type === 'reasoning') (turn.thinking ??= []).push(messages.length)
        if (read.model !== undefined && read.model !== SYNTHETIC_MODEL) {
          others.add(messages.length, read.model, m)
        }
        messages.push(m)
      }
    }
  }
  for (const [i, turn] of merged) messages[i] = botOf(messages[i].id, turn)
  // Claude Code 1.0 wrote no stop_reason at all: only a file that names some can show a reply
  // without one.
  let namesStops = false
  for (const turn of turns.values()) if (turn.ended) namesStops = true
  for (const turn of turns.values()) withTurnOutput(messages, turn, namesStops)
  fields.report(notes)
  if (stale.length > 0)
    notes.info(`line ${stale[0].line}: message.usage`, staleNote(stale, preserved!))
  return { messages, model, usage }
}

/**
 * Claude Code's partial compaction keeps a segment of the old history, whose replies' usage is of
 * their requests before the compaction, with the history its summary replaced; Claude Code zeroes
 * it when it resumes the session (`applyPreservedSegmentRelinks`), and the usage view leaves it out.
 */
function staleNote(stale: readonly (EventReading & { line: number })[], seg: PreservedSegment) {
  const first = stale[0].usage!.inputTokens
  const what =
    stale.length === 1
      ? `this reply was kept through the compaction at line ${seg.boundary}; the usage it reported (a ${formatNumber(first)}-token prompt) is of its request before that compaction`
      : `${formatNumber(stale.length)} replies (lines ${stale.map((r) => r.line).join(', ')}) were kept through the compaction at line ${seg.boundary}; the usage they reported (the first a ${formatNumber(first)}-token prompt) is of their requests before that compaction`
  return `${what}, with the history its summary replaced: the usage view leaves it out, as Claude Code zeroes it when it resumes the session`
}

/** What the report says where a request is first sent without thinking other models wrote. */
const otherModelsNote = (read: EventReading, blocks: number): string =>
  `Claude Code ${read.version} sent this request to ${read.model} without the ${plural(blocks, 'thinking block')} other models wrote before it (from 2.1.152 it takes another model's signed thinking out of every request, on Bedrock from 2.1.108); the usage view estimates the requests so, and the thinking is loaded whole`

const UNSENT_THINKING_NOUN = [
  'line of a reply that is only thinking',
  'lines of replies that are only thinking',
] as const
const UNSENT_THINKING_REASON =
  'a reply cut short before its text or tool calls (the output limit, an interruption); Claude Code from 2.1.7 sends no such reply again, so it is in no later request'
/** The first Claude Code that leaves such replies out of its requests (see unsentThinking). */
const FIRST_UNSENT_THINKING = [2, 1, 7] as const

/**
 * The API messages (message.id) of the thread that Claude Code never sends again: every line of
 * theirs holds only thinking, and a later line of the thread holds a message. From 2.1.7 its
 * normalizeMessagesForAPI drops an assistant message whose blocks are all thinking unless a line
 * of the same message.id holds something else (`filterOrphanedThinkingOnlyMessages`,
 * src/utils/messages.ts in the 2.1.88 source; the same test is in the npm packages' `cli.js`
 * from 2.1.7, and not in 2.1.6). A reply cut at the output limit while thinking is one: its
 * 32,000 output tokens of thinking are not in the next request. The thread's last reply is kept:
 * a followed session may be writing its text still.
 */
function unsentThinking(
  events: readonly SessionEvent[],
  lineMessages: readonly Message[],
): ReadonlySet<string> {
  const onlyThinking = new Set<string>()
  const other = new Set<string>()
  let last: string | undefined
  for (const read of events) {
    if (read.messageCount === 0) continue
    last = read.turn
    if (read.turn === undefined) continue
    const end = read.firstMessage + read.messageCount
    let thinking = true
    for (let i = read.firstMessage; i < end && thinking; i++) {
      thinking = lineMessages[i].type === 'reasoning'
    }
    const recent = (compareVersion(read.version, FIRST_UNSENT_THINKING) ?? -1) >= 0
    if (thinking && recent) onlyThinking.add(read.turn)
    else other.add(read.turn)
  }
  for (const turn of other) onlyThinking.delete(turn)
  if (last !== undefined) onlyThinking.delete(last)
  return onlyThinking
}

/**
 * A reply with thinking: its reported output tokens go on its last thinking block
 * (reply-output.ts). Claude Code 2.1 often writes `"thinking": ""` and the signature only. A reply
 * whose final count reached none of its lines (no stop_reason, in a file that names them, and no
 * count that rose) is marked `output_unfinished`.
 */
function withTurnOutput(messages: Message[], turn: TurnState, namesStops: boolean): void {
  const thinking = turn.thinking
  const output = turn.report?.outputTokens
  if (thinking === undefined || output === undefined) return
  const at = thinking[thinking.length - 1]
  // No line named the reply's stop_reason, where the file names others', and its count never
  // rose: it is the stream's first, and the thinking is priced by its signatures' size instead
  // (docs/tokens.md).
  const unfinished = namesStops && !turn.ended && !turn.rose
  messages[at] = withReplyOutput(messages[at], output, unfinished)
}

/**
 * Anthropic's reply ids are `msg_` (through Bedrock `msg_bdrk_`, through Vertex `msg_vrtx_`) and a
 * base58 string, "msg_013Zva2CMHLNnXjNJJKqJ2EF". Routers give either no `msg_` (a UUID, 32 hex
 * digits) or, after it, hex digits only: 32 of them, a UUID, a date and time then hex. Twenty-two
 * base58 characters all of them hex digits has a chance of (15/58)^22, about 10^-13, so an id of
 * 16 or more hex digits and dashes after `msg_` is a router's (docs/tokens.md, "Replies another
 * backend answered").
 */
const ROUTER_ID_AFTER_MSG = /^msg_(?:bdrk_|vrtx_)?[0-9a-f-]{16,}$/

/**
 * A reply named for a Claude model whose message.id is not in the form Anthropic's API gives
 * (ROUTER_ID_AFTER_MSG): another backend answered it (claude-code.ts, noteOtherBackend). A model
 * named otherwise (a router's own MiniMax, GLM) already says it is not Claude.
 */
export const answeredElsewhere = (read: EventReading): boolean =>
  read.turn !== undefined &&
  (!read.turn.startsWith('msg_') || ROUTER_ID_AFTER_MSG.test(read.turn)) &&
  /claude/i.test(read.model ?? '')

/**
 * The first line of an API message that carries usage reports it. Its later lines may raise the
 * output count, which moves only when the stream's last usage arrives (`message_delta`): a count
 * that rose is the reply's final one, whether or not its line names the stop_reason (Claude Code
 * 2.0 and 2.1 before 2.1.7 wrote the final usage back to a reply's last line, and not its
 * stop_reason). A later line's input counts replace the first's where they are above 0, as Claude
 * Code keeps them (`updateUsage`, services/api/claude.ts of 2.1.88): a gateway can report 0 when
 * the stream starts and the prompt at its end.
 */
function reportTurn(
  read: EventReading & { line: number },
  turn: TurnState,
  usage: ReportedUsage[] | undefined,
  cleared: readonly number[] | undefined,
  stripped: readonly number[] | undefined,
): void {
  const { inputTokens, outputTokens, apiCleared, ended } = read.usage!
  if (ended) turn.ended = true
  const known = turn.report
  if (known) {
    if (outputTokens !== undefined && outputTokens > (known.outputTokens ?? 0)) {
      if (known.outputTokens !== undefined) turn.rose = true
      known.outputTokens = outputTokens
    }
    if (inputTokens !== known.inputTokens) known.inputTokens = laterInput(turn, read.usage!)
    return
  }
  const report: ReportedUsage = {
    prompt: turn.start,
    inputTokens,
    ...(outputTokens !== undefined ? { outputTokens } : {}),
    at: `line ${read.line}`,
    ...(read.model !== undefined ? { model: read.model } : {}),
    ...(cleared !== undefined ? { cleared } : {}),
    ...(stripped !== undefined ? { stripped } : {}),
    ...(apiCleared !== undefined ? { apiCleared } : {}),
    ...(answeredElsewhere(read) ? { otherBackend: true as const } : {}),
  }
  turn.report = report
  turn.first = read.usage
  usage?.push(report)
}

const inputParts = (u: ReplyUsage): [number, number, number] => {
  const created = u.cacheCreated ?? 0
  const read = u.cacheRead ?? 0
  return [u.inputTokens - created - read, created, read]
}

/** A reply's prompt once a later line's counts replace those above 0 (reportTurn). */
function laterInput(turn: TurnState, later: ReplyUsage): number {
  const parts = (turn.input ??= inputParts(turn.first!))
  const next = inputParts(later)
  for (let i = 0; i < 3; i++) if (next[i] > 0) parts[i] = next[i]
  return parts[0] + parts[1] + parts[2]
}

/**
 * The thinking taken out of the requests after a `thinking_stripped` record, with what earlier
 * records took out (`before`): every reasoning message so far ('all'), or those from the named
 * reply's block on. As Claude Code reads the record (2.1.332, compiled): a reply it cannot find
 * on the thread means every block before the record; a reply's thinking blocks are counted in
 * its own order, over the lines it is split across.
 */
function strippedUpTo(
  messages: readonly Message[],
  what: StrippedThinking,
  turns: ReadonlyMap<string, TurnState>,
  before: readonly number[] | undefined,
): readonly number[] | undefined {
  const all = new Set(before)
  let from = 0
  let skip = 0
  const turn = what === 'all' ? undefined : turns.get(what.messageId)
  if (turn !== undefined && what !== 'all') {
    from = turn.start
    skip = what.thinkingIndex
  }
  for (let i = from; i < messages.length; i++) {
    if (messages[i].type !== 'reasoning') continue
    if (skip > 0) skip--
    else all.add(i)
  }
  return all.size > 0 ? [...all].sort((a, b) => a - b) : before
}

/**
 * The tool results the thread's microcompactions cleared so far, by message index: each
 * microcompaction adds the results it lists (their call ids, the results' message ids) to those
 * of the ones before it. Results not on the thread (before a compaction) are not found, and not
 * listed.
 */
class ClearedResults {
  /** The indexes, ascending; one array per microcompaction, shared by the reports after it. */
  list: readonly number[] | undefined
  private readonly byId = new Map<string, number>()
  private indexed = 0

  constructor(private readonly messages: readonly Message[]) {}

  add(ids: readonly string[]): void {
    const { messages, byId } = this
    for (; this.indexed < messages.length; this.indexed++) {
      const m = messages[this.indexed]
      if (m.type === 'activity' && m.id !== undefined) byId.set(m.id, this.indexed)
    }
    const all = new Set(this.list)
    for (const id of ids) {
      const at = byId.get(id)
      if (at !== undefined) all.add(at)
    }
    if (all.size > 0) this.list = [...all].sort((a, b) => a - b)
  }
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
 * What the thread's lines of one API message (one message.id) made so far. The look back for a
 * split turn's bot message is kept as it grows (each turn's latest bot message here, the barrier
 * in readThreadEvents), so a long run of tool calls is not walked again for every line.
 */
interface TurnState {
  /** The message's first place in the list of messages: its prompt. */
  start: number
  /** Its reported usage, once a line carried some. */
  report: ReportedUsage | undefined
  /** Where its latest bot message is in the list of messages; -1 before it has one. */
  latestBot: number
  /** Where its thinking blocks are, if it has any. */
  thinking?: number[]
  /** Some line of it named its stop_reason: its reported output is the reply's final count. */
  ended?: true
  /** A later line of it reported more output than the first: the final count reached it too. */
  rose?: true
  /** The usage of the line that reported it first. */
  first?: ReplyUsage
  /**
   * Its prompt's three counts as its lines have them so far (uncached, cache written, cache
   * read), once a later line's differ from the first's.
   */
  input?: [number, number, number]
}

/** A reply's usage, and the part of its prompt read from the prompt cache, where it says. */
export interface ReplyUsage extends UsageCounts {
  cacheRead?: number
  /** The part of its prompt written to the prompt cache, where it says. */
  cacheCreated?: number
  /**
   * The line names the reply's `stop_reason`: its usage is the reply's final one. Claude Code
   * writes each line of a reply with the usage it had then, and a reply whose final usage reached
   * none of its lines (an interrupted one, among others) reports the count its stream began with.
   */
  ended?: true
}

/** What readEvent makes of a line, before its notes are taken. */
interface EventRead {
  messages: Message[]
  model?: string
  turn?: string
  usage?: ReplyUsage
  version?: string
  clearedToolIds?: readonly string[]
  strippedThinking?: StrippedThinking
}

/**
 * What a `thinking_stripped` record takes out of the requests after it: every thinking block of
 * the replies before it ('all'), or those from one reply's block on (its message.id, and the
 * block's place among that reply's thinking blocks).
 */
export type StrippedThinking = 'all' | { messageId: string; thinkingIndex: number }

type EventContext = LineContext

function readEvent(value: Json, ctx: EventContext): EventRead {
  switch (value.type) {
    case 'user':
    case 'assistant':
      return readMessageEvent(value, ctx)
    case 'system':
      return readSystem(value, ctx)
    case 'attachment':
      return readAttachmentEvent(value, ctx)
    case 'progress':
      ctx.tape.leave(PROGRESS_NOUN, PROGRESS_REASON)
      return { messages: [] }
    default:
      ctx.tape.leave(
        [`"${String(value.type)}" event`, `"${String(value.type)}" events`],
        'an event type this reader does not know; not loaded',
        'warning',
      )
      return { messages: [] }
  }
}

function readMessageEvent(value: Json, ctx: EventContext): EventRead {
  const message = value.message
  if (!isObject(message))
    throw new ShapeError(`"message" is ${kind(message)}, not an object`, ['message'])
  if (value.isApiErrorMessage === true && message.model === SYNTHETIC_MODEL) {
    ctx.tape.leave(
      ['API error notice', 'API error notices'],
      `${NOT_SENT} (Claude Code drops them from requests)`,
    )
    return { messages: [] }
  }
  if (value.isVirtual === true) {
    ctx.tape.leave(['display-only message', 'display-only messages'], VIRTUAL_REASON)
    return { messages: [] }
  }
  // A reply Claude Code made itself (`<synthetic>`, utils/messages.ts: "No response requested.",
  // an interruption) was served by no model: its usage is the empty default, no request's report.
  const synthetic = message.model === SYNTHETIC_MODEL
  ctx.tape.fieldKeys(Object.keys(value), MESSAGE_EVENT_FIELDS)
  ctx.tape.fieldKeys(Object.keys(message), synthetic ? SYNTHETIC_MESSAGE_FIELDS : MESSAGE_FIELDS)
  const uuid = value.uuid as string
  const messages = readAnthropicMessage(message, ['message'], ctx, uuid)
  for (let i = 0; i < messages.length; i++) {
    if (messages[i].type === 'user') messages[i] = asContext(messages[i], value, ctx)
  }
  const assistant = value.type === 'assistant'
  const usage: ReplyUsage | undefined =
    assistant && !synthetic ? anthropicUsage(message.usage) : undefined
  const edits = usage && contextEdits(message.context_management)
  if (usage && edits) {
    usage.apiCleared = edits.tokens
    contextEditsNote(edits, ctx)
  }
  if (usage && typeof message.stop_reason === 'string') usage.ended = true
  // Read for a microcompaction the file does not record (claude-code-microcompact.ts).
  if (usage && isObject(message.usage)) {
    const { cache_read_input_tokens: read, cache_creation_input_tokens: created } = message.usage
    if (isCount(read)) usage.cacheRead = read
    if (isCount(created)) usage.cacheCreated = created
  }
  return {
    messages,
    model: typeof message.model === 'string' ? message.model : undefined,
    turn: assistant && typeof message.id === 'string' ? message.id : undefined,
    usage,
    version: usage !== undefined && typeof value.version === 'string' ? value.version : undefined,
  }
}

/**
 * Says what Anthropic's context editing cleared from the request a reply answered (its
 * `context_management.applied_edits`): the usage view takes it off that request's estimate.
 */
function contextEditsNote(edits: ContextEdits, ctx: EventContext): void {
  const what = [
    edits.toolUses > 0 ? plural(edits.toolUses, 'tool use') : '',
    edits.thinkingTurns > 0 ? plural(edits.thinkingTurns, 'thinking turn') : '',
  ].filter((s) => s !== '')
  ctx.tape.info(
    `line ${ctx.line}: message.context_management`,
    `Anthropic's context editing cleared ${formatNumber(edits.tokens)} tokens${what.length > 0 ? ` (${what.join(', ')})` : ''} from this reply's request before the model read it; the usage view takes them off that request's estimate`,
  )
}

/** The Claude Code version an event names (`version`), when it names one as text. */
const eventVersion = (value: Json): string | undefined =>
  typeof value.version === 'string' ? value.version : undefined

/** A user message that Claude Code wrote rather than the user typed, as context; else as it is. */
function asContext(m: Message, value: Json, ctx: EventContext): Message {
  if (isCompactSummary(value)) {
    const flagged = value.isCompactSummary === true
    ctx.tape.field(
      flagged ? 'isCompactSummary' : 'message.content',
      `the summary a compaction wrote${flagged ? '' : ' (not flagged isCompactSummary, as before Claude Code 1.0.27; told by its opening words)'}: an earlier summary (context, meta.compacted); what it replaced is counted only where the file still holds that history (a note at the compaction says how many messages)`,
    )
    return orderMessage({ ...m, type: 'context', meta: { compacted: true, droppedCount: 0 } })
  }
  // Claude Code 2.1 tags a user message with its provenance (types/message.ts `MessageOrigin`):
  // only `human` is keyboard input; a task notification, a channel or a coordinator message is not.
  const origin = isObject(value.origin) ? value.origin.kind : undefined
  if (typeof origin === 'string' && origin !== 'human') {
    ctx.tape.field(
      'origin',
      'a message Claude Code queued for the model (a background task notification, a channel or coordinator message), not typed by the user; read as context',
    )
    return { ...m, type: 'context' }
  }
  if (value.isMeta === true) {
    ctx.tape.field(
      'isMeta',
      'a text Claude Code adds for the model (a caveat, a command’s instructions); read as context, not as a user prompt',
    )
    if (dropsAttachments(eventVersion(value)) && mentionsFile(m.text)) {
      ctx.tape.warn(ctx.where(['message', 'content']), UNRECORDED_COMMAND_MENTION_NOTE)
    }
    return { ...m, type: 'context' }
  }
  if (COMMAND_TEXT.test(m.text)) {
    ctx.tape.field(
      '',
      'a slash command or a local command’s output, recorded as user text; read as context, not as a user prompt',
    )
    return { ...m, type: 'context' }
  }
  const own = ownText(m.text)
  if (own !== undefined) {
    ctx.tape.field('', own)
    return { ...m, type: 'context' }
  }
  const version = eventVersion(value)
  if (dropsAttachments(version)) {
    if (mentionsFile(m.text)) {
      ctx.tape.warn(ctx.where(['message', 'content']), UNRECORDED_MENTION_NOTE)
    } else ctx.tape.field('version', unrecordedAttachmentsNote(version))
  }
  return m
}

function readSystem(value: Json, ctx: EventContext): EventRead {
  const { line } = ctx
  const subtype = typeof value.subtype === 'string' ? value.subtype : '(no subtype)'
  if (subtype === 'local_command' && value.isDisplayOnly === true) {
    ctx.tape.leave(
      ['display-only local command output', 'display-only local command outputs'],
      DISPLAY_ONLY_REASON,
    )
    return { messages: [] }
  }
  if (subtype === 'local_command' && typeof value.content === 'string') {
    // normalizeMessagesForAPI sends a local command's output as user text.
    ctx.tape.fieldKeys(Object.keys(value), LOCAL_COMMAND_FIELDS)
    ctx.tape.field('', 'a local command’s output, sent to the model as user text; read as context')
    return {
      messages: [orderMessage({ id: value.uuid as string, type: 'context', text: value.content })],
    }
  }
  if (subtype === 'compact_boundary') {
    const meta = isObject(value.compactMetadata) ? value.compactMetadata : {}
    const trigger = typeof meta.trigger === 'string' ? `, trigger "${meta.trigger}"` : ''
    const tokens =
      typeof meta.preTokens === 'number' ? `, ${formatNumber(meta.preTokens)} tokens before it` : ''
    ctx.notes.info(
      `line ${line}`,
      `compaction boundary${trigger}${tokens}: the conversation restarts here, from the summary that follows`,
    )
    return { messages: [] }
  }
  if (subtype === 'microcompact_boundary') {
    const meta = value.microcompactMetadata
    const listed =
      isObject(meta) && Array.isArray(meta.compactedToolIds) ? meta.compactedToolIds : []
    const ids = listed.filter((id): id is string => typeof id === 'string')
    ctx.tape.info(`line ${line}`, microcompactNote(ids, meta))
    return { messages: [], clearedToolIds: ids }
  }
  ctx.tape.leave([`"${subtype}" system event`, `"${subtype}" system events`], NOT_SENT)
  return { messages: [] }
}

/**
 * A microcompaction (Claude Code 2.0 – 2.1, `microcompactMetadata`): the tool results it lists
 * were sent cleared in the requests after it (their content a placeholder, CLEARED_RESULT_TEXT),
 * and those requests' usage says so (`ReportedUsage.cleared`). Claude Code does not clear them
 * again when it resumes a session (nothing reads the list back), so the thread keeps them whole.
 */
function microcompactNote(ids: readonly string[], meta: unknown): string {
  const saved =
    isObject(meta) && typeof meta.tokensSaved === 'number'
      ? `, ${formatNumber(meta.tokensSaved)} tokens by its count`
      : ''
  if (ids.length === 0) {
    // 2.1.39 wrote boundaries that list no result (tokensSaved 2,000 each, in a public session).
    return `microcompaction: Claude Code recorded one that lists no tool result${saved}; nothing is taken as cleared`
  }
  const results = plural(ids.length, 'tool result')
  return `microcompaction: Claude Code sent ${results} (${ids.join(', ')}) cleared in the requests after this line${saved}; the usage view estimates those requests with them cleared, and they are loaded whole, as Claude Code resumes the session`
}

/**
 * A `tool_results_cut` record (Claude Code 2.1.325 and later; `{callIds, standIn, roughTokens,
 * cause?}`): the results of those calls were sent with `standIn` as their content in every request
 * after it, by default (read in the compiled 2.1.332: after a return from idle, when the prompt
 * cache has gone cold, or where a later call of a tool withdrew its earlier result). The usage view
 * estimates those requests with them cut, as it does a microcompaction's, at the cost of Claude
 * Code's usual stand-in, CLEARED_RESULT_TEXT (a withdrawn result's is a few tokens longer); they
 * are loaded whole.
 */
function toolResultsCut(attachment: Json, ctx: EventContext): EventRead {
  const listed = Array.isArray(attachment.callIds) ? attachment.callIds : []
  const ids = listed.filter((id): id is string => typeof id === 'string')
  if (ids.length === 0) return { messages: [] }
  const results = plural(ids.length, 'tool result')
  const standIn =
    typeof attachment.standIn === 'string' ? ` with "${attachment.standIn}" in their place` : ''
  const rough = isCount(attachment.roughTokens) && attachment.roughTokens > 0
  const saved = rough
    ? `, about ${formatNumber(attachment.roughTokens as number)} tokens by its estimate`
    : ''
  const why =
    attachment.cause === 'withdrawn_by_tool' ? ' (a later call of the tool withdrew them)' : ''
  ctx.tape.info(
    `line ${ctx.line}: attachment`,
    `Claude Code cut ${results} (${ids.join(', ')}) from the requests after this line${standIn}${why}${saved}; the usage view estimates those requests with them cut, and they are loaded whole`,
  )
  return { messages: [], clearedToolIds: ids }
}

/**
 * A `thinking_stripped` record (Claude Code 2.1.260 and later; `{scope: "all", cause?}` or `{scope:
 * "partial", from: {messageId, thinkingIndex}}`): every later request is sent without the thinking
 * of the replies before it, all of it or from one reply's block on (read in the compiled 2.1.332,
 * where a return from idle, with the prompt cache gone cold, writes one beside the tool results it
 * cuts). The usage view estimates those requests without that thinking; it is loaded whole.
 */
function thinkingStripped(attachment: Json, ctx: EventContext): EventRead {
  const from = isObject(attachment.from) ? attachment.from : undefined
  const partial =
    attachment.scope === 'partial' &&
    from !== undefined &&
    typeof from.messageId === 'string' &&
    isCount(from.thinkingIndex)
  const what: StrippedThinking = partial
    ? { messageId: from!.messageId as string, thinkingIndex: from!.thinkingIndex as number }
    : 'all'
  const which =
    what === 'all'
      ? 'the thinking of every reply before this line'
      : `the thinking of the replies before this line from block ${formatNumber(what.thinkingIndex + 1)} of ${what.messageId} on`
  const why = attachment.cause === 'return_after_idle' ? ', on a return from idle' : ''
  ctx.tape.info(
    `line ${ctx.line}: attachment`,
    `Claude Code took ${which} out of the requests after it${why}; the usage view estimates those requests without it, and it is loaded whole`,
  )
  return { messages: [], strippedThinking: what }
}

function readAttachmentEvent(value: Json, ctx: EventContext): EventRead {
  const attachment = value.attachment
  if (!isObject(attachment) || typeof attachment.type !== 'string') {
    throw new ShapeError(`"attachment" is ${kind(attachment)}, not an attachment object`, [
      'attachment',
    ])
  }
  const type = attachment.type
  const read = readAttachment(attachment, value.rendered)
  if (!read.sent) {
    ctx.tape.leave([`"${type}" attachment`, `"${type}" attachments`], read.reason)
    if (type === 'tool_results_cut') return toolResultsCut(attachment, ctx)
    if (type === 'thinking_stripped') return thinkingStripped(attachment, ctx)
    return { messages: [] }
  }
  ctx.tape.fieldKeys(Object.keys(value), ATTACHMENT_FIELDS)
  ctx.tape.field(
    'attachment',
    read.exact
      ? `"${type}" attachment: sent to the model as Claude Code recorded it (its "rendered" texts, wording and all); read as context`
      : read.unwritten
        ? `"${type}" attachment: sent to the model as a system reminder; read as context, its fields as Claude Code writes them into it, and its wording, which the log does not hold, priced by its size`
        : `"${type}" attachment: sent to the model as a system reminder; read as ${read.type === 'user' ? 'a user prompt' : 'context'}, its text without Claude Code's wording around it`,
  )
  const prompt = attachment.prompt
  if (type === 'queued_command' && Array.isArray(prompt) && prompt.some(isMediaBlock)) {
    // A prompt typed while the model worked, with an image pasted in: Claude Code sends its
    // blocks as they are, so the image is priced as an image, not its base64 as text.
    const blocks = { role: 'user', content: prompt }
    const messages = readAnthropicMessage(blocks, ['attachment'], ctx, value.uuid as string)
    return { messages: messages.map((m) => (m.type === 'user' ? { ...m, type: read.type } : m)) }
  }
  return {
    messages: [
      orderMessage({
        id: value.uuid as string,
        type: read.type,
        text: read.text,
        ...(read.unwritten ? { payload: encodePayload({ unwritten: read.unwritten }) } : {}),
      }),
    ],
  }
}

/** A content block that is not text: an image or a document. */
const isMediaBlock = (block: unknown): boolean =>
  isObject(block) && (block.type === 'image' || block.type === 'document')

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

const MESSAGE_EVENT_FIELDS = eventFields(['isCompactSummary', 'isMeta', 'origin'])
const LOCAL_COMMAND_FIELDS = eventFields(['subtype', 'content'])
const ATTACHMENT_FIELDS = eventFields(['attachment', 'rendered'])
const MESSAGE_FIELDS: FieldRule = {
  prefix: 'message.',
  problemOf: (key) =>
    USED_MESSAGE_FIELDS.has(key)
      ? undefined
      : key === 'usage'
        ? USAGE_NOTE
        : 'API response metadata; not part of the conversation',
}
const SYNTHETIC_MESSAGE_FIELDS: FieldRule = {
  prefix: 'message.',
  problemOf: (key) =>
    key === 'usage'
      ? 'the empty usage of a reply Claude Code made itself (model <synthetic>); no request was sent, so none is reported'
      : MESSAGE_FIELDS.problemOf(key),
}
