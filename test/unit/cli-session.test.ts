import { execFileSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { runCli } from '../../cli/run-cli'
import { ROOT } from './helpers/built-cli'

// --session on an opencode database (testdata/sqlite/opencode.db and the write-ahead log beside
// it: scripts/make-sqlite-fixtures.py), run in-process.
const DB = join(ROOT, 'testdata/sqlite/opencode.db')
const MAIN = 'ses_3f1a2b4c5ffeWx8Kq2Lm9Np0Rt'
const OLDER = 'ses_2a0000000001Older0000000001'

async function run(args: string[]) {
  const out: string[] = []
  const err: string[] = []
  const status = await runCli(args, { out: (t) => out.push(t), err: (l) => err.push(l) })
  return { status, stdout: out.join(''), stderr: err }
}

/** A fresh folder, removed when the test ends. */
function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ci-opencode-'))
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

describe('--session', () => {
  it.each(['tokens', 'check', 'prompt', 'diagnose'])('%s --help documents it', async (name) => {
    const r = await run([name, '--help'])
    expect(r.stdout).toMatch(
      /^ {2}--session ID {2,}In an opencode or Kilo database \(opencode\.db, kilo\.db\),/m,
    )
  })

  it('says which session it read, with the write-ahead log beside the file', async () => {
    const r = await run(['tokens', DB, '--json'])
    expect(r.status).toBe(0)
    // 7 messages are in the file, 2 more in opencode.db-wal; 1764800050000 ms is 2025-12-03 22:14:10 UTC.
    expect(r.stderr[0]).toBe(
      `${DB}: session ${MAIN} of 3 ("Print temperatures in Celsius", 9 messages, updated 2025-12-03 22:14 UTC); read another with --session ID (--verbose lists them)`,
    )
  })

  it('lists every session with --verbose, and reads the one asked for', async () => {
    const r = await run(['tokens', DB, '--session', OLDER, '--verbose', '--json'])
    expect(r.status).toBe(0)
    expect(r.stderr.slice(0, 5)).toEqual([
      `${DB}: format: opencode or Kilo database (detected)`,
      `${DB}: session ${OLDER} of 3 ("Rename the config loader", 2 messages, updated 2025-12-02 18:26 UTC); read another with --session ID`,
      `${DB}:   ses_3f1a2b4c6000Sub00000000001  "Find the formatter (@general subagent)", 2 messages, updated 2025-12-03 22:14 UTC, subagent of ${MAIN}`,
      `${DB}:   ${MAIN}  "Print temperatures in Celsius", 9 messages, updated 2025-12-03 22:14 UTC`,
      `${DB}:   ${OLDER}  "Rename the config loader", 2 messages, updated 2025-12-02 18:26 UTC`,
    ])
    expect((JSON.parse(r.stdout) as { tokens: number[] }).tokens).toHaveLength(2)
  })

  it('refuses a session the database does not hold, or a file without sessions', async () => {
    const r = await run(['check', DB, '--max-tokens', '2000', '--session', 'ses_nope'])
    expect(r.status).toBe(2)
    expect(r.stderr.at(-1)).toMatch(
      new RegExp(
        `^check: option --session: ${DB.replace(/[.]/g, '\\.')}: no session "ses_nope" in this database; it holds 3: `,
      ),
    )
    const json = join(ROOT, 'testdata/formats/opencode.json')
    const other = await run(['tokens', json, '--session', MAIN])
    expect(other.status).toBe(2)
    expect(other.stderr.at(-1)).toBe(
      `tokens: option --session: ${json}: only an opencode database has sessions to choose from; this file is opencode session (export)`,
    )
  })

  it('watch refuses --session on a file without sessions', async () => {
    const json = join(ROOT, 'testdata/formats/opencode.json')
    const other = await run(['watch', json, '--max-tokens', '1000', '--session', MAIN])
    expect(other.status).toBe(2)
    expect(other.stderr.at(-1)).toBe(
      `watch: option --session: ${json}: only an opencode database has sessions to choose from; this file is opencode session (export)`,
    )
  })

  it('reads a new database whose tables are all in its log', async () => {
    const r = await run(['tokens', join(ROOT, 'testdata/sqlite/opencode-new.db'), '--json'])
    expect(r.status).toBe(0)
    expect(r.stderr[0]).toContain('"Explain the build script", 2 messages,')
  })

  it('leaves out a log that is not a regular file, never waiting on it, and says what it may hold', async () => {
    for (const make of [
      (log: string) => mkdirSync(log),
      (log: string) => execFileSync('mkfifo', [log]),
    ]) {
      const dir = scratch()
      copyFileSync(DB, join(dir, 'opencode.db'))
      make(join(dir, 'opencode.db-wal'))
      const r = await run(['tokens', join(dir, 'opencode.db'), '--verbose', '--json'])
      expect(r.status).toBe(0)
      expect(r.stderr.join('\n')).toContain(
        'the database is in WAL mode and was read without its write-ahead log',
      )
      expect(r.stderr.join('\n')).toContain('"Print temperatures in Celsius", 7 messages,')
    }
  })

  it('names a write-ahead log opened alone, and the file to open instead', async () => {
    const dir = scratch()
    const log = join(dir, 'opencode.db-wal')
    copyFileSync(join(ROOT, 'testdata/sqlite/opencode.db-wal'), log)
    const r = await run(['tokens', log, '--json'])
    expect(r.status).toBe(2)
    expect(r.stderr).toEqual([
      `${log}: a SQLite write-ahead log, not a database: open the database beside it (this name without "-wal"), which is read with its log`,
    ])
  })

  it('says where the tables are of a new database copied without its log', async () => {
    // opencode-new.db is one page (4,096 bytes) in WAL mode: every table is in its log.
    const dir = scratch()
    copyFileSync(join(ROOT, 'testdata/sqlite/opencode-new.db'), join(dir, 'opencode.db'))
    const r = await run(['tokens', join(dir, 'opencode.db'), '--json'])
    expect(r.status).toBe(2)
    expect(r.stderr.join('\n')).toContain(
      'a SQLite database in WAL mode whose file holds no "session" table yet: its tables are in its write-ahead log',
    )
  })

  it('reads a database without a log beside it as the file holds it', async () => {
    const dir = scratch()
    copyFileSync(DB, join(dir, 'opencode.db'))
    const r = await run(['tokens', join(dir, 'opencode.db'), '--json'])
    expect(r.status).toBe(0)
    expect(r.stderr[0]).toContain('"Print temperatures in Celsius", 7 messages,')
  })
})
