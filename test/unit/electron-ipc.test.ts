import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { CHANNELS } from '../../electron/contract'
import type { FileDialogs } from '../../electron/dialogs'
import { createFileGrants, openChosenFile, type FileGrants } from '../../node/file-grants'
import { readConversationFile } from '../../node/files'
import {
  REFUSED_SENDER,
  UNKNOWN_FILE,
  createIpcHandlers,
  type SenderEvent,
} from '../../electron/ipc-handlers'
import { isRendererPage, isTrustedRendererUrl } from '../../node/ipc-validation'
import { openRecentFiles, type RecentFiles } from '../../electron/recent-files'
import { openSettingsStore } from '../../electron/settings-store'
import { noLive } from './helpers/no-live'

const OURS = 'app://inspector/index.html'
/** Where the renderer used to load from; it is no longer trusted. */
const OLD_FILE_PAGE = 'file:///opt/inspector/out/renderer/index.html'

describe('which pages count as our renderer', () => {
  const built = {}
  const dev = { devServerUrl: 'http://localhost:5173/' }

  it('trusts every page of app://inspector, with or without a hash or query', () => {
    for (const url of [
      OURS,
      'app://inspector/',
      'app://inspector/index.html?x=1#/y',
      'app://inspector/assets/count-worker-abc123.js',
    ]) {
      expect(isTrustedRendererUrl(url, built), url).toBe(true)
      expect(isTrustedRendererUrl(url, dev), url).toBe(true)
    }
  })

  it('refuses file:// pages, the built renderer included', () => {
    for (const url of [
      OLD_FILE_PAGE,
      'file:///opt/inspector/out/renderer/index.html#/x?y',
      'file:///home/me/Downloads/dropped.html',
      'file://fileserver/share/out/renderer/index.html',
    ]) {
      expect(isTrustedRendererUrl(url, built), url).toBe(false)
      expect(isTrustedRendererUrl(url, dev), url).toBe(false)
    }
  })

  it('refuses look-alikes of our origin: other hosts, ports, credentials and schemes', () => {
    for (const url of [
      'app://inspector.evil.example/index.html',
      'app://evil/index.html',
      'app://inspector@evil/index.html',
      'app://evil@inspector/index.html',
      'app://inspector:8080/index.html',
      'apps://inspector/index.html',
      'https://inspector/index.html',
      'app:inspector/index.html',
    ]) {
      expect(isTrustedRendererUrl(url, built), url).toBe(false)
    }
  })

  it('refuses remote pages, blank pages and garbage', () => {
    for (const url of [
      'https://evil.example/',
      'about:blank',
      'data:text/html,hi',
      'blob:app://inspector/1234',
      '',
      'not a url',
    ]) {
      expect(isTrustedRendererUrl(url, built), url).toBe(false)
    }
  })

  it('trusts the dev server only when one is configured, and only its origin', () => {
    expect(isTrustedRendererUrl('http://localhost:5173/', built)).toBe(false)
    expect(isTrustedRendererUrl('http://localhost:5173/index.html', dev)).toBe(true)
    expect(isTrustedRendererUrl('http://localhost:5174/', dev)).toBe(false)
    expect(isTrustedRendererUrl('https://localhost:5173/', dev)).toBe(false)
    expect(isTrustedRendererUrl('http://127.0.0.1:5173/', dev)).toBe(false)
  })

  it('takes only the page itself as a place to navigate to, not other files of our origin', () => {
    expect(isRendererPage(OURS, built)).toBe(true)
    expect(isRendererPage('app://inspector/', built)).toBe(true)
    expect(isRendererPage('app://inspector/index.html#/x', built)).toBe(true)
    expect(isRendererPage('http://localhost:5173/', dev)).toBe(true)
    for (const url of [
      'app://inspector/assets/index.js',
      'app://inspector/other.html',
      OLD_FILE_PAGE,
      'https://evil.example/',
      'not a url',
    ]) {
      expect(isRendererPage(url, dev), url).toBe(false)
    }
    expect(isRendererPage('http://localhost:5173/', built)).toBe(false)
  })
})

