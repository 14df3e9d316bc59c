import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { countSession, findSessions, sessionRoots } from '../../node/sessions/index'
import { FORMATS_DIR, enginesInFolder, put } from './helpers/session-home'

// Qwen Code writes <runtime folder>/projects/<working folder>/chats/<session id>.jsonl, archived
// sessions under chats/archive/; the runtime folder is QWEN_RUNTIME_DIR, else QWEN_HOME, else
// ~/.qwen (docs/sessions.md).

const made: string[] = []
afterAll(async () => {
  for (const dir of made) await rm(dir, { recursive: true, force: true })
})

const SESSION = '3c1f9e2a-7d4b-4e6a-9b8c-0d1e2f3a4b5c'

describe('Qwen Code sessions', () => {
  it('are looked for in ~/.qwen/projects, or under QWEN_RUNTIME_DIR or QWEN_HOME', () => {
    const dirs = (env: Record<string, string>, platform: 'linux' | 'win32' = 'linux') =>
      sessionRoots({ platform, env, home: platform === 'win32' ? 'C:\\Users\\u' : '/home/u' })
        .filter((r) => r.engine === 'qwen-code')
        .map((r) => [r.dir, r.origin])
    expect(dirs({})).toEqual([['/home/u/.qwen/projects', 'default']])
    expect(dirs({}, 'win32')).toEqual([['C:\\Users\\u\\.qwen\\projects', 'default']])
    expect(dirs({ QWEN_HOME: '~/qwen-home' })).toEqual([
      ['/home/u/qwen-home/projects', 'QWEN_HOME'],
    ])
    expect(dirs({ QWEN_HOME: '/q', QWEN_RUNTIME_DIR: '/run/qwen' })).toEqual([
      ['/run/qwen/projects', 'QWEN_RUNTIME_DIR'],
    ])
  })

  it('are listed with what their records say, archived ones too', async () => {
    const home = await mkdtemp(join(tmpdir(), 'qwen-home-'))
    made.push(home)
    const session = await readFile(join(FORMATS_DIR, 'qwen-code.jsonl'), 'utf8')
    await put(home, `.qwen/projects/-home-mei-harbor/chats/${SESSION}.jsonl`, session)
    await put(home, `.qwen/projects/-home-mei-harbor/chats/archive/${SESSION}.jsonl`, session)
    const { sessions } = await findSessions({
      ctx: { platform: 'linux', env: { HOME: home }, home },
      folders: [],
    })
    // Values read by hand from testdata/formats/qwen-code.jsonl.
    const row = {
      engine: 'qwen-code',
      project: '/home/mei/harbor',
      started: '2026-12-01T10:00:00.000Z',
      lastActive: '2026-12-01T10:02:23.000Z',
      model: 'qwen3-coder-plus',
      format: 'qwen-code',
    }
    expect(
      sessions
        .map(({ engine, project, started, lastActive, model, format, path }) => ({
          engine,
          project,
          started,
          lastActive,
          model,
          format,
          path: path.slice(home.length + 1),
        }))
        .sort((a, b) => a.path.localeCompare(b.path)),
    ).toEqual([
      { ...row, path: `.qwen/projects/-home-mei-harbor/chats/${SESSION}.jsonl` },
      { ...row, path: `.qwen/projects/-home-mei-harbor/chats/archive/${SESSION}.jsonl` },
    ])
    // The records as written, by their "type": user, assistant and tool_result on lines 1–4, 6–9,
    // 11, 13–17 and 19–22 (line 7 a reply's second fragment, line 17 the broken line), and the
    // "assistant" item of the slash command's output on line 12; one chat_compression.
    expect(await countSession('qwen-code', sessions[0].path)).toEqual({
      messages: 19,
      compactions: 1,
    })
  })

  it('are told from Claude Code sessions in a folder of yours', async () => {
    const found = await enginesInFolder(
      [
        ['qwen-code.jsonl', 'a/q.jsonl'],
        ['claude-code-2.1.jsonl', 'b/c.jsonl'],
      ],
      made,
    )
    expect(found).toEqual([
      ['qwen-code', 'a/q.jsonl'],
      ['claude-code', 'b/c.jsonl'],
    ])
  })
})
