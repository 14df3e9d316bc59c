/** How much a note matters: a warning changes what is counted or sent; info is metadata set aside. */
export type NoteSeverity = 'warning' | 'info'

/** One entry in an import or export report: where, and what happened to the input there. */
export interface ImportNote {
  severity: NoteSeverity
  /**
   * Where: a JSON path (`messages[3].content[1].cache_control`, `[3].content` for a bare array),
   * `line 17` or `line 17: message.usage` for JSONL, `lines 3–9, 14` for a set of lines, or ''
   * for the whole file. An aggregated note has `*` in place of the indices that vary.
   */
  path: string
  problem: string
  /** Set on an aggregated note: how many notes it stands for. */
  count?: number
}

/**
 * Repeats of one warning up to this many are listed one by one; more collapse into one note with
 * `*` paths and a count, because forty image warnings bury the one note that matters. Repeats of
 * an info note (metadata set aside, such as a session's `cwd` on every line) always collapse.
 */
export const MAX_REPEATED_NOTES = 3

/** The path with every array index and line number replaced by `*`. */
export function generalizePath(path: string): string {
  return path.replace(/\[\d+\]/g, '[*]').replace(/^line \d+/, 'line *')
}

/**
 * Collapses notes that differ only in their indices (same severity, problem and generalized path):
 * warnings when there are more than MAX_REPEATED_NOTES, info notes when there are two or more.
 * Order follows each group's first note.
 */
export function aggregateNotes(notes: readonly ImportNote[]): ImportNote[] {
  const groups = new Map<string, ImportNote[]>()
  for (const note of notes) {
    const key = `${note.severity}\u0000${generalizePath(note.path)}\u0000${note.problem}`
    const group = groups.get(key)
    if (group) group.push(note)
    else groups.set(key, [note])
  }
  const out: ImportNote[] = []
  for (const group of groups.values()) {
    const total = group.reduce((sum, n) => sum + (n.count ?? 1), 0)
    const limit = group[0].severity === 'info' ? 1 : MAX_REPEATED_NOTES
    if (group.length > limit) {
      const { severity, path, problem } = group[0]
      out.push({ severity, path: generalizePath(path), problem, count: total })
    } else {
      out.push(...group)
    }
  }
  return out
}

/** One line for a person: `warning messages[3].content[1] (×40): problem`. */
export function formatNote(note: ImportNote): string {
  const where = note.path === '' ? '' : ` ${note.path}`
  const times = note.count !== undefined ? ` (×${note.count})` : ''
  return `${note.severity}${where}${times}: ${note.problem}`
}

/** Where a reader's notes go: a NoteList, or a record of them to be made later. */
export interface NoteSink {
  warn(path: string, problem: string): void
  info(path: string, problem: string): void
}

const WARN = 0
const INFO = 1

/**
 * Records notes to be made later, and only if they turn out to matter: a streamed file's entries
 * are read as they are parsed, before the reader knows which of them it loads. A record equal to
 * a recent one is that one (most entries of a session note the same fields), so what is kept per
 * entry is usually a shared array.
 */
export class NoteRecord implements NoteSink {
  private ops: unknown[] = []
  private readonly recent: unknown[][] = []

  warn(path: string, problem: string): void {
    this.ops.push(WARN, path, problem)
  }

  info(path: string, problem: string): void {
    this.ops.push(INFO, path, problem)
  }

  /** What was recorded since the last take; the record starts afresh. */
  take(): readonly unknown[] {
    if (this.ops.length === 0) return NO_NOTES
    const ops = this.ops
    this.ops = []
    for (const kept of this.recent) if (sameOps(kept, ops)) return kept
    if (this.recent.length === RECENT_RECORDS) this.recent.shift()
    this.recent.push(ops)
    return ops
  }
}

const NO_NOTES: readonly unknown[] = []
const RECENT_RECORDS = 16

function sameOps(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

/** Makes the notes of a record into `notes`, each path passed through `at` first. */
export function replayNotes(
  ops: readonly unknown[],
  notes: NoteSink,
  at: (path: string) => string,
): void {
  for (let i = 0; i < ops.length; i += 3) {
    const path = at(ops[i + 1] as string)
    if (ops[i] === WARN) notes.warn(path, ops[i + 2] as string)
    else notes.info(path, ops[i + 2] as string)
  }
}

/**
 * Collects notes while a reader walks its input, collapsing repeats as they come (the rule of
 * aggregateNotes): a session of 100,000 lines notes its metadata on every line, and keeping each
 * of those notes until the end would cost more memory than the conversation.
 */
export class NoteList implements NoteSink {
  private readonly groups = new Map<string, { kept: ImportNote[]; total: number }>()
  private warnings = 0

  /** Something that changes what is counted or sent. */
  warn(path: string, problem: string): void {
    this.add({ severity: 'warning', path, problem })
  }

  /** Something set aside that the model never sees, such as request settings or session metadata. */
  info(path: string, problem: string): void {
    this.add({ severity: 'info', path, problem })
  }

  /** A note; one with a `count` stands for that many (a reader that counted repeats itself). */
  add(note: ImportNote): void {
    const n = note.count ?? 1
    if (note.severity === 'warning') this.warnings += n
    const key = `${note.severity}\u0000${generalizePath(note.path)}\u0000${note.problem}`
    const group = this.groups.get(key)
    if (!group) {
      this.groups.set(key, { kept: [note], total: n })
      return
    }
    group.total += n
    // One more than a group may list is enough to know that it collapses.
    if (group.kept.length <= MAX_REPEATED_NOTES) group.kept.push(note)
  }

  /**
   * Adds every note of `other` after this list's, as if each had been added here in its order: a
   * reader that learns of some notes only at the end (a streamed file's broken lines) still
   * reports them first.
   */
  absorb(other: NoteList): void {
    for (const [key, { kept, total }] of other.groups) {
      const group = this.groups.get(key)
      if (!group) {
        this.groups.set(key, { kept: [...kept], total })
        continue
      }
      group.total += total
      for (const note of kept) if (group.kept.length <= MAX_REPEATED_NOTES) group.kept.push(note)
    }
    this.warnings += other.warnings
  }

  /** The notes so far, repeats collapsed as aggregateNotes would, in order of first appearance. */
  get notes(): ImportNote[] {
    const out: ImportNote[] = []
    for (const { kept, total } of this.groups.values()) {
      const { severity, path, problem } = kept[0]
      const limit = severity === 'info' ? 1 : MAX_REPEATED_NOTES
      if (total > limit) out.push({ severity, path: generalizePath(path), problem, count: total })
      else out.push(...kept)
    }
    return out
  }

  /** How many warnings so far: detection prefers the format that leaves the least unexplained. */
  get warningCount(): number {
    return this.warnings
  }
}

/** Line numbers as ranges: [3, 4, 5, 9] → `lines 3–5, 9`; a single line → `line 3`. */
export function describeLines(lines: readonly number[]): string {
  const sorted = [...new Set(lines)].sort((a, b) => a - b)
  const ranges: string[] = []
  for (let i = 0; i < sorted.length; i++) {
    const start = sorted[i]
    while (i + 1 < sorted.length && sorted[i + 1] === sorted[i] + 1) i++
    ranges.push(start === sorted[i] ? `${start}` : `${start}–${sorted[i]}`)
  }
  return `${sorted.length === 1 ? 'line' : 'lines'} ${ranges.join(', ')}`
}
