import type { Message } from '../types'
import { isObject, type Json } from './json-shape'
import {
  byLine,
  LocatedError,
  noLineIs,
  untypedLine,
  type ReadInput,
  type ReadResult,
  type SkippedLine,
} from './reader'
import { NoteList, NoteRecord, describeLines, warnSkippedLines } from './report'
import { lineObjects } from './sniff-shapes'
import type { Wire } from '../pricing/wire'
import type { FormatDescriptor } from './types'
import { type DroidEvent, readMessageEvent } from './droid-message'
import { pathsInside } from './line-paths'

/*
 * Factory's Droid CLI writes a session as ~/.factory/sessions/<project>/<session id>.jsonl: a
 * `session_start` line, then one line per event: `message`, `compaction_state`, `todo_state`,
 * `agent_turn_outcome`. Followed: the CLI's own code as it ships, @factory/cli-linux-x64 0.225.2
 * (npm; read 2026-12-06): its session store (the events it appends and their schemas), its loader
 * (the message events in file order and the latest compaction_state), and its compaction (how the
 * summary's anchor is found and what it keeps). See docs/formats/droid.md.
 */

const HEADER_NOTE = 'session header; not part of the conversation'

// Events that are not messages: what each is, and why it is not loaded.
const EVENT_NOTES: Record<string, string> = {
  todo_state: 'the todo list Droid shows; not a message',
  agent_turn_outcome: 'how a turn ended; not part of the conversation',
}

/** A compaction_state line, with what is read of it. */
interface Compaction {
  line: number
  value: Json
}

/**
 * Reads a Droid session. Like Droid, it loads the message events in file order and applies the
 * latest compaction: its summary first, then the messages after its anchor message (less any
 * tool results at the start, which Droid skips); the messages up to the anchor are counted, not
 * loaded. Hook runs and notices shown to the user only are left out, as Droid leaves them out of
 * the conversation.
 */
export function readDroid(input: ReadInput): ReadResult {
  const notes = new NoteList()
  if (input.isOneDocument()) {
    throw new LocatedError('one JSON document, not JSONL with one Droid session event per line', '')
  }
  const events: DroidEvent[] = []
  let header: number | undefined
  let compaction: Compaction | undefined
  const earlier: number[] = []
  const inLine: SkippedLine[] = []
  const record = new NoteRecord()
  const inside = pathsInside()
  const broken = input.eachJsonLine((value, line) => {
    if (!isObject(value) || typeof value.type !== 'string') {
      inLine.push({ line, problem: untypedLine(value, 'a Droid session event') })
      return
    }
    switch (value.type) {
      case 'session_start':
        if (header !== undefined) {
          notes.warn(`line ${line}`, 'a second session_start; read as metadata')
          return
        }
        header = line
        for (const key of Object.keys(value))
          if (key !== 'type') notes.info(`line ${line}: ${key}`, HEADER_NOTE)
        return
      case 'message':
        events.push(readMessageEvent(line, value, record, inside))
        return
      case 'compaction_state':
        if (compaction) earlier.push(compaction.line)
        compaction = { line, value }
        return
      default:
        if (EVENT_NOTES[value.type]) notes.info(`line ${line}`, EVENT_NOTES[value.type])
        else notes.warn(`line ${line}`, `"${value.type}" is not a Droid session event; not loaded`)
    }
  })
  if (header === undefined) {
    throw noLineIs('a Droid session_start event', byLine(broken, inLine)[0])
  }
  warnSkippedLines([...broken, ...inLine], notes)
  if (earlier.length > 0) {
    notes.info(
      describeLines(earlier),
      'an earlier compaction, superseded by the later one; not loaded',
    )
  }

  const messages: Message[] = []
  let kept = events
  if (compaction) {
    const { from, skipped } = keptFrom(compaction, events, notes)
    const before = events.slice(0, from)
    let dropped = 0
    for (const e of before) dropped += e.messages.length
    if (before.length > 0) {
      notes.info(
        describeLines(before.map((e) => e.line)),
        `${before.length} message event${before.length === 1 ? '' : 's'} up to the compaction's anchor; replaced by its summary, not loaded`,
      )
    }
    messages.push(summaryOf(compaction, dropped, notes))
    kept = events.filter((_, i) => i >= from && !skipped.has(i))
  }
  let model: string | undefined
  let provider: string | undefined
  for (const e of kept) {
    notes.addRecordOnLine(e.notes, e.line)
    if (e.sideband) {
      notes.info(`line ${e.line}`, e.sideband)
      continue
    }
    for (const m of e.messages) messages.push(m)
    if (e.messages.some((m) => m.type === 'bot')) {
      model = e.model ?? model
      provider = e.provider ?? provider
    }
  }
  const wire = wireOf(provider, model)
  return { messages, notes, ...(model !== undefined ? { model } : {}), ...(wire ? { wire } : {}) }
}

