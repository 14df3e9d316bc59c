import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  countSession,
  findSessions,
  latestSession,
  sessionsHolding,
  sessionCounts,
  sessionRoots,
} from '../../node/sessions/index'
import { runSessionsCli, useSessionHome } from './helpers/sessions-cli'

// opencode keeps every session in one database, <XDG_DATA_HOME, else ~/.local/share>/opencode/
// opencode.db (docs/sessions.md): a row per session. The databases are testdata/sqlite's
// (scripts/make-sqlite-fixtures.py): opencode.db holds testdata/formats/opencode.json's session
// (MAIN: created 1764800000000, updated 1764800050000, in /tmp/ocfx/proj; 9 messages, one with a
// compaction part), an older one (OLDER: 1764700000000 to 1764700002000, 2 messages) and a newer
// subagent's (SUB, MAIN's: 1764800060000 to 1764800062000, 2 messages); opencode-new.db one
// session, its tables in its log only.
const MAIN = 'ses_3f1a2b4c5ffeWx8Kq2Lm9Np0Rt'
const OLDER = 'ses_2a0000000001Older0000000001'
const SUB = 'ses_3f1a2b4c6000Sub00000000001'

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

  it('list every session of each database that holds a message, read with its log', async () => {
    const home = await homeWith({
      'opencode.db': 'opencode.db',
      'opencode-beta.db': 'opencode-new.db',
    })
    // Neither a database of another name nor the log's shared memory is a session.
    await writeFile(join(home, '.local/share/opencode/opencode.db-shm'), '')
    await copyFile(join(SQLITE, 'rows.db'), join(home, '.local/share/opencode/other.db'))
    const { sessions } = await findSessions({ ctx: { platform: 'linux', env: {}, home } })
    const db = join(home, '.local/share/opencode/opencode.db')
    const rows = sessions.map((s) => ({
      session: s.session,
      started: s.started,
      lastActive: s.lastActive,
      path: s.path.slice(home.length + 1),
      ...(s.subagent ? { subagent: s.subagent } : {}),
    }))
    // Newest activity first, as every listing; the subagent's last reply is newer than its parent's.
    expect(rows).toEqual([
      {
        session: 'ses_2a0000000002First000000001',
        started: iso(1764900000000),
        lastActive: iso(1764900002000),
        path: '.local/share/opencode/opencode-beta.db',
      },
      {
        session: SUB,
        started: iso(1764800060000),
        lastActive: iso(1764800062000),
        path: '.local/share/opencode/opencode.db',
        subagent: {
          agentId: SUB,
          parentKey: `${db}\u0000${MAIN}`,
          description: 'Find the formatter (@general subagent)',
        },
      },
      {
        session: MAIN,
        started: iso(1764800000000),
        lastActive: iso(1764800050000),
        path: '.local/share/opencode/opencode.db',
      },
      {
        session: OLDER,
        started: iso(1764700000000),
        lastActive: iso(1764700002000),
        path: '.local/share/opencode/opencode.db',
      },
    ])
    for (const s of sessions) {
      expect([s.engine, s.format, s.project, s.model]).toEqual([
        'opencode',
        'opencode-db',
        '/tmp/ocfx/proj',
        'claude-sonnet-4-5-20250929',
      ])
    }
    // Each row's size is its own: the bytes of its messages' and parts' stored JSON, here as
    // SQLite reports them for a copy of the fixture and its log (python3's sqlite3: per session,
    // the sum of length(CAST(data AS BLOB)) over message and part), not the database's.
    expect(sessions.map((s) => s.size)).toEqual([600, 614, 7392, 614])
    const counts = await Promise.all(sessions.map((s) => sessionCounts(s)))
    expect(counts).toEqual([
      { messages: 2, compactions: 0 },
      { messages: 2, compactions: 0 },
      { messages: 9, compactions: 1 },
      { messages: 2, compactions: 0 },
    ])
    // Read again, as the CLI's counts are when the listing did not keep them.
    expect(await countSession('opencode', db, OLDER)).toEqual({ messages: 2, compactions: 0 })
    expect(await countSession('opencode', db)).toEqual({ messages: 9, compactions: 1 })
    // Each row is searched in its own session's rows only.
    const holding = async (text: string) =>
      [...(await sessionsHolding(sessions, text))].map((key) => key.slice(home.length + 1))
    const key = (session: string) => `.local/share/opencode/opencode.db\u0000${session}`
    expect(await holding('Make it print Celsius')).toEqual([key(MAIN)])
    expect(await holding('Rename loadCfg to loadConfig.')).toEqual([key(OLDER)])
    expect(await holding('Find where temperatures are formatted.')).toEqual([key(SUB)])
    expect(await holding('It bundles the CLI.')).toEqual([
      '.local/share/opencode/opencode-beta.db\u0000ses_2a0000000002First000000001',
    ])
    // The latest of opencode's is never a subagent's.
    const latest = await latestSession({ ctx: { platform: 'linux', env: {}, home } }, 'opencode')
    expect([latest.session?.path, latest.session?.session]).toEqual([
      join(home, '.local/share/opencode/opencode-beta.db'),
      'ses_2a0000000002First000000001',
    ])
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
      `latest:opencode: ${path}, session ${MAIN} (opencode, last active ${iso(1764800050000)})`,
      `${path}: session ses_3f1a2b4c5ffeWx8Kq2Lm9Np0Rt of 3 ("Print temperatures in Celsius", 9 messages, updated 2025-12-03 22:14 UTC); read another with --session ID (--verbose lists them)`,
    ])
  })

  it('sessions --json: a row per session, named by its sessionId, a subagent under its session', async () => {
    const path = join(home, '.local/share/opencode/opencode.db')
    const ids = async (args: string[]) => {
      const { status, out } = await runSessionsCli(['sessions', '--json', ...args])
      expect(status).toBe(0)
      return (
        JSON.parse(out) as { path: string; sessionId: string; title: string; subagent: unknown }[]
      ).map((r) => [r.sessionId, r.subagent, r.path === path, r.title])
    }
    expect(await ids(['--subagents'])).toEqual([
      [MAIN, null, true, 'Print temperatures in Celsius'],
      [
        SUB,
        {
          agentId: SUB,
          agentType: null,
          description: 'Find the formatter (@general subagent)',
          session: path,
          sessionId: MAIN,
        },
        true,
        'Find the formatter (@general subagent)',
      ],
      [OLDER, null, true, 'Rename the config loader'],
    ])
    // --text searches each session's own rows; a session is kept for its subagent's, as every engine's.
    expect(await ids(['--text', 'Rename loadCfg to loadConfig.'])).toEqual([
      [OLDER, null, true, 'Rename the config loader'],
    ])
    expect(await ids(['--text', 'Find where temperatures are formatted.'])).toEqual([
      [MAIN, null, true, 'Print temperatures in Celsius'],
    ])
  })

  it('sessions: each row names its session by its title, and stderr says how to read one', async () => {
    const { status, out, err } = await runSessionsCli(['sessions'], 200)
    expect(status).toBe(0)
    const lines = out.trimEnd().split('\n')
    expect(lines).toHaveLength(3)
    expect(lines[1]).toMatch(
      /^opencode {2}\/tmp\/ocfx\/proj "Print temperatures in Celsius" +2025-12-03 22:13/,
    )
    expect(lines[2]).toMatch(
      /^opencode {2}\/tmp\/ocfx\/proj "Rename the config loader" +2025-12-02 /,
    )
    expect(err).toContain(
      "sessions: a database's rows are its sessions; read one with 'tokens FILE --session ID' (--json gives each row's path and sessionId)",
    )
  })

  it('reads another session of it with --session', async () => {
    const { status, err } = await runSessionsCli(['tokens', 'latest:opencode', '--session', OLDER])
    expect(status).toBe(0)
    expect(err[1]).toContain(`session ${OLDER} of 3 ("Rename the config loader", 2 messages,`)
  })
})
