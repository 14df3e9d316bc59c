import { isObject } from './json-shape'
import { LocatedError, noLineIs, untypedLine, type ReadInput, type ReadResult } from './reader'
import { NoteList, NoteRecord, warnSkippedLines } from './report'
import { lineObjects } from './sniff-shapes'
import type { Wire } from '../pricing/wire'
import type { FormatDescriptor } from './types'
import { ENTRY_TYPES, type Entry, HEADER_NOTE } from './pi-shared'
import { branchPath, linearPath, readPath } from './pi-branch'
import { entryOf } from './pi-reading'
import { pathsInside } from './line-paths'

/*
 * pi (badlogic/pi-mono, the coding agent) writes a session as ~/.pi/agent/sessions/…/*.jsonl.
 * Followed: packages/coding-agent/src/core/session-manager.ts (SessionHeader, SessionEntry,
 * buildSessionContext, migrateV1ToV2), core/messages.ts (convertToLlm) and packages/ai/src/types.ts
 * (message and content types), commit 83378aad, @mariozechner/pi-coding-agent 0.58.3, session
 * version 3; read 2026-12-01. Checked again against the npm package 0.73.1 (pi-ai and
 * pi-agent-core 0.73.1), still session version 3. See docs/formats/pi.md.
 */

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
  // Each entry is read as it is parsed (pi-reading.ts), and its value is not kept.
  const entries: Entry[] = []
  let header: Entry | undefined
  const inLine: { line: number; problem: string }[] = []
  const record = new NoteRecord()
  const inside = pathsInside()
  const broken = input.eachJsonLine((value, line) => {
    if (!isObject(value) || typeof value.type !== 'string') {
      inLine.push({ line, problem: untypedLine(value, 'a pi session entry') })
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
      entries.push(entryOf(line, value, record, inside))
    }
  })
  const skipped = [...broken, ...inLine]
  const known = entries.filter((e) => ENTRY_TYPES.has(e.value.type as string))
  if (!header && !known.some((e) => e.value.type === 'message' && isObject(e.value.message))) {
    const first =
      skipped[0] ??
      (entries[0] && {
        line: entries[0].line,
        problem: `"type": "${String(entries[0].value.type)}" is not a pi entry`,
      })
    throw noLineIs('a pi session header or entry', first)
  }
  warnSkippedLines(skipped, notes)

  // Entries of unknown types stay in the tree, so the branch walks through them.
  const version = typeof header?.value.version === 'number' ? header.value.version : 1
  const path = version < 2 ? linearPath(entries) : branchPath(entries, notes)
  const read = readPath(path, version, entries, notes, input)
  const first = header?.value.modelId
  const wire = wireOfSession(path)
  const withWire = wire ? { ...read, wire } : read
  return read.model === undefined && typeof first === 'string'
    ? { ...withWire, model: first }
    : withWire
}

/**
 * The wire of the session's latest reply that says one (pi-assistant.ts replyWire, worked out as
 * the entry was parsed; OpenClaw's delivery mirror says none). Undefined when none says.
 */
function wireOfSession(path: readonly Entry[]): Wire | undefined {
  for (let i = path.length - 1; i >= 0; i--) {
    const m = path[i].value.message
    if (isObject(m) && m.role === 'assistant' && typeof m.wire === 'string') return m.wire as Wire
  }
  return undefined
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
