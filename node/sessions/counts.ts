/**
 * How many messages and compactions a session's log records, by a byte scan of the whole file
 * (byte-scan.ts): no line is JSON.parsed. It counts records, the way they are written: the
 * import can merge, replace or set some aside, so its message count can differ (docs/sessions.md).
 */
import { open, realpath, stat } from 'node:fs/promises'
import { dirname } from 'node:path'
import { asBuffer, eachValue } from './byte-scan'
import type { EngineId } from './engines'
import type { FoundSession } from './find'
import { COMPACTION_MARK } from '../../src/formats/kimi-cli-message'
import { isClineSessionFile } from './headers'
import { CLINE_MESSAGES, isOpencodeDatabase } from './walk'
import { defaultStoredSession, opencodeDbSessions } from '../../src/index'
import { readDatabase } from '../write-ahead-log'

/** What the count found. */
export interface SessionCounts {
  messages: number
  compactions: number
}

/** One field whose values mark a record: the key, and the values that count. */
interface Marker {
  key: string
  values: ReadonlySet<string>
}

const marker = (key: string, ...values: string[]): Marker => ({ key, values: new Set(values) })

// What a message record and a compaction look like in each engine's log.
interface Markers {
  /** A message record's field; or, for a pretty-printed document, `items`. */
  messages?: Marker
  /** What opens each message of a pretty-printed document's message list. */
  items?: string
  compactions?: Marker
  snapshot?: string
}

const MARKERS: Record<EngineId, Markers> = {
  // Top-level events; a compaction writes a `compact_boundary` system event.
  'claude-code': {
    messages: marker('type', 'user', 'assistant'),
    compactions: marker('subtype', 'compact_boundary'),
  },
  // Response items (in `response_item` lines, or bare in legacy rollouts); `compacted` lines.
  codex: {
    messages: marker(
      'type',
      'message',
      'function_call',
      'function_call_output',
      'custom_tool_call',
      'custom_tool_call_output',
      'local_shell_call',
      'web_search_call',
      'reasoning',
    ),
    compactions: marker('type', 'compacted'),
  },
  pi: { messages: marker('type', 'message'), compactions: marker('type', 'compaction') },
  // User, assistant and tool_result records; a compression appends a chat_compression record.
  'qwen-code': {
    messages: marker('type', 'user', 'assistant', 'tool_result'),
    compactions: marker('subtype', 'chat_compression'),
  },
  // Message records; a compaction rotates the file, and opens the new one with its summary.
  'kimi-cli': {
    messages: marker('role', 'user', 'assistant', 'tool'),
    snapshot: COMPACTION_MARK,
  },
  // What the model is sent, one event each (a subagent's among them); a compaction's end, which
  // may have failed, is session.compaction_complete.
  'copilot-cli': {
    messages: marker('type', 'user.message', 'assistant.message', 'tool.execution_complete'),
    compactions: marker('type', 'session.compaction_complete'),
  },
  // Messages by role; a compaction's summary opens the session folder it starts.
  'mistral-vibe': {
    messages: marker('role', 'user', 'assistant', 'tool'),
    snapshot: '<compaction_summary>',
  },
  // One message per history item; a summary is a history item's `conversationSummary`.
  continue: { messages: marker('role', 'user', 'assistant'), snapshot: '"conversationSummary":' },
  // Message events; a compaction appends a `compaction_state` event.
  droid: { messages: marker('type', 'message'), compactions: marker('type', 'compaction_state') },
  // Message records; a compression's summary is a user turn holding a <state_snapshot>.
  'gemini-cli': { messages: marker('type', 'user', 'gemini'), snapshot: '<state_snapshot>' },
  cline: {
    messages: marker('role', 'user', 'assistant'),
    compactions: marker('isSummary', 'true'),
  },
  'roo-code': {
    messages: marker('role', 'user', 'assistant'),
    compactions: marker('isSummary', 'true'),
  },
  // Kilo Code's tasks are Roo Code's: it is a fork of it.
  'kilo-code': {
    messages: marker('role', 'user', 'assistant'),
    compactions: marker('isSummary', 'true'),
  },
  // The items of `messages`, which json.dumps(indent=2) opens each at the start of a line, four
  // spaces in (with \r\n on Windows, where write_text translates newlines): a role would also
  // count the raw response a reply keeps, and a Responses-API item has none. No other line of the
  // document starts so. mini-swe-agent does not compact.
  'mini-swe-agent': { items: '\n    {' },
  // A database, not a log: its reader counts its session's rows (countSession).
  opencode: {},
}

// Cline 4's session files (a JSON object, where a task history is an array): messages by role;
// a compaction's summary (`metadata.kind` `compaction_summary`) or the kept prompt basic compaction
// marks (`compaction`). From 4.1.0 these are in the compaction sidecar, not the messages file.
const CLINE_SESSION: Markers = {
  messages: marker('role', 'user', 'assistant'),
  compactions: marker('kind', 'compaction_summary', 'compaction'),
}
const CLINE_SIDECAR = '.compaction.json'

const CHUNK = 1 << 20
// A match starting in the last OVERLAP bytes of a chunk is left for the next one, so no record
// is cut in two or counted twice. Longer than any marker with its value.
const OVERLAP = 512

