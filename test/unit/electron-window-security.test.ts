import { EventEmitter } from 'node:events'
import type { MenuItemConstructorOptions } from 'electron'
import { describe, expect, it } from 'vitest'
import type { MenuCommand } from '../../electron/contract'
import { PRODUCTION_TRUST, developmentTrust, type BuildFacts } from '../../electron/development'
import { buildMenuTemplate } from '../../electron/menu'
import type { RecentEntry } from '../../electron/recent-files'
import {
  guardSession,
  guardWebContents,
  type GuardedContents,
  type GuardedSession,
} from '../../electron/security'
import { isRendererPage, isTrustedRendererUrl } from '../../node/ipc-validation'
import { PRELOAD_FILE, rendererUrl, secureWebPreferences } from '../../electron/window'

const isOurs = (url: string) => isTrustedRendererUrl(url, {})
const isOurPage = (url: string) => isRendererPage(url, {})

/** Stands in for Electron's WebContents: an event emitter with a window-open hook. */
function webContents() {
  const emitter = new EventEmitter()
  let openHandler: (() => { action: string }) | undefined
  const contents = Object.assign(emitter, {
    setWindowOpenHandler(handler: () => { action: string }) {
      openHandler = handler
    },
  })
  /** Emits an event the way Electron does and says whether a listener prevented it. */
  const attempt = (event: string, url = ''): boolean => {
    let prevented = false
    emitter.emit(event, { url, preventDefault: () => (prevented = true) })
    return prevented
  }
  return {
    contents: contents as unknown as GuardedContents,
    attempt,
    openWindow: () => openHandler?.(),
  }
}

describe('the window cannot be taken elsewhere', () => {
  it('blocks navigation away from our page: links, dropped files, scripts setting location', () => {
    const { contents, attempt } = webContents()
    guardWebContents(contents, isOurPage)
    expect(attempt('will-navigate', 'https://evil.example/')).toBe(true)
    expect(attempt('will-navigate', 'file:///home/me/dropped.json')).toBe(true)
    expect(attempt('will-navigate', 'file:///app/out/renderer/index.html')).toBe(true)
    expect(attempt('will-frame-navigate', 'https://evil.example/')).toBe(true)
    // Our own origin serves scripts and styles, which are not pages to show.
    expect(attempt('will-navigate', 'app://inspector/assets/index.js')).toBe(true)
    expect(attempt('will-frame-navigate', 'app://inspector/assets/index.js')).toBe(true)
    expect(attempt('will-navigate', 'app://inspector/index.html')).toBe(false)
  })

  it('blocks redirects, new windows and webviews', () => {
    const { contents, attempt, openWindow } = webContents()
    guardWebContents(contents, isOurPage)
    expect(attempt('will-redirect', 'https://evil.example/')).toBe(true)
    expect(attempt('will-attach-webview')).toBe(true)
    expect(openWindow()).toEqual({ action: 'deny' })
  })

  it('denies every permission except clipboard writes from our own page', () => {
    let requestHandler: ((...args: unknown[]) => void) | undefined
    let checkHandler: ((...args: unknown[]) => boolean) | undefined
    const session = {
      setPermissionRequestHandler: (handler: typeof requestHandler) => (requestHandler = handler),
      setPermissionCheckHandler: (handler: typeof checkHandler) => (checkHandler = handler),
    }
    guardSession(session as unknown as GuardedSession, isOurs)
    const page = (url: string) => ({ getURL: () => url })
    const ours = page('app://inspector/index.html')
    const request = (contents: unknown, permission: string) => {
      let granted: boolean | undefined
      requestHandler?.(contents, permission, (answer: boolean) => (granted = answer))
      return granted
    }
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'openExternal',
      'clipboard-read',
    ]) {
      expect(request(ours, permission), permission).toBe(false)
      expect(checkHandler?.(ours, permission, ''), permission).toBe(false)
    }
    expect(request(ours, 'clipboard-sanitized-write')).toBe(true)
    expect(checkHandler?.(ours, 'clipboard-sanitized-write', '')).toBe(true)
    expect(request(page('https://evil.example/'), 'clipboard-sanitized-write')).toBe(false)
    expect(request(page('file:///app/out/renderer/index.html'), 'clipboard-sanitized-write')).toBe(
      false,
    )
    expect(checkHandler?.(null, 'clipboard-sanitized-write', '')).toBe(false)
  })
})

describe('the window', () => {
  it('runs the page sandboxed, isolated and without Node, with the CommonJS preload', () => {
    expect(PRELOAD_FILE).toBe('../preload/preload.cjs')
    expect(secureWebPreferences('/app/out/preload/preload.cjs')).toMatchObject({
      preload: '/app/out/preload/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
    })
  })

  it('loads the dev server only in a development build, the built files on app:// otherwise', () => {
    const dev = 'http://localhost:5173'
    const run = (facts: Partial<BuildFacts>) =>
      rendererUrl(
        developmentTrust({ isDevBuild: true, isPackaged: false, rendererUrl: dev, ...facts }),
      )
    expect(run({})).toBe(dev)
    // `npm start`: a production build, unpackaged, with the variable set by whoever started it.
    expect(run({ isDevBuild: false })).toBe('app://inspector/index.html')
    expect(run({ isPackaged: true })).toBe('app://inspector/index.html')
    expect(run({ rendererUrl: undefined })).toBe('app://inspector/index.html')
    expect(run({ rendererUrl: '' })).toBe('app://inspector/index.html')
  })

  it('gives a production build neither a dev server nor the developer tools', () => {
    const evil = 'http://evil.example:5173'
    for (const facts of [
      { isDevBuild: false, isPackaged: false, rendererUrl: evil },
      { isDevBuild: false, isPackaged: true, rendererUrl: evil },
      { isDevBuild: true, isPackaged: true, rendererUrl: evil },
    ]) {
      expect(developmentTrust(facts), JSON.stringify(facts)).toEqual(PRODUCTION_TRUST)
    }
    expect(PRODUCTION_TRUST).toEqual({ devServerUrl: undefined, devTools: false })
    expect(developmentTrust({ isDevBuild: true, isPackaged: false, rendererUrl: evil })).toEqual({
      devServerUrl: evil,
      devTools: true,
    })
  })
})

