import type { Message } from '../types'
import { ShapeError, isObject, type Json } from './json-shape'
import type { NoteList, NoteRecord } from './report'
import type { Entry, EntryReading, Where } from './pi-shared'
import { readEntry } from './pi-entries'
import { replyWire } from './pi-assistant'

/*
 * A pi entry read as it is parsed: what the branch walk needs of its value is kept, and what it
 * reads as, with its notes recorded (paths inside the entry) to be made if it is on the branch.
 */

/** The entry of one parsed line (an object with a string type other than `session`). */
export function entryOf(line: number, value: Json, record: NoteRecord, inside: Where): Entry {
  return { line, value: branchFields(value), reading: readNow(line, value, record, inside) }
}

function readNow(line: number, value: Json, record: NoteRecord, inside: Where): EntryReading {
  try {
    const read = readEntry({ line, value }, inside, record)
    return reading(read.messages, read.model, read.calls ?? 0, record.take(), undefined)
  } catch (error) {
    if (!(error instanceof ShapeError)) return reading([], undefined, 0, record.take(), error)
    record.warn(inside(error.steps), `${error.problem}; entry skipped`)
    return reading([], undefined, 0, record.take(), undefined)
  }
}

// Every reading in one shape, every field written: the readings of a long session are read on
// the branch through one inline cache, and none grows a second object.
const reading = (
  messages: Message[],
  model: string | undefined,
  calls: number,
  notes: readonly unknown[],
  error: unknown,
): EntryReading => ({ messages, model, calls, notes, error })

/**
 * What pi-branch.ts and pi.ts read of an entry's value: its type, id and parentId, a model change's
 * model, an assistant message's role, model, wire and usage; a compaction whole (its summary and
 * fields are read when it is the one the branch applies), and a context edit and a system message
 * whole.
 */
function branchFields(v: Json): Json {
  if (v.type === 'compaction' || v.type === 'context_edit') return v
  const m = v.type === 'message' && isObject(v.message) ? v.message : undefined
  // A system message (pi 1.x) is folded into the leading instructions from its value.
  if (m?.role === 'system') return v
  // One shape, every field written (undefined when absent): no property added afterwards.
  return {
    type: v.type,
    id: v.id,
    parentId: v.parentId,
    modelId: v.type === 'model_change' ? v.modelId : undefined,
    message: m
      ? {
          role: m.role,
          model: m.role === 'assistant' ? m.model : undefined,
          // The wire it came over (pi.ts wireOfSession), worked out now: one of a few constant
          // strings, where its `api` and `provider` would be two strings kept for every reply.
          wire: m.role === 'assistant' ? replyWire(m) : undefined,
          // The reported prompt size (pi-branch.ts piUsage), read only on the branch: its counts,
          // not the parsed object with its cost breakdown, which would be kept for every reply.
          usage: m.role === 'assistant' ? promptCounts(m.usage) : undefined,
        }
      : undefined,
  }
}

/** The counts of a reply's usage that piUsage reads; anything else that is not an object as it is. */
const promptCounts = (u: unknown): unknown =>
  isObject(u)
    ? { input: u.input, output: u.output, cacheRead: u.cacheRead, cacheWrite: u.cacheWrite }
    : u

/** Makes a loaded entry's notes, placed on its line, and gives what it reads as. */
export function loadedEntry(e: Entry, notes: NoteList): EntryReading {
  const read = e.reading!
  notes.addRecordOnLine(read.notes, e.line)
  if (read.error !== undefined) throw read.error
  return read
}
