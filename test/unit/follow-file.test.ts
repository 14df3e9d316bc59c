import { execFileSync } from 'node:child_process'
import {
  appendFileSync,
  copyFileSync,
  mkdtempSync,
  renameSync,
  rmSync,
  truncateSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { followFile, type FollowedChange, type FollowOptions } from '../../node/follow/follow-file'
import { importConversation } from '../../src/index'

// testdata/sqlite/opencode.db (scripts/make-sqlite-fixtures.py): its latest session's last two
// messages are only in its write-ahead log. Read with the log, the session loads 14 messages
// (as test/e2e/sessions.test.ts opens it); without it, 10.
const SQLITE = join(import.meta.dirname, '../../testdata/sqlite')

// Events arrive when the file system says so: wait for them, generously, never for a set time.
vi.setConfig({ testTimeout: 30_000 })
const WAIT_MS = 15_000

let dir: string
let closers: (() => void)[] = []
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'follow-'))
})
afterEach(() => {
  for (const close of closers) close()
  closers = []
  rmSync(dir, { recursive: true, force: true })
})

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8')

/** Follows a file, keeping every change and error, with a way to wait for the next ones. */
function follow(path: string, options: Partial<FollowOptions> = {}) {
  const changes: FollowedChange[] = []
  const errors: unknown[] = []
  const follower = followFile(path, {
    from: 0,
    onChange: (c) => changes.push(c),
    onError: (e) => errors.push(e),
    pollMs: 100,
    ...options,
  })
  closers.push(() => follower.close())
  const ready = follower.ready
  const until = async (ok: () => boolean, what: string) => {
    const start = Date.now()
    while (!ok()) {
      if (Date.now() - start > WAIT_MS) throw new Error(`no ${what}: ${JSON.stringify(changes)}`)
      await new Promise((r) => setTimeout(r, 20))
    }
  }
  /** What the appends carried, joined. */
  const appended = () => changes.map((c) => (c.kind === 'append' ? text(c.bytes) : '')).join('')
  return { changes, errors, until, appended, ready, close: () => follower.close() }
}

const line = (n: number) => JSON.stringify({ type: 'user', n, text: `line ${n} — ünï` }) + '\n'