describe('the application menu', () => {
  function menu(
    options: { devTools?: boolean; platform?: NodeJS.Platform; recentFiles?: RecentEntry[] } = {},
  ) {
    const sent: MenuCommand[] = []
    const opened: RecentEntry[] = []
    let cleared = 0
    const template = buildMenuTemplate({
      devTools: options.devTools ?? false,
      platform: options.platform ?? 'linux',
      recentFiles: options.recentFiles ?? [],
      send: (command) => sent.push(command),
      openRecent: (entry) => opened.push(entry),
      clearRecent: () => cleared++,
    })
    const all = (items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] =>
      items.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? all(item.submenu) : [])])
    const find = (label: string) =>
      all(template).find((item) => item.label?.replace(/&/g, '') === label)
    const click = (label: string) => (find(label)?.click as () => void)()
    return { template, all: () => all(template), find, click, sent, opened, cleared: () => cleared }
  }

  it('sends Open and Export to the window, with their shortcuts', () => {
    const m = menu()
    expect(m.find('Open…')?.accelerator).toBe('CmdOrCtrl+O')
    expect(m.find('Export…')?.accelerator).toBe('CmdOrCtrl+E')
    expect(m.find('Sessions…')?.accelerator).toBe('CmdOrCtrl+Shift+O')
    m.click('Open…')
    m.click('Sessions…')
    m.click('Export…')
    m.click('Apply Summary')
    expect(m.sent).toEqual(['open', 'sessions', 'export', 'apply-summary'])
  })

  it('lists recent files, a database with its session, opens the one clicked, and clears them', () => {
    const db = { path: '/home/u/.local/share/opencode/opencode.db', session: 'ses_3f1a2b4c' }
    const m = menu({ recentFiles: [{ path: '/work/run-1.json' }, { path: '/work/R&D.json' }, db] })
    const recent = m.find('Open Recent')?.submenu as MenuItemConstructorOptions[]
    expect(recent.map((item) => item.label ?? item.type)).toEqual([
      'run-1.json — /work/run-1.json',
      'R&&D.json — /work/R&&D.json',
      'opencode.db (session ses_3f1a2b4c) — /home/u/.local/share/opencode/opencode.db',
      'separator',
      'Clear Recently Opened',
    ])
    ;(recent[1].click as () => void)()
    ;(recent[2].click as () => void)()
    m.click('Clear Recently Opened')
    expect(m.opened).toEqual([{ path: '/work/R&D.json' }, db])
    expect(m.cleared()).toBe(1)
  })

  it('names a recent session by its title, one short line with no control character', () => {
    const log = '/home/u/.claude/projects/-home-u-app/5c0f3d2e.jsonl'
    const db = '/home/u/.local/share/opencode/opencode.db'
    // 73 characters: the first 59 and an ellipsis fill the 60 columns of the item.
    const long = 'Move the retry helper out of the client & into its own module, with tests'
    const recent = menu({
      recentFiles: [
        { path: log, title: 'Retry  helper\u202e, docs' },
        { path: db, session: 'ses_3f1a2b4c', title: long },
      ],
    }).find('Open Recent')?.submenu as MenuItemConstructorOptions[]
    expect(recent.slice(0, 2).map((item) => item.label)).toEqual([
      `Retry helper\\u202e, docs — ${log}`,
      `Move the retry helper out of the client && into its own modu… — ${db}`,
    ])
  })

  it('says when there are no recent files', () => {
    const recent = menu().find('Open Recent')?.submenu as MenuItemConstructorOptions[]
    expect(recent[0]).toMatchObject({ label: 'No Recent Files', enabled: false })
    expect(recent.at(-1)).toMatchObject({ label: 'Clear Recently Opened', enabled: false })
  })

  it('offers Reload and the developer tools only in development', () => {
    const roles = (devTools: boolean) =>
      menu({ devTools })
        .all()
        .map((item) => item.role)
    expect(roles(false)).not.toContain('toggleDevTools')
    expect(roles(false)).not.toContain('reload')
    expect(roles(true)).toEqual(expect.arrayContaining(['toggleDevTools', 'reload']))
    expect(roles(false)).toEqual(
      expect.arrayContaining(['zoomIn', 'zoomOut', 'resetZoom', 'copy', 'paste', 'quit']),
    )
  })

  it('follows macOS conventions there: an app menu, and Close instead of Quit in File', () => {
    const mac = menu({ platform: 'darwin' })
    expect(mac.template[0].role).toBe('appMenu')
    expect(mac.all().map((item) => item.role)).toContain('close')
  })
})
