import { mkdtemp, rename, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  countSession,
  createSessionCatalog,
  findSessions,
  SESSION_ID_PATTERN,
  type FindOptions,
} from '../../node/sessions/index'
import { linuxEnv, makeSessionHome, PATHS, put } from './helpers/session-home'

let home = ''
const options = (folders: string[] = []): FindOptions => ({
  ctx: { platform: 'linux', env: linuxEnv(home), home },
  folders,
})
const made: string[] = []

beforeAll(async () => {
  home = await makeSessionHome()
  made.push(home)
})
afterAll(async () => {
  for (const dir of made) await rm(dir, { recursive: true, force: true })
})

describe('finding the sessions in a home folder', () => {
  it('lists one of each engine, newest activity first, with what each log says', async () => {
    const { sessions } = await findSessions(options())
    // Values from the logs in helpers/session-home.ts and testdata/formats, read by hand.
    expect(
      sessions.map(({ engine, project, started, lastActive, model, path }) => ({
        engine,
        project,
        started,
        lastActive,
        model,
        path: path.slice(home.length + 1),
      })),
    ).toEqual([
      {
        engine: 'claude-code',
        project: '/home/ana/upload-svc',
        started: '2026-03-01T09:00:00.000Z',
        lastActive: '2026-03-01T10:00:10.000Z',
        // The last real model: the `<synthetic>` line after it is Claude Code's own.
        model: 'claude-opus-4-1',
        path: PATHS.claude,
      },
      {
        engine: 'codex',
        project: '/work/gauges',
        started: '2026-02-20T14:00:00.000Z',
        lastActive: '2026-02-20T14:05:10.000Z',
        model: 'gpt-5.1-codex-max',
        path: PATHS.codex,
      },
      {
        engine: 'pi',
        project: '/home/sam/weather-cli',
        started: '2026-02-10T10:00:00.000Z',
        // The entry's own time, not the message's numeric one.
        lastActive: '2026-02-10T10:06:30.000Z',
        model: 'gpt-5',
        path: PATHS.pi,
      },
      {
        engine: 'gemini-cli',
        // From the project folder's .project_root.
        project: '/home/lee/deploy-tools',
        started: '2025-11-20T14:01:00.000Z',
        lastActive: '2025-11-20T14:30:06.000Z',
        model: 'gemini-3-pro-preview',
        path: PATHS.gemini,
      },
      {
        engine: 'roo-code',
        project: '/srv/ops',
        started: '2025-10-09T08:53:20.000Z', // ts 1760000000000
        lastActive: '2025-10-09T08:53:35.000Z', // ts 1760000015000
        model: undefined,
        path: PATHS.roo,
      },
      {
        engine: 'cline',
        project: '/srv/billing',
        started: '2025-08-04T09:33:20.000Z', // ts 1754300000000
        lastActive: '2025-08-04T09:33:44.000Z', // ts 1754300024000
        model: 'claude-opus-4-1',
        path: PATHS.cline,
      },
    ])
  })

  it('counts the messages and compactions each log records', async () => {
    const { sessions } = await findSessions(options())
    const counts = Object.fromEntries(
      await Promise.all(
        sessions.map(async (s) => [s.engine, await countSession(s.engine, s.path)]),
      ),
    )
    expect(counts).toEqual({
      // user and assistant events: u1, u2, u4, u5, u6; one compact_boundary
      'claude-code': { messages: 5, compactions: 1 },
      // two messages, a call and its output (event_msg lines repeat them); one compacted line
      codex: { messages: 4, compactions: 1 },
      // e1, e2, e4, e5; one compaction entry
      pi: { messages: 4, compactions: 1 },
      // m1 to m4, m2 written twice; one <state_snapshot>
      'gemini-cli': { messages: 4, compactions: 1 },
      // testdata/formats/roo-code.json: 7 turns, one isSummary
      'roo-code': { messages: 7, compactions: 1 },
      // testdata/formats/cline.json: 8 turns
      cline: { messages: 8, compactions: 0 },
    })
  })

  it('counts records that straddle the 1 MB chunks the scan reads in', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sessions-big-'))
    made.push(dir)
    const line = (i: number) =>
      JSON.stringify({
        type: 'message',
        id: `e${i}`,
        message: { role: 'user', content: 'y'.repeat(997 + (i % 13)) },
      })
    const lines = [JSON.stringify({ type: 'session', version: 3, id: 'big', cwd: '/b' })]
    for (let i = 0; i < 3000; i++) lines.push(line(i))
    const path = join(dir, 'big.jsonl')
    await writeFile(path, lines.join('\n') + '\n')
    expect(await countSession('pi', path)).toEqual({ messages: 3000, compactions: 0 })
  })

  it('searches a folder of yours, telling each log’s engine from its content', async () => {
    const mine = await mkdtemp(join(tmpdir(), 'sessions-mine-'))
    made.push(mine)
    const copy = async (from: string, to: string) => {
      const { readFile } = await import('node:fs/promises')
      await put(mine, to, await readFile(join(home, from), 'utf8'))
    }
    await copy(PATHS.codex, 'a/rollout.jsonl')
    await copy(PATHS.pi, 'b/c/pi-session.jsonl')
    await copy(PATHS.claude, 'claude.jsonl')
    await copy(PATHS.roo, 'task/api_conversation_history.json')
    await put(mine, 'notes.jsonl', '{"hello":"world"}\n')
    const { sessions } = await findSessions({
      ctx: { platform: 'linux', env: {}, home: mine },
      folders: [mine],
    })
    expect(sessions.map((s) => [s.engine, s.path.slice(mine.length + 1)]).sort()).toEqual([
      ['claude-code', 'claude.jsonl'],
      ['codex', 'a/rollout.jsonl'],
      ['pi', 'b/c/pi-session.jsonl'],
      ['roo-code', 'task/api_conversation_history.json'],
    ])
  })
})