describe('followFile', () => {
  for (const watch of [true, false]) {
    const how = watch ? 'watching' : 'polling alone'
    it(`delivers what an appending writer adds, from where the reader stopped (${how})`, async () => {
      const path = join(dir, 'session.jsonl')
      writeFileSync(path, line(1) + line(2))
      const f = follow(path, { from: Buffer.byteLength(line(1) + line(2)), watch })
      await f.ready
      await f.ready
      let expected = ''
      for (let n = 3; n <= 8; n++) {
        appendFileSync(path, line(n))
        expected += line(n)
        // Each write is seen; a burst may come as one append, never as a mixed or repeated one.
        await f.until(() => f.appended() === expected, `append of line ${n}`)
      }
      expect(f.changes.every((c) => c.kind === 'append')).toBe(true)
      expect(f.errors).toEqual([])
    })
  }

  it('gathers a burst of writes into few appends, whole', async () => {
    const path = join(dir, 'burst.jsonl')
    writeFileSync(path, '')
    const f = follow(path)
    await f.ready
    let expected = ''
    for (let n = 1; n <= 50; n++) {
      // A line in two writes: the second half may arrive in the next append; nothing is lost.
      const l = line(n)
      appendFileSync(path, l.slice(0, 10))
      appendFileSync(path, l.slice(10))
      expected += l
    }
    await f.until(() => f.appended() === expected, 'the whole burst')
    expect(f.changes.length).toBeLessThan(100)
  })

  it('reads the whole file again when it is truncated', async () => {
    const path = join(dir, 'log.jsonl')
    writeFileSync(path, line(1) + line(2) + line(3))
    const f = follow(path, { from: Buffer.byteLength(line(1) + line(2) + line(3)) })
    await f.ready
    truncateSync(path, Buffer.byteLength(line(1)))
    await f.until(() => f.changes.length > 0, 'a reset')
    expect(f.changes[0]).toMatchObject({ kind: 'reset', reason: 'truncated' })
    expect(text((f.changes[0] as { bytes: Uint8Array }).bytes)).toBe(line(1))
    // Appends go on from the new end.
    appendFileSync(path, line(9))
    await f.until(() => f.appended() === line(9), 'the append after the reset')
  })

  it('reads the whole file again when another file is renamed over it', async () => {
    const path = join(dir, 'log.jsonl')
    writeFileSync(path, line(1))
    const f = follow(path, { from: Buffer.byteLength(line(1)) })
    await f.ready
    const temporary = join(dir, 'log.jsonl.tmp')
    writeFileSync(temporary, line(1) + line(5))
    renameSync(temporary, path)
    await f.until(() => f.changes.length > 0, 'a reset')
    expect(f.changes[0]).toMatchObject({ kind: 'reset', reason: 'replaced' })
    expect(text((f.changes[0] as { bytes: Uint8Array }).bytes)).toBe(line(1) + line(5))
    appendFileSync(path, line(6))
    await f.until(() => f.appended() === line(6), 'the append to the new file')
  })

  it('reads the whole file again when its first bytes were rewritten', async () => {
    const path = join(dir, 'log.jsonl')
    writeFileSync(path, line(1))
    const f = follow(path, { from: Buffer.byteLength(line(1)) })
    await f.ready
    // In place (same inode), longer: an append would carry only the tail of another file.
    writeFileSync(path, line(7) + line(8))
    await f.until(() => f.changes.length > 0, 'a reset')
    expect(f.changes[0]).toMatchObject({ kind: 'reset', reason: 'rewritten' })
    expect(text((f.changes[0] as { bytes: Uint8Array }).bytes)).toBe(line(7) + line(8))
  })

  it('reads a whole-document file whole on every change', async () => {
    const path = join(dir, 'api_conversation_history.json')
    writeFileSync(path, '[]')
    const f = follow(path, { from: 2, wholeFile: true })
    await f.ready
    writeFileSync(path, '[{"role":"user","content":"hi"}]')
    await f.until(() => f.changes.length > 0, 'a reset')
    expect(f.changes[0]).toMatchObject({ kind: 'reset', reason: 'rewritten' })
    expect(text((f.changes[0] as { bytes: Uint8Array }).bytes)).toBe(
      '[{"role":"user","content":"hi"}]',
    )
  })

  it('says when the file is gone, and reads it whole when it comes back', async () => {
    const path = join(dir, 'log.jsonl')
    writeFileSync(path, line(1))
    const f = follow(path, { from: Buffer.byteLength(line(1)) })
    await f.ready
    unlinkSync(path)
    await f.until(() => f.changes.length > 0, 'gone')
    expect(f.changes[0]).toEqual({ kind: 'gone' })
    writeFileSync(path, line(2))
    await f.until(() => f.changes.length > 1, 'a reset')
    expect(f.changes[1]).toMatchObject({ kind: 'reset', reason: 'replaced' })
  })

  it('refuses a FIFO put in its place, without waiting on it', async () => {
    const path = join(dir, 'log.jsonl')
    writeFileSync(path, line(1))
    const f = follow(path, { from: Buffer.byteLength(line(1)) })
    await f.ready
    unlinkSync(path)
    execFileSync('mkfifo', [path])
    await f.until(() => f.errors.length > 0, 'an error')
    expect(String((f.errors[0] as Error).message)).toBe(
      `${path}: is a FIFO (named pipe), not a regular file`,
    )
  })

  it('stops with a clear message past the size it follows', async () => {
    const path = join(dir, 'log.jsonl')
    writeFileSync(path, line(1))
    const f = follow(path, { from: Buffer.byteLength(line(1)), maxBytes: 1000 })
    await f.ready
    appendFileSync(path, 'x'.repeat(2000) + '\n')
    await f.until(() => f.errors.length > 0, 'an error')
    expect((f.errors[0] as Error).message).toMatch(
      /^EFBIG: .*log\.jsonl: the file is now 0\.0 MB; the inspector follows files up to 0\.0 MB$/,
    )
    expect(f.changes).toEqual([])
  })
})

