import { orderMessage } from '../conversation'
import type { Message } from '../types'
import {
  ShapeError,
  isObject,
  kind,
  pathString,
  requireString,
  type Json,
  type JsonPath,
} from './json-shape'
import { encodePayload, type ToolCall } from './payload'
import { LocatedError, type ReadInput, type ReadResult } from './reader'
import { NoteList, describeLines } from './report'
import { lineObjects } from './sniff-shapes'
import type { FormatDescriptor } from './types'
import { UNKNOWN_FIELD_NOTE, attachmentNote } from './vocabulary'

/*
 * pi (badlogic/pi-mono, the coding agent) writes a session as ~/.pi/agent/sessions/…/*.jsonl.
 * Followed: packages/coding-agent/src/core/session-manager.ts (SessionHeader, SessionEntry,
 * buildSessionContext, migrateV1ToV2), core/messages.ts (convertToLlm) and packages/ai/src/types.ts
 * (message and content types), commit 83378aad, @mariozechner/pi-coding-agent 0.58.3, session
 * version 3; read 2026-12-01. See docs/formats/pi.md.
 */

/** One parsed entry: its line and value. */
interface Entry {
  line: number
  value: Json
}

const ENTRY_TYPES = new Set([
  'message',
  'thinking_level_change',
  'model_change',
  'compaction',
  'branch_summary',
  'custom',
  'custom_message',
  'label',
  'session_info',
])
const HEADER_NOTE = 'session header; not part of the conversation'
const METADATA_NOTE = 'session metadata; not part of the conversation'
const USAGE_NOTE = 'provider-reported usage and cost; read by the usage view, not counted here'

/**
 * Reads a pi session. The entries form a tree by id/parentId; like pi, the reader follows the
 * branch that ends at the file's last entry, and on it applies the latest compaction: its summary
 * first, then the entries from firstKeptEntryId on. Version 1 files (no ids) are one line of
 * entries in file order, as pi migrates them.
 */
export function readPi(input: ReadInput): ReadResult {
  const notes = new NoteList()
  if (input.isOneDocument()) {
    throw new LocatedError('one JSON document, not JSONL with one pi session entry per line', '')
  }
  const { values, broken } = input.jsonLines()
  const entries: Entry[] = []
  let header: Entry | undefined
  const skipped: { line: number; problem: string }[] = [...broken]
  for (const { line, value } of values) {
    if (!isObject(value) || typeof value.type !== 'string') {
      skipped.push({
        line,
        problem: `${isObject(value) ? 'an object with no "type"' : kind(value)}, not a pi session entry`,
      })
    } else if (value.type === 'session') {
      if (header) notes.warn(`line ${line}`, 'a second session header; read as metadata')
      else header = { line, value }
      for (const key of Object.keys(value)) {
        if (key === 'type') continue
        notes.info(
          `line ${line}: ${key}`,
          key === 'modelId'
            ? "the session's first model (version 1 headers); read as the model until an entry changes it"
            : HEADER_NOTE,
        )
      }
    } else {
      entries.push({ line, value })
    }
  }
  const known = entries.filter((e) => ENTRY_TYPES.has(e.value.type as string))
  if (!header && !known.some((e) => e.value.type === 'message' && isObject(e.value.message))) {
    const first =
      skipped[0] ??
      (entries[0] && {
        line: entries[0].line,
        problem: `"type": "${String(entries[0].value.type)}" is not a pi entry`,
      })
    throw new LocatedError(
      `${first ? `${first.problem}, and` : 'the file is empty:'} no line is a pi session header or entry`,
      first ? `line ${first.line}` : '',
      first?.line,
    )
  }
  for (const s of skipped) notes.warn(`line ${s.line}`, `${s.problem}; skipped, the rest loaded`)

  // Entries of unknown types stay in the tree, so the branch walks through them.
  const version = typeof header?.value.version === 'number' ? header.value.version : 1
  const path = version < 2 ? linearPath(entries) : branchPath(entries, notes)
  const read = readPath(path, version, entries, notes)
  const first = header?.value.modelId
  return read.model === undefined && typeof first === 'string' ? { ...read, model: first } : read
}

/** Version 1: no tree; every entry in file order (pi's migrateV1ToV2 chains them so). */
function linearPath(entries: Entry[]): Entry[] {
  return entries
}

