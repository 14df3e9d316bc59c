import { isObject, kind, type Json } from './json-shape'
import {
  byLine,
  LocatedError,
  noLineIs,
  type ReadInput,
  type ReadResult,
  type SkippedLine,
} from './reader'
import { NoteList, describeLines, warnSkippedLines } from './report'
import { lineObjects } from './sniff-shapes'
import type { Wire } from '../pricing/wire'
import { isCount } from './reported-usage'
import type { FormatDescriptor } from './types'
import { type ChainRecord, historyOf } from './qwen-code-history'

/*
 * Qwen Code writes a session as ~/.qwen/projects/<working folder>/chats/<session id>.jsonl: one
 * ChatRecord per line, chained by uuid and parentUuid, each holding the API content (a Gemini
 * `{role, parts}`) it recorded. Followed: the CLI as it ships on npm, @qwen-code/qwen-code 0.24.4
 * (read 2026-12-06): packages/core/src/services/chatRecordingService.ts (ChatRecord, what each
 * record holds), utils/transcript-records.ts (prepareTranscriptRecords: the leaf, the chain, the
 * fragments of one uuid merged) and services/session-api-history.ts (what a resumed session
 * sends). See docs/formats/qwen-code.md.
 */

const RECORD_TYPES = new Set(['user', 'assistant', 'tool_result', 'system'])

// System records that are not part of the conversation: they never end the chain.
const OFF_CHAIN_SUBTYPES = new Set([
  'session_sources_snapshot',
  'managed_session_header_v1',
  'managed_session_event_v1',
  'managed_session_commit_v1',
  'session_artifact_event',
  'session_artifact_snapshot',
])

// Fields read, and the ones noted by name; every other field is the record's metadata.
const READ_FIELDS = new Set(['uuid', 'parentUuid', 'type', 'subtype', 'message'])
const FIELD_NOTES: Record<string, string> = {
  model: "the model that wrote the reply; read as the file's model",
  usageMetadata: "the provider's reported usage; read as the request's prompt size",
  contextWindowSize:
    "the model's context window, as Qwen Code took it; the latest reply's is offered as MaxTokens",
  toolCallResult:
    "Qwen Code's record of the tool run for its own view; the result sent is the message's functionResponse",
  systemPayload:
    "the record's payload for Qwen Code's own view; read only for a chat compression, a slash command and the model a request went to",
}
const METADATA_NOTE = 'session metadata; not part of the conversation'

/** A parsed record: what the chain and the history read of it. */
interface Parsed extends ChainRecord {
  parentUuid: string | undefined
}

/**
 * Reads a Qwen Code session: the chain of records that ends at the last conversation record
 * (records of one uuid merged), and on it what Qwen Code sends: the latest chat compression's
 * history, then every later record's content.
 */
export function readQwenCode(input: ReadInput): ReadResult {
  const notes = new NoteList()
  if (input.isOneDocument()) {
    throw new LocatedError('one JSON document, not JSONL with one Qwen Code record per line', '')
  }
  const records: Parsed[] = []
  const inLine: SkippedLine[] = []
  const sessions = new Set<string>()
  // A record only Qwen Code writes (a system record with its systemPayload): a session of slash
  // commands alone is still a Qwen Code session, of no message.
  let ownRecord = false
  // The model the last request of the main conversation went to, by Qwen Code's telemetry.
  let requested: { model: string; line: number } | undefined
  const broken = input.eachJsonLine((value, line) => {
    const problem = recordProblem(value)
    if (problem) {
      inLine.push({ line, problem })
      return
    }
    const v = value as Json
    if (isOwnSystemRecord(v)) ownRecord = true
    const asked = requestModelOf(v)
    if (asked !== undefined) requested = { model: asked, line }
    if (typeof v.sessionId === 'string') sessions.add(v.sessionId)
    noteFields(v, line, notes)
    records.push(parsed(v, line))
  })
  if (!ownRecord && !records.some((r) => r.message)) {
    throw noLineIs('a Qwen Code record with a message', byLine(broken, inLine)[0])
  }
  warnSkippedLines([...broken, ...inLine], notes)
  if (sessions.size > 1) {
    notes.warn(
      '',
      `records of ${sessions.size} sessions in one file; Qwen Code refuses to resume it`,
    )
  }
  const chain = chainOf(records, notes)
  const history = historyOf(chain, notes)
  const { messages, usage, window } = history
  let model = history.model
  if (model === undefined && requested !== undefined) {
    model = requested.model
    notes.info(
      `line ${requested.line}: systemPayload.uiEvent.model`,
      `no reply names its model; counted as ${model}, the model Qwen Code's record of this request names`,
    )
  }
  const wire = wireOf(model)
  return {
    messages,
    notes,
    ...(usage.length > 0 ? { usage } : {}),
    ...(model !== undefined ? { model } : {}),
    ...(wire ? { wire } : {}),
    ...(window ? { contextWindow: window } : {}),
  }
}

