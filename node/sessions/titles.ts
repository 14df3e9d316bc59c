/**
 * A session's title, where its engine keeps one in the log, read from the log's first and last
 * few KB as the rest of the header is (headers.ts). Each rule is the engine's own, as its session
 * list reads it; an engine not named here keeps no title in its log (opencode's is in its
 * database: find.ts). docs/sessions.md, "Titles".
 */
import { firstLine, objectLinesHolding, stringField } from './byte-scan'
import type { EngineId } from './engines'
import { oneLine } from './subagents'

/** The title of a session of ENGINE from its head and tail (whole lines); undefined for none. */
export function sessionTitle(
  engine: EngineId,
  head: Uint8Array,
  tail: Uint8Array,
): string | undefined {
  const title = rawTitle(engine, head, tail)
  return title !== undefined && title.trim() !== '' ? oneLine(title) : undefined
}

function rawTitle(engine: EngineId, head: Uint8Array, tail: Uint8Array): string | undefined {
  switch (engine) {
    case 'claude-code':
      return claudeCodeTitle(head, tail)
    case 'gemini-cli':
      return geminiTitle(head, tail)
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
 * the last one written wins. The older single-document session is not read for one.
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
