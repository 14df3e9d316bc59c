/**
 * What a session's first and last few KB say about it: when it started and was last active, its
 * working directory and its model. Pure: it reads the bytes it is given, per engine, by byte scan
 * (byte-scan.ts), never JSON.parse of a line. docs/sessions.md lists the field read for each.
 */
import { asBuffer, firstLine, nestedStringField, numberField, stringField } from './byte-scan'
import type { EngineId } from './engines'
import { nameLine } from './subagents'
import { sessionTitle } from './titles'
import { OWN_RECORDS } from '../../src/formats/kimi-cli'
import { vibeActiveModel } from '../../src/index'

/** A Mistral Vibe session's messages, in the session's own folder. */
export const VIBE_MESSAGES = 'messages.jsonl'

/** How many bytes of a file's start and end are read for its header. */
export const HEAD_BYTES = 32 * 1024

/**
 * The bytes read from each end of a file of ENGINE for its header: Claude Code's own session list
 * reads 64 KB from each (`readLiteMetadata`, `sessionStorage.ts`, 2.1.88), so a title it finds
 * there is found here; every other engine's first and last 32 KB.
 */
export function endBytes(engine: EngineId | undefined): number {
  return engine === 'claude-code' ? 64 * 1024 : HEAD_BYTES
}

/** A session's header fields, each undefined when the bytes read do not say. */
export interface SessionHeader {
  /** ISO 8601. */
  started?: string
  lastActive?: string
  cwd?: string
  model?: string
  /** The session's title, where the log keeps one (titles.ts). */
  title?: string
}

const isoOf = (value: string | number | undefined): string | undefined => {
  if (value === undefined) return undefined
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString()
}

// Claude Code writes `<synthetic>` as the model of the messages it makes up itself.
const realModel = (model: string) => model !== '' && !model.startsWith('<')

/** The tail without its first, probably cut, line (the whole tail when it starts the file). */
export function wholeLines(tail: Uint8Array, startsFile: boolean): Uint8Array {
  if (startsFile) return tail
  const at = asBuffer(tail).indexOf(0x0a)
  return at === -1 ? tail.subarray(tail.length) : tail.subarray(at + 1)
}

/** Reads the header of a session of ENGINE from its first bytes and its last (whole lines). */
export function readHeader(engine: EngineId, head: Uint8Array, tail: Uint8Array): SessionHeader {
  const header = readColumns(engine, head, tail)
  const title = sessionTitle(engine, head, tail)
  return title !== undefined ? { ...header, title } : header
}

function readColumns(engine: EngineId, head: Uint8Array, tail: Uint8Array): SessionHeader {
  const first = (key: string) => stringField(head, key)
  const last = (key: string) => stringField(tail, key, true) ?? stringField(head, key, true)
  const lastModel = (key: string) =>
    stringField(tail, key, true, realModel) ?? stringField(head, key, true, realModel)
  switch (engine) {
    case 'claude-code':
    case 'codex':
    case 'qwen-code':
      return {
        started: isoOf(first('timestamp')),
        lastActive: isoOf(last('timestamp')),
        cwd: first('cwd'),
        model: lastModel('model'),
      }
    case 'droid':
      // The session_start line has no time: the first event's is when it started.
      return {
        started: isoOf(first('timestamp')),
        lastActive: isoOf(last('timestamp')),
        cwd: first('cwd'),
        model: lastModel('modelId'),
      }
    case 'pi':
      return {
        started: isoOf(first('timestamp')),
        lastActive: isoOf(last('timestamp')),
        cwd: first('cwd'),
        model: lastModel('model') ?? lastModel('modelId'),
      }
    case 'gemini-cli':
      return {
        started: isoOf(first('startTime')),
        lastActive: isoOf(last('lastUpdated') ?? last('timestamp')),
        model: lastModel('model'),
      }
    case 'cline':
    case 'roo-code':
    case 'kilo-code':
      if (engine === 'cline' && isClineSessionFile(head)) return clineSessionHeader(head, tail)
      return {
        started: isoOf(numberField(head, 'ts')),
        lastActive: isoOf(numberField(tail, 'ts', true) ?? numberField(head, 'ts', true)),
        cwd: taskDirectory(head),
        model: lastModel('modelId'),
      }
    case 'continue':
      // The session records no time or model id: the file's time says when it was last active.
      return { cwd: folderOf(first('workspaceDirectory')) }
    case 'kimi-cli':
      // A context file records no time, folder or model: the file's time and kimi.json say.
      return {}
    case 'mistral-vibe':
      // messages.jsonl records no time, folder or model: meta.json beside it does (readVibeMeta).
      return {}
    case 'opencode':
      // A database, not a log: its session's columns are read from its tables (find.ts).
      return {}
    case 'copilot-cli':
      // session.start's startTime and context.cwd; the model its last model change or shutdown
      // names, else the one the session started with.
      return {
        started: isoOf(first('startTime') ?? first('timestamp')),
        lastActive: isoOf(last('timestamp')),
        cwd: first('cwd'),
        model: lastModel('currentModel') ?? lastModel('newModel') ?? first('selectedModel'),
      }
    case 'mini-swe-agent':
      return trajectoryHeader(head, tail)
  }
}

