import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { countSession, findSessions } from '../../node/sessions/index'
import { FORMATS_DIR, put } from './helpers/session-home'

// Kilo Code, a fork of Roo Code, keeps Roo's task layout: <globalStorage>/kilocode.kilo-code/
// tasks/<id>/api_conversation_history.json in VS Code's folders, and ~/.kilocode/cli/global/tasks
// for its CLI before 1.0 (docs/sessions.md).

const made: string[] = []
afterAll(async () => {
  for (const dir of made) await rm(dir, { recursive: true, force: true })
})

describe('Kilo Code tasks', () => {
  it("are listed from the extension's folder and the CLI's, read as Roo Code's", async () => {
    const home = await mkdtemp(join(tmpdir(), 'kilo-home-'))
    made.push(home)
    const task = await readFile(join(FORMATS_DIR, 'roo-code.json'), 'utf8')
    const file = 'api_conversation_history.json'
    await put(home, `.config/Code/User/globalStorage/kilocode.kilo-code/tasks/t1/${file}`, task)
    await put(home, `.kilocode/cli/global/tasks/t2/${file}`, task)
    const { sessions } = await findSessions({
      ctx: { platform: 'linux', env: { HOME: home }, home },
      folders: [],
    })
    expect(
      sessions
        .map(({ engine, engineLabel, format, project, path }) => ({
          engine,
          engineLabel,
          format,
          // The folder Roo's environment details name in the first turn (by hand, from the file).
          project,
          path: path.slice(home.length + 1),
        }))
        .sort((a, b) => (a.path < b.path ? -1 : 1)),
    ).toEqual([
      {
        engine: 'kilo-code',
        engineLabel: 'Kilo Code',
        format: 'cline',
        project: '/srv/ops',
        path: `.config/Code/User/globalStorage/kilocode.kilo-code/tasks/t1/${file}`,
      },
      {
        engine: 'kilo-code',
        engineLabel: 'Kilo Code',
        format: 'cline',
        project: '/srv/ops',
        path: `.kilocode/cli/global/tasks/t2/${file}`,
      },
    ])
    // As Roo Code's: its user and assistant messages by role.
    const roo = await countSession('roo-code', sessions[0].path)
    expect(await countSession('kilo-code', sessions[0].path)).toEqual(roo)
  })
})