describe("the engines' own variables, on disk", () => {
  it('finds the sessions where CLAUDE_CONFIG_DIR, CODEX_HOME and XDG_CONFIG_HOME moved them', async () => {
    const { readFile } = await import('node:fs/promises')
    const elsewhere = await mkdtemp(join(tmpdir(), 'sessions-moved-'))
    made.push(elsewhere)
    const move = async (from: string, to: string) =>
      put(elsewhere, to, await readFile(join(home, from), 'utf8'))
    await move(PATHS.claude, 'claude-config/projects/p/a1.jsonl')
    await move(PATHS.codex, 'codex-home/sessions/2026/02/20/rollout-x.jsonl')
    await move(
      PATHS.roo,
      'xdg/Code/User/globalStorage/rooveterinaryinc.roo-cline/tasks/1/api_conversation_history.json',
    )
    const env = {
      HOME: join(elsewhere, 'empty-home'),
      CLAUDE_CONFIG_DIR: join(elsewhere, 'claude-config'),
      CODEX_HOME: join(elsewhere, 'codex-home'),
      XDG_CONFIG_HOME: join(elsewhere, 'xdg'),
    }
    const { sessions } = await findSessions({ ctx: { platform: 'linux', env, home: env.HOME } })
    expect(sessions.map((s) => [s.engine, s.path.slice(elsewhere.length + 1)])).toEqual([
      ['claude-code', 'claude-config/projects/p/a1.jsonl'],
      ['codex', 'codex-home/sessions/2026/02/20/rollout-x.jsonl'],
      [
        'roo-code',
        'xdg/Code/User/globalStorage/rooveterinaryinc.roo-cline/tasks/1/api_conversation_history.json',
      ],
    ])
  })
})

describe('only inside the known folders', () => {
  it('refuses a link that leads out of its folder, and follows one that stays in', async () => {
    const linked = await makeSessionHome()
    const outside = await mkdtemp(join(tmpdir(), 'sessions-outside-'))
    made.push(linked, outside)
    const secret = await put(outside, 'secret.jsonl', '{"type":"session","cwd":"/secret"}\n')
    const projects = join(linked, '.claude/projects')
    await symlink(secret, join(projects, '-home-ana-upload-svc/evil.jsonl'))
    await symlink(outside, join(projects, 'evil-dir'))
    await symlink(join(projects, '-home-ana-upload-svc'), join(projects, 'alias'))
    const { sessions, refused } = await findSessions({
      ctx: { platform: 'linux', env: linuxEnv(linked), home: linked },
    })
    expect(sessions.some((s) => s.path.startsWith(outside))).toBe(false)
    expect(refused.sort()).toEqual(
      [join(projects, '-home-ana-upload-svc/evil.jsonl'), join(projects, 'evil-dir')].sort(),
    )
    // The alias reaches the same file, which is listed once.
    expect(sessions.filter((s) => s.engine === 'claude-code')).toHaveLength(1)
  })

  it('gives the renderer ids, never paths, and re-checks a path before handing it out', async () => {
    const own = await makeSessionHome()
    const outside = await mkdtemp(join(tmpdir(), 'sessions-outside-'))
    made.push(own, outside)
    const catalog = createSessionCatalog({
      ctx: { platform: 'linux', env: linuxEnv(own), home: own },
    })
    const list = await catalog.list()
    expect(list).toHaveLength(6)
    for (const info of list) {
      expect(info.id).toMatch(SESSION_ID_PATTERN)
      expect(JSON.stringify(info)).not.toContain(own)
    }
    // The same file keeps its id across listings.
    expect((await catalog.list()).map((s) => s.id)).toEqual(list.map((s) => s.id))
    const claude = list.find((s) => s.engine === 'claude-code')!
    expect(await catalog.pathOf(claude.id)).toBe(join(own, PATHS.claude))
    expect(await catalog.counts(claude.id)).toEqual({ messages: 5, compactions: 1 })
    expect(await catalog.pathOf('A'.repeat(32))).toBeNull()
    expect(await catalog.pathOf('../../etc/passwd')).toBeNull()
    // Swapped for a link out of its folder after it was listed: refused.
    const secret = await put(outside, 'secret.jsonl', 'secret\n')
    await rename(join(own, PATHS.claude), join(own, 'moved.jsonl'))
    await symlink(secret, join(own, PATHS.claude))
    expect(await catalog.pathOf(claude.id)).toBeNull()
    expect(await catalog.counts(claude.id)).toBeNull()
  })
})