/** A `system` record with a `systemPayload` (ChatRecord's): Claude Code's system events have none. */
export const isOwnSystemRecord = (o: Json): boolean =>
  o.type === 'system' && isObject(o.systemPayload)

/**
 * The model a `ui_telemetry` record of an API request, reply or error names, when the main
 * conversation made the request (no `subagent_name`): ApiRequestEvent, ApiResponseEvent and
 * ApiErrorEvent each carry `model` (@qwen-code/qwen-code 0.24.4, its bundled telemetry types).
 */
function requestModelOf(v: Json): string | undefined {
  if (v.type !== 'system' || v.subtype !== 'ui_telemetry' || !isObject(v.systemPayload)) {
    return undefined
  }
  const event = v.systemPayload.uiEvent
  if (!isObject(event) || event.subagent_name !== undefined) return undefined
  const name = event['event.name']
  if (typeof name !== 'string' || !/\.api_(request|response|error)$/.test(name)) return undefined
  return typeof event.model === 'string' && event.model !== '' ? event.model : undefined
}

/** Why a line is not a record Qwen Code reads, or undefined. */
function recordProblem(value: unknown): string | undefined {
  if (!isObject(value)) return `${kind(value)}, not a Qwen Code record`
  if (typeof value.uuid !== 'string' || value.uuid === '') return 'a record with no "uuid"'
  if (typeof value.type !== 'string' || !RECORD_TYPES.has(value.type)) {
    return `"type" ${typeof value.type === 'string' ? `"${value.type}"` : kind(value.type)} is not a Qwen Code record type (user, assistant, tool_result, system)`
  }
  return undefined
}

function parsed(v: Json, line: number): Parsed {
  const payload = isObject(v.systemPayload) ? v.systemPayload : undefined
  const usage = isObject(v.usageMetadata) ? v.usageMetadata : undefined
  return {
    line,
    uuid: v.uuid as string,
    parentUuid: typeof v.parentUuid === 'string' && v.parentUuid !== '' ? v.parentUuid : undefined,
    type: v.type as string,
    subtype: typeof v.subtype === 'string' ? v.subtype : undefined,
    message: isObject(v.message) ? v.message : undefined,
    model: typeof v.model === 'string' && v.model !== '' ? v.model : undefined,
    usage,
    window:
      isCount(v.contextWindowSize) && v.contextWindowSize > 0 ? v.contextWindowSize : undefined,
    compressed:
      v.subtype === 'chat_compression' && Array.isArray(payload?.compressedHistory)
        ? payload.compressedHistory
        : undefined,
    command: v.subtype === 'slash_command' ? payload : undefined,
  }
}

function noteFields(v: Json, line: number, notes: NoteList): void {
  for (const key of Object.keys(v)) {
    if (READ_FIELDS.has(key)) continue
    notes.addOnLine('info', line, key, FIELD_NOTES[key] ?? METADATA_NOTE)
  }
}

/**
 * The chain Qwen Code resumes: from the last conversation record back along parentUuid, each uuid
 * once, its records (fragments of one message) merged in file order. Records off it (on a branch
 * a rewind left, or beyond a missing parent) are counted, not loaded.
 */
