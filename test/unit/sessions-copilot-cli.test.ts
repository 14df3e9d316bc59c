import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { countSession, findSessions, sessionRoots } from '../../node/sessions/index'
import { FORMATS_DIR, enginesInFolder, put } from './helpers/session-home'

// GitHub Copilot CLI writes <COPILOT_HOME, else ~/.copilot>/session-state/<session id>/events.jsonl,
// beside the session's plan, checkpoints and files (docs/sessions.md).

const made: string[] = []
afterAll(async () => {
  for (const dir of made) await rm(dir, { recursive: true, force: true })
})

describe('GitHub Copilot CLI sessions', () => {
  it('are looked for in ~/.copilot/session-state, or under COPILOT_HOME', () => {
    const dirs = (env: Record<string, string>, platform: 'linux' | 'win32' = 'linux') =>
      sessionRoots({ platform, env, home: platform === 'win32' ? 'C:\\Users\\u' : '/home/u' })
        .filter((r) => r.engine === 'copilot-cli')
        .map((r) => [r.dir, r.layout, r.origin])
    expect(dirs({})).toEqual([['/home/u/.copilot/session-state', 'copilot', 'default']])
    expect(dirs({}, 'win32')).toEqual([
      ['C:\\Users\\u\\.copilot\\session-state', 'copilot', 'default'],
    ])
    expect(dirs({ COPILOT_HOME: '/data/copilot' })).toEqual([
      ['/data/copilot/session-state', 'copilot', 'COPILOT_HOME'],
    ])
  })

  it('are listed with their folder, times and model, the session folder’s other files aside', async () => {
    const home = await mkdtemp(join(tmpdir(), 'copilot-home-'))
    made.push(home)
    const session = await readFile(join(FORMATS_DIR, 'copilot-cli.jsonl'), 'utf8')
    const compacted = await readFile(join(FORMATS_DIR, 'copilot-cli-compacted.jsonl'), 'utf8')
    const a = '.copilot/session-state/7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f'
    const b = '.copilot/session-state/3f2e1d0c-5b4a-4987-a6b5-c4d3e2f1a0b9'
    await put(home, `${a}/events.jsonl`, session)
    await put(home, `${a}/plan.md`, '# Plan\n')
    await put(home, `${a}/workspace.yaml`, 'id: 7c1d2e3f\n')
    await put(home, `${b}/events.jsonl`, compacted)
    await put(home, `${b}/checkpoints/001-export.md`, '<overview>…</overview>\n')
    const { sessions } = await findSessions({
      ctx: { platform: 'linux', env: { HOME: home }, home },
      folders: [],
    })
    const rows = sessions
      .map(({ engine, project, model, format, started, lastActive, path }) => ({
        engine,
        project,
        model,
        format,
        started,
        lastActive,
        path: path.slice(home.length + 1),
      }))
      .sort((x, y) => (x.path < y.path ? -1 : 1))
    expect(rows).toEqual([
      {
        engine: 'copilot-cli',
        project: '/home/lena/harbor',
        // The session started on claude-sonnet-4.6 and never changed it.
        model: 'claude-sonnet-4.6',
        format: 'copilot-cli',
        started: '2026-11-21T09:00:00.000Z',
        lastActive: '2026-11-21T09:12:00.000Z',
        path: `${b}/events.jsonl`,
      },
      {
        engine: 'copilot-cli',
        project: '/home/lena/harbor',
        // Changed at line 2.
        model: 'gpt-5.3-codex',
        format: 'copilot-cli',
        started: '2026-11-20T10:00:00.000Z',
        lastActive: '2026-11-20T10:20:00.000Z',
        path: `${a}/events.jsonl`,
      },
    ])
    // The events as written: user.message, assistant.message and tool.execution_complete on lines
    // 4, 7, 10, 11, 13 (the broken line, which names its type), 14, 17 (the subagent's) and 18–21;
    // in the other file lines 3–5, 7, 8 and 10–12, and the compaction's end on line 9.
    expect(await countSession('copilot-cli', join(home, a, 'events.jsonl'))).toEqual({
      messages: 11,
      compactions: 0,
    })
    expect(await countSession('copilot-cli', join(home, b, 'events.jsonl'))).toEqual({
      messages: 8,
      compactions: 1,
    })
  })

  it('are told from the other engines’ logs in a folder of yours', async () => {
    const found = await enginesInFolder(
      [
        ['copilot-cli.jsonl', 'a/events.jsonl'],
        ['kimi-cli.jsonl', 'b/context.jsonl'],
        ['claude-code-2.1.jsonl', 'c/c.jsonl'],
      ],
      made,
    )
    expect(found).toEqual([
      ['copilot-cli', 'a/events.jsonl'],
      ['kimi-cli', 'b/context.jsonl'],
      ['claude-code', 'c/c.jsonl'],
    ])
  })
})
