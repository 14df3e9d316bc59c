/**
 * How many messages and compactions a session's log records, by a byte scan of the whole file
 * (byte-scan.ts): no line is JSON.parsed. It counts records, the way they are written: the
 * import can merge, replace or set some aside, so its message count can differ (docs/sessions.md).
 */
import { open } from 'node:fs/promises'
import { asBuffer, eachValue } from './byte-scan'
import type { EngineId } from './engines'

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
const MARKERS: Record<EngineId, { messages: Marker; compactions?: Marker; snapshot?: string }> = {
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
}

const CHUNK = 1 << 20
// A match starting in the last OVERLAP bytes of a chunk is left for the next one, so no record
// is cut in two or counted twice. Longer than any marker with its value.
const OVERLAP = 512

/**
 * Counts a log's messages and compactions. Gemini CLI appends a message again when it is updated,
 * so its messages are counted once per id.
 */
export async function countSession(engine: EngineId, path: string): Promise<SessionCounts> {
  const rules = MARKERS[engine]
  const counts: SessionCounts = { messages: 0, compactions: 0 }
  const geminiIds = engine === 'gemini-cli' ? new Set<string>() : undefined
  const snapshot = rules.snapshot ? Buffer.from(rules.snapshot) : undefined
  const handle = await open(path, 'r')
  try {
    let carry = Buffer.alloc(0)
    for (let position = 0; ;) {
      const chunk = Buffer.allocUnsafe(CHUNK)
      const { bytesRead } = await handle.read(chunk, 0, CHUNK, position)
      position += bytesRead
      const final = bytesRead === 0
      const buf = carry.length
        ? Buffer.concat([carry, chunk.subarray(0, bytesRead)])
        : chunk.subarray(0, bytesRead)
      const before = final ? buf.length : Math.max(0, buf.length - OVERLAP)
      eachValue(buf, rules.messages.key, rules.messages.values, before, (_, at) => {
        if (!geminiIds) counts.messages++
        else geminiIds.add(messageIdBefore(buf, at) ?? `@${position}:${at}`)
      })
      if (rules.compactions) {
        eachValue(buf, rules.compactions.key, rules.compactions.values, before, () => {
          counts.compactions++
        })
      }
      if (snapshot) {
        for (
          let at = buf.indexOf(snapshot);
          at !== -1 && at < before;
          at = buf.indexOf(snapshot, at + 1)
        ) {
          counts.compactions++
        }
      }
      if (final) break
      carry = Buffer.from(buf.subarray(before))
    }
  } finally {
    await handle.close()
  }
  if (geminiIds) counts.messages = geminiIds.size
  return counts
}

// The `"id"` of the record whose `"type"` is at `at`: Gemini CLI writes it first on the line.
function messageIdBefore(buf: Buffer, at: number): string | undefined {
  const lineStart = buf.lastIndexOf(0x0a, at) + 1
  const line = asBuffer(buf.subarray(lineStart, Math.min(at, lineStart + 300)))
  const match = /^\s*\{\s*"id"\s*:\s*"((?:[^"\\]|\\.)*)"/.exec(line.toString('utf8'))
  return match?.[1]
}