// A mini-swe-agent trajectory (`Agent.serialize`, one JSON document rewritten after every step):
// `info` first, with `config.model.model_name` and `config.environment`, then `messages`, whose
// replies and observations carry `extra.timestamp` in seconds. Only the local environment's `cwd`
// is a folder on this machine (a container's is not), and it is '' unless the user set it.
function trajectoryHeader(head: Uint8Array, tail: Uint8Array): SessionHeader {
  const seconds = (n: number | undefined) => (n === undefined ? undefined : n * 1000)
  const local = stringField(head, 'environment_type')?.endsWith('.LocalEnvironment') === true
  return {
    started: isoOf(seconds(numberField(head, 'timestamp'))),
    lastActive: isoOf(
      seconds(numberField(tail, 'timestamp', true) ?? numberField(head, 'timestamp', true)),
    ),
    cwd: local ? nestedStringField(head, 'environment', 'cwd', false, (v) => v !== '') : undefined,
    model: nestedStringField(head, 'model', 'model_name', false, (v) => v !== ''),
  }
}

/**
 * Whether a Cline log is a Cline 4 session file (`<id>.messages.json`, one JSON object) rather
 * than a task history (`api_conversation_history.json`, an array): its first byte, past
 * whitespace and a byte-order mark.
 */
export function isClineSessionFile(head: Uint8Array): boolean {
  let i = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0
  while (WHITESPACE.has(head[i])) i++
  return head[i] === 0x7b
}

const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d])

// Cline 4's messages file, `{version, updated_at, agent, sessionId, taskType?, origin?, messages,
// system_prompt?}`, its messages' `ts` in milliseconds and each reply's `modelInfo {id, provider,
// family?}`. It records no working directory: the manifest beside it does (readClineManifest).
function clineSessionHeader(head: Uint8Array, tail: Uint8Array): SessionHeader {
  const model = (bytes: Uint8Array) => nestedStringField(bytes, 'modelInfo', 'id', true, realModel)
  return {
    started: isoOf(numberField(head, 'ts')),
    // The file's own `updated_at`, set on every save; else the last message's time.
    lastActive: isoOf(
      stringField(head, 'updated_at') ??
        numberField(tail, 'ts', true) ??
        numberField(head, 'ts', true),
    ),
    model: model(tail) ?? model(head),
  }
}

/**
 * What a Mistral Vibe session's meta.json (beside its messages.jsonl) says: its start, its last
 * save (`end_time`), its working directory (`environment.working_directory`), the model its
 * configuration had active and its `title`; undefined for a file that is not one (no `session_id`
 * and `start_time`). SessionMetadata's fields come first, the configuration last. The title and
 * the model are taken from the whole document parsed: the tools' parameter schemas hold `title`
 * keys of their own, and the model is the one the import names (vibeActiveModel: the name of the
 * model whose alias is `active_model`). A meta.json cut where it was read has no title, and its
 * `active_model` as the model.
 */
export function readVibeMeta(bytes: Uint8Array): SessionHeader | undefined {
  const start = stringField(bytes, 'start_time')
  if (stringField(bytes, 'session_id') === undefined || start === undefined) return undefined
  const meta = parsedDocument(bytes)
  const title = nameLine((meta as { title?: unknown } | undefined)?.title)
  const model =
    meta !== undefined
      ? vibeActiveModel(meta)
      : stringField(bytes, 'active_model', false, realModel)
  return {
    started: isoOf(start),
    lastActive: isoOf(stringField(bytes, 'end_time')),
    cwd: stringField(bytes, 'working_directory'),
    ...(model !== undefined ? { model } : {}),
    ...(title !== undefined ? { title } : {}),
  }
}

