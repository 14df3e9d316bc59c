import { orderMessage } from '../conversation'
import type { Message } from '../types'
import { isObject } from './json-shape'
import { replyModel } from './pi-assistant'
import type { ReadInput, ReadResult } from './reader'
import { isCount } from './reported-usage'
import type { ReportedUsage } from './types'
import { NoteList, describeLines } from './report'
import { type Entry, METADATA_NOTE } from './pi-shared'
import { PendingCalls, llmRole } from './pi-synthetic'
import { isSystemEntry, leadingInstructions, systemMessagesOf } from './pi-system'
import { ContextEdits } from './pi-context-edits'

/* The branch of a pi session tree that pi sends, from its latest compaction's summary on. */

/** Version 1: no tree; every entry in file order (pi's migrateV1ToV2 chains them so). */
export function linearPath(entries: Entry[]): Entry[] {
  return entries
}

/** The current branch, root first: from the file's last entry back along parentId. */
export function branchPath(entries: Entry[], notes: NoteList): Entry[] {
  // By index, not by entry: a Map of ids to positions and a byte per entry, in place of a Set of
  // 100,000 objects.
  const byId = new Map<string, number>()
  let withId = 0
  for (let i = 0; i < entries.length; i++) {
    const id = entries[i].value.id
    if (typeof id !== 'string') continue
    byId.set(id, i)
    withId++
  }
  // With every id on one entry, an entry whose parent is the entry before it needs no lookup: a
  // compare of two short strings, where a lookup hashes the parent's (read from the file, never
  // hashed yet).
  const shortcut = withId === byId.size
  const path: Entry[] = []
  const onPath = new Uint8Array(entries.length)
  let missingParent = false
  for (let i: number | undefined = entries.length - 1; i !== undefined && i >= 0;) {
    const e: Entry = entries[i]
    if (onPath[i]) {
      notes.warn(`line ${e.line}: parentId`, 'the branch loops back on itself; stopped here')
      break
    }
    onPath[i] = 1
    path.push(e)
    const parent = e.value.parentId
    if (typeof parent !== 'string') break
    i = shortcut && i > 0 && entries[i - 1].value.id === parent ? i - 1 : byId.get(parent)
    if (i === undefined) {
      missingParent = true
      notes.warn(
        `line ${e.line}: parentId`,
        `"${parent}" is not in the file (a broken line?); the branch starts here`,
      )
    }
  }
  path.reverse()
  const off: number[] = []
  for (let i = 0; i < entries.length; i++) if (!onPath[i]) off.push(entries[i].line)
  if (off.length > 0) {
    notes.warn(
      describeLines(off),
      missingParent
        ? `${off.length} entr${off.length === 1 ? 'y' : 'ies'} not reachable from the file's last entry (on other branches, or above the missing parent); pi sends neither; not loaded`
        : `${off.length} entr${off.length === 1 ? 'y' : 'ies'} on other branches of the session tree (pi sends only the current branch); not loaded`,
    )
  }
  return path
}

/**
 * The branch as pi's buildSessionContext sends it: the prompt its system messages hold (pi 1.x),
 * the latest compaction's summary, then the rest, with pi 1.x's context edits applied.
 */
export function readPath(
  path: Entry[],
  version: number,
  all: Entry[],
  notes: NoteList,
  input: ReadInput,
): ReadResult {
  let model: string | undefined
  let compactionAt = -1
  path.forEach((e, i) => {
    if (e.value.type === 'compaction') compactionAt = i
  })
  const messages: Message[] = []
  const usage: ReportedUsage[] = []
  // Entries kept from before a compaction were sent with history that is no longer loaded.
  let reportsFrom = 0
  let summary: Message | undefined
  const compaction = compactionAt !== -1 ? path[compactionAt] : undefined
  if (compaction) {
    const firstKept = firstKeptIndex(compaction, path, version, all, notes)
    const dropped = path.slice(0, firstKept).filter(isContextEntry)
    if (firstKept > 0) {
      notes.info(
        describeLines(path.slice(0, firstKept).map((e) => e.line)),
        `${firstKept} entr${firstKept === 1 ? 'y' : 'ies'} before the compaction's first kept entry; replaced by its summary, not loaded`,
      )
    }
    summary = compactionSummary(compaction, dropped.length, notes)
    // The kept entries come after the summary, then those after the compaction (as pi orders them).
    const kept = path.slice(firstKept, compactionAt)
    const after = path.slice(compactionAt + 1)
    for (const e of path.slice(0, firstKept)) model = settingOf(e) ?? model
    path = [...kept, ...after]
    reportsFrom = kept.length
  }
  const after = compaction ? path.slice(reportsFrom) : path
  for (const m of leadingInstructions(systemMessagesOf(compaction, after))) messages.push(m)
  if (summary) messages.push(summary)
  const edits = new ContextEdits(compaction ? [compaction, ...path] : path, input, notes)
  const pending = new PendingCalls(notes)
  for (let i = 0; i < path.length; i++) {
    const e = path[i]
    const read = edits.reading(e, notes)
    const role = llmRole(e, read.messages)
    pending.before(e.line, role, messages)
    const reported = i >= reportsFrom ? piUsage(e, messages.length) : undefined
    if (reported && read.messages.length > 0) usage.push(reported)
    for (const m of read.messages) messages.push(m)
    pending.after(role, read)
    if (read.model !== undefined) model = read.model
  }
  pending.end(path[path.length - 1]?.line)
  return { model, messages, notes, usage }
}

/**
 * An assistant message's `usage` (packages/ai/src/types.ts Usage): pi splits the prompt into
 * input, cacheRead and cacheWrite for every provider, so the prompt is their sum. A reply that
 * failed before the provider answered reports zeros, which are no report.
 */
function piUsage(e: Entry, prompt: number): ReportedUsage | undefined {
  const m = e.value.message
  if (e.value.type !== 'message' || !isObject(m) || m.role !== 'assistant') return undefined
  const u = m.usage
  if (!isObject(u) || !isCount(u.input)) return undefined
  const inputTokens =
    u.input + (isCount(u.cacheRead) ? u.cacheRead : 0) + (isCount(u.cacheWrite) ? u.cacheWrite : 0)
  if (inputTokens === 0) return undefined
  return {
    prompt,
    inputTokens,
    ...(isCount(u.output) ? { outputTokens: u.output } : {}),
    at: `line ${e.line}`,
    ...(typeof m.model === 'string' ? { model: m.model } : {}),
  }
}

/** The model a skipped entry would have set (pi reads settings along the whole branch). */
function settingOf(e: Entry): string | undefined {
  const v = e.value
  if (v.type === 'model_change' && typeof v.modelId === 'string') return v.modelId
  if (v.type === 'message' && isObject(v.message) && v.message.role === 'assistant') {
    return replyModel(v.message)
  }
  return undefined
}

const isContextEntry = (e: Entry) =>
  (e.value.type === 'message' && !isSystemEntry(e)) ||
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
        : key === 'systemMessage'
          ? 'the system prompt and tools at the compaction (pi 1.x): read into the leading instructions'
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