/**
 * Counts a log's messages and compactions. Gemini CLI appends a message again when it is updated,
 * so its messages are counted once per id. A Cline 4 messages file's compactions are its own marks
 * and its compaction sidecar's (at least one when there is a sidecar: Cline writes it only when
 * it compacts, and each compaction replaces it, so this is a lower bound). A session in an opencode
 * database (or Kilo CLI's), SESSION or else the one an import reads, is counted in its rows: its
 * messages, and its messages' `compaction` parts.
 */
export async function countSession(
  engine: EngineId,
  path: string,
  session?: string,
): Promise<SessionCounts> {
  if (isOpencodeDatabase(path)) {
    const sessions = opencodeDbSessions(await readDatabase(path))
    // Without an id, the session an import reads.
    const found =
      session !== undefined
        ? sessions.find((s) => s.id === session)
        : defaultStoredSession(sessions)
    return { messages: found?.messages ?? 0, compactions: found?.compactions ?? 0 }
  }
  const { counts, clineSession } = await scan(engine, path)
  if (clineSession) counts.compactions += await sidecarCompactions(path)
  return counts
}

/** A listed session's counts: those its listing read with it, else countSession's. */
export async function sessionCounts(
  s: Pick<FoundSession, 'engine' | 'path' | 'session' | 'counts'>,
  path = s.path,
): Promise<SessionCounts> {
  return s.counts ?? countSession(s.engine, path, s.session)
}

// The compactions recorded in the sidecar `<id>.compaction.json` beside a Cline 4
// `<id>.messages.json`: 0 when there is none, or it is not a regular file in the messages file's
// own folder (a link that leads out of it is not followed).
async function sidecarCompactions(path: string): Promise<number> {
  const log = await realpath(path).catch(() => undefined)
  if (log === undefined || !log.endsWith(CLINE_MESSAGES)) return 0
  const sidecar = log.slice(0, -CLINE_MESSAGES.length) + CLINE_SIDECAR
  const real = await realpath(sidecar).catch(() => undefined)
  if (real === undefined || dirname(real) !== dirname(log)) return 0
  if (!(await stat(real).catch(() => undefined))?.isFile()) return 0
  const marked = await scan('cline', real).then(
    (r) => r.counts.compactions,
    () => 0,
  )
  return Math.max(1, marked)
}

async function scan(
  engine: EngineId,
  path: string,
): Promise<{ counts: SessionCounts; clineSession: boolean }> {
  let rules = MARKERS[engine]
  let clineSession = false
  const counts: SessionCounts = { messages: 0, compactions: 0 }
  const geminiIds = engine === 'gemini-cli' ? new Set<string>() : undefined
  const snapshot = rules.snapshot ? Buffer.from(rules.snapshot) : undefined
  const items = rules.items ? Buffer.from(rules.items) : undefined
  const handle = await open(path, 'r')
  try {
    let carry = Buffer.alloc(0)
    for (let position = 0; ;) {
      const chunk = Buffer.allocUnsafe(CHUNK)
      const { bytesRead } = await handle.read(chunk, 0, CHUNK, position)
      if (
        position === 0 &&
        engine === 'cline' &&
        isClineSessionFile(chunk.subarray(0, bytesRead))
      ) {
        rules = CLINE_SESSION
        clineSession = true
      }
      position += bytesRead
      const final = bytesRead === 0
      const buf = carry.length
        ? Buffer.concat([carry, chunk.subarray(0, bytesRead)])
        : chunk.subarray(0, bytesRead)
      const before = final ? buf.length : Math.max(0, buf.length - OVERLAP)
      if (rules.messages) {
        eachValue(buf, rules.messages.key, rules.messages.values, before, (_, at) => {
          if (!geminiIds) counts.messages++
          else geminiIds.add(messageIdBefore(buf, at) ?? `@${position}:${at}`)
        })
      }
      if (rules.compactions) {
        eachValue(buf, rules.compactions.key, rules.compactions.values, before, () => {
          counts.compactions++
        })
      }
      if (snapshot) counts.compactions += occurrences(buf, snapshot, before)
      if (items) counts.messages += occurrences(buf, items, before)
      if (final) break
      carry = Buffer.from(buf.subarray(before))
    }
  } finally {
    await handle.close()
  }
  if (geminiIds) counts.messages = geminiIds.size
  return { counts, clineSession }
}

// How many times `needle` starts before `before` in `buf`.
function occurrences(buf: Buffer, needle: Buffer, before: number): number {
  let n = 0
  for (let at = buf.indexOf(needle); at !== -1 && at < before; at = buf.indexOf(needle, at + 1)) n++
  return n
}

// The `"id"` of the record whose `"type"` is at `at`: Gemini CLI writes it first on the line.
function messageIdBefore(buf: Buffer, at: number): string | undefined {
  const lineStart = buf.lastIndexOf(0x0a, at) + 1
  const line = asBuffer(buf.subarray(lineStart, Math.min(at, lineStart + 300)))
  const match = /^\s*\{\s*"id"\s*:\s*"((?:[^"\\]|\\.)*)"/.exec(line.toString('utf8'))
  return match?.[1]
}
