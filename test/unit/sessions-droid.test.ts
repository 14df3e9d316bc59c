import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { countSession, findSessions, sessionRoots } from '../../node/sessions/index'
import { FORMATS_DIR, enginesInFolder, put } from './helpers/session-home'

// Factory Droid writes ~/.factory/sessions/<project>/<session id>.jsonl, and <session id>.jsonl at
// the top for a session with no working folder, each beside its <session id>.settings.json
// (docs/sessions.md). FACTORY_HOME_OVERRIDE takes the place of the home folder.

const made: string[] = []
afterAll(async () => {
  for (const dir of made) await rm(dir, { recursive: true, force: true })
})

const SESSION = '5f0c2e9a-6b1d-4c3e-9a7f-2d8e1b4c6a01'

async function factoryHome(base: string): Promise<string> {
  const session = await readFile(join(FORMATS_DIR, 'droid.jsonl'), 'utf8')
  await put(base, `.factory/sessions/-home-rhea-tidegauge/${SESSION}.jsonl`, session)
  await put(
    base,
    `.factory/sessions/-home-rhea-tidegauge/${SESSION}.settings.json`,
    '{"model":"claude-sonnet-4-5-20250929","tokenUsage":{"inputTokens":1200}}',
  )
  await put(
    base,
    '.factory/sessions/0b1c2d3e.jsonl',
    [
      '{"type":"session_start","id":"0b1c2d3e","title":"hi","owner":"rhea","version":2}',
      '{"type":"message","id":"m1","timestamp":"2026-10-01T08:00:00.000Z","message":{"role":"user","content":[{"type":"text","text":"hi"}]}}',
      '',
    ].join('\n'),
  )
  return base
}

describe('Factory Droid sessions', () => {
  it('are looked for in ~/.factory/sessions, or under FACTORY_HOME_OVERRIDE', () => {
    const dirs = (env: Record<string, string>, platform: 'linux' | 'win32' = 'linux') =>
      sessionRoots({
        platform,
        env,
        home: platform === 'win32' ? 'C:\\Users\\u' : '/home/u',
      })
        .filter((r) => r.engine === 'droid')
        .map((r) => [r.dir, r.origin])
    expect(dirs({})).toEqual([['/home/u/.factory/sessions', 'default']])
    expect(dirs({}, 'win32')).toEqual([['C:\\Users\\u\\.factory\\sessions', 'default']])
    expect(dirs({ FACTORY_HOME_OVERRIDE: '/srv/droid' })).toEqual([
      ['/srv/droid/.factory/sessions', 'FACTORY_HOME_OVERRIDE'],
    ])
  })

  it('are listed with what their logs say, the settings files beside them left out', async () => {
    const home = await factoryHome(await mkdtemp(join(tmpdir(), 'droid-home-')))
    made.push(home)
    const { sessions } = await findSessions({
      ctx: { platform: 'linux', env: { HOME: home }, home },
      folders: [],
    })
    // Values read by hand from testdata/formats/droid.jsonl and the session written above.
    expect(
      sessions.map(({ engine, project, started, lastActive, model, format, path }) => ({
        engine,
        project,
        started,
        lastActive,
        model,
        format,
        path: path.slice(home.length + 1),
      })),
    ).toEqual([
      {
        engine: 'droid',
        project: '/home/rhea/tidegauge',
        // The session_start line has no time; the first message's.
        started: '2026-11-30T09:00:00.000Z',
        // The agent_turn_outcome line, the last.
        lastActive: '2026-11-30T09:01:43.600Z',
        model: 'claude-sonnet-4-5-20250929',
        format: 'droid',
        path: `.factory/sessions/-home-rhea-tidegauge/${SESSION}.jsonl`,
      },
      {
        engine: 'droid',
        // No working folder, and none in its log: no project.
        project: '',
        started: '2026-10-01T08:00:00.000Z',
        lastActive: '2026-10-01T08:00:00.000Z',
        model: undefined,
        format: 'droid',
        path: '.factory/sessions/0b1c2d3e.jsonl',
      },
    ])
    // Lines 2–4, 6–13 and 15–18 are message events; line 14 the one compaction.
    expect(await countSession('droid', sessions[0].path)).toEqual({
      messages: 15,
      compactions: 1,
    })
  })

  it("list a subagent's session under the session whose Task tool started it", async () => {
    const home = await factoryHome(await mkdtemp(join(tmpdir(), 'droid-home-')))
    made.push(home)
    const folder = '.factory/sessions/-home-rhea-tidegauge'
    const child = '7a1e0c4b-2f3d-4e5a-8b6c-9d0e1f2a3b4c'
    await put(
      home,
      `${folder}/${child}.jsonl`,
      [
        `{"type":"session_start","id":"${child}","title":"Read the parser tests","sessionTitle":"Check which tests cover the last row","owner":"rhea","version":2,"cwd":"/home/rhea/tidegauge"}`,
        '{"type":"message","id":"c1","timestamp":"2026-11-30T09:00:30.000Z","message":{"role":"user","content":[{"type":"text","text":"Which tests cover the last row?"}]}}',
        '',
      ].join('\n'),
    )
    // The tag a Task call puts on the session it starts, as Droid keeps it in the settings.
    await put(
      home,
      `${folder}/${child}.settings.json`,
      JSON.stringify({
        model: 'claude-sonnet-4-5-20250929',
        tags: [
          {
            name: 'subagent',
            metadata: { callingSessionId: SESSION, callingToolUseId: 'toolu_9' },
          },
        ],
      }),
    )
    // A session whose tags name no caller stands alone.
    await put(home, `${folder}/aa11.jsonl`, '{"type":"session_start","id":"aa11","title":"x"}\n')
    await put(home, `${folder}/aa11.settings.json`, '{"tags":[{"name":"spec"}]}')
    const { sessions } = await findSessions({
      ctx: { platform: 'linux', env: { HOME: home }, home },
      folders: [],
    })
    const agents = sessions.filter((s) => s.subagent).map((s) => s.subagent)
    expect(agents).toEqual([
      {
        agentId: child,
        parentKey: join(home, folder, `${SESSION}.jsonl`),
        description: 'Check which tests cover the last row',
      },
    ])
  })

  it('are told from their first line in a folder of yours', async () => {
    expect(await enginesInFolder([['droid.jsonl', 'a/s.jsonl']], made)).toEqual([
      ['droid', 'a/s.jsonl'],
    ])
  })
})
