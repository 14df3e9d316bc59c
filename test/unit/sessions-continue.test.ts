import { mkdtemp, readFile, rm, utimes } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { countSession, findSessions, sessionRoots } from '../../node/sessions/index'
import { FORMATS_DIR, put } from './helpers/session-home'

// Continue writes <global folder>/sessions/<session id>.json, and sessions.json, their index,
// beside them; the global folder is CONTINUE_GLOBAL_DIR, else ~/.continue (docs/sessions.md).

const made: string[] = []
afterAll(async () => {
  for (const dir of made) await rm(dir, { recursive: true, force: true })
})

describe('Continue sessions', () => {
  it('are looked for in ~/.continue/sessions, or under CONTINUE_GLOBAL_DIR', () => {
    const dirs = (env: Record<string, string>, platform: 'linux' | 'win32' = 'linux') =>
      sessionRoots({ platform, env, home: platform === 'win32' ? 'C:\\Users\\u' : '/home/u' })
        .filter((r) => r.engine === 'continue')
        .map((r) => [r.dir, r.origin])
    expect(dirs({})).toEqual([['/home/u/.continue/sessions', 'default']])
    expect(dirs({}, 'win32')).toEqual([['C:\\Users\\u\\.continue\\sessions', 'default']])
    expect(dirs({ CONTINUE_GLOBAL_DIR: '/srv/continue' })).toEqual([
      ['/srv/continue/sessions', 'CONTINUE_GLOBAL_DIR'],
    ])
  })

  it('are listed with their folder, the index left out', async () => {
    const home = await mkdtemp(join(tmpdir(), 'continue-home-'))
    made.push(home)
    const ide = await readFile(join(FORMATS_DIR, 'continue.json'), 'utf8')
    const cli = await readFile(join(FORMATS_DIR, 'continue-cli.json'), 'utf8')
    await put(home, '.continue/sessions/8e2f6c1a-3b4d-4e5f-9a0b-1c2d3e4f5a6b.json', ide)
    await put(home, '.continue/sessions/2c9d4e7f-8a1b-4c3d-9e5f-6a7b8c9d0e1f.json', cli)
    await put(home, '.continue/sessions/sessions.json', '[]')
    const when = new Date('2026-11-29T16:30:00Z')
    await utimes(
      join(home, '.continue/sessions/8e2f6c1a-3b4d-4e5f-9a0b-1c2d3e4f5a6b.json'),
      when,
      when,
    )
    const { sessions } = await findSessions({
      ctx: { platform: 'linux', env: { HOME: home }, home },
      folders: [],
    })
    const rows = sessions
      .map(({ engine, project, model, format, path, lastActive }) => ({
        engine,
        project,
        model,
        format,
        path: path.slice(home.length + 1),
        lastActive,
      }))
      .sort((a, b) => (a.path < b.path ? -1 : 1))
    expect(rows.map(({ lastActive: _, ...r }) => r)).toEqual([
      {
        engine: 'continue',
        // The CLI writes the folder as a path.
        project: '/home/ines/ledger',
        model: undefined,
        format: 'continue',
        path: '.continue/sessions/2c9d4e7f-8a1b-4c3d-9e5f-6a7b8c9d0e1f.json',
      },
      {
        engine: 'continue',
        // The extension writes it as a file URI.
        project: '/home/ines/ledger',
        model: undefined,
        format: 'continue',
        path: '.continue/sessions/8e2f6c1a-3b4d-4e5f-9a0b-1c2d3e4f5a6b.json',
      },
    ])
    // The file records no time: it was last active when it was last written.
    expect(rows[1].lastActive).toBe('2026-11-29T16:30:00.000Z')
    // The history items' messages by their "role" (user and assistant: items 0, 1, 2, 4, 6, 7 of
    // the extension's), and its one conversationSummary.
    expect(
      await countSession('continue', sessions.find((s) => s.path.includes('8e2f'))!.path),
    ).toEqual({
      messages: 6,
      compactions: 1,
    })
  })
})