describe('IPC handlers', () => {
  let dir: string
  let conversation: string
  let recent: RecentFiles
  let grants: FileGrants
  /** Every path main read, in order. */
  let read: string[]
  let dialogsShown: string[]
  let logged: string[]

  /** Dialogs that answer as a user would; each records that it was shown. */
  const answeringDialogs = (answers: { open?: string | null } = {}): FileDialogs => ({
    chooseFileToOpen: async () => {
      dialogsShown.push('open')
      return answers.open ?? null
    },
    chooseSavePath: async () => {
      dialogsShown.push('save')
      return null
    },
    confirmReplaceSource: async () => {
      dialogsShown.push('confirm')
      return false
    },
  })

  /** Reads as main does: the file, with its token, recorded among the paths read. */
  const openChosenPath = (path: string, session?: string) =>
    openChosenFile(
      path,
      grants,
      (chosen) => {
        read.push(chosen)
        return readConversationFile(chosen)
      },
      session,
    )

  const handlersWith = (options: { open?: string | null; initial?: string | null } = {}) =>
    createIpcHandlers<SenderEvent>({
      ...noLive,
      origin: {},
      dialogsFor: () => answeringDialogs(options),
      openChosenPath,
      grants,
      initialEntry: () => (options.initial ? { path: options.initial } : null),
      recentFiles: recent,
      settings: openSettingsStore({ storePath: join(dir, 'settings.json') }),
      log: (message) => logged.push(message),
    })

  const from = (url: string | null): SenderEvent => ({ senderFrame: url === null ? null : { url } })
  const ours = from(OURS)

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'inspector-ipc-'))
    conversation = join(dir, 'conversation.json')
    await writeFile(conversation, '[{"type":"user","text":"hello"}]')
    recent = openRecentFiles({ storePath: join(dir, 'recent-files.json') })
    grants = createFileGrants()
    read = []
    dialogsShown = []
    logged = []
  })

  afterEach(() => rm(dir, { recursive: true, force: true }))

  describe('the sender check', () => {
    const foreign = [
      from('https://evil.example/'),
      from('file:///home/me/Downloads/page.html'),
      from(OLD_FILE_PAGE),
      from('about:blank'),
      from(null),
    ]

    it('refuses every file request from a page that is not ours, without touching anything', async () => {
      const handlers = handlersWith({ open: conversation, initial: conversation })
      const token = grants.grant(conversation)
      for (const event of foreign) {
        expect(await handlers[CHANNELS.reopenFile](event, token)).toEqual({
          ok: false,
          error: REFUSED_SENDER,
        })
        expect(await handlers[CHANNELS.openFileDialog](event)).toEqual({
          ok: false,
          error: REFUSED_SENDER,
        })
        expect(await handlers[CHANNELS.initialFile](event)).toEqual({
          ok: false,
          error: REFUSED_SENDER,
        })
        const request = { suggestedName: 'x.json', text: '[]', source: null }
        expect(await handlers[CHANNELS.saveExport](event, request)).toEqual({
          ok: false,
          error: REFUSED_SENDER,
        })
      }
      expect(dialogsShown).toEqual([])
      expect(read).toEqual([])
      expect(logged).toHaveLength(foreign.length * 4)
    })

    it('neither reveals nor clears the recent files for a foreign page', async () => {
      await recent.add({ path: conversation })
      const handlers = handlersWith()
      for (const event of foreign) {
        expect(await handlers[CHANNELS.recentFiles](event)).toEqual([])
        await handlers[CHANNELS.clearRecentFiles](event)
      }
      expect(await handlers[CHANNELS.recentFiles](ours)).toEqual([
        { token: grants.grant(conversation), name: 'conversation.json', path: conversation },
      ])
      await handlers[CHANNELS.clearRecentFiles](ours)
      expect(await handlers[CHANNELS.recentFiles](ours)).toEqual([])
    })
  })

  describe('reopenFile: only files main handed out a token for', () => {
    const bytes = new TextEncoder().encode('[{"type":"user","text":"hello"}]')

    it('reads again, by its token, a file the user chose in the dialog', async () => {
      const handlers = handlersWith({ open: conversation })
      const picked = await handlers[CHANNELS.openFileDialog](ours)
      expect(picked.ok && picked.value).toMatchObject({ path: conversation, content: bytes })
      const token = picked.ok ? picked.value?.token : null
      expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/)
      expect(await handlers[CHANNELS.reopenFile](ours, token)).toEqual({
        ok: true,
        // Bytes, undecoded: the renderer's worker parses them (structured clone keeps a Uint8Array).
        value: { token, path: conversation, name: 'conversation.json', content: bytes },
      })
      expect(read).toEqual([conversation, conversation])
    })

    it('opens a recent file by the token the list gave for it', async () => {
      await recent.add({ path: conversation })
      const handlers = handlersWith()
      const [entry] = await handlers[CHANNELS.recentFiles](ours)
      expect(entry).toEqual({
        token: expect.any(String),
        name: 'conversation.json',
        path: conversation,
      })
      const opened = await handlers[CHANNELS.reopenFile](ours, entry.token)
      expect(opened.ok && opened.value.content).toEqual(bytes)
    })

    it("gives the page a recent session's title, as main read it from the file", async () => {
      recent = openRecentFiles({
        storePath: join(dir, 'recent-files.json'),
        titleOf: async ({ path }) => (path === conversation ? 'Retry helper' : undefined),
      })
      await recent.add({ path: conversation })
      const [entry] = await handlersWith()[CHANNELS.recentFiles](ours)
      expect(entry).toEqual({
        token: expect.any(String),
        name: 'conversation.json',
        path: conversation,
        title: 'Retry helper',
      })
    })

    it("lists a database's session with it, and reads it again for the session the page asks", async () => {
      await recent.add({ path: conversation, session: 'ses_3f1a2b4c5ffeWx8Kq2Lm9Np0Rt' })
      const handlers = handlersWith()
      const [entry] = await handlers[CHANNELS.recentFiles](ours)
      expect(entry).toEqual({
        token: expect.any(String),
        name: 'conversation.json',
        path: conversation,
        session: 'ses_3f1a2b4c5ffeWx8Kq2Lm9Np0Rt',
      })
      const opened = await handlers[CHANNELS.reopenFile](ours, entry.token, entry.session)
      expect(opened.ok && opened.value).toMatchObject({
        path: conversation,
        session: 'ses_3f1a2b4c5ffeWx8Kq2Lm9Np0Rt',
      })
      // A session that is no id is refused before anything is read.
      read.length = 0
      for (const [session, error] of [
        [42, 'Invalid request: the session must be a string, not a number.'],
        ['two words', 'Invalid request: the session is not a session id.'],
        ['x'.repeat(201), 'Invalid request: the session is not a session id.'],
      ] as const) {
        expect(await handlers[CHANNELS.reopenFile](ours, entry.token, session)).toEqual({
          ok: false,
          error,
        })
      }
      expect(read).toEqual([])
    })

    it('refuses a path, or any token main did not issue, without reading anything', async () => {
      // The attack: the page asks for a secret by path, as openPath used to allow.
      const secret = join(dir, 'shadow')
      await writeFile(secret, 'root:$6$secret')
      const reopen = handlersWith()[CHANNELS.reopenFile]
      const cases: [unknown, string][] = [
        [secret, 'Invalid request: token is not a file token.'],
        ['/etc/shadow', 'Invalid request: token is not a file token.'],
        ['/proc/self/environ', 'Invalid request: token is not a file token.'],
        // Well formed, but made up: 32 characters of the token alphabet.
        ['A'.repeat(32), UNKNOWN_FILE],
        [42, 'Invalid request: token must be a string, not a number.'],
        [null, 'Invalid request: token must be a string, not null.'],
        [{ path: secret }, 'Invalid request: token must be a string, not an object.'],
      ]
      for (const [token, error] of cases) {
        expect(await reopen(ours, token)).toEqual({ ok: false, error })
      }
      expect(read).toEqual([])
      expect(await recent.list()).toEqual([])
    })

    it('gives a path one token while it remembers it, and forgets the oldest past its limit', () => {
      const small = createFileGrants({ limit: 2 })
      const a = small.grant('/a.json')
      expect(small.grant('/a.json')).toBe(a)
      const [b, c] = [small.grant('/b.json'), small.grant('/c.json')]
      expect(new Set([a, b, c]).size).toBe(3)
      expect(small.pathOf(a)).toBeNull()
      expect([small.pathOf(b), small.pathOf(c)]).toEqual(['/b.json', '/c.json'])
    })

    it('says plainly when the chosen file is gone, or is a directory', async () => {
      const reopen = handlersWith()[CHANNELS.reopenFile]
      const missing = join(dir, 'missing.json')
      expect(await reopen(ours, grants.grant(missing))).toEqual({
        ok: false,
        error: `ENOENT: ${missing}: no such file`,
      })
      await mkdir(join(dir, 'folder'))
      expect(await reopen(ours, grants.grant(join(dir, 'folder')))).toEqual({
        ok: false,
        error: `${join(dir, 'folder')}: is a directory, not a regular file`,
      })
    })
  })

  it('refuses a file over the size limit without reading it into memory', async () => {
    const big = join(dir, 'big.json')
    await writeFile(big, 'x'.repeat(3 * 1024 * 1024))
    expect(await readConversationFile(big, 2 * 1024 * 1024)).toEqual({
      ok: false,
      error: `EFBIG: ${big}: the file is 3.0 MB; the inspector opens files up to 2.0 MB`,
    })
  })

  it('opens a database over that limit: it is read for one session, up to 1 GB', async () => {
    // SQLite's 16-byte magic, then anything: the size is what is checked here.
    const db = join(dir, 'opencode.db')
    const bytes = new Uint8Array(3 * 1024 * 1024)
    bytes.set(new TextEncoder().encode('SQLite format 3\u0000'))
    await writeFile(db, bytes)
    const opened = await readConversationFile(db, 2 * 1024 * 1024)
    expect(opened.ok && (opened.value.content as Uint8Array).length).toBe(3 * 1024 * 1024)
  })

  describe('openFileDialog and initialFile', () => {
    it('reads the file the user picks, and gives null when they cancel', async () => {
      const picked = await handlersWith({ open: conversation })[CHANNELS.openFileDialog](ours)
      expect(picked.ok && picked.value?.name).toBe('conversation.json')
      expect(await handlersWith({ open: null })[CHANNELS.openFileDialog](ours)).toEqual({
        ok: true,
        value: null,
      })
      expect(dialogsShown).toEqual(['open', 'open'])
    })

    it('gives the launch file, or null when the app started without one', async () => {
      const launched = await handlersWith({ initial: conversation })[CHANNELS.initialFile](ours)
      expect(launched.ok && launched.value?.path).toBe(conversation)
      expect(launched.ok && launched.value?.token).toBe(grants.grant(conversation))
      expect(await handlersWith()[CHANNELS.initialFile](ours)).toEqual({ ok: true, value: null })
    })
  })

  describe('saveExport requests', () => {
    it('refuses malformed requests before any dialog opens', async () => {
      const saveExport = handlersWith()[CHANNELS.saveExport]
      const good = { suggestedName: 'out.json', text: '[]', source: grants.grant(conversation) }
      const cases: [unknown, string][] = [
        ['[]', 'Invalid request: the export request must be an object, not a string.'],
        [null, 'Invalid request: the export request must be an object, not null.'],
        [{ ...good, text: 42 }, 'Invalid request: text must be a string, not a number.'],
        [
          { ...good, suggestedName: undefined },
          'Invalid request: suggestedName must be a string, not undefined.',
        ],
        [
          { ...good, suggestedName: '  ' },
          'Invalid request: suggestedName must be 1 to 255 characters.',
        ],
        [
          { ...good, suggestedName: 'x'.repeat(256) },
          'Invalid request: suggestedName must be 1 to 255 characters.',
        ],
        [
          { ...good, suggestedName: '../../.bashrc' },
          'Invalid request: suggestedName must be a file name, not a path: ../../.bashrc.',
        ],
        [
          { ...good, suggestedName: 'a\\b.json' },
          'Invalid request: suggestedName must be a file name, not a path: a\\b.json.',
        ],
        [{ ...good, source: conversation }, 'Invalid request: source is not a file token.'],
        [{ ...good, source: 'B'.repeat(32) }, UNKNOWN_FILE],
        [
          { ...good, source: undefined },
          'Invalid request: source must be a string, not undefined.',
        ],
      ]
      for (const [request, error] of cases) {
        expect(await saveExport(ours, request)).toEqual({ ok: false, error })
      }
      expect(dialogsShown).toEqual([])
    })

    it('proposes the chosen file’s folder for an export beside it', async () => {
      let proposed = ''
      const handlers = createIpcHandlers<SenderEvent>({
        ...noLive,
        origin: {},
        dialogsFor: () => ({
          ...answeringDialogs(),
          chooseSavePath: async (defaultPath) => ((proposed = defaultPath), null),
        }),
        openChosenPath,
        grants,
        initialEntry: () => null,
        recentFiles: recent,
        settings: openSettingsStore({ storePath: join(dir, 'settings.json') }),
      })
      const request = { suggestedName: 'out.json', text: '[]', source: grants.grant(conversation) }
      expect(await handlers[CHANNELS.saveExport](ours, request)).toEqual({
        ok: true,
        value: { status: 'cancelled' },
      })
      expect(proposed).toBe(join(dir, 'out.json'))
    })

    it('accepts a request without a source file', async () => {
      const request = { suggestedName: 'out.json', text: '[]', source: null }
      expect(await handlersWith()[CHANNELS.saveExport](ours, request)).toEqual({
        ok: true,
        value: { status: 'cancelled' },
      })
      expect(dialogsShown).toEqual(['save'])
    })
  })

  it('turns an unexpected failure into a one-line error, never a stack', async () => {
    const handlers = createIpcHandlers<SenderEvent>({
      ...noLive,
      origin: {},
      dialogsFor: () => {
        throw new Error('the dialog service is gone')
      },
      openChosenPath,
      grants,
      initialEntry: () => null,
      recentFiles: {
        list: () => Promise.reject(new Error('disk on fire')),
        clear: () => Promise.reject(new Error('disk on fire')),
      },
      settings: openSettingsStore({ storePath: join(dir, 'settings.json') }),
      log: (message) => logged.push(message),
    })
    expect(await handlers[CHANNELS.openFileDialog](ours)).toEqual({
      ok: false,
      error: 'Unexpected error: the dialog service is gone',
    })
    expect(await handlers[CHANNELS.recentFiles](ours)).toEqual([])
    await expect(handlers[CHANNELS.clearRecentFiles](ours)).resolves.toBeUndefined()
    expect(logged).toHaveLength(3)
  })
})