/**
 * Where the kept tail starts, as Droid finds it: after the anchor message, by id, else by index;
 * an anchor Droid cannot find (or none) keeps every message. Tool results right after the anchor
 * are skipped, as Droid skips them, so the tail does not start on an answer to a call it lost.
 */
function keptFrom(
  c: Compaction,
  events: readonly DroidEvent[],
  notes: NoteList,
): { from: number; skipped: ReadonlySet<number> } {
  const anchor = isObject(c.value.anchorMessage) ? c.value.anchorMessage : undefined
  let at = -1
  if (typeof anchor?.id === 'string') {
    at = events.findIndex((e) => e.id === anchor.id)
    if (at === -1)
      notes.warn(
        `line ${c.line}: anchorMessage.id`,
        `"${anchor.id}" is not a message in the file; Droid then keeps every message after the summary`,
      )
  } else if (typeof anchor?.index === 'number' && anchor.index < events.length) {
    at = anchor.index
  } else {
    notes.warn(
      `line ${c.line}`,
      'a compaction with no anchor message Droid can find; it then keeps every message after the summary',
    )
  }
  const from = Math.max(0, at + 1)
  // Hook runs and notices are not in the conversation, so they do not end the results skipped.
  const skipped: number[] = []
  for (let i = from; i < events.length; i++) {
    const e = events[i]
    if (e.sideband) continue
    if (!e.holdsResults) break
    skipped.push(i)
  }
  if (skipped.length > 0) {
    notes.warn(
      describeLines(skipped.map((i) => events[i].line)),
      "tool results just after the compaction's anchor; Droid does not start the kept messages on them, not loaded",
    )
  }
  return { from, skipped: new Set(skipped) }
}

/** The compaction's summary, as the first message; Droid's wording around it is not in the file. */
function summaryOf(c: Compaction, dropped: number, notes: NoteList): Message {
  const v = c.value
  const texts: string[] = []
  if (typeof v.summaryText === 'string') texts.push(v.summaryText)
  else notes.warn(`line ${c.line}: summaryText`, 'no summary text; read as an empty summary')
  // The environment Droid states beside the summary (its system info, as text) is sent with it.
  if (typeof v.systemInfoText === 'string' && v.systemInfoText !== '') texts.push(v.systemInfoText)
  for (const key of Object.keys(v)) {
    if (key === 'type' || key === 'summaryText' || key === 'systemInfoText') continue
    notes.info(`line ${c.line}: ${key}`, COMPACTION_NOTES[key] ?? 'compaction metadata; not sent')
  }
  notes.info(
    `line ${c.line}`,
    'the summary Droid sends first; the few lines it wraps the summary in are its own and not in the file',
  )
  return {
    ...(typeof v.id === 'string' ? { id: v.id } : {}),
    type: 'context',
    text: texts.join('\n\n'),
    meta: { compacted: true, droppedCount: dropped },
  }
}

const COMPACTION_NOTES: Record<string, string> = {
  anchorMessage: 'the last message the summary replaces; read',
  summaryTokens: "Droid's own count of the summary; not read",
  removedCount: 'how many messages Droid replaced; counted here from the file',
  summaryKind: 'how the summary was made (a model summary, or a transcript for a provider switch)',
  systemInfo: 'the environment Droid describes beside the summary; sent as its text',
}

/**
 * The wire the session's latest reply went through: its apiProvider (Droid's ApiProvider values),
 * else the model's family. Undefined when neither says.
 */
function wireOf(provider: string | undefined, model: string | undefined): Wire | undefined {
  if (provider !== undefined) {
    if (/anthropic/.test(provider)) return 'anthropic'
    if (/openai/.test(provider)) return 'openai-responses'
    if (provider === 'google') return 'gemini'
    // Factory's own router and Bedrock's Converse API serve several families: the model says.
    if (!['factory', 'bedrock', 'bedrock_converse'].includes(provider)) return 'openai-chat'
  }
  if (model === undefined) return undefined
  if (/claude/i.test(model)) return 'anthropic'
  if (/^(gpt|o\d|codex)/i.test(model)) return 'openai-responses'
  if (/gemini/i.test(model)) return 'gemini'
  return 'openai-chat'
}

/** Factory's Droid CLI: a JSONL session with a `session_start` header and one event per line. */
export const droidFormat = {
  id: 'droid',
  label: 'Factory Droid session (JSONL)',
  shape:
    'JSONL, a {"type":"session_start"} header then events (message, compaction_state, todo_state, …)',
  detect(sniff) {
    const lines = lineObjects(sniff)
    const own = lines.some(
      (o) =>
        (o.type === 'session_start' && typeof o.id === 'string') ||
        (o.type === 'compaction_state' && 'summaryText' in o) ||
        o.type === 'todo_state' ||
        (o.type === 'message' &&
          isObject(o.message) &&
          ('modelId' in o.message || 'apiProvider' in o.message)),
    )
    return own ? 3 : 0
  },
  read: readDroid,
} as const satisfies FormatDescriptor