/** The current branch, root first: from the file's last entry back along parentId. */
function branchPath(entries: Entry[], notes: NoteList): Entry[] {
  const byId = new Map<string, Entry>()
  for (const e of entries) if (typeof e.value.id === 'string') byId.set(e.value.id, e)
  const path: Entry[] = []
  const seen = new Set<Entry>()
  for (let e: Entry | undefined = entries[entries.length - 1]; e;) {
    if (seen.has(e)) {
      notes.warn(`line ${e.line}: parentId`, 'the branch loops back on itself; stopped here')
      break
    }
    seen.add(e)
    path.push(e)
    const parent = e.value.parentId
    if (typeof parent !== 'string') break
    const next: Entry | undefined = byId.get(parent)
    if (!next) {
      notes.warn(
        `line ${e.line}: parentId`,
        `"${parent}" is not in the file (a broken line?); the branch starts here`,
      )
    }
    e = next
  }
  path.reverse()
  const off = entries.filter((e) => !seen.has(e)).map((e) => e.line)
  if (off.length > 0) {
    notes.warn(
      describeLines(off),
      `${off.length} entr${off.length === 1 ? 'y' : 'ies'} on other branches of the session tree (pi sends only the current branch); not loaded`,
    )
  }
  return path
}

/** The branch as pi's buildSessionContext sends it: the latest compaction's summary, then the rest. */
function readPath(path: Entry[], version: number, all: Entry[], notes: NoteList): ReadResult {
  let model: string | undefined
  let compactionAt = -1
  path.forEach((e, i) => {
    if (e.value.type === 'compaction') compactionAt = i
  })
  const messages: Message[] = []
  if (compactionAt !== -1) {
    const compaction = path[compactionAt]
    const firstKept = firstKeptIndex(compaction, path, version, all, notes)
    const dropped = path.slice(0, firstKept).filter(isContextEntry)
    if (firstKept > 0) {
      notes.info(
        describeLines(path.slice(0, firstKept).map((e) => e.line)),
        `${firstKept} entr${firstKept === 1 ? 'y' : 'ies'} before the compaction's first kept entry; replaced by its summary, not loaded`,
      )
    }
    messages.push(compactionSummary(compaction, dropped.length, notes))
    // The kept entries come after the summary, then those after the compaction (as pi orders them).
    const kept = path.slice(firstKept, compactionAt)
    const after = path.slice(compactionAt + 1)
    for (const e of path.slice(0, firstKept)) model = settingOf(e) ?? model
    path = [...kept, ...after]
  }
  for (const e of path) {
    const where = (steps: JsonPath) =>
      steps.length > 0 ? `line ${e.line}: ${pathString(steps)}` : `line ${e.line}`
    try {
      const read = readEntry(e, where, notes)
      messages.push(...read.messages)
      if (read.model !== undefined) model = read.model
    } catch (error) {
      if (!(error instanceof ShapeError)) throw error
      notes.warn(where(error.steps), `${error.problem}; entry skipped`)
    }
  }
  return { model, messages, notes }
}

/** The model a skipped entry would have set (pi reads settings along the whole branch). */
function settingOf(e: Entry): string | undefined {
  const v = e.value
  if (v.type === 'model_change' && typeof v.modelId === 'string') return v.modelId
  if (v.type === 'message' && isObject(v.message) && v.message.role === 'assistant') {
    return typeof v.message.model === 'string' ? v.message.model : undefined
  }
  return undefined
}

const isContextEntry = (e: Entry) =>
  e.value.type === 'message' ||
  e.value.type === 'custom_message' ||
  e.value.type === 'branch_summary'

function firstKeptIndex(
  compaction: Entry,
  path: Entry[],
  version: number,
  all: Entry[],
  notes: NoteList,
): number {
  const at = path.indexOf(compaction)
  const v = compaction.value
  let target: Entry | undefined
  if (typeof v.firstKeptEntryId === 'string') {
    target = path.find((e) => e.value.id === v.firstKeptEntryId)
  } else if (version < 2 && typeof v.firstKeptEntryIndex === 'number') {
    // Version 1 counted file entries from the header (index 0).
    target = all[v.firstKeptEntryIndex - 1]
  }
  const index = target ? path.indexOf(target) : -1
  if (index === -1 || index > at) {
    notes.warn(
      `line ${compaction.line}: firstKeptEntryId`,
      'names no earlier entry on this branch; as pi does, nothing before the compaction is kept',
    )
    return at
  }
  return index
}

