import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  countSession,
  findSessions,
  latestSession,
  sessionContains,
  sessionRoots,
} from '../../node/sessions/index'
import { runSessionsCli, useSessionHome } from './helpers/sessions-cli'

// opencode keeps every session in one database, <XDG_DATA_HOME, else ~/.local/share>/opencode/
// opencode.db (docs/sessions.md): one row, the session an import of it reads. The databases are
// testdata/sqlite's (scripts/make-sqlite-fixtures.py): opencode.db holds
// testdata/formats/opencode.json's session (created 1764800000000, updated 1764800050000, in
// /tmp/ocfx/proj; 9 messages, one with a compaction part), an older one and a newer subagent's;
// opencode-new.db one session, its tables in its log only.

const SQLITE = join(import.meta.dirname, '../../testdata/sqlite')
const made: string[] = []
afterAll(async () => {
  for (const dir of made) await rm(dir, { recursive: true, force: true })
})

/** A home whose opencode data folder holds the fixtures as `names` says, each with its log. */
async function homeWith(names: Record<string, string>): Promise<string> {
  const home = await mkdtemp(join(tmpdir(), 'opencode-home-'))
  made.push(home)
  const data = join(home, '.local/share/opencode')
  await mkdir(data, { recursive: true })
  for (const [name, fixture] of Object.entries(names)) {
    await copyFile(join(SQLITE, fixture), join(data, name))
    await copyFile(join(SQLITE, `${fixture}-wal`), join(data, `${name}-wal`))
  }
  return home
}

const iso = (ms: number) => new Date(ms).toISOString()

describe('opencode sessions', () => {
  it('are looked for in ~/.local/share/opencode on every OS, or under XDG_DATA_HOME', () => {
    const dirs = (env: Record<string, string>, platform: 'linux' | 'darwin' | 'win32' = 'linux') =>
      sessionRoots({ platform, env, home: platform === 'win32' ? 'C:\\Users\\u' : '/home/u' })
        .filter((r) => r.engine === 'opencode')
        .map((r) => [r.dir, r.layout, r.origin])
    expect(dirs({})).toEqual([['/home/u/.local/share/opencode', 'opencode', 'default']])
    expect(dirs({}, 'darwin')).toEqual([['/home/u/.local/share/opencode', 'opencode', 'default']])
    expect(dirs({}, 'win32')).toEqual([
      ['C:\\Users\\u\\.local\\share\\opencode', 'opencode', 'default'],
    ])
    expect(dirs({ XDG_DATA_HOME: '/data' })).toEqual([
      ['/data/opencode', 'opencode', 'XDG_DATA_HOME'],
    ])
  })

  it("include Kilo CLI's database, of opencode's tables, in ~/.local/share/kilo", async () => {
    const kilo = sessionRoots({ platform: 'linux', env: {}, home: '/home/u' }).filter(
      (r) => r.layout === 'opencode' && r.engine === 'kilo-code',
    )
    expect(kilo.map((r) => [r.dir, r.origin])).toEqual([
      ['/home/u/.local/share/kilo', 'default, CLI from 1.0'],
    ])
    const home = await mkdtemp(join(tmpdir(), 'kilo-home-'))
    made.push(home)
    const data = join(home, '.local/share/kilo')
    await mkdir(data, { recursive: true })
    await copyFile(join(SQLITE, 'opencode-new.db'), join(data, 'kilo.db'))
    await copyFile(join(SQLITE, 'opencode-new.db-wal'), join(data, 'kilo.db-wal'))
    const { sessions } = await findSessions({ ctx: { platform: 'linux', env: {}, home } })
    expect(sessions.map((s) => [s.engine, s.engineLabel, s.format, s.project])).toEqual([
      ['kilo-code', 'Kilo Code', 'opencode-db', '/tmp/ocfx/proj'],
    ])
    expect(await countSession('kilo-code', join(data, 'kilo.db'))).toEqual({
      messages: 2,
      compactions: 0,
    })
  })

  it('list each database as the session opening it reads, with its log', async () => {
    const home = await homeWith({
      'opencode.db': 'opencode.db',
      'opencode-beta.db': 'opencode-new.db',
    })
    // Neither a database of another name nor the log's shared memory is a session.
    await writeFile(join(home, '.local/share/opencode/opencode.db-shm'), '')
    await copyFile(join(SQLITE, 'rows.db'), join(home, '.local/share/opencode/other.db'))
    const { sessions } = await findSessions({ ctx: { platform: 'linux', env: {}, home } })
    const rows = sessions.map(({ engine, format, project, started, lastActive, model, path }) => ({
      engine,
      format,
      project,
      started,
      lastActive,
      model,
      path: path.slice(home.length + 1),
    }))
    expect(rows).toEqual([
      {
        engine: 'opencode',
        format: 'opencode-db',
        project: '/tmp/ocfx/proj',
        started: iso(1764900000000),
        lastActive: iso(1764900002000),
        model: 'claude-sonnet-4-5-20250929',
        path: '.local/share/opencode/opencode-beta.db',
      },
      {
        engine: 'opencode',
        format: 'opencode-db',
        project: '/tmp/ocfx/proj',
        started: iso(1764800000000),
        lastActive: iso(1764800050000),
        model: 'claude-sonnet-4-5-20250929',
        path: '.local/share/opencode/opencode.db',
      },
    ])
    const db = join(home, '.local/share/opencode/opencode.db')
    expect(await countSession('opencode', db)).toEqual({ messages: 9, compactions: 1 })
    const holds = (text: string) => sessionContains(db, text)
    expect(await holds('Make it print Celsius')).toBe(true)
    // The older session's text is in the database, not in the session the row stands for.
    expect(await holds('Rename loadCfg to loadConfig.')).toBe(false)
    const latest = await latestSession({ ctx: { platform: 'linux', env: {}, home } }, 'opencode')
    expect(latest.session?.path).toBe(join(home, '.local/share/opencode/opencode-beta.db'))
  })
})

describe('latest:opencode', () => {
  let home = ''
  beforeAll(async () => {
    home = await homeWith({ 'opencode.db': 'opencode.db' })
  })
  useSessionHome(() => home)
  afterAll(() => vi.unstubAllEnvs())

  it('reads the database last active, and its latest session', async () => {
    const { status, err } = await runSessionsCli(['tokens', 'latest:opencode'])
    expect(status).toBe(0)
    const path = join(home, '.local/share/opencode/opencode.db')
    expect(err.slice(0, 2)).toEqual([
      `latest:opencode: ${path} (opencode, last active ${iso(1764800050000)})`,
      `${path}: session ses_3f1a2b4c5ffeWx8Kq2Lm9Np0Rt of 3 ("Print temperatures in Celsius", 9 messages, updated 2025-12-03 22:14 UTC); read another with --session ID (--verbose lists them)`,
    ])
  })
})
