import { describe, expect, it } from 'vitest'
import { splitDigitsExtra } from '../../src/pricing/digit-runs'

describe('split digits', () => {
  it('adds n − ⌈n/3⌉ for each run of n ASCII digits', () => {
    // Runs of 1, 2, 3, 4 and 7 digits: 0, 1, 2, 2 (4 − 2) and 4 (7 − 3).
    expect(splitDigitsExtra('7')).toBe(0)
    expect(splitDigitsExtra('a12b')).toBe(1)
    expect(splitDigitsExtra('port 808 and 8081')).toBe(2 + 2)
    expect(splitDigitsExtra('1234567')).toBe(4)
    // Separated by anything else, runs are counted apart: 2026-12-07 is 4, 2 and 2 digits.
    expect(splitDigitsExtra('2026-12-07')).toBe(2 + 1 + 1)
  })

  it('adds nothing where there are no ASCII digits', () => {
    // Full-width and Arabic-Indic digits are not Gemini's split digits here.
    expect(splitDigitsExtra('')).toBe(0)
    expect(splitDigitsExtra('no digits at all')).toBe(0)
    expect(splitDigitsExtra('１２３ ٤٥٦')).toBe(0)
  })
})
