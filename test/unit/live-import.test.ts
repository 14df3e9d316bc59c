import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { FormatError, importConversation, InputError, startLiveImport } from '../../src/core'
import type { LiveUpdate } from '../../src/core'

const FORMATS = join(__dirname, '../../testdata/formats')
const JSONL = readdirSync(FORMATS).filter((f) => f.endsWith('.jsonl'))
const bytesOf = (name: string) => new Uint8Array(readFileSync(join(FORMATS, name)))
const utf8 = (text: string) => new TextEncoder().encode(text)

/** A small deterministic generator (mulberry32), so a failing split can be run again. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Cut offsets: random ones, and one inside every multi-byte character of the first 4 KB. */
function cuts(bytes: Uint8Array, next: () => number, count: number): number[] {
  const at = new Set<number>()
  for (let i = 0; i < count; i++) at.add(1 + Math.floor(next() * (bytes.length - 1)))
  for (let i = 0; i < Math.min(bytes.length, 4096); i++) {
    if ((bytes[i] & 0xc0) === 0x80 && next() < 0.5) at.add(i) // a continuation byte: mid-character
  }
  return [...at].sort((a, b) => a - b)
}

/**
 * What a whole import says of the bytes so far: of all of them when the last line (with no line
 * break) is already JSON, else of the bytes up to the last line break (the rest waits).
 */
function expectedOf(prefix: Uint8Array) {
  const end = prefix.lastIndexOf(0x0a) + 1
  const rest = new TextDecoder().decode(prefix.subarray(end)).trim()
  let whole = false
  try {
    if (rest !== '') whole = (JSON.parse(rest), true)
  } catch {
    whole = false
  }
  return importConversation(whole ? prefix : prefix.subarray(0, end))
}

