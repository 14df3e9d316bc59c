import { describeLines, type NoteList, type NoteSeverity } from './report'

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
      const [singular, plural, reason] = key.split('\u0000')
      const problem = `${lines.length} ${lines.length === 1 ? singular : plural}: ${reason}`
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
  // Per rule, the keys of the last object it noted and their groups: the lines of a session mostly
  // repeat one shape, and a line of the same shape only counts again.
  private readonly lastShape = new Map<FieldRule, { keys: string[]; groups: FieldGroup[] }>()

  add(line: number, field: string, problem: string): void {
    this.group(line, field, problem).count++
  }

  /** Notes each of `keys` (an object's own keys) that `rule` gives a problem for. */
  addKeys(line: number, keys: string[], rule: FieldRule): void {
    const last = this.lastShape.get(rule)
    if (last && sameKeys(last.keys, keys)) {
      for (const group of last.groups) group.count++
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
    this.lastShape.set(rule, { keys, groups })
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
      for (const [field, { line, count }] of byField) {
        const at = (n: string) => (field === '' ? `line ${n}` : `line ${n}: ${field}`)
        if (count === 1) notes.info(at(String(line)), problem)
        else notes.add({ severity: 'info', path: at('*'), problem, count })
      }
    }
  }
}

interface FieldGroup {
  line: number
  count: number
}

/** Which fields of an object FieldNotes.addKeys notes, and why; `prefix` goes before each key. */
export interface FieldRule {
  prefix: string
  problemOf(key: string): string | undefined
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}
