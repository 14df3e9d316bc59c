import { describe, expect, it } from 'vitest'
import { listOf, plural } from '../../src/diagnose/analysis'
import { nestingProblem } from '../../src/json-depth'
import { formatNote } from '../../src/formats/report'

// The core's sentences (findings, import notes, errors) group their counts as the app does.
describe("the core's words group their counts", () => {
  it('in an import note repeated many times', () => {
    const note = {
      severity: 'warning',
      path: 'messages[3].content',
      problem: 'an image',
      count: 1500,
    } as const
    expect(formatNote(note)).toBe('warning messages[3].content (×1,500): an image')
  })

  it("in a finding's counts and its shortened lists", () => {
    expect(plural(2048, 'message')).toBe('2,048 messages')
    expect(plural(1, 'message')).toBe('1 message')
    const indexes = Array.from({ length: 1205 }, (_, i) => i)
    // Five shown, 1,200 more.
    expect(listOf(indexes)).toBe('0, 1, 2, 3, 4 and 1,200 more')
  })

  it('in the error for JSON nested too deep', () => {
    expect(nestingProblem(1001)).toBe('nested 1,001 levels deep; the limit is 1,000')
  })
})
