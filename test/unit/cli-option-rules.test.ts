import { describe, expect, it } from 'vitest'
import { CHECK_OPTIONS, checkOptions, parseCommandArgs } from '../../cli/args'

// The check's flags are only turned into numbers on the command line; their ranges are the core's
// (validateOptions), in the flag's words with the text as it was typed.
const optionsOf = (...flags: string[]) =>
  checkOptions('check', parseCommandArgs('check', ['f.json', ...flags], CHECK_OPTIONS))

const refusal = (...flags: string[]) => {
  try {
    optionsOf(...flags)
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('accepted')
}

describe('the check options on the command line', () => {
  it('reads the numbers the flags spell', () => {
    expect(
      optionsOf('--max-tokens', '0128', '--keep-recent', '0', '--trigger-ratio', '.5'),
    ).toEqual({ maxTokens: 128, keepRecentCount: 0, triggerRatio: 0.5 })
  })

  it.each([
    [['--max-tokens', '0'], 'check: option --max-tokens: "0" is not a positive integer'],
    [['--max-tokens', '1e6'], 'check: option --max-tokens: "1e6" is not a positive integer'],
    // More than a double holds exactly: not the integer it spells, so refused as text.
    [
      ['--max-tokens', '99999999999999999999'],
      'check: option --max-tokens: "99999999999999999999" is not a positive integer',
    ],
    [
      ['--max-tokens', '9', '--keep-recent=-1'],
      'check: option --keep-recent: "-1" is not a non-negative integer',
    ],
    [
      ['--max-tokens', '9', '--trigger-ratio', '1.5'],
      'check: option --trigger-ratio: "1.5" is not a number in (0, 1]',
    ],
    [
      ['--max-tokens', '9', '--trigger-ratio', '0x1'],
      'check: option --trigger-ratio: "0x1" is not a number in (0, 1]',
    ],
  ])('%j: %s', (flags, line) => {
    expect(refusal(...flags)).toBe(line)
  })
})
