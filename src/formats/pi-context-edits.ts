import { isObject, type Json } from './json-shape'
import type { ReadInput } from './reader'
import { NoteRecord, type NoteList } from './report'
import type { Entry, EntryReading } from './pi-shared'
import { entryOf, loadedEntry } from './pi-reading'
import { pathsInside } from './line-paths'

/*
 * pi 1.x context edits (pi-coding-agent 1.6.0 ContextEditEntry; session-manager.js
 * buildSessionProjection, projectContextEntry): the latest edit on the branch pi sends, for each
 * target, either leaves the target out (replacement null) or sends its content in place of the
 * target's, the message otherwise as it was.
 */

/** The readings of the branch's entries with their context edits applied. */
export class ContextEdits {
  private readonly byTarget = new Map<string, Entry>()
  private readonly edited = new Map<number, EntryReading>()

  /** `sent`: the entries pi sends (after a compaction, it and the entries it keeps and after). */
  constructor(sent: readonly Entry[], input: ReadInput, notes: NoteList) {
    for (const e of sent) {
      const v = e.value
      if (v.type === 'context_edit' && typeof v.targetId === 'string')
        this.byTarget.set(v.targetId, e)
    }
    if (this.byTarget.size === 0) return
    const contents = new Map<number, unknown>()
    const targets = new Set<string>()
    for (const e of sent) {
      const edit = typeof e.value.id === 'string' ? this.byTarget.get(e.value.id) : undefined
      if (!edit) continue
      targets.add(e.value.id as string)
      const r = edit.value.replacement
      if (isObject(r)) contents.set(e.line, r.content)
    }
    for (const [target, edit] of this.byTarget) {
      if (!targets.has(target))
        notes.info(`line ${edit.line}: targetId`, 'names no entry pi sends; no effect')
    }
    if (contents.size === 0) return
    // The entries' values are not kept: a target's line is read again, its content replaced.
    input.eachJsonLine((value, line) => {
      const content = contents.get(line)
      if (content === undefined || !isObject(value)) return
      const entry = entryOf(line, withContent(value, content), new NoteRecord(), pathsInside())
      this.edited.set(line, entry.reading!)
    })
  }

  /** What an entry reads as once edited, its notes made. */
  reading(e: Entry, notes: NoteList): EntryReading {
    const edit = typeof e.value.id === 'string' ? this.byTarget.get(e.value.id) : undefined
    if (!edit) return loadedEntry(e, notes)
    if (edit.value.replacement === null) {
      const read = loadedEntry(e, notes)
      if (read.messages.length === 0) return read
      notes.info(`line ${e.line}`, `left out by the context edit on line ${edit.line}, as pi does`)
      return { ...read, messages: [], calls: 0 }
    }
    const read = this.edited.get(e.line)
    if (!read) return loadedEntry(e, notes)
    notes.info(`line ${e.line}`, `its content replaced by the context edit on line ${edit.line}`)
    return loadedEntry({ ...e, reading: read }, notes)
  }
}

/** The entry with its content replaced, as projectContextEntry does for the roles it edits. */
function withContent(value: Json, content: unknown): Json {
  if (value.type === 'custom_message') return { ...value, content }
  const m = value.message
  if (value.type !== 'message' || !isObject(m)) return value
  const role = m.role
  if (role !== 'user' && role !== 'assistant' && role !== 'toolResult' && role !== 'custom')
    return value
  const blocks =
    (role === 'assistant' || role === 'toolResult') && typeof content === 'string'
      ? [{ type: 'text', text: content }]
      : content
  return { ...value, message: { ...m, content: blocks } }
}
