import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { countSession, findSessions, sessionRoots } from '../../node/sessions/index'
import { FORMATS_DIR, enginesInFolder, put } from './helpers/session-home'

// Mistral Vibe writes <VIBE_HOME, else ~/.vibe>/logs/session/session_<start>_<short id>/
// messages.jsonl, its meta.json beside it (docs/sessions.md).

const made: string[] = []
afterAll(async () => {
  for (const dir of made) await rm(dir, { recursive: true, force: true })
})

// A meta.json as Vibe's save_interaction writes it (json.dumps, indent 2): the session's metadata
// first, then its totals and tools, its configuration last.
const meta = (start: string, end: string, cwd: string, model: string) =>
  JSON.stringify(
    {
      session_id: 'b7f1c2d3-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      start_time: start,
      end_time: end,
      git_commit: null,
      git_branch: 'main',
      username: 'ines',
      environment: { working_directory: cwd },
      title: 'Moon phase widget',
      stats: { steps: 4, context_tokens: 2210 },
      total_messages: 9,
      tools_available: [{ type: 'function', function: { name: 'read_file', parameters: {} } }],
      config: { active_model: model, session_logging: { session_prefix: 'session' } },
      system_prompt: { role: 'system', content: 'You are a coding agent.' },
    },
    null,
    2,
  )

describe('Mistral Vibe sessions', () => {
  it('are looked for in ~/.vibe/logs/session, or under VIBE_HOME', () => {
    const dirs = (env: Record<string, string>, platform: 'linux' | 'win32' = 'linux') =>
      sessionRoots({ platform, env, home: platform === 'win32' ? 'C:\\Users\\u' : '/home/u' })
        .filter((r) => r.engine === 'mistral-vibe')
        .map((r) => [r.dir, r.layout, r.origin])
    expect(dirs({})).toEqual([['/home/u/.vibe/logs/session', 'vibe', 'default']])
    expect(dirs({}, 'win32')).toEqual([['C:\\Users\\u\\.vibe\\logs\\session', 'vibe', 'default']])
    expect(dirs({ VIBE_HOME: '/data/vibe' })).toEqual([
      ['/data/vibe/logs/session', 'vibe', 'VIBE_HOME'],
    ])
  })

  it('are listed with the folder, times and model their meta.json records', async () => {
    const home = await mkdtemp(join(tmpdir(), 'vibe-home-'))
    made.push(home)
    const session = await readFile(join(FORMATS_DIR, 'mistral-vibe.jsonl'), 'utf8')
    const compacted = await readFile(join(FORMATS_DIR, 'mistral-vibe-compacted.jsonl'), 'utf8')
    const a = '.vibe/logs/session/session_20261203_091500_b7f1c2d3'
    const b = '.vibe/logs/session/session_20261203_101200_c8a2d3e4'
    await put(home, `${a}/messages.jsonl`, session)
    await put(
      home,
      `${a}/meta.json`,
      meta(
        '2026-12-03T09:15:00+00:00',
        '2026-12-03T09:40:12+00:00',
        '/home/ines/sky',
        'devstral-2',
      ),
    )
    // A folder whose meta.json is missing: the file's time says when it was last active.
    await put(home, `${b}/messages.jsonl`, compacted)
    // The fixture's meta.json, whose active_model "mistral-medium-3.5" is the alias of the model
    // "mistral-vibe-cli-latest" in its config's models: the model the import names too.
    const c = '.vibe/logs/session/session_20261203_091500_b7f1c2d4'
    await put(home, `${c}/messages.jsonl`, session)
    await put(
      home,
      `${c}/meta.json`,
      await readFile(join(FORMATS_DIR, 'mistral-vibe-meta.json'), 'utf8'),
    )
    const { sessions } = await findSessions({
      ctx: { platform: 'linux', env: { HOME: home }, home },
      folders: [],
    })
    const rows = sessions
      .map(({ engine, project, model, title, started, lastActive, path }) => ({
        engine,
        project,
        model,
        title,
        started,
        lastActive: path.includes(b) ? 'the file’s' : lastActive,
        path: path.slice(home.length + 1),
      }))
      .sort((x, y) => (x.path < y.path ? -1 : 1))
    expect(rows).toEqual([
      {
        engine: 'mistral-vibe',
        project: '/home/ines/sky',
        model: 'devstral-2',
        title: 'Moon phase widget',
        started: '2026-12-03T09:15:00.000Z',
        lastActive: '2026-12-03T09:40:12.000Z',
        path: `${a}/messages.jsonl`,
      },
      {
        engine: 'mistral-vibe',
        project: '/home/ines/almanac',
        model: 'mistral-vibe-cli-latest',
        title: 'Moon phase widget',
        started: '2026-12-03T09:15:00.120Z',
        lastActive: '2026-12-03T09:21:42.880Z',
        path: `${c}/messages.jsonl`,
      },
      {
        engine: 'mistral-vibe',
        project: 'session_20261203_101200_c8a2d3e4',
        model: undefined,
        title: undefined,
        started: undefined,
        lastActive: 'the file’s',
        path: `${b}/messages.jsonl`,
      },
    ])
    // Lines with a role: 1–4, 5 (the broken line names its role), 6–9; in the compacted one
    // lines 1–5, the first the summary.
    expect(await countSession('mistral-vibe', join(home, a, 'messages.jsonl'))).toEqual({
      messages: 9,
      compactions: 0,
    })
    expect(await countSession('mistral-vibe', join(home, b, 'messages.jsonl'))).toEqual({
      messages: 5,
      compactions: 1,
    })
  })

  it('are told from the other engines’ logs in a folder of yours', async () => {
    const found = await enginesInFolder(
      [
        ['mistral-vibe.jsonl', 'a/messages.jsonl'],
        ['kimi-cli.jsonl', 'b/context.jsonl'],
        ['copilot-cli.jsonl', 'c/events.jsonl'],
      ],
      made,
    )
    expect(found).toEqual([
      ['mistral-vibe', 'a/messages.jsonl'],
      ['kimi-cli', 'b/context.jsonl'],
      ['copilot-cli', 'c/events.jsonl'],
    ])
  })
})