function chainOf(records: readonly Parsed[], notes: NoteList): ChainRecord[] {
  const onChain = (r: Parsed) =>
    !(r.type === 'system' && r.subtype && OFF_CHAIN_SUBTYPES.has(r.subtype))
  const fragments = new Map<string, Parsed[]>()
  for (const r of records) {
    if (!onChain(r)) continue
    const list = fragments.get(r.uuid)
    if (list) list.push(r)
    else fragments.set(r.uuid, [r])
  }
  let leaf: Parsed | undefined
  for (let i = records.length - 1; i >= 0 && !leaf; i--) if (onChain(records[i])) leaf = records[i]
  const uuids: string[] = []
  const seen = new Set<string>()
  for (let r = leaf; r;) {
    if (seen.has(r.uuid)) {
      notes.warn(`line ${r.line}: parentUuid`, 'the chain loops back on itself; stopped here')
      break
    }
    seen.add(r.uuid)
    uuids.push(r.uuid)
    if (r.parentUuid === undefined) break
    const parent: Parsed | undefined = fragments.get(r.parentUuid)?.[0]
    if (!parent) {
      // The file's first record: its parent is in the session it continued, or in lines the file
      // no longer holds; nothing of this file is lost by starting there.
      if (r === records[0]) {
        notes.info(
          `line ${r.line}: parentUuid`,
          `"${r.parentUuid}" is not in the file: the first record continues one written elsewhere (an earlier session, or the file's lost beginning); the chain starts here, as Qwen Code's does`,
        )
      } else {
        notes.warn(
          `line ${r.line}: parentUuid`,
          `"${r.parentUuid}" is not in the file (a broken line?); the chain starts here, as Qwen Code's does`,
        )
      }
      break
    }
    r = parent
  }
  uuids.reverse()
  const off = records.filter((r) => onChain(r) && !seen.has(r.uuid)).map((r) => r.line)
  if (off.length > 0) {
    notes.warn(
      describeLines(off),
      `${off.length} record${off.length === 1 ? '' : 's'} not on the chain that ends at the last record (a rewind's branch, or above a missing parent); Qwen Code sends none of them; not loaded`,
    )
  }
  const skipped = records.filter((r) => !onChain(r)).map((r) => r.line)
  if (skipped.length > 0) {
    notes.info(
      describeLines(skipped),
      "Qwen Code's own bookkeeping records; not part of the conversation",
    )
  }
  return uuids.map((uuid) => merged(fragments.get(uuid)!))
}

/** A message recorded in fragments (records of one uuid): their parts in order, the last usage. */
function merged(list: readonly Parsed[]): ChainRecord {
  const [first, ...rest] = list
  if (rest.length === 0) return first
  let message = first.message
  let { usage, model, window } = first
  for (const r of rest) {
    if (r.message) {
      const parts = [
        ...(Array.isArray(message?.parts) ? message.parts : []),
        ...(Array.isArray(r.message.parts) ? r.message.parts : []),
      ]
      message = { role: message?.role ?? r.message.role, parts }
    }
    usage = r.usage ?? usage
    model ??= r.model
    window = r.window ?? window
  }
  return { ...first, message, usage, model, window }
}

/** The wire the session's model is reached over: Qwen Code speaks each provider's own API. */
function wireOf(model: string | undefined): Wire | undefined {
  if (model === undefined) return undefined
  if (/gemini/i.test(model)) return 'gemini'
  if (/claude/i.test(model)) return 'anthropic'
  return 'openai-chat'
}

/** Qwen Code: a JSONL session of ChatRecords chained by uuid, each holding a Gemini content. */
export const qwenCodeFormat = {
  id: 'qwen-code',
  label: 'Qwen Code session (JSONL)',
  shape: 'JSONL, one record per line ({uuid, parentUuid, sessionId, type, message: {role, parts}})',
  detect(sniff) {
    const lines = lineObjects(sniff)
    const own = lines.some(
      (o) =>
        typeof o.uuid === 'string' &&
        typeof o.type === 'string' &&
        RECORD_TYPES.has(o.type) &&
        ((isObject(o.message) && Array.isArray(o.message.parts)) ||
          o.type === 'tool_result' ||
          isOwnSystemRecord(o)),
    )
    return own ? 3 : 0
  },
  read: readQwenCode,
} as const satisfies FormatDescriptor