describe('followFile past the size it follows, read whole', () => {
  // A whole-document file, or a database (read whole, with its log, at each change), rewritten
  // larger than it follows: said once, then followed no further, however often it changes.
  it('says so once and stops', async () => {
    const path = join(dir, 'api_conversation_history.json')
    writeFileSync(path, '[]')
    const f = follow(path, { from: 2, wholeFile: true, maxBytes: 1000 })
    await f.ready
    writeFileSync(path, JSON.stringify(['x'.repeat(2000)]))
    await f.until(() => f.errors.length > 0, 'an error')
    expect((f.errors[0] as Error).message).toMatch(
      /^EFBIG: .*api_conversation_history\.json: the file is 0\.0 MB; the inspector opens files up to 0\.0 MB$/,
    )
    for (let i = 0; i < 3; i++) {
      writeFileSync(path, JSON.stringify(['y'.repeat(2000 + i)]))
      // Some polls (every 100 ms) and settling: a follower still on would have looked by now.
      await new Promise((r) => setTimeout(r, 400))
    }
    expect(f.errors).toHaveLength(1)
    expect(f.changes).toEqual([])
  })
})

describe('followFile on a database', () => {
  /** opencode.db without its log, written an hour ago (so not just now, as a running agent's is). */
  function databaseAlone(): string {
    const path = join(dir, 'opencode.db')
    copyFileSync(join(SQLITE, 'opencode.db'), path)
    const anHourAgo = new Date(Date.now() - 3_600_000)
    utimesSync(path, anHourAgo, anHourAgo)
    return path
  }
  const messagesOf = (change: FollowedChange) =>
    change.kind === 'reset' ? importConversation(change.bytes).messages.length : -1

  for (const watch of [true, false]) {
    const how = watch ? 'watching' : 'polling alone'
    it(`reads it whole again, with its log, when its write-ahead log appears (${how})`, async () => {
      const path = databaseAlone()
      const alone = importConversation(new Uint8Array(readFileSync(path))).messages.length
      expect(alone).toBe(10)
      const f = follow(path, { from: statSync(path).size, watch, settleMs: 50 })
      await f.ready
      copyFileSync(join(SQLITE, 'opencode.db-wal'), `${path}-wal`)
      await f.until(() => f.changes.length > 0, 'read of the database with its log')
      expect(f.changes[0]).toMatchObject({ kind: 'reset', reason: 'rewritten' })
      expect(messagesOf(f.changes[0])).toBe(14)
      // A change to the database file itself is read too.
      const before = f.changes.length
      appendFileSync(path, '')
      utimesSync(path, new Date(), new Date())
      await f.until(() => f.changes.length > before, 'read after the database changed')
      expect(messagesOf(f.changes.at(-1)!)).toBe(14)
      expect(f.errors).toEqual([])
    })
  }

  it('reads one just written again at once: a write may have come after the caller read it', async () => {
    const path = join(dir, 'opencode.db')
    copyFileSync(join(SQLITE, 'opencode.db'), path)
    copyFileSync(join(SQLITE, 'opencode.db-wal'), `${path}-wal`)
    const f = follow(path, { from: statSync(path).size, settleMs: 50 })
    await f.until(() => f.changes.length > 0, 'read of a database written just now')
    expect(f.changes[0]).toMatchObject({ kind: 'reset', reason: 'rewritten' })
    expect(messagesOf(f.changes[0])).toBe(14)
  })

  it('says when it is gone, and reads it whole when it comes back', async () => {
    const path = databaseAlone()
    const f = follow(path, { from: statSync(path).size, settleMs: 50 })
    await f.ready
    unlinkSync(path)
    await f.until(() => f.changes.some((c) => c.kind === 'gone'), 'gone')
    copyFileSync(join(SQLITE, 'opencode.db'), path)
    copyFileSync(join(SQLITE, 'opencode.db-wal'), `${path}-wal`)
    await f.until(() => f.changes.some((c) => c.kind === 'reset'), 'read when back')
    const back = f.changes.find((c) => c.kind === 'reset')!
    expect(back).toMatchObject({ reason: 'replaced' })
    expect(messagesOf(back)).toBe(14)
  })
})