function parsedDocument(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(asBuffer(bytes).toString('utf8')) as unknown
  } catch {
    return undefined
  }
}

/**
 * What a Cline 4 session's manifest (`<session id>.json`, beside its messages file) says: when the
 * session started, its working directory and the model it was started with; undefined for a file
 * that is no manifest (no `session_id` and `started_at`). The SDK writes its top-level fields
 * (SessionManifestSchema's order, `cwd` required) before its `prompt` and `metadata`, so the first
 * of each key is the manifest's own.
 */
export function readClineManifest(head: Uint8Array): SessionHeader | undefined {
  const startedAt = stringField(head, 'started_at')
  if (stringField(head, 'session_id') === undefined || startedAt === undefined) return undefined
  return {
    started: isoOf(startedAt),
    cwd: stringField(head, 'cwd'),
    model: stringField(head, 'model', false, realModel),
  }
}

// Cline's and Roo's first user turn names the folder in its environment details:
// `# Current Working Directory (/srv/billing) Files` (Roo: `Current Workspace Directory`).
const TASK_DIRECTORY = /# Current (?:Working|Workspace) Directory \((.+?)\) Files/

function taskDirectory(head: Uint8Array): string | undefined {
  const text = asBuffer(head).toString('utf8')
  const match = TASK_DIRECTORY.exec(text)
  if (!match) return undefined
  try {
    // The text sits inside a JSON string: `\\` in a Windows path is one backslash.
    return JSON.parse(`"${match[1]}"`) as string
  } catch {
    return match[1]
  }
}

/**
 * Which engine wrote a log in a folder of the user's, from its name and first bytes; undefined
 * for a file that is none of theirs.
 */
export function sniffEngine(name: string, head: Uint8Array): EngineId | undefined {
  const has = (key: string) => stringField(head, key) !== undefined
  // Cline 4's messages file: a version, when it was written, and whose it is.
  if (name.endsWith('.messages.json')) {
    return numberField(head, 'version') !== undefined &&
      has('updated_at') &&
      (has('sessionId') || has('agent'))
      ? 'cline'
      : undefined
  }
  if (name === 'api_conversation_history.json') {
    return /Current Workspace Directory/.test(asBuffer(head).toString('utf8'))
      ? 'roo-code'
      : 'cline'
  }
  if (name.endsWith('.jsonl')) {
    // Kimi CLI opens a context file with a record of its own: the system prompt, or a checkpoint.
    if (OWN_RECORDS.has(stringField(head, 'role') ?? '')) return 'kimi-cli'
    // Mistral Vibe writes every message's `injected` flag, and an id for each but a tool's.
    if (name === VIBE_MESSAGES && has('role') && firstLineHas(head, '"injected":')) {
      return 'mistral-vibe'
    }
    // GitHub Copilot CLI opens its events with session.start, whose producer is its agent.
    if (stringField(head, 'producer') === 'copilot-agent') return 'copilot-cli'
    const type = stringField(head, 'type')
    if (type === 'session_meta' || has('record_type')) return 'codex'
    if (type === 'session' && has('cwd')) return 'pi'
    if (type === 'session_start') return 'droid'
    if (has('projectHash')) return 'gemini-cli'
    // Qwen Code's records have Claude Code's uuid and sessionId, and a Gemini content's parts.
    if (has('sessionId') && has('uuid') && firstLineHas(head, '"parts":')) return 'qwen-code'
    if (has('sessionId') && has('uuid')) return 'claude-code'
    return undefined
  }
  if (name.startsWith('session-') && name.endsWith('.json') && has('projectHash')) {
    return 'gemini-cli'
  }
  // mini-swe-agent's trajectories name the version that wrote them in `info`, before the messages.
  if (name.endsWith('.traj.json') && has('mini_version')) return 'mini-swe-agent'
  return undefined
}

/**
 * A folder as Continue records it: a path, or (the IDE extension) the folder's `file://` URI, whose
 * path is decoded (`file:///c%3A/work` is `c:/work`).
 */
function folderOf(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined
  if (!value.startsWith('file://')) return value
  try {
    const path = decodeURIComponent(new URL(value).pathname)
    return /^\/[A-Za-z]:/.test(path) ? path.slice(1) : path
  } catch {
    return value
  }
}

/** Whether the first line of a log holds these bytes (a key with its quote and colon). */
function firstLineHas(head: Uint8Array, text: string): boolean {
  return asBuffer(firstLine(head)).includes(text)
}
