import { describeLines, recall, type NoteList, type NoteSeverity, type NoteSink } from './report'
import { plural } from '../numbers'

/** Events a reader leaves out, gathered by kind and reason so the report counts each kind once. */
export class LeftOut {
  private readonly kinds = new Map<string, { severity: NoteSeverity; lines: number[] }>()

  /** `noun` is `[singular, plural]`; the note reads `12 progress events: reason`. */
  add(
    line: number,
    noun: readonly [string, string],
    reason: string,
    severity: NoteSeverity = 'info',
  ) {
    const key = `${noun[0]}\u0000${noun[1]}\u0000${reason}`
    const entry = this.kinds.get(key)
    if (entry) entry.lines.push(line)
    else this.kinds.set(key, { severity, lines: [line] })
  }

  /** One note per kind, naming its lines. */
  report(notes: NoteList): void {
    for (const [key, { severity, lines }] of this.kinds) {
      const [singular, many, reason] = key.split('\u0000')
      const problem = `${lines.length} ${lines.length === 1 ? singular : many}: ${reason}`
      if (severity === 'warning') notes.warn(describeLines(lines), problem)
      else notes.info(describeLines(lines), problem)
    }
  }
}

/**
 * Notes on fields set aside, counted as they come rather than kept one per line: a long session
 * carries a dozen on every line. Reports what aggregateNotes would make of them one by one.
 */
export class FieldNotes {
  // problem → field → the first line and how many lines; two levels, so no key is built per note.
  private readonly groups = new Map<string, Map<string, FieldGroup>>()
  // Per rule, the key lists of the objects it noted and their groups: the lines of a session
  // repeat a few shapes, and a line of a shape already seen only counts again.
  private readonly shapes = new Map<FieldRule, { keys: string[]; groups: FieldGroup[] }[]>()

  add(line: number, field: string, problem: string): void {
    this.group(line, field, problem).count++
  }

  /** Notes each of `keys` (an object's own keys) that `rule` gives a problem for. */
  addKeys(line: number, keys: string[], rule: FieldRule): void {
    let shapes = this.shapes.get(rule)
    if (!shapes) this.shapes.set(rule, (shapes = []))
    const seen = shapeOf(shapes, keys)
    if (seen) {
      for (const group of seen.groups) group.count++
      return
    }
    const groups: FieldGroup[] = []
    for (const key of keys) {
      const problem = rule.problemOf(key)
      if (problem === undefined) continue
      const group = this.group(line, rule.prefix + key, problem)
      group.count++
      groups.push(group)
    }
    if (shapes.length < MAX_SHAPES) shapes.push({ keys, groups })
  }

  private group(line: number, field: string, problem: string): FieldGroup {
    let byField = this.groups.get(problem)
    if (!byField) this.groups.set(problem, (byField = new Map()))
    let group = byField.get(field)
    if (!group) byField.set(field, (group = { line, count: 0 }))
    return group
  }

  report(notes: NoteList): void {
    for (const [problem, byField] of this.groups) {
      let listed = 0
      for (const [field, { line, count }] of byField) {
        // An object of thousands of keys (a proxy that wrote a string's characters as fields)
        // gives one note for the fields past the first few, not one each.
        if (listed === MAX_FIELDS_LISTED - 1 && byField.size > MAX_FIELDS_LISTED) {
          notes.info(`line ${line}: ${field} and ${moreFields(byField.size - listed - 1)}`, problem)
          break
        }
        listed++
        const at = (n: string) => (field === '' ? `line ${n}` : `line ${n}: ${field}`)
        if (count === 1) notes.info(at(String(line)), problem)
        else notes.add({ severity: 'info', path: at('*'), problem, count })
      }
    }
  }
}

// How many shapes of object a rule remembers: a session's lines come in a handful.
const MAX_SHAPES = 16

// How many fields of one problem are named one by one; the rest share one note.
const MAX_FIELDS_LISTED = 20
const moreFields = (n: number) => plural(n, 'more field')

interface FieldGroup {
  line: number
  count: number
}

/** Which fields of an object FieldNotes.addKeys notes, and why; `prefix` goes before each key. */
export interface FieldRule {
  prefix: string
  problemOf(key: string): string | undefined
}

// Loops rather than find(callback) here and below: these run a few times on every line.
function shapeOf<T extends string[] | { keys: string[] }>(
  shapes: T[],
  keys: string[],
): T | undefined {
  for (const shape of shapes)
    if (sameKeys(Array.isArray(shape) ? shape : shape.keys, keys)) return shape
  return undefined
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

const WARN = 0
const INFO = 1
const LEAVE = 2
const FIELD = 3
const FIELD_KEYS = 4
const NO_OPS: readonly unknown[] = []

/**
 * Records the notes a line's reading makes, in order, so that they are made only if the line turns
 * out to be on the thread, and in the thread's order (replay). Lines are read as they are parsed,
 * before the chain is known, so that what each line parsed to can die young. What a tape records
 * is of the line being read, whose number replay is given.
 */
export class NoteTape implements NoteSink {
  private ops: unknown[] = []
  // Per rule, the key lists seen: a line of a shape seen records that shape's array, not its own.
  private readonly shapes = new Map<FieldRule, string[][]>()
  private readonly recent: unknown[][] = []

  warn(path: string, problem: string): void {
    this.ops.push(WARN, path, problem)
  }

  info(path: string, problem: string): void {
    this.ops.push(INFO, path, problem)
  }

  /** As LeftOut.add. */
  leave(noun: readonly [string, string], reason: string, severity: NoteSeverity = 'info'): void {
    this.ops.push(LEAVE, noun, reason, severity)
  }

  /** As FieldNotes.add. */
  field(field: string, problem: string): void {
    this.ops.push(FIELD, field, problem)
  }

  /** As FieldNotes.addKeys. */
  fieldKeys(keys: string[], rule: FieldRule): void {
    let shapes = this.shapes.get(rule)
    if (!shapes) this.shapes.set(rule, (shapes = []))
    const seen = shapeOf(shapes, keys)
    if (seen) keys = seen
    else if (shapes.length < MAX_SHAPES) shapes.push(keys)
    this.ops.push(FIELD_KEYS, keys, rule)
  }

  /**
   * What was recorded since the last take, to replay later; the tape starts afresh. A record equal
   * to a recent one is that one: most lines of a session record the same notes, and keep nothing.
   */
  take(): readonly unknown[] {
    if (this.ops.length === 0) return NO_OPS
    const ops = this.ops
    this.ops = []
    return recall(this.recent, ops)
  }
}

/** Makes the notes a tape recorded while line `line` was read. */
export function replay(
  ops: readonly unknown[],
  line: number,
  notes: NoteList,
  left: LeftOut,
  fields: FieldNotes,
): void {
  for (let i = 0; i < ops.length;) {
    switch (ops[i]) {
      case WARN:
        notes.warn(ops[i + 1] as string, ops[i + 2] as string)
        i += 3
        break
      case INFO:
        notes.info(ops[i + 1] as string, ops[i + 2] as string)
        i += 3
        break
      case LEAVE:
        left.add(
          line,
          ops[i + 1] as [string, string],
          ops[i + 2] as string,
          ops[i + 3] as NoteSeverity,
        )
        i += 4
        break
      case FIELD:
        fields.add(line, ops[i + 1] as string, ops[i + 2] as string)
        i += 3
        break
      default:
        fields.addKeys(line, ops[i + 1] as string[], ops[i + 2] as FieldRule)
        i += 3
    }
  }
}