function compactionSummary(e: Entry, dropped: number, notes: NoteList): Message {
  const v = e.value
  const summary = typeof v.summary === 'string' ? v.summary : ''
  for (const key of Object.keys(v)) {
    if (
      ['type', 'summary', 'id', 'parentId', 'firstKeptEntryId', 'firstKeptEntryIndex'].includes(key)
    )
      continue
    notes.info(
      `line ${e.line}: ${key}`,
      key === 'tokensBefore'
        ? 'the context size pi measured before compacting; not part of the conversation'
        : METADATA_NOTE,
    )
  }
  notes.info(
    `line ${e.line}`,
    'pi wraps the summary in a short preamble when it sends it; the preamble is not counted',
  )
  return orderMessage({
    id: typeof v.id === 'string' ? v.id : undefined,
    type: 'context',
    text: summary,
    meta: { compacted: true, droppedCount: dropped },
  })
}

type Where = (steps: JsonPath) => string

const ENTRY_FIELDS = new Set(['type', 'id', 'parentId', 'timestamp'])

function readEntry(
  e: Entry,
  where: Where,
  notes: NoteList,
): { messages: Message[]; model?: string } {
  const v = e.value
  const id = typeof v.id === 'string' ? v.id : undefined
  if ('timestamp' in v) notes.info(where(['timestamp']), METADATA_NOTE)
  switch (v.type) {
    case 'message': {
      for (const key of Object.keys(v)) {
        if (!ENTRY_FIELDS.has(key) && key !== 'message')
          notes.warn(where([key]), UNKNOWN_FIELD_NOTE)
      }
      if (!isObject(v.message))
        throw new ShapeError(`"message" is ${kind(v.message)}, not an object`, ['message'])
      return readMessage(v.message, id, where, notes)
    }
    case 'model_change':
      notes.info(where([]), "model change; read as the conversation's model")
      return { messages: [], model: typeof v.modelId === 'string' ? v.modelId : undefined }
    case 'thinking_level_change':
      notes.info(
        where([]),
        'thinking level change; a request setting, not part of the conversation',
      )
      return { messages: [] }
    case 'compaction':
      // Only the latest compaction on the branch counts; pi sends no earlier one.
      notes.info(where([]), 'an earlier compaction, superseded by the later one; not loaded')
      return { messages: [] }
    case 'branch_summary': {
      const text = typeof v.summary === 'string' ? v.summary : ''
      if (text === '') return { messages: [] }
      for (const key of Object.keys(v))
        if (key === 'fromId' || key === 'details' || key === 'fromHook')
          notes.info(where([key]), METADATA_NOTE)
      notes.info(
        where([]),
        'summary of a branch pi came back from; sent as a user message with a short preamble, which is not counted',
      )
      return { messages: [orderMessage({ id, type: 'context', text })] }
    }
    case 'custom_message': {
      for (const key of Object.keys(v)) {
        if (['customType', 'display', 'details'].includes(key))
          notes.info(where([key]), "an extension's metadata; not sent")
      }
      const { text, attachments } = userContent(v.content, ['content'], where, notes)
      return {
        messages: [
          orderMessage({
            id,
            type: 'context',
            text,
            payload: encodePayload(attachments.length > 0 ? { attachments } : {}),
          }),
        ],
      }
    }
    case 'custom':
      notes.info(where([]), "an extension's stored state; never sent to the model")
      return { messages: [] }
    case 'label':
      notes.info(where([]), 'a bookmark on an entry; not part of the conversation')
      return { messages: [] }
    case 'session_info':
      notes.info(where([]), "the session's display name; not part of the conversation")
      return { messages: [] }
    default:
      notes.warn(where([]), `"${String(v.type)}" is not a pi entry type; not loaded`)
      return { messages: [] }
  }
}

const ASSISTANT_FIELDS = new Set(['role', 'content', 'model'])
const ASSISTANT_META = new Set(['api', 'provider', 'stopReason', 'responseId'])

