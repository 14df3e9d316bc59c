import { describe, expect, it } from 'vitest'
import { formatNumber, plural } from '../../src/numbers'

describe('a number as people read it', () => {
  it('groups thousands with commas', () => {
    expect(formatNumber(4690863)).toBe('4,690,863')
    expect(formatNumber(29687)).toBe('29,687')
    expect(formatNumber(1000)).toBe('1,000')
    expect(formatNumber(999)).toBe('999')
    expect(formatNumber(-1234)).toBe('-1,234')
    expect(formatNumber(0)).toBe('0')
  })

  it("shows one decimal at most, never a double's noise", () => {
    // 2708 × 0.9 as an IEEE double.
    expect(formatNumber(2708 * 0.9)).toBe('2,437.2')
    expect(formatNumber(1800.0000000000002)).toBe('1,800')
    expect(formatNumber(12.25)).toBe('12.3')
  })

  it('writes negative zero as 0', () => {
    expect(formatNumber(-0)).toBe('0')
  })

  it('names one thing in the singular, and groups a count of many', () => {
    // The CLI's first line read "1 messages" for a session of one prompt.
    expect(plural(1, 'message')).toBe('1 message')
    expect(plural(0, 'message')).toBe('0 messages')
    expect(plural(40000, 'message')).toBe('40,000 messages')
  })
})
