import { mkdtemp, readFile, rm, symlink, utimes } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { countSession, findSessions, sessionRoots } from '../../node/sessions/index'
import { FORMATS_DIR, enginesInFolder, put } from './helpers/session-home'

// Kimi CLI writes <share>/sessions/<md5 of the project's path>/<session id>/context.jsonl, the
// contexts it rotated aside as context_<n>.jsonl beside it and each subagent's under
// subagents/<agent id>/; <share> is KIMI_SHARE_DIR, else ~/.kimi, and <share>/kimi.json lists
// the projects' paths (docs/sessions.md).

const made: string[] = []
afterAll(async () => {
  for (const dir of made) await rm(dir, { recursive: true, force: true })
})

const SESSION = '5d2c7a10-6f0e-4c1b-8a3d-2e9f4b7c1a60'
// `printf %s /home/mei/billing | md5sum`, and the same of /srv/api.
const BILLING = 'ea7b39db01c6c8d8a858d13fb02330e1'
const API = '88726c27de128bfafbf51390e989ea8c'

describe('Kimi CLI sessions', () => {
  it('are looked for in ~/.kimi, or in KIMI_SHARE_DIR', () => {
    const dirs = (env: Record<string, string>, platform: 'linux' | 'win32' = 'linux') =>
      sessionRoots({ platform, env, home: platform === 'win32' ? 'C:\\Users\\u' : '/home/u' })
        .filter((r) => r.engine === 'kimi-cli')
        .map((r) => [r.dir, r.layout, r.origin])
    expect(dirs({})).toEqual([['/home/u/.kimi', 'kimi', 'default']])
    expect(dirs({}, 'win32')).toEqual([['C:\\Users\\u\\.kimi', 'kimi', 'default']])
    expect(dirs({ KIMI_SHARE_DIR: '/data/kimi' })).toEqual([
      ['/data/kimi', 'kimi', 'KIMI_SHARE_DIR'],
    ])
  })

  it("are listed with their project's path, rotated contexts and subagents' too, each subagent under its session", async () => {
    const home = await mkdtemp(join(tmpdir(), 'kimi-home-'))
    made.push(home)
    const session = await readFile(join(FORMATS_DIR, 'kimi-cli.jsonl'), 'utf8')
    const compacted = await readFile(join(FORMATS_DIR, 'kimi-cli-compacted.jsonl'), 'utf8')
    const folder = `.kimi/sessions/${BILLING}/${SESSION}`
    await put(
      home,
      '.kimi/kimi.json',
      JSON.stringify({
        work_dirs: [
          { path: '/home/mei/billing', kaos: 'local', last_session_id: SESSION },
          { path: '/srv/api', kaos: 'ssh' },
        ],
      }),
    )
    await put(home, `${folder}/context.jsonl`, compacted)
    await put(home, `${folder}/context_1.jsonl`, session)
    await put(home, `${folder}/subagents/a7/context.jsonl`, session)
    await put(
      home,
      `${folder}/subagents/a7/meta.json`,
      JSON.stringify({
        agent_id: 'a7',
        subagent_type: 'coder',
        status: 'completed',
        description: 'Write the regression test',
      }),
    )
    await put(home, `${folder}/wire.jsonl`, '{"type": "metadata", "protocol_version": "1.9"}\n')
    await put(home, `.kimi/sessions/ssh_${API}/s2/context.jsonl`, session)
    // A project kimi.json does not list keeps its folder's name.
    await put(home, '.kimi/sessions/0123456789abcdef0123456789abcdef/s3/context.jsonl', session)
    const when = new Date('2026-11-30T08:00:00Z')
    await utimes(join(home, folder, 'context.jsonl'), when, when)
    const { sessions } = await findSessions({
      ctx: { platform: 'linux', env: { HOME: home }, home },
      folders: [],
    })
    const rows = sessions
      .map(({ engine, project, model, format, path }) => ({
        engine,
        project,
        model,
        format,
        path: path.slice(home.length + 1),
      }))
      .sort((a, b) => (a.path < b.path ? -1 : 1))
    const row = { engine: 'kimi-cli', model: undefined, format: 'kimi-cli' }
    expect(rows).toEqual([
      {
        ...row,
        project: '0123456789abcdef0123456789abcdef',
        path: '.kimi/sessions/0123456789abcdef0123456789abcdef/s3/context.jsonl',
      },
      { ...row, project: '/home/mei/billing', path: `${folder}/context.jsonl` },
      { ...row, project: '/home/mei/billing', path: `${folder}/context_1.jsonl` },
      { ...row, project: '/home/mei/billing', path: `${folder}/subagents/a7/context.jsonl` },
      { ...row, project: '/srv/api', path: `.kimi/sessions/ssh_${API}/s2/context.jsonl` },
    ])
    // The subagent's context belongs to its session's, and its meta.json names it.
    const agent = sessions.find((s) => s.path.includes('/subagents/'))
    expect(agent?.subagent).toEqual({
      agentId: 'a7',
      parentKey: join(home, folder, 'context.jsonl'),
      agentType: 'coder',
      description: 'Write the regression test',
    })
    expect(sessions.filter((s) => s.subagent).length).toBe(1)
    // The file records no time: it was last active when it was last written.
    const current = sessions.find((s) => s.path.endsWith(`${SESSION}/context.jsonl`))
    expect(current?.lastActive).toBe('2026-11-30T08:00:00.000Z')
    expect(current?.started).toBeUndefined()
    // The records by their "role": user, assistant and tool on lines 3–6 and 9 of the compacted
    // file, whose line 3 is the summary; in the other, lines 3, 5, 7–9, 11, 13, 14 (the broken
    // line), 16 and 18.
    expect(await countSession('kimi-cli', current!.path)).toEqual({ messages: 5, compactions: 1 })
    expect(await countSession('kimi-cli', join(home, folder, 'context_1.jsonl'))).toEqual({
      messages: 10,
      compactions: 0,
    })
  })

  it('do not follow a kimi.json that links out of the share folder', async () => {
    const home = await mkdtemp(join(tmpdir(), 'kimi-home-'))
    const outside = await mkdtemp(join(tmpdir(), 'kimi-outside-'))
    made.push(home, outside)
    const session = await readFile(join(FORMATS_DIR, 'kimi-cli.jsonl'), 'utf8')
    await put(home, `.kimi/sessions/${BILLING}/${SESSION}/context.jsonl`, session)
    await put(outside, 'kimi.json', JSON.stringify({ work_dirs: [{ path: '/home/mei/billing' }] }))
    await symlink(join(outside, 'kimi.json'), join(home, '.kimi', 'kimi.json'))
    const { sessions } = await findSessions({
      ctx: { platform: 'linux', env: { HOME: home }, home },
      folders: [],
    })
    // The project is the folder's name, not the path the file outside gives.
    expect(sessions.map((s) => s.project)).toEqual([BILLING])
  })

  it('are told from the other engines’ logs in a folder of yours', async () => {
    const found = await enginesInFolder(
      [
        ['kimi-cli.jsonl', 'a/context.jsonl'],
        ['kimi-cli-compacted.jsonl', 'b/context_2.jsonl'],
        ['claude-code-2.1.jsonl', 'c/c.jsonl'],
      ],
      made,
    )
    expect(found).toEqual([
      ['kimi-cli', 'a/context.jsonl'],
      ['kimi-cli', 'b/context_2.jsonl'],
      ['claude-code', 'c/c.jsonl'],
    ])
  })
})
