import { describe, expect, it } from 'vitest'
import { clipColumns, columnsOf, previewLine } from '../../src/text-clip'

const code = (c: string) => c.codePointAt(0)!
// A lone surrogate anywhere in a string: what a cut inside a character leaves.
const hasLoneSurrogate = (text: string) =>
  /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text)

describe('columnsOf: how wide a character draws in a line', () => {
  it('gives Latin, Arabic and Cyrillic one column, CJK, Hangul and emoji two, marks none', () => {
    expect(['a', 'Z', 'é', 'ب', 'Ж'].map((c) => columnsOf(code(c)))).toEqual([1, 1, 1, 1, 1])
    expect(['中', 'か', 'カ', '한', 'Ａ', '😀', '🧠'].map((c) => columnsOf(code(c)))).toEqual([
      2, 2, 2, 2, 2, 2, 2,
    ])
    // A combining acute accent, the zero-width joiner, an emoji variation selector, a skin tone.
    expect([0x301, 0x200d, 0xfe0f, 0x1f3fd].map(columnsOf)).toEqual([0, 0, 0, 0])
  })
})

describe('clipColumns: a line of at most so many columns', () => {
  it('keeps a text that fits, and cuts one that does not to columns - 1 and an ellipsis', () => {
    expect(clipColumns('abcd', 4)).toBe('abcd')
    expect(clipColumns('abcde', 4)).toBe('abc…')
    expect(clipColumns('', 4)).toBe('')
  })

  it('counts CJK characters as two columns', () => {
    // 12 columns in 8: 中 文 中 make 6, the next 文 would make 8 and leave no room for the ellipsis.
    expect(clipColumns('中文中文中文', 8)).toBe('中文中…')
    expect(clipColumns('中文中文', 8)).toBe('中文中文')
  })

  it('never splits a surrogate pair or a grapheme cluster', () => {
    expect(clipColumns('😀😀😀', 4)).toBe('😀…')
    // The woman technologist with a skin tone: four code points in one cluster, of which 👩 and 💻
    // take two columns each (the estimate errs wide). The cut before 💻 falls inside her, so it
    // moves back to her start.
    expect(clipColumns('ab👩🏽‍💻cd', 5)).toBe('ab…')
    expect(clipColumns('ab👩🏽‍💻cd', 7)).toBe('ab👩🏽‍💻…')
    expect(clipColumns('ab👩🏽‍💻cd', 8)).toBe('ab👩🏽‍💻cd')
    // An accent (U+0301) stays with its letter: it takes no column of its own.
    expect(clipColumns('ae\u0301xyz', 3)).toBe('ae\u0301…')
    expect(clipColumns('ae\u0301xyz', 2)).toBe('a…')
    // A flag is two regional indicators.
    expect(clipColumns('🇯🇵🇯🇵🇯🇵', 9)).toBe('🇯🇵🇯🇵…')
  })

  it('ends in an ellipsis when told the text goes on, even if what is kept fits', () => {
    expect(clipColumns('abc', 10, true)).toBe('abc…')
    expect(clipColumns('', 10, true)).toBe('…')
  })
})

describe('previewLine: one line of a message', () => {
  it('collapses whitespace runs and trims', () => {
    expect(previewLine('  a\n\n b\t c  ', 20)).toBe('a b c')
  })

  it('cuts Arabic and mixed scripts by column without splitting anything', () => {
    expect(previewLine('مرحبا بالعالم', 6)).toBe('مرحبا…')
    const mixed = 'Fix 修复 the bug 🐛 in مرحبا 👩🏽‍💻 now '.repeat(20)
    for (let columns = 2; columns < 80; columns++) {
      const line = previewLine(mixed, columns)
      expect(hasLoneSurrogate(line), `at ${columns} columns`).toBe(false)
      // Whatever is kept is the start of the text, whole clusters and all.
      expect(mixed.startsWith(line.slice(0, -1)), `at ${columns} columns`).toBe(true)
    }
  })

  it('reads only the start of a megabyte text, and says that it goes on', () => {
    const huge = 'a'.repeat(100 * 1024 * 1024)
    expect(previewLine(huge, 160)).toBe(`${'a'.repeat(159)}…`)
    // Only whitespace in the part that is read: nothing to show, but the text goes on.
    expect(previewLine(`${' '.repeat(5000)}words`, 10)).toBe('…')
    // The part read ends at the start of the emoji the window would split.
    const text = `${'a'.repeat(4095)}😀${'b'.repeat(10)}`
    expect(previewLine(text, 10_000)).toBe(`${'a'.repeat(4095)}…`)
  })
})