describe('startLiveImport', () => {
  for (const name of JSONL) {
    it(`${name}: any split into appends ends as the whole import, each line parsed once`, () => {
      const bytes = bytesOf(name)
      const whole = importConversation(bytes)
      const lineBreaks = bytes.filter((b) => b === 0x0a).length
      for (let seed = 1; seed <= 6; seed++) {
        const next = random(seed * 7919)
        const offsets = cuts(bytes, next, 3 + seed * 2)
        // The first read is of a file that already reads (a header line alone may not).
        let firstEnd = Math.max(offsets[0], bytes.indexOf(0x0a) + 1)
        let started: ReturnType<typeof startLiveImport> | undefined
        while (!started) {
          try {
            started = startLiveImport(bytes.subarray(0, firstEnd))
          } catch (error) {
            if (!(error instanceof FormatError)) throw error
            firstEnd = bytes.indexOf(0x0a, firstEnd) + 1
          }
        }
        const { live, update } = started
        let last: LiveUpdate = update
        let parsed = update.parsedLines
        let from = firstEnd
        for (const cut of [...offsets.filter((o) => o > firstEnd), bytes.length]) {
          const piece = bytes.slice(from, cut)
          const before = last
          const got = live.append(piece)
          from = cut
          expect(live.bytesRead).toBe(cut)
          if (got === null) continue
          parsed += got.parsedLines
          expect(got.conversation).toEqual(expectedOf(bytes.subarray(0, cut)))
          // The messages said to be unchanged are exactly the previous update's.
          expect(got.conversation.messages.slice(0, got.unchanged)).toEqual(
            before.conversation.messages.slice(0, got.unchanged),
          )
          last = got
        }
        expect(last.conversation).toEqual(whole)
        expect(parsed).toBe(lineBreaks)
      }
    })
  }

  it('reads a Claude Code session appended a line at a time: the counts stand for all but the new', () => {
    const lines = new TextDecoder().decode(bytesOf('claude-code-usage.jsonl')).split('\n')
    const { live, update } = startLiveImport(utf8(lines.slice(0, 3).join('\n') + '\n'))
    expect(update.unchanged).toBe(0)
    expect(live.format).toBe('claude-code')
    expect(live.wholeDocument).toBe(false)
    let previous = update.conversation.messages
    let prompts = 0
    for (let i = 3; i < lines.length - 1; i++) {
      const got = live.append(utf8(lines[i] + '\n'))
      expect(got).not.toBeNull()
      if (got === null) continue
      expect(got.parsedLines).toBe(1)
      expect(got.reread).toBe(false)
      const now = got.conversation.messages
      const prompt = previous.map((m) => m.type).lastIndexOf('user')
      if (now.at(-1)?.type === 'user' && now.length > previous.length) {
        // A new prompt makes the last turn's thinking an earlier turn's, priced by its own rule:
        // from the first reasoning message after the previous prompt, everything is counted again.
        const thinking = previous.findIndex((m, k) => k > prompt && m.type === 'reasoning')
        expect(got.unchanged).toBe(thinking === -1 ? previous.length : thinking)
        prompts++
      } else {
        // A reply's line adds a message, or merges into the last one (which is counted again).
        expect(got.unchanged).toBeGreaterThanOrEqual(previous.length - 1)
      }
      previous = now
    }
    expect(prompts).toBeGreaterThan(0)
  })

  it('takes an append of 150,000 lines at once', () => {
    // More lines than one call takes as arguments: a session written while the file was not
    // watched, then read as one append.
    const lines = new TextDecoder().decode(bytesOf('claude-code-usage.jsonl')).split('\n')
    const { live, update } = startLiveImport(utf8(lines.slice(0, 3).join('\n') + '\n'))
    const snapshot = JSON.stringify({ type: 'file-history-snapshot', messageId: 'm', snapshot: {} })
    const got = live.append(utf8(`${snapshot}\n`.repeat(150_000)))
    expect(got?.parsedLines).toBe(150_000)
    expect(got?.conversation.messages).toEqual(update.conversation.messages)
  })

  it('waits for an unfinished line, and continues the line numbers', () => {
    const user = (n: number, text: string) =>
      JSON.stringify({
        type: 'user',
        uuid: `u${n}`,
        parentUuid: n === 1 ? null : `u${n - 1}`,
        message: { role: 'user', content: text },
      })
    const { live, update } = startLiveImport(utf8(user(1, 'first') + '\n'))
    expect(update.conversation.messages.map((m) => m.text)).toEqual(['first'])
    const second = utf8(user(2, 'second — ünïcode') + '\n')
    expect(live.append(second.subarray(0, 20))).toBeNull()
    const mid = second.indexOf(0xc3) + 1 // inside the two bytes of ü
    expect(live.append(second.subarray(20, mid))).toBeNull()
    const got = live.append(second.subarray(mid))
    expect(got?.conversation.messages.map((m) => m.text)).toEqual(['first', 'second — ünïcode'])
    expect(got?.unchanged).toBe(1)
    // A broken line is a note on its own line number, as in a whole import.
    const broken = live.append(utf8('{"type": "user", oops\n' + user(3, 'third') + '\n'))
    const whole = importConversation(
      utf8(
        [
          user(1, 'first'),
          user(2, 'second — ünïcode'),
          '{"type": "user", oops',
          user(3, 'third'),
        ].join('\n') + '\n',
      ),
    )
    expect(broken?.conversation.report).toEqual(whole.report)
    expect(broken?.conversation.report.some((n) => n.path === 'line 3')).toBe(true)
  })

  it('throws as importConversation does, placed on the line, and is left as it was', () => {
    const line = JSON.stringify({
      type: 'user',
      uuid: 'u1',
      parentUuid: null,
      message: { role: 'user', content: 'hi' },
    })
    const { live } = startLiveImport(utf8(line + '\n'))
    const bad = new Uint8Array([...utf8('{"type":"user","x":"'), 0xff, ...utf8('"}\n')])
    let thrown: unknown
    try {
      live.append(bad)
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(InputError)
    expect((thrown as InputError).place?.line).toBe(2)
    expect(live.bytesRead).toBe(line.length + 1)
    expect(() => startLiveImport(utf8('not json\n'))).toThrow(FormatError)
  })

  it('reads a whole-document format whole on every change, with a note', () => {
    const bytes = new Uint8Array(readFileSync(join(FORMATS, 'cline.json')))
    const { live, update } = startLiveImport(bytes)
    expect(live.format).toBe('cline')
    expect(live.wholeDocument).toBe(true)
    expect(update.parsedLines).toBe(0)
    const got = live.replace(bytes, 'rewritten')
    expect(got.reread).toBe(true)
    expect(got.note).toMatch(/rewritten/)
    expect(got.unchanged).toBe(update.conversation.messages.length)
    expect(got.conversation).toEqual(importConversation(bytes))
  })

  it("keeps an API traffic log's chosen request across appends", () => {
    const bytes = bytesOf('api-traffic.jsonl')
    const end = bytes.indexOf(0x0a, bytes.indexOf(0x0a) + 1) + 1 // two lines
    const { live } = startLiveImport(bytes.subarray(0, end), { request: 1 })
    const got = live.append(bytes.subarray(end))
    expect(got?.conversation).toEqual(importConversation(bytes, 'auto', { request: 1 }))
    expect(got?.conversation.request).toBe(1)
  })

  it('reads a truncated file again, cleanly', () => {
    const bytes = bytesOf('codex.jsonl')
    const { live } = startLiveImport(bytes)
    const half = bytes.subarray(0, bytes.indexOf(0x0a, bytes.length >> 1) + 1)
    const got = live.replace(half, 'truncated')
    expect(got.reread).toBe(true)
    expect(got.note).toBe('the file was truncated; read again')
    expect(got.conversation).toEqual(importConversation(half))
    expect(live.bytesRead).toBe(half.length)
    const after = live.append(bytes.subarray(half.length))
    expect(after?.conversation).toEqual(importConversation(bytes))
  })
})