function readMessage(
  m: Json,
  id: string | undefined,
  where: Where,
  notes: NoteList,
): { messages: Message[]; model?: string } {
  const at = ['message']
  const role = requireString(m, 'role', at)
  const w = (steps: JsonPath) => where([...at, ...steps])
  switch (role) {
    case 'user': {
      reportFields(m, ['role', 'content'], w, notes)
      const { text, attachments } = userContent(m.content, [...at, 'content'], where, notes)
      return {
        messages: [
          orderMessage({
            id,
            type: 'user',
            text,
            payload: encodePayload(attachments.length > 0 ? { attachments } : {}),
          }),
        ],
      }
    }
    case 'assistant':
      return readAssistant(m, id, where, notes)
    case 'toolResult': {
      const callId = requireString(m, 'toolCallId', at)
      reportFields(m, ['role', 'content', 'toolCallId', 'isError'], w, notes, {
        toolName: "the tool's name, as its call names it",
        details: "pi's own record of the result for its UI; the model reads content",
      })
      const { text, attachments } = userContent(m.content, [...at, 'content'], where, notes)
      const content = attachments.length > 0 ? (m.content as unknown[]) : text
      const isError = m.isError === true ? true : undefined
      return {
        messages: [
          orderMessage({
            id: callId,
            type: 'activity',
            text: '',
            payload: encodePayload({ content, is_error: isError }),
          }),
        ],
      }
    }
    case 'bashExecution': {
      reportFields(
        m,
        [
          'role',
          'command',
          'output',
          'exitCode',
          'cancelled',
          'truncated',
          'fullOutputPath',
          'excludeFromContext',
        ],
        w,
        notes,
      )
      if (m.excludeFromContext === true) {
        notes.info(where([]), 'a !! command: pi keeps its output out of the context; not loaded')
        return { messages: [] }
      }
      notes.info(
        where([]),
        'a ! command the user ran; pi sends its command and output as a user message',
      )
      return { messages: [orderMessage({ id, type: 'context', text: bashText(m) })] }
    }
    case 'custom':
    case 'hookMessage': {
      reportFields(m, ['role', 'content'], w, notes, {
        customType: "an extension's metadata; not sent",
        display: "an extension's metadata; not sent",
        details: "an extension's metadata; not sent",
      })
      const { text, attachments } = userContent(m.content, [...at, 'content'], where, notes)
      return {
        messages: [
          orderMessage({
            id,
            type: 'context',
            text,
            payload: encodePayload(attachments.length > 0 ? { attachments } : {}),
          }),
        ],
      }
    }
    case 'branchSummary':
    case 'compactionSummary': {
      reportFields(m, ['role', 'summary'], w, notes, {
        fromId: METADATA_NOTE,
        tokensBefore: METADATA_NOTE,
      })
      const text = typeof m.summary === 'string' ? m.summary : ''
      return {
        messages: [
          orderMessage({
            id,
            type: 'context',
            text,
            ...(role === 'compactionSummary' ? { meta: { compacted: true, droppedCount: 0 } } : {}),
          }),
        ],
      }
    }
    default:
      throw new ShapeError(
        `role "${role}" is not a pi message role (user, assistant, toolResult, bashExecution, custom)`,
        [...at, 'role'],
      )
  }
}

/** A ! command as the user message pi sends for it: the command, its output, how it ended. */
function bashText(m: Json): string {
  const command = typeof m.command === 'string' ? m.command : ''
  const output = typeof m.output === 'string' ? m.output : ''
  const lines = [`Ran \`${command}\``, output === '' ? '(no output)' : '```\n' + output + '\n```']
  if (m.cancelled === true) lines.push('(command cancelled)')
  else if (typeof m.exitCode === 'number' && m.exitCode !== 0)
    lines.push(`Command exited with code ${m.exitCode}`)
  return lines.join('\n')
}

function reportFields(
  m: Json,
  read: string[],
  w: Where,
  notes: NoteList,
  known: Record<string, string> = {},
) {
  for (const key of Object.keys(m)) {
    if (read.includes(key)) continue
    if (key in known) notes.info(w([key]), known[key])
    else if (key === 'timestamp') notes.info(w([key]), METADATA_NOTE)
    else notes.warn(w([key]), UNKNOWN_FIELD_NOTE)
  }
}

/** A user or tool result's content: a string, or text and image blocks. */
function userContent(
  content: unknown,
  at: JsonPath,
  where: Where,
  notes: NoteList,
): { text: string; attachments: unknown[] } {
  if (content === undefined || content === null) return { text: '', attachments: [] }
  if (typeof content === 'string') return { text: content, attachments: [] }
  if (!Array.isArray(content))
    throw new ShapeError(`"content" is ${kind(content)}, not a string or a list of blocks`, at)
  const texts: string[] = []
  const attachments: unknown[] = []
  content.forEach((block, k) => {
    const here = [...at, k]
    if (!isObject(block)) throw new ShapeError(`block is ${kind(block)}, not an object`, here)
    const type = requireString(block, 'type', here)
    if (type === 'text') {
      texts.push(requireString(block, 'text', here))
      for (const key of Object.keys(block)) {
        if (key === 'textSignature')
          notes.info(where([...here, key]), "the provider's id for the text; not counted")
        else if (key !== 'type' && key !== 'text')
          notes.warn(where([...here, key]), UNKNOWN_FIELD_NOTE)
      }
    } else {
      attachments.push(block)
      notes.warn(where(here), attachmentNote(type))
    }
  })
  return { text: texts.join('\n\n'), attachments }
}

