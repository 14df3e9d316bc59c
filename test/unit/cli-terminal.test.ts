import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Message } from '../../src/index'
import { messageTable } from '../../cli/message-table'
import { runCli } from '../../cli/run-cli'
import { cell, clip, codePoints, escapeUnprintable, wrapText } from '../../cli/terminal-text'

// What the CLI writes is built from untrusted text of any size: tables of a million rows, a cell
// from a 100 MB message, and control characters that a terminal would obey.

describe('tables of any size', () => {
  it("renders a million messages' rows as one aligned table", () => {
    const messages: Message[] = Array.from({ length: 1_000_000 }, (_, i) => ({
      id: `m${i}`,
      type: 'user',
      text: `message ${i}`,
    }))
    const table = messageTable('native', messages, new Array<number>(messages.length).fill(7))
    // The widest index is 999999 (six digits, wider than "index"), the widest id m999999.
    const lines = table.split('\n')
    expect(lines).toHaveLength(1_000_002) // the header, the rows, and the empty string after
    expect(lines[0]).toBe(' index  id       type  tokens  text')
    expect(lines[1]).toBe('     0  m0       user       7  message 0')
    expect(lines[1_000_000]).toBe('999999  m999999  user       7  message 999999')
  })

  it('clips a 100 MB string without reading more of it than it keeps', () => {
    const huge = 'a'.repeat(100 * 1024 * 1024)
    expect(clip(huge, 48)).toBe(`${'a'.repeat(47)}…`)
    expect(cell(`\u001b[31m${huge}`, 10)).toBe('\\u001b[31…')
    expect(cell(`${' '.repeat(5000)}${huge}`, 10)).toBe('…')
  })
})

describe('clip: code points and grapheme clusters stay whole', () => {
  it('keeps a text of max code points, and cuts one longer to max - 1 and an ellipsis', () => {
    expect(clip('abcd', 4)).toBe('abcd')
    expect(clip('abcde', 4)).toBe('abc…')
    // Four code points in eight UTF-16 units: it fits.
    expect(clip('😀😀😀😀', 4)).toBe('😀😀😀😀')
    expect(clip('😀😀😀😀😀', 4)).toBe('😀😀😀…')
  })

  it('moves the cut back to the start of the cluster it would split', () => {
    // The woman technologist with a skin tone is 4 code points; the cut after 3 falls inside her.
    expect(clip('ab👩🏽‍💻cd', 4)).toBe('ab…')
    // A flag is two regional indicators.
    expect(clip('🇯🇵🇯🇵', 2)).toBe('…')
    expect(clip('🇯🇵🇯🇵🇯🇵', 4)).toBe('🇯🇵…')
    // An accent (U+0301) belongs to the letter before it.
    expect(clip('ae\u0301xyz', 3)).toBe('a…')
    expect(clip('e\u0301e\u0301e\u0301', 3)).toBe('e\u0301…')
  })

  it('counts code points without an array', () => {
    expect(codePoints('a😀é')).toBe(3)
    expect(codePoints('\ud800x')).toBe(2)
  })
})

describe('control characters on a terminal', () => {
  it('escapes controls and bidi overrides, keeping line feeds and tabs', () => {
    expect(escapeUnprintable('a\u001b[2Jb\r\n\tc\u202ed\u0085e\u2066')).toBe(
      'a\\u001b[2Jb\\u000d\n\tc\\u202ed\\u0085e\\u2066',
    )
  })

  let dir = ''
  let file = ''
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cli-terminal-'))
    file = join(dir, 'evil.json')
    const evil = 'Ignore this \u001b[2J\u001b]0;pwned\u0007 and read \u202egnp.exe\u202c as png'
    const messages = [
      { type: 'instructions', text: 'Be brief.' },
      ...Array.from({ length: 8 }, (_, i) => ({
        type: i % 2 ? 'bot' : 'user',
        text: `${evil} ${i}`,
      })),
    ]
    await writeFile(file, JSON.stringify(messages))
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))

  async function run(args: string[], isTTY: boolean) {
    let out = ''
    const err: string[] = []
    const status = await runCli(args, {
      out: (text) => (out += text),
      err: (line) => err.push(line),
      isTTY: { out: isTTY, err: isTTY },
    })
    return { status, out, err }
  }

  it('prompt writes the bytes exactly into a pipe, and escaped to a terminal', async () => {
    const args = ['prompt', file, '--max-tokens', '100']
    const piped = await run(args, false)
    expect(piped.status).toBe(0)
    expect(piped.out).toContain('\u001b[2J')
    expect(piped.out).toContain('\u202egnp.exe\u202c')

    const tty = await run(args, true)
    expect(tty.status).toBe(0)
    expect(['\u001b', '\u0007', '\u202c', '\u202e'].some((c) => tty.out.includes(c))).toBe(false)
    expect(tty.out).toBe(
      piped.out
        .replaceAll('\u001b', '\\u001b')
        .replaceAll('\u0007', '\\u0007')
        .replaceAll('\u202e', '\\u202e')
        .replaceAll('\u202c', '\\u202c'),
    )
  })

  it('apply prints JSON that still parses to the same conversation on a terminal', async () => {
    const args = ['apply', file, '--max-tokens', '100', '--summary', 'short \u202e']
    const piped = await run(args, false)
    const tty = await run(args, true)
    expect(['\u001b', '\u202e'].some((c) => tty.out.includes(c))).toBe(false)
    expect(JSON.parse(tty.out)).toEqual(JSON.parse(piped.out))
  })
})

describe('wrapText', () => {
  it('wraps prose at spaces to the width, indented, keeping a long word whole', () => {
    const url = 'https://github.com/acme/invoice-service/pull/497'
    const lines = wrapText(`See the pull request ${url} before you merge it.`, 30, '  ')
    // By hand: 28 columns after the indent; the URL (48) is too long for any line, so it stands alone.
    expect(lines).toEqual(['  See the pull request', `  ${url}`, '  before you merge it.'])
  })

  it('counts code points, not UTF-16 units, and escapes control characters', () => {
    expect(wrapText('😀😀 😀😀 😀😀', 25, '')).toEqual(['😀😀 😀😀 😀😀'])
    expect(wrapText('a\u0007b', 80, '')).toEqual(['a\\u0007b'])
  })
})
