/**
 * A session's title, where its engine keeps one in the log, read from the log's first and last
 * few KB as the rest of the header is (headers.ts). Each rule is the engine's own, as its session
 * list reads it; an engine not named here keeps no title in its log (opencode's is in its
 * database: find.ts). docs/sessions.md, "Titles".
 */
import { asBuffer, firstLine, objectLinesHolding, stringField } from './byte-scan'
import type { EngineId } from './engines'
import { nameLine } from './subagents'

/** The title of a session of ENGINE from its head and tail (whole lines); undefined for none. */
export function sessionTitle(
  engine: EngineId,
  head: Uint8Array,
  tail: Uint8Array,
): string | undefined {
  return nameLine(rawTitle(engine, head, tail))
}

function rawTitle(engine: EngineId, head: Uint8Array, tail: Uint8Array): string | undefined {
  switch (engine) {
    case 'claude-code':
      return claudeCodeTitle(head, tail)
    case 'gemini-cli':
      return geminiTitle(head, tail) ?? geminiDocumentTitle(head, tail)
    case 'codex':
      return codexTitle(head, tail)
    case 'pi':
      return piTitle(head, tail)
    case 'droid': {
      // The session_start line names it (as a subagent's row is named: subagents.ts).
      const first = firstLine(head)
      return stringField(first, 'sessionTitle') ?? stringField(first, 'title')
    }
    default:
      return undefined
  }
}

/**
 * Claude Code 2.1.88's session list (`listSessionsImpl.ts`, `readLiteMetadata` in
 * `sessionStorage.ts`): the last `customTitle` (a `/rename`, a `custom-title` line, re-appended at
 * the end of the file when a session exits), in the tail, else the head; else the last `aiTitle`
 * (an `ai-title` line, never re-appended) likewise; else the last `summary` line's in the tail (the
 * title lines of versions before 2.1). Nonblank only, as its `||` takes them. Claude Code scans the
 * tail for any `"summary"` key there; only a `summary` line's is taken here, since a
 * `task-summary` line (what the agent is doing now, for `claude ps`) is no title.
 */
function claudeCodeTitle(head: Uint8Array, tail: Uint8Array): string | undefined {
  const nonblank = (v: string) => v.trim() !== ''
  const last = (bytes: Uint8Array, key: string) => stringField(bytes, key, true, nonblank)
  return (
    last(tail, 'customTitle') ??
    last(head, 'customTitle') ??
    last(tail, 'aiTitle') ??
    last(head, 'aiTitle') ??
    titleLine(tail)
  )
}

function titleLine(tail: Uint8Array): string | undefined {
  for (const line of objectLinesHolding(tail, '"summary"')) {
    if (line.type === 'summary' && typeof line.summary === 'string' && line.summary.trim() !== '')
      return line.summary
  }
  return undefined
}

/**
 * Gemini CLI (`chatRecordingService.ts` at 5411f113, `saveSummary`): the session's `summary`, a
 * `{"$set": {"summary": …}}` record appended to the JSONL session, or its first record's field;
 * the last one written wins.
 */
function geminiTitle(head: Uint8Array, tail: Uint8Array): string | undefined {
  for (const bytes of [tail, head]) {
    for (const record of objectLinesHolding(bytes, '"summary"')) {
      const set = record.$set
      const summary =
        typeof set === 'object' && set !== null
          ? (set as Record<string, unknown>).summary
          : typeof record.sessionId === 'string'
            ? record.summary
            : undefined
      if (typeof summary === 'string') return summary
    }
  }
  return undefined
}

/**
 * Gemini CLI's single-document session (0.21 until the JSONL sessions): `saveSummary` sets the
 * record's top-level `summary` and the whole record is written again, `JSON.stringify(record,
 * null, 2)` (616d6f66, `chatRecordingService.ts`). A top-level key is the only one on a line of
 * its own indented by exactly two spaces: the messages' keys are indented by six or more, and a
 * string's line breaks are escaped. The key comes after `messages` when the summary was added to
 * a record written before, and before it when the record was made with one: tail, then head.
 */
function geminiDocumentTitle(head: Uint8Array, tail: Uint8Array): string | undefined {
  for (const bytes of [tail, head]) {
    const summary = lastTopLevelString(bytes, 'summary')
    if (summary !== undefined) return summary
  }
  return undefined
}

/** The string value of the last line that is `  "KEY": "…"` (a pretty-printed record's own key). */
function lastTopLevelString(bytes: Uint8Array, key: string): string | undefined {
  const buf = asBuffer(bytes)
  const needle = Buffer.from(`\n  ${JSON.stringify(key)}: "`)
  const at = buf.lastIndexOf(needle)
  if (at === -1) return undefined
  const newline = buf.indexOf(0x0a, at + 1)
  const line = buf.toString('utf8', at + needle.length - 1, newline === -1 ? buf.length : newline)
  try {
    const value: unknown = JSON.parse(line.replace(/,?\s*$/, ''))
    return typeof value === 'string' ? value : undefined
  } catch {
    return undefined
  }
}

/**
 * Codex CLI: the last `thread_name_updated` event's `thread_name` (a `/rename` or the name Codex
 * makes itself; an empty one clears it). Codex appends the event to the rollout and the same name
 * to `session_index.jsonl` in its home (`apply_thread_name`, openai/codex
 * `codex-rs/core/src/rollout/session_index.rs`): the index, read by {@link codexThreadNames},
 * is taken before this, since a rename in the middle of a long rollout is in neither end.
 */
function codexTitle(head: Uint8Array, tail: Uint8Array): string | undefined {
  for (const bytes of [tail, head]) {
    for (const line of objectLinesHolding(bytes, '"thread_name_updated"')) {
      const payload = line.payload as Record<string, unknown> | undefined
      if (line.type === 'event_msg' && payload?.type === 'thread_name_updated') {
        return typeof payload.thread_name === 'string' ? payload.thread_name : ''
      }
    }
  }
  return undefined
}

/** The name of Codex's index of thread names, in its home (`SESSION_INDEX_FILE`). */
export const CODEX_SESSION_INDEX = 'session_index.jsonl'

/**
 * Codex's `session_index.jsonl` (`SessionIndexEntry`: `id`, `thread_name`, `updated_at`), the
 * name of each thread by its id (lower case): append-only, the last entry for an id wins, and an
 * empty name is a name cleared. Lines that are not such an entry are passed over, as Codex does.
 */
export function codexThreadNames(bytes: Uint8Array): Map<string, string> {
  const names = new Map<string, string>()
  const text = new TextDecoder().decode(bytes)
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue
    let entry: unknown
    try {
      entry = JSON.parse(line)
    } catch {
      continue
    }
    const { id, thread_name: name } = (entry ?? {}) as Record<string, unknown>
    if (typeof id !== 'string' || typeof name !== 'string') continue
    names.set(id.toLowerCase(), name)
  }
  return names
}

/**
 * pi (docs/formats/pi.md): the `name` of the last `session_info` entry; an empty one clears the
 * title (0.59 on).
 */
function piTitle(head: Uint8Array, tail: Uint8Array): string | undefined {
  for (const bytes of [tail, head]) {
    for (const entry of objectLinesHolding(bytes, '"session_info"')) {
      if (entry.type === 'session_info' && typeof entry.name === 'string') return entry.name
    }
  }
  return undefined
}
