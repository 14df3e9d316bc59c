import { copyFile, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { CHANNELS, type FileChange, type LiveBadge } from '../../electron/contract'
import { createFileGrants, openChosenFile } from '../../node/file-grants'
import {
  REFUSED_SENDER,
  UNKNOWN_FILE,
  createIpcHandlers,
  createIpcListeners,
  type SenderEvent,
} from '../../electron/ipc-handlers'
import { showLiveBadge } from '../../electron/live-badge'
import { createWindowFollows, type FollowOwner } from '../../electron/live-follow'
import { openSettingsStore } from '../../electron/settings-store'
import type { FollowFile, FollowOptions } from '../../node/following'
import { UNKNOWN_SESSION, sessionsForPage } from '../../node/session-rows'
import { createSessionCatalog } from '../../node/sessions/catalog'

const FIXTURE = join(import.meta.dirname, '../../testdata/formats/claude-code.jsonl')

/** An event from a window: its frame's URL and which window (webContents id) sent it. */
interface WindowEvent extends SenderEvent {
  window: number
}
const from = (window: number, url = 'app://inspector/index.html'): WindowEvent => ({
  senderFrame: { url },
  window,
})

/** A follower that records what it was asked, and lets the test play the file's changes. */
function fakeFollower() {
  const started: { path: string; options: FollowOptions; closed: boolean }[] = []
  const follow: FollowFile = (path, options) => {
    const entry = { path, options, closed: false }
    started.push(entry)
    return { close: () => void (entry.closed = true) }
  }
  return { follow, started }
}

/** A window: what it was sent, and its page going away. */
function fakeOwner(id: number) {
  const sent: FileChange[] = []
  const gone: (() => void)[] = []
  const owner: FollowOwner = {
    id,
    send: (change) => sent.push(change),
    onGone: (stop) => gone.push(stop),
  }
  return { owner, sent, close: () => gone.splice(0).forEach((stop) => stop()) }
}

describe('main’s sessions and follow channels', () => {
  let home: string
  let log: string
  let logged: string[]
  const grants = createFileGrants()
  const opened: string[] = []
  let follower: ReturnType<typeof fakeFollower>
  const windows = new Map<number, ReturnType<typeof fakeOwner>>()

  const handlers = () => {
    const catalog = createSessionCatalog({
      ctx: { platform: 'linux', env: { HOME: home }, home },
      folders: [],
    })
    const follows = createWindowFollows(follower.follow, (m) => logged.push(m))
    const ownerOf = (event: WindowEvent) => {
      if (!windows.has(event.window)) windows.set(event.window, fakeOwner(event.window))
      return windows.get(event.window)!.owner
    }
    return createIpcHandlers<WindowEvent>({
      origin: {},
      dialogsFor: () => {
        throw new Error('no dialog in these tests')
      },
      openChosenPath: (path) => {
        opened.push(path)
        return openChosenFile(path, grants)
      },
      grants,
      initialEntry: () => null,
      recentFiles: { list: async () => [], clear: async () => {} },
      settings: openSettingsStore({ storePath: join(home, 'settings.json') }),
      sessions: sessionsForPage(catalog, (path) => {
        opened.push(path)
        return openChosenFile(path, grants)
      }),
      follows: {
        start: (event, token, path, offset) => follows.start(ownerOf(event), token, path, offset),
        stop: (event) => follows.stop(event.window),
      },
      log: (m) => logged.push(m),
    })
  }

  beforeEach(async () => {
    home = await mkdtemp(join(tmpdir(), 'electron-live-'))
    const dir = join(home, '.claude', 'projects', '-home-ana-upload-svc')
    await mkdir(dir, { recursive: true })
    log = join(dir, 's1.jsonl')
    await copyFile(FIXTURE, log)
    logged = []
    opened.length = 0
    follower = fakeFollower()
    windows.clear()
  })

  afterEach(() => rm(home, { recursive: true, force: true }))

  it('lists the sessions of the home folder as rows without a path', async () => {
    const listed = await handlers()[CHANNELS.listSessions](from(1))
    expect(listed.ok).toBe(true)
    const rows = listed.ok ? listed.value : []
    expect(rows).toEqual([
      {
        id: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
        engine: 'claude-code',
        engineLabel: 'Claude Code',
        format: 'claude-code',
        project: '/home/ana/upload-svc',
        // The fixture's title line (a `summary` line, as Claude Code before 2.1 wrote them).
        title: 'Fix the flaky upload retry test',
        started: '2025-09-14T09:12:01.000Z',
        lastActive: expect.any(String),
        size: (await stat(FIXTURE)).size,
        model: 'claude-sonnet-4-5-20250929',
      },
    ])
    expect(JSON.stringify(rows)).not.toContain(home)
  })

  it('searches the listed logs for a text, exact case, and refuses a text that is none', async () => {
    const h = handlers()
    const listed = await h[CHANNELS.listSessions](from(1))
    const id = listed.ok ? listed.value[0].id : ''
    // A second session, in another project, that does not hold the text.
    const other = join(home, '.claude', 'projects', '-home-ana-ledger')
    await mkdir(other, { recursive: true })
    const line = {
      type: 'user',
      uuid: 'u1',
      sessionId: 's2',
      message: { role: 'user', content: 'hi' },
    }
    await writeFile(join(other, 's2.jsonl'), JSON.stringify(line) + '\n')
    await h[CHANNELS.listSessions](from(1))
    // A word the fixture's user wrote ("Search the tests for setTimeout…").
    const text = 'setTimeout'
    expect(await h[CHANNELS.searchSessions](from(1), text)).toEqual({ ok: true, value: [id] })
    expect(await h[CHANNELS.searchSessions](from(1), text.toUpperCase())).toEqual({
      ok: true,
      value: [],
    })
    for (const bad of ['', 42, null, 'x'.repeat(201)]) {
      expect(await h[CHANNELS.searchSessions](from(1), bad), String(bad)).toMatchObject({
        ok: false,
        error: expect.stringMatching(/^Invalid request: the text to search for/),
      })
    }
  })

  it('opens a listed session by id as a chosen file, with a token; refuses other ids', async () => {
    const h = handlers()
    const listed = await h[CHANNELS.listSessions](from(1))
    const id = listed.ok ? listed.value[0].id : ''
    const file = await h[CHANNELS.openSession](from(1), id)
    expect(file).toMatchObject({ ok: true, value: { name: 's1.jsonl', path: log } })
    const token = file.ok ? file.value.token! : ''
    expect(grants.pathOf(token)).toBe(log)
    // Through the same open as a dialog's file: added to the recent files by main.ts.
    expect(opened).toEqual([log])

    expect(await h[CHANNELS.openSession](from(1), 'A'.repeat(32))).toEqual({
      ok: false,
      error: UNKNOWN_SESSION,
    })
    for (const bad of [log, 42, null, '../x']) {
      const answer = await h[CHANNELS.openSession](from(1), bad)
      expect(answer, String(bad)).toMatchObject({
        ok: false,
        error: expect.stringMatching(/^Invalid request/),
      })
    }
    expect(await h[CHANNELS.sessionCounts](from(1), id)).toEqual({
      ok: true,
      value: { messages: expect.any(Number), compactions: 0 },
    })
    expect(opened).toEqual([log])
  })

  it('refuses every sessions and follow request from a page that is not ours', async () => {
    const h = handlers()
    const foreign = from(1, 'https://attacker.example/')
    expect(await h[CHANNELS.listSessions](foreign)).toEqual({ ok: false, error: REFUSED_SENDER })
    expect(await h[CHANNELS.openSession](foreign, 'A'.repeat(32))).toEqual({
      ok: false,
      error: REFUSED_SENDER,
    })
    const token = grants.grant(log)
    expect(await h[CHANNELS.followFile](foreign, token, 0)).toEqual({
      ok: false,
      error: REFUSED_SENDER,
    })
    expect(follower.started).toEqual([])
  })

  it('follows only a token main issued, from a whole number of bytes', async () => {
    const h = handlers()
    expect(await h[CHANNELS.followFile](from(1), 'T'.repeat(32), 0)).toEqual({
      ok: false,
      error: UNKNOWN_FILE,
    })
    const token = grants.grant(log)
    for (const bad of [-1, 1.5, '10', null, Number.MAX_SAFE_INTEGER + 1]) {
      const answer = await h[CHANNELS.followFile](from(1), token, bad)
      expect(answer, String(bad)).toMatchObject({
        ok: false,
        error: expect.stringMatching(/^Invalid request: from/),
      })
    }
    expect(await h[CHANNELS.followFile](from(1), log, 0)).toMatchObject({ ok: false })
    expect(follower.started).toEqual([])
  })

  it('keeps one follow per window, sends its changes to that window with the token, and stops it when the window goes', async () => {
    const h = handlers()
    const first = grants.grant(log)
    const second = grants.grant(join(home, 'task.json'))
    expect(await h[CHANNELS.followFile](from(1), first, 100)).toEqual({ ok: true, value: null })
    expect(follower.started[0]).toMatchObject({
      path: log,
      options: { from: 100, wholeFile: false },
    })

    const bytes = new TextEncoder().encode('{"type":"user"}\n')
    follower.started[0].options.onChange({ kind: 'append', bytes })
    expect(windows.get(1)!.sent).toEqual([{ token: first, kind: 'append', bytes }])

    // Another window follows its own file; the first window's follow runs on.
    await h[CHANNELS.followFile](from(2), first, 0)
    expect(follower.started[0].closed).toBe(false)

    // A new follow in window 1 stops its old one; a late change of the old one is dropped.
    await h[CHANNELS.followFile](from(1), second, 0)
    expect(follower.started[0].closed).toBe(true)
    expect(follower.started[2]).toMatchObject({ options: { wholeFile: true } })
    follower.started[0].options.onChange({ kind: 'gone' })
    expect(windows.get(1)!.sent).toHaveLength(1)

    await h[CHANNELS.unfollowFile](from(1))
    expect(follower.started[2].closed).toBe(true)

    windows.get(2)!.close()
    expect(follower.started[1].closed).toBe(true)
  })

  it('logs a follower’s error and follows on, as the follower does', async () => {
    const h = handlers()
    await h[CHANNELS.followFile](from(1), grants.grant(log), 0)
    follower.started[0].options.onError(new Error(`EACCES: ${log}: permission denied`))
    expect(follower.started[0].closed).toBe(false)
    expect(logged.at(-1)).toBe(`Following ${log}: EACCES: ${log}: permission denied`)
    const bytes = new TextEncoder().encode('{}\n')
    follower.started[0].options.onChange({ kind: 'append', bytes })
    expect(windows.get(1)!.sent).toHaveLength(1)
  })
})

describe('the live badge', () => {
  const shown: (LiveBadge | null)[] = []
  const logged: string[] = []
  const listeners = createIpcListeners<SenderEvent>({
    origin: {},
    showLiveBadge: (_event, badge) => shown.push(badge),
    log: (m) => logged.push(m),
  })
  const ours: SenderEvent = { senderFrame: { url: 'app://inspector/index.html' } }

  it('takes turns left (a whole number or null) and a fraction from 0 to 1, or null', () => {
    shown.length = 0
    for (const badge of [
      { turnsLeft: 3, fraction: 0.5 },
      { turnsLeft: null, fraction: 0 },
      { turnsLeft: 0, fraction: 1 },
      null,
    ]) {
      listeners[CHANNELS.setLiveBadge](ours, badge)
    }
    expect(shown).toEqual([
      { turnsLeft: 3, fraction: 0.5 },
      { turnsLeft: null, fraction: 0 },
      { turnsLeft: 0, fraction: 1 },
      null,
    ])
  })

  it('refuses anything else, and any page but ours, with a line in the log', () => {
    shown.length = 0
    logged.length = 0
    for (const badge of [
      { turnsLeft: -1, fraction: 0.5 },
      { turnsLeft: 1.5, fraction: 0.5 },
      { turnsLeft: '3', fraction: 0.5 },
      { turnsLeft: 3, fraction: 1.5 },
      { turnsLeft: 3, fraction: Number.NaN },
      { turnsLeft: 3 },
      [],
      'badge',
      undefined,
    ]) {
      listeners[CHANNELS.setLiveBadge](ours, badge)
    }
    listeners[CHANNELS.setLiveBadge]({ senderFrame: { url: 'https://x.example/' } }, null)
    expect(shown).toEqual([])
    expect(logged).toHaveLength(10)
    expect(logged.every((line) => line.startsWith(`Refused ${CHANNELS.setLiveBadge}`))).toBe(true)
  })

  /** What each platform's Electron was asked. */
  const calls = (platform: NodeJS.Platform, badge: LiveBadge | null) => {
    const asked: string[] = []
    const app = {
      setBadgeCount: (n?: number) => (asked.push(`count ${n}`), true),
      dock:
        platform === 'darwin'
          ? { setBadge: (t: string) => void asked.push(`dock ${JSON.stringify(t)}`) }
          : undefined,
    }
    const window = { setProgressBar: (p: number) => void asked.push(`progress ${p}`) }
    showLiveBadge({ platform, app, window }, badge)
    return asked
  }

  it('shows the turns on the dock (macOS) or the launcher (Linux), and the fraction as progress', () => {
    const badge = { turnsLeft: 4, fraction: 0.75 }
    expect(calls('darwin', badge)).toEqual(['dock "4"', 'progress 0.75'])
    expect(calls('linux', badge)).toEqual(['count 4', 'progress 0.75'])
    expect(calls('win32', badge)).toEqual(['progress 0.75'])
  })

  it('clears both with null, and shows no number while the turns are unknown', () => {
    expect(calls('darwin', null)).toEqual(['dock ""', 'progress -1'])
    expect(calls('linux', null)).toEqual(['count 0', 'progress -1'])
    expect(calls('linux', { turnsLeft: null, fraction: 0.2 })).toEqual(['count 0', 'progress 0.2'])
  })
})
