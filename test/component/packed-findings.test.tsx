import { describe, expect, it } from 'vitest'
import type { Finding, FindingWith } from '../../src'
import {
  listHead,
  listLength,
  packFinding,
  unpackFinding,
} from '../../renderer/workers/packed-findings'

const finding: FindingWith<'unprompted-content'> = {
  code: 'unprompted-content',
  severity: 'warning',
  indexes: [1, 4, 5],
  ids: ['call-1', '', 'r1'],
  tokens: 120,
  message: 'Three messages never reach the prompt.',
  count: 3,
  byType: { reasoning: 2, activity: 1 },
  identifiers: ['src/a.ts', 'sha-ü-😀', 'https://example.com/x?y=1'],
}

describe('findings sent from the worker', () => {
  it('arrive as they left, whatever characters their strings hold', () => {
    // Through structured cloning, as postMessage sends them.
    const back = unpackFinding(structuredClone(packFinding(finding))) as typeof finding
    expect({ ...back }).toEqual(finding)
    expect(back.ids).toEqual(['call-1', '', 'r1'])
    expect(back.identifiers).toEqual(['src/a.ts', 'sha-ü-😀', 'https://example.com/x?y=1'])
  })

  it('send each list as one text and its offsets', () => {
    const packed = packFinding(finding)
    expect(packed.identifiers!.text).toBe('src/a.tssha-ü-😀https://example.com/x?y=1')
    expect([...packed.ids.ends]).toEqual([6, 6, 8])
  })

  it("give a list's length and first strings without cutting out the rest", () => {
    const back = unpackFinding(structuredClone(packFinding(finding)))
    expect(listLength(back, 'identifiers')).toBe(3)
    expect(listHead(back, 'identifiers', 2)).toEqual(['src/a.ts', 'sha-ü-😀'])
    expect(listHead(back, 'ids', 10)).toEqual(['call-1', '', 'r1'])
    expect(listLength(back, 'specialTokens')).toBeUndefined()
    expect(listHead(back, 'specialTokens', 5)).toEqual([])
    // A finding made on the page, never packed, reads the same.
    expect(listLength(finding, 'identifiers')).toBe(3)
    expect(listHead(finding, 'ids', 1)).toEqual(['call-1'])
  })

  it('leave out the identifiers of a finding that has none', () => {
    const { indexes, ids, tokens, message } = finding
    const bare: Finding = {
      code: 'duplicate-id',
      severity: 'warning',
      indexes,
      ids,
      tokens,
      message,
      id: 'r1',
    }
    expect('identifiers' in unpackFinding(packFinding(bare))).toBe(false)
  })
})