/** An assistant message: thinking → reasoning, text and toolCall blocks → one bot message. */
function readAssistant(
  m: Json,
  id: string | undefined,
  where: Where,
  notes: NoteList,
): { messages: Message[]; model?: string } {
  const at = ['message']
  for (const key of Object.keys(m)) {
    if (ASSISTANT_FIELDS.has(key)) continue
    if (key === 'usage') notes.info(where([...at, key]), USAGE_NOTE)
    else if (key === 'timestamp') notes.info(where([...at, key]), METADATA_NOTE)
    else if (key === 'errorMessage')
      notes.info(where([...at, key]), 'the error pi shows for the reply; not sent')
    else if (ASSISTANT_META.has(key))
      notes.info(where([...at, key]), 'API response metadata; not part of the conversation')
    else notes.warn(where([...at, key]), UNKNOWN_FIELD_NOTE)
  }
  if (m.stopReason === 'error' || m.stopReason === 'aborted') {
    notes.warn(
      where([...at, 'stopReason']),
      `a reply that ended in "${m.stopReason}": pi leaves it out of later requests, but it is loaded so its tool calls stay visible`,
    )
  }
  const content = m.content
  if (!Array.isArray(content))
    throw new ShapeError(`"content" is ${kind(content)}, not a list of blocks`, [...at, 'content'])
  const out: Message[] = []
  const texts: string[] = []
  const calls: ToolCall[] = []
  const attachments: unknown[] = []
  content.forEach((block, k) => {
    const here = [...at, 'content', k]
    if (!isObject(block)) throw new ShapeError(`block is ${kind(block)}, not an object`, here)
    const type = requireString(block, 'type', here)
    if (type === 'text') {
      texts.push(requireString(block, 'text', here))
      if ('textSignature' in block)
        notes.info(where([...here, 'textSignature']), "the provider's id for the text; not counted")
    } else if (type === 'thinking') {
      const text = typeof block.thinking === 'string' ? block.thinking : ''
      const sig =
        typeof block.thinkingSignature === 'string' && block.thinkingSignature !== ''
          ? block.thinkingSignature
          : undefined
      // A redacted block keeps the provider's encrypted payload in thinkingSignature.
      const payload =
        sig === undefined
          ? undefined
          : block.redacted === true
            ? encodePayload({ data: sig })
            : encodePayload({ signature: sig })
      out.push(orderMessage({ type: 'reasoning', text, payload }))
    } else if (type === 'toolCall') {
      calls.push({
        id: requireString(block, 'id', here),
        name: requireString(block, 'name', here),
        arguments: block.arguments ?? {},
      })
      if ('thoughtSignature' in block)
        notes.info(where([...here, 'thoughtSignature']), "Gemini's thought signature; not counted")
    } else {
      attachments.push(block)
      notes.warn(where(here), attachmentNote(type))
    }
  })
  const payload = encodePayload({
    ...(calls.length > 0 ? { tool_calls: calls } : {}),
    ...(attachments.length > 0 ? { attachments } : {}),
  })
  out.push(orderMessage({ id, type: 'bot', text: texts.join('\n\n'), payload }))
  return {
    messages: out,
    model: typeof m.model === 'string' && m.model !== '' ? m.model : undefined,
  }
}

/** pi's coding agent: a JSONL session with a `session` header and a tree of entries. */
export const piFormat = {
  id: 'pi',
  label: 'pi coding-agent session (JSONL)',
  shape:
    'JSONL, a {"type":"session"} header then entries (message, compaction, model_change, …) by id and parentId',
  detect(sniff) {
    const lines = lineObjects(sniff)
    const header = lines.some(
      (o) => o.type === 'session' && typeof o.id === 'string' && ('cwd' in o || 'version' in o),
    )
    const entry = lines.some(
      (o) =>
        (o.type === 'message' && isObject(o.message) && typeof o.message.role === 'string') ||
        (o.type === 'compaction' && 'firstKeptEntryId' in o) ||
        (o.type === 'model_change' && 'modelId' in o),
    )
    return header || entry ? 3 : 0
  },
  read: readPi,
} as const satisfies FormatDescriptor
