import { describe, expect, it } from 'vitest'
import {
  NoteList,
  NoteRecord,
  aggregateNotes,
  generalizePath,
  type ImportNote,
} from '../../src/formats/report'

// A stream of notes as a long JSONL import makes them: per-line metadata, a few warnings, paths
// with indices, and kinds that repeat past what a report lists.
function sampleNotes(): ImportNote[] {
  const notes: ImportNote[] = []
  for (let line = 1; line <= 40; line++) {
    notes.push({ severity: 'info', path: `line ${line}: timestamp`, problem: 'line timestamp' })
    if (line % 3 === 0) notes.push({ severity: 'info', path: `line ${line}`, problem: 'an event' })
    if (line % 7 === 0) {
      notes.push({ severity: 'warning', path: `line ${line}: content[2]`, problem: 'an image' })
    }
    if (line === 5 || line === 9) {
      notes.push({ severity: 'warning', path: `line ${line}`, problem: 'a broken line' })
    }
  }
  notes.push({ severity: 'warning', path: 'messages[3].content[1]', problem: 'an image' })
  notes.push({ severity: 'info', path: '', problem: 'the whole file' })
  return notes
}

// `line 7: content[2]` → [7, 'content[2]'], as addOnLine takes it.
function onLine(path: string): [number, string] | undefined {
  const m = /^line (\d+)(?:: (.*))?$/.exec(path)
  return m ? [Number(m[1]), m[2] ?? ''] : undefined
}

describe('NoteList', () => {
  it('collapses repeats as aggregateNotes does over the same notes', () => {
    const list = new NoteList()
    for (const n of sampleNotes()) list.add(n)
    expect(list.notes).toEqual(aggregateNotes(sampleNotes()))
  })

  it('gives the same report when line notes come through addOnLine', () => {
    const list = new NoteList()
    for (const n of sampleNotes()) {
      const at = onLine(n.path)
      if (at) list.addOnLine(n.severity, at[0], at[1], n.problem)
      else list.add(n)
    }
    expect(list.notes).toEqual(aggregateNotes(sampleNotes()))
    expect(list.warningCount).toBe(sampleNotes().filter((n) => n.severity === 'warning').length)
  })

  it("gives the same report when each line's notes come as a record, shared by equal lines", () => {
    const list = new NoteList()
    const record = new NoteRecord()
    const records: { line: number; ops: readonly unknown[] }[] = []
    const byLine = new Map<number, ImportNote[]>()
    for (const n of sampleNotes()) {
      const at = onLine(n.path)
      if (at) byLine.set(at[0], [...(byLine.get(at[0]) ?? []), n])
    }
    for (const [line, notes] of byLine) {
      for (const n of notes) {
        const inside = onLine(n.path)![1]
        if (n.severity === 'warning') record.warn(inside, n.problem)
        else record.info(inside, n.problem)
      }
      records.push({ line, ops: record.take() })
    }
    // Lines that note the same things keep one record: 40 lines, a handful of kinds of line.
    expect(new Set(records.map((r) => r.ops)).size).toBeLessThan(10)
    for (const { line, ops } of records) list.addRecordOnLine(ops, line)
    for (const n of sampleNotes()) if (!onLine(n.path)) list.add(n)
    expect(list.notes).toEqual(aggregateNotes(sampleNotes()))
    expect(list.warningCount).toBe(sampleNotes().filter((n) => n.severity === 'warning').length)
  })

  it('absorbs another list as if its notes had been added after its own, in order', () => {
    const notes = sampleNotes()
    const first = new NoteList()
    const second = new NoteList()
    notes.slice(0, 30).forEach((n) => first.add(n))
    notes.slice(30).forEach((n) => second.add(n))
    first.absorb(second)
    expect(first.notes).toEqual(aggregateNotes(notes))
    expect(first.warningCount).toBe(notes.filter((n) => n.severity === 'warning').length)
  })

  it('generalizes line numbers and indices, and nothing else', () => {
    expect(generalizePath('line 12: message.content[3].text')).toBe(
      'line *: message.content[*].text',
    )
    expect(generalizePath('line 7')).toBe('line *')
    expect(generalizePath('lines 3–5, 9')).toBe('lines 3–5, 9')
    expect(generalizePath('messages[10].linear')).toBe('messages[*].linear')
    expect(generalizePath('line x')).toBe('line x')
    expect(generalizePath('')).toBe('')
  })
})
