import { describe, expect, it } from 'vitest'
import { compareVersion, versionIn } from '../../src/formats/claude-code-version'

// Claude Code writes its version on every event ("2.1.136"); rules that changed with a release
// compare it with that release, numerically, part by part.
describe('compareVersion', () => {
  it('orders versions by their numbers, not their text', () => {
    expect(Math.sign(compareVersion('2.1.136', [2, 1, 9])!)).toBe(1)
    expect(Math.sign(compareVersion('2.1.3', [2, 1, 9])!)).toBe(-1)
    expect(compareVersion('2.1.9', [2, 1, 9])).toBe(0)
    expect(Math.sign(compareVersion('1.0.108', [2, 0, 0])!)).toBe(-1)
  })

  it('has no answer for a version that is absent or not three numbers', () => {
    expect(compareVersion(undefined, [2, 1, 9])).toBeUndefined()
    expect(compareVersion('2.1', [2, 1, 9])).toBeUndefined()
    expect(compareVersion('2.1.x', [2, 1, 9])).toBeUndefined()
    expect(compareVersion('', [2, 1, 9])).toBeUndefined()
  })

  it('answers the same for a version asked again, and for many versions', () => {
    for (let round = 0; round < 2; round++) {
      for (let patch = 0; patch < 300; patch++) {
        expect(Math.sign(compareVersion(`2.1.${patch}`, [2, 1, 150])!)).toBe(Math.sign(patch - 150))
      }
    }
  })
})

describe('versionIn', () => {
  it('takes `from` and excludes `until`', () => {
    expect(versionIn('2.1.78', [2, 1, 78], [2, 1, 97])).toBe(true)
    expect(versionIn('2.1.96', [2, 1, 78], [2, 1, 97])).toBe(true)
    expect(versionIn('2.1.97', [2, 1, 78], [2, 1, 97])).toBe(false)
    expect(versionIn('2.1.77', [2, 1, 78])).toBe(false)
    expect(versionIn(undefined, [2, 1, 78])).toBe(false)
  })
})
