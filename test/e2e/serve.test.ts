/**
 * `compaction-inspector serve` under the real page: the page it serves is the app, and its
 * `window.api` lists the sessions of a fixture home, opens one and follows it as it grows.
 */
import { appendFile, copyFile, mkdir, mkdtemp, readFile, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { FileChange, OpenedFile, Result, SessionRow } from '../../electron/contract'
import { shownTotal } from './harness/app'
import type { AppSession } from './harness/browser'
import { formatsFile } from './harness/format-fixtures'
import { closeServed, serveApp, type ServeSession } from './harness/serve'

/** Where Claude Code writes a session of a project in /home/ana/upload-svc. */
const PROJECT_DIR = join('.claude', 'projects', '-home-ana-upload-svc')
const SESSION = '5f1c2a9e-7b3d-4e21-9c8a-0d6f4b2e1a77.jsonl'

/** One more turn, written as Claude Code writes a user's prompt. */
const NEXT_TURN =
  JSON.stringify({
    parentUuid: 'u-0016',
    isSidechain: false,
    userType: 'external',
    cwd: '/home/ana/upload-svc',
    sessionId: '5f1c2a9e-7b3d-4e21-9c8a-0d6f4b2e1a77',
    version: '1.0.98',
    type: 'user',
    message: { role: 'user', content: 'Now run the whole suite twice — ¿pasa?' },
    uuid: 'u-0100',
    timestamp: '2025-09-14T09:30:00.000Z',
  }) + '\n'

/** What the page's window.api answered, made serialisable (bytes as their length and text). */
interface Opened {
  token: string | null
  name: string
  size: number
}

describe('serve: the page gets sessions and live following from the server', () => {
  let home: string
  let log: string
  let server: ServeSession
  let app: AppSession

  beforeEach(async () => {
    home = await mkdtemp(join(tmpdir(), 'compaction-inspector-serve-'))
    await mkdir(join(home, PROJECT_DIR), { recursive: true })
    log = join(home, PROJECT_DIR, SESSION)
    await copyFile(formatsFile('claude-code.jsonl'), log)
    ;({ server, app } = await serveApp(home))
  })

  afterEach(async () => {
    await closeServed({ server, app }, home)
  })

  it('lists the home folder’s session, opens it by id and receives what the agent appends', async () => {
    const { page, pageErrors } = app
    // The page is the app: it shows the bundled sample's counted total, as any page does.
    expect(await shownTotal(page)).toBeGreaterThan(0)
    expect(await page.evaluate(() => window.api.sessions)).toBe(true)

    const listed = (await page.evaluate(() => window.api.listSessions())) as Result<SessionRow[]>
    expect(listed.ok).toBe(true)
    const rows = listed.ok ? listed.value : []
    expect(rows.map((r) => [r.engine, r.project])).toEqual([
      ['claude-code', '/home/ana/upload-svc'],
    ])
    // The page never sees where the session is.
    expect(JSON.stringify(rows)).not.toContain(home)

    const size = (await stat(log)).size
    const opened = (await page.evaluate(async (id) => {
      const file: Result<OpenedFile> = await window.api.openSession(id)
      if (!file.ok) return file
      const { token, name, content } = file.value
      return { ok: true, value: { token, name, size: (content as Uint8Array).byteLength } }
    }, rows[0].id)) as Result<Opened>
    expect(opened).toEqual({
      ok: true,
      value: { token: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/), name: SESSION, size },
    })
    const token = opened.ok ? opened.value.token! : ''

    const followed = await page.evaluate(
      async ({ token, size }) => {
        const seen: { kind: string; text?: string }[] = []
        ;(window as unknown as { seen: typeof seen }).seen = seen
        window.api.onFileChange((change: FileChange) => {
          const text = 'bytes' in change ? new TextDecoder().decode(change.bytes) : undefined
          seen.push({ kind: change.kind, text, token: change.token } as never)
        })
        return window.api.followFile(token, size)
      },
      { token, size },
    )
    expect(followed).toEqual({ ok: true, value: null })

    await appendFile(log, NEXT_TURN)
    const seen = () => page.evaluate(() => (window as unknown as { seen: unknown[] }).seen)
    await expect
      .poll(seen, { timeout: 30_000, message: "the append, through serve's follow" })
      .toEqual([{ kind: 'append', text: NEXT_TURN, token }])

    // Reopening by the server's token reads the file as it is now.
    const again = (await page.evaluate(async (token) => {
      const file = await window.api.reopenFile(token)
      return file.ok ? (file.value.content as Uint8Array).byteLength : file.error
    }, token)) as number | string
    expect(again).toBe((await readFile(log)).byteLength)

    await page.evaluate(() => window.api.unfollowFile())
    expect(pageErrors).toEqual([])
  })

  it('refuses an id the server did not list, and an API request without the key', async () => {
    const { page } = app
    const unknown = await page.evaluate(() => window.api.openSession('A'.repeat(32)))
    expect(unknown).toEqual({ ok: false, error: expect.stringMatching(/^Refused: this session/) })
    const status = await page.evaluate(async () => (await fetch('/api/sessions')).status)
    expect(status).toBe(403)
  })
})
