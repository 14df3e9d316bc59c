import { formatNumber } from '../numbers'

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
  // Without a regular expression for the line: this runs for every note a reader makes.
  const indexed = path.indexOf('[') === -1 ? path : path.replace(/\[\d+\]/g, '[*]')
  if (!indexed.startsWith('line ')) return indexed
  let end = 5
  while (end < indexed.length && isDigit(indexed.charCodeAt(end))) end++
  return end === 5 ? indexed : `line *${indexed.slice(end)}`
}

const isDigit = (code: number) => code >= 0x30 && code <= 0x39

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
  const times = note.count !== undefined ? ` (×${formatNumber(note.count)})` : ''
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
    return recall(this.recent, ops)
  }
}

const NO_NOTES: readonly unknown[] = []
const RECENT_RECORDS = 16

/**
 * A record equal to one of `recent` is that one; otherwise `ops` joins them, the least recently
 * used leaving when they are full. Most recently used last, and looked at first: a session's
 * entries cycle through a few kinds, each recording the same notes as the last of its kind, and
 * a record seen once early on (a header's, a first prompt's) is not compared with every line.
 */
export function recall(recent: unknown[][], ops: unknown[]): unknown[] {
  for (let k = recent.length - 1; k >= 0; k--) {
    const kept = recent[k]
    if (!sameOps(kept, ops)) continue
    if (k !== recent.length - 1) {
      recent.splice(k, 1)
      recent.push(kept)
    }
    return kept
  }
  if (recent.length === RECENT_RECORDS) recent.shift()
  recent.push(ops)
  return ops
}

function sameOps(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

/** The notes of one kind (severity, generalized path, problem): the first few, and how many. */
interface NoteGroup {
  kept: ImportNote[]
  total: number
}

type NoteIndex = [Map<string, Map<string, NoteGroup>>, Map<string, Map<string, NoteGroup>>]

/**
 * Collects notes while a reader walks its input, collapsing repeats as they come (the rule of
 * aggregateNotes): a session of 100,000 lines notes its metadata on every line, and keeping each
 * of those notes until the end would cost more memory than the conversation.
 */
/** Warns of each line of a JSONL file that could not be read: it loses only itself. */
export function warnSkippedLines(
  lines: readonly { line: number; problem: string }[],
  notes: NoteList,
): void {
  for (const b of lines) notes.warn(`line ${b.line}`, `${b.problem}; skipped, the rest loaded`)
}

export class NoteList implements NoteSink {
  // In order of first appearance; found by severity, problem and generalized path, two Maps deep
  // so that no key is built per note (a problem is most often one constant string).
  private readonly groups: NoteGroup[] = []
  // Warnings' and info notes' groups, by problem then generalized path.
  private readonly index: NoteIndex = [new Map(), new Map()]
  // addOnLine's own index, as `index` but by the path inside the line.
  private readonly onLine: NoteIndex = [new Map(), new Map()]
  private warnings = 0
  // addRecordOnLine's records whose every group lists all it will: their groups, and warnings.
  private readonly fullRecords = new Map<
    readonly unknown[],
    { groups: NoteGroup[]; warnings: number }
  >()

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
    this.count(this.groupOf(note.severity, generalizePath(note.path), note.problem), note, n)
  }

  /**
   * As add, of the note `line N: inside` (`line N` when `inside` is ''), where `inside` is a path
   * within the line: a note of a kind already past what it lists is counted without its path
   * being written out.
   */
  addOnLine(severity: NoteSeverity, line: number, inside: string, problem: string): void {
    this.noteOnLine(severity, line, inside, problem)
  }

  /**
   * As addOnLine, of each note of a record (NoteRecord.take: severity, path inside the line and
   * problem, three items a note). Most entries of a session share one record; once every kind it
   * notes lists all it will, the record is counted by its groups, with no lookup.
   */
  addRecordOnLine(ops: readonly unknown[], line: number): void {
    const full = this.fullRecords.get(ops)
    if (full !== undefined) {
      for (const group of full.groups) group.total++
      this.warnings += full.warnings
      return
    }
    const groups: NoteGroup[] = []
    let warnings = 0
    for (let i = 0; i < ops.length; i += 3) {
      const severity = ops[i] === WARN ? 'warning' : 'info'
      if (severity === 'warning') warnings++
      groups.push(this.noteOnLine(severity, line, ops[i + 1] as string, ops[i + 2] as string))
    }
    // A group that lists all it will stays so: counting the record's groups is what adding its
    // notes one by one would do.
    if (groups.every(isFull) && this.fullRecords.size < MAX_FULL_RECORDS) {
      this.fullRecords.set(ops, { groups, warnings })
    }
  }

  private noteOnLine(
    severity: NoteSeverity,
    line: number,
    inside: string,
    problem: string,
  ): NoteGroup {
    if (severity === 'warning') this.warnings++
    const byInside = inner(this.onLine[severity === 'warning' ? 0 : 1], problem)
    let group = byInside.get(inside)
    if (group && isFull(group)) {
      group.total++
      return group
    }
    const path = inside === '' ? `line ${line}` : `line ${line}: ${inside}`
    if (!group) {
      group = this.groupOf(severity, generalizePath(path), problem)
      byInside.set(inside, group)
    }
    this.count(group, { severity, path, problem }, 1)
    return group
  }

  /**
   * Adds every note of `other` after this list's, as if each had been added here in its order: a
   * reader that learns of some notes only at the end (a streamed file's broken lines) still
   * reports them first.
   */
  absorb(other: NoteList): void {
    for (const { kept, total } of other.groups) {
      const { severity, path, problem } = kept[0]
      const group = this.groupOf(severity, generalizePath(path), problem)
      group.total += total
      for (const note of kept) if (group.kept.length <= MAX_REPEATED_NOTES) group.kept.push(note)
    }
    this.warnings += other.warnings
  }

  private groupOf(severity: NoteSeverity, general: string, problem: string): NoteGroup {
    const byPath = inner(this.index[severity === 'warning' ? 0 : 1], problem)
    let group = byPath.get(general)
    if (!group) {
      group = { kept: [], total: 0 }
      byPath.set(general, group)
      this.groups.push(group)
    }
    return group
  }

  private count(group: NoteGroup, note: ImportNote, n: number): void {
    group.total += n
    if (!isFull(group)) group.kept.push(note)
  }

  /** Whether a note of this problem was made, of either severity, at any place. */
  has(problem: string): boolean {
    return [...this.index, ...this.onLine].some((byProblem) => byProblem.has(problem))
  }

  /** The notes so far, repeats collapsed as aggregateNotes would, in order of first appearance. */
  get notes(): ImportNote[] {
    const out: ImportNote[] = []
    for (const { kept, total } of this.groups) {
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

/** Whether a group lists all it will: one more than a group may list says that it collapses. */
const isFull = (group: NoteGroup) => group.kept.length > MAX_REPEATED_NOTES

// Records counted by their groups, at most: a file whose entries each note something new keeps
// adding them one note at a time.
const MAX_FULL_RECORDS = 256

function inner<V>(outer: Map<string, Map<string, V>>, key: string): Map<string, V> {
  let map = outer.get(key)
  if (!map) outer.set(key, (map = new Map()))
  return map
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
