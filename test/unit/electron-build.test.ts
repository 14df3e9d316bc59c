/**
 * Checks the built app in out/, where a wrong format or file name only shows when Electron starts
 * (which it cannot on machines without its binary): the preload must be CommonJS, main must point
 * at it and serve the page on app://, and the page must carry its CSP. CI builds first; locally
 * the build runs if it is missing.
 */
import { execFileSync } from 'node:child_process'
import { EventEmitter } from 'node:events'
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { runInNewContext } from 'node:vm'
import { beforeAll, describe, expect, it } from 'vitest'
import { RENDERER_CSP } from '../../node/page-files'
import { CHANNELS } from '../../electron/contract'
import { RENDERER_JS_FLAGS } from '../../electron/renderer-flags'

const root = resolve(import.meta.dirname, '../..')
const out = join(root, 'out')
const preloadFile = join(out, 'preload', 'preload.cjs')
const mainFile = join(out, 'main', 'main.js')
const rendererPage = join(out, 'renderer', 'index.html')

beforeAll(() => {
  if ([preloadFile, mainFile, rendererPage].every((file) => existsSync(file))) return
  execFileSync('npx', ['electron-vite', 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' },
  })
}, 300_000)

/** Runs the built preload the way a sandboxed renderer does, with Electron's modules stood in for. */
function loadPreload() {
  const exposed: { name: string; api: Record<string, unknown> }[] = []
  const invoked: unknown[][] = []
  const sent: unknown[][] = []
  const ipcRenderer = Object.assign(new EventEmitter(), {
    invoke: async (...args: unknown[]) => {
      invoked.push(args)
      return { ok: true, value: null }
    },
    send: (...args: unknown[]) => void sent.push(args),
  })
  const paths = new Map<object, string>()
  const electron = {
    contextBridge: {
      exposeInMainWorld: (name: string, api: Record<string, unknown>) =>
        exposed.push({ name, api }),
    },
    ipcRenderer,
    webUtils: { getPathForFile: (file: object) => paths.get(file) ?? '' },
  }
  const required: string[] = []
  const module = { exports: {} }
  runInNewContext(readFileSync(preloadFile, 'utf8'), {
    require: (name: string) => {
      required.push(name)
      if (name !== 'electron') throw new Error(`a sandboxed preload cannot require ${name}`)
      return electron
    },
    module,
    exports: module.exports,
  })
  return { exposed, invoked, sent, ipcRenderer, paths, required }
}

describe('the built preload', () => {
  it('is a CommonJS file, which a sandboxed renderer can load, requiring only electron', () => {
    expect(readdirSync(dirname(preloadFile))).toEqual(['preload.cjs'])
    const code = readFileSync(preloadFile, 'utf8')
    expect(code).not.toMatch(/^\s*(import|export)\b/m)
    expect([...code.matchAll(/require\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1])).toEqual([
      'electron',
    ])
    expect(loadPreload().required).toEqual(['electron'])
  })

  it('exposes exactly one object, window.api, of named functions and no IPC primitives', () => {
    const { exposed, ipcRenderer } = loadPreload()
    expect(exposed.map((e) => e.name)).toEqual(['api'])
    const api = exposed[0].api
    expect(Object.keys(api).sort()).toEqual(
      [
        'clearRecentFiles',
        'host',
        'initialFile',
        'onFileOpened',
        'onMenuCommand',
        'openDroppedFile',
        'openFileDialog',
        'recentFiles',
        'reopenFile',
        'saveExport',
        'readSettings',
        'writeSettings',
        'sessions',
        'listSessions',
        'sessionCounts',
        'searchSessions',
        'openSession',
        'followFile',
        'unfollowFile',
        'onFileChange',
        'setLiveBadge',
      ].sort(),
    )
    expect(api.host).toBe('electron')
    expect(api.sessions).toBe(true)
    for (const [key, value] of Object.entries(api)) {
      if (key !== 'host' && key !== 'sessions') expect(typeof value, key).toBe('function')
      expect(value).not.toBe(ipcRenderer)
    }
  })

  it('sends each call on its own channel, with only the arguments given', async () => {
    const { exposed, invoked } = loadPreload()
    const api = exposed[0].api as Record<string, (...args: unknown[]) => Promise<unknown>>
    const request = { suggestedName: 'a.json', text: '[]', source: null }
    const token = 'A'.repeat(32)
    await api.openFileDialog()
    await api.reopenFile(token)
    await api.initialFile()
    await api.recentFiles()
    await api.clearRecentFiles()
    await api.saveExport(request)
    await api.readSettings()
    await api.writeSettings({ maxTokens: 1234 })
    expect(invoked).toEqual([
      [CHANNELS.openFileDialog],
      [CHANNELS.reopenFile, token],
      [CHANNELS.initialFile],
      [CHANNELS.recentFiles],
      [CHANNELS.clearRecentFiles],
      [CHANNELS.saveExport, request],
      [CHANNELS.readSettings],
      [CHANNELS.writeSettings, { maxTokens: 1234 }],
    ])
  })

  it('sends the sessions and follow calls on their channels, and the badge without an answer', async () => {
    const { exposed, invoked, sent } = loadPreload()
    const api = exposed[0].api as Record<string, (...args: unknown[]) => unknown>
    const id = 'S'.repeat(32)
    const token = 'A'.repeat(32)
    await api.listSessions()
    await api.sessionCounts(id)
    await api.searchSessions('run 918')
    await api.openSession(id)
    await api.followFile(token, 120)
    await api.unfollowFile()
    api.setLiveBadge({ turnsLeft: 3, fraction: 0.5 })
    api.setLiveBadge(null)
    expect(invoked).toEqual([
      [CHANNELS.listSessions],
      [CHANNELS.sessionCounts, id],
      [CHANNELS.searchSessions, 'run 918'],
      [CHANNELS.openSession, id],
      [CHANNELS.followFile, token, 120],
      [CHANNELS.unfollowFile],
    ])
    expect(sent).toEqual([
      [CHANNELS.setLiveBadge, { turnsLeft: 3, fraction: 0.5 }],
      [CHANNELS.setLiveBadge, null],
    ])
  })

  it('takes a dropped file’s bytes from the File, and never sends main its path', async () => {
    const { exposed, invoked, paths } = loadPreload()
    const api = exposed[0].api as Record<string, (file: object) => Promise<unknown>>
    const onDisk = { name: 'dropped.json', size: 2 }
    paths.set(onDisk, '/home/me/dropped.json')
    // The path is there to show; the content is the File, which only a real drop can give.
    expect(await api.openDroppedFile(onDisk)).toEqual({
      ok: true,
      value: { token: null, path: '/home/me/dropped.json', name: 'dropped.json', content: onDisk },
    })
    const madeInPage = { name: 'made-in-page.json', size: 2 }
    expect(await api.openDroppedFile(madeInPage)).toEqual({
      ok: true,
      value: { token: null, path: null, name: 'made-in-page.json', content: madeInPage },
    })
    // A File whose first bytes are `head`, as slice(0, 16).arrayBuffer() reads them.
    const dropped = (name: string, megabytes: number, head: string) => ({
      name,
      size: megabytes * 1024 * 1024,
      slice: (from: number, to: number) => ({
        arrayBuffer: async () => new TextEncoder().encode(head.slice(from, to)).buffer,
      }),
    })
    expect(await api.openDroppedFile(dropped('huge.json', 65, '[{"role":"user",'))).toEqual({
      ok: false,
      error: 'huge.json: the file is 65.0 MB; the inspector opens files up to 64.0 MB',
    })
    // A database is read for one of its sessions: it may be larger, up to 1 GB.
    const db = dropped('opencode.db', 300, 'SQLite format 3\u0000')
    expect(await api.openDroppedFile(db)).toMatchObject({
      ok: true,
      value: { name: 'opencode.db' },
    })
    expect(await api.openDroppedFile(dropped('all.db', 1100, 'SQLite format 3\u0000'))).toEqual({
      ok: false,
      error: 'all.db: the file is 1100.0 MB; the inspector opens files up to 1024.0 MB',
    })
    expect(invoked).toEqual([])
  })

  it('relays known menu commands and opened files until unsubscribed', () => {
    const { exposed, ipcRenderer } = loadPreload()
    const api = exposed[0].api as Record<string, (listener: (value: unknown) => void) => () => void>
    const commands: unknown[] = []
    const files: unknown[] = []
    const offMenu = api.onMenuCommand((command) => commands.push(command))
    const offFile = api.onFileOpened((file) => files.push(file))
    const event = { sender: 'the IPC event must not reach the page' }
    ipcRenderer.emit(CHANNELS.menuCommand, event, 'export')
    ipcRenderer.emit(CHANNELS.menuCommand, event, 'delete-everything')
    ipcRenderer.emit(CHANNELS.fileOpened, event, { ok: false, error: 'ENOENT: /x: no such file' })
    offMenu()
    offFile()
    ipcRenderer.emit(CHANNELS.menuCommand, event, 'open')
    ipcRenderer.emit(CHANNELS.fileOpened, event, { ok: true, value: null })
    expect(commands).toEqual(['export'])
    expect(files).toEqual([{ ok: false, error: 'ENOENT: /x: no such file' }])
    expect(ipcRenderer.listenerCount(CHANNELS.menuCommand)).toBe(0)
  })
})

describe('the built main process', () => {
  it('is the entry package.json names, and loads the preload and the page that were built', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { main: string }
    expect(resolve(root, pkg.main)).toBe(mainFile)
    const code = readFileSync(mainFile, 'utf8')
    expect(code).toContain('"../preload/preload.cjs"')
    expect(existsSync(resolve(dirname(mainFile), '../preload/preload.cjs'))).toBe(true)
    expect(code).toContain('"../renderer"')
    expect(existsSync(resolve(dirname(mainFile), '../renderer', 'index.html'))).toBe(true)
    expect(code).not.toContain('preload.mjs')
  })

  it('registers the app scheme and loads the page from it, never from file://', () => {
    const code = readFileSync(mainFile, 'utf8')
    expect(code).toContain('registerSchemesAsPrivileged')
    expect(code).toMatch(/scheme:\s*"app"/)
    expect(code).toContain('app://inspector/index.html')
    expect(code).not.toMatch(/\.loadFile\(/)
  })
})

/** Runs out/main/main.js under Node with 'electron' resolved to a recording stand-in. */
function runMainWithStubbedElectron(env: Record<string, string> = {}) {
  const stub = pathToFileURL(join(import.meta.dirname, 'helpers', 'electron-stub.mjs')).href
  const hooks = `export async function resolve(specifier, context, next) {
    return specifier === 'electron' ? { url: ${JSON.stringify(stub)}, shortCircuit: true } : next(specifier, context)
  }`
  const register = `import { register } from 'node:module'
    register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(hooks)}))`
  const userData = mkdtempSync(join(tmpdir(), 'inspector-main-'))
  try {
    const stdout = execFileSync(
      process.execPath,
      ['--import', `data:text/javascript,${encodeURIComponent(register)}`, mainFile],
      {
        cwd: root,
        encoding: 'utf8',
        env: {
          ...process.env,
          COMPACTION_INSPECTOR_USER_DATA: userData,
          ELECTRON_RENDERER_URL: '',
          ...env,
        },
        timeout: 30_000,
      },
    )
    const line = stdout.split('\n').find((l) => l.startsWith('ELECTRON-STUB '))
    expect(line, `stub record in:\n${stdout}`).toBeDefined()
    return JSON.parse(line!.slice('ELECTRON-STUB '.length)) as { name: string; detail?: unknown }[]
  } finally {
    rmSync(userData, { recursive: true, force: true })
  }
}

describe('the built main process, run against a stand-in for Electron', () => {
  it('declares app:// privileged before ready, serves it after, and loads the page from it', () => {
    const events = runMainWithStubbedElectron()
    const names = events.map((e) => e.name)
    const at = (name: string) => names.indexOf(name)
    expect(events[at('protocol.registerSchemesAsPrivileged')].detail).toEqual([
      {
        scheme: 'app',
        privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
      },
    ])
    expect(at('protocol.registerSchemesAsPrivileged')).toBeLessThan(at('ready'))
    // The renderer's V8 flags, given to Chromium before it starts.
    expect(events[at('app.commandLine.appendSwitch')].detail).toEqual({
      name: 'js-flags',
      value: RENDERER_JS_FLAGS,
    })
    expect(at('app.commandLine.appendSwitch')).toBeLessThan(at('ready'))
    expect(at('ready')).toBeLessThan(at('protocol.handle'))
    expect(events[at('protocol.handle')].detail).toBe('app')
    expect(at('protocol.handle')).toBeLessThan(at('BrowserWindow.loadURL'))
    expect(events[at('new BrowserWindow')].detail).toEqual({
      preload: resolve(out, 'preload', 'preload.cjs'),
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
    })
    expect(events[at('BrowserWindow.loadURL')].detail).toBe('app://inspector/index.html')
    expect(names).not.toContain('BrowserWindow.loadFile')
    expect(names).not.toContain('app.exit')
    expect(events[at('page')].detail).toEqual({
      status: 200,
      contentType: 'text/html; charset=utf-8',
      csp: RENDERER_CSP,
      nosniff: 'nosniff',
      body: readFileSync(rendererPage, 'utf8'),
    })
    const assets = events.filter((e) => e.name === 'asset').map((e) => e.detail)
    expect(assets).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ status: 200, contentType: 'text/javascript; charset=utf-8' }),
        expect.objectContaining({ status: 200, contentType: 'text/css; charset=utf-8' }),
      ]),
    )
    for (const asset of assets) {
      expect(asset).toMatchObject({ url: expect.stringMatching(/^app:\/\/inspector\/assets\//) })
      expect(asset).toMatchObject({ status: 200 })
    }
  })
})

describe('the built main process’s channels', () => {
  it('handles every invoke channel of the contract, the settings pair among them', () => {
    const handled = runMainWithStubbedElectron()
      .filter((e) => e.name === 'ipcMain.handle')
      .map((e) => e.detail)
    expect(handled).toEqual(expect.arrayContaining([CHANNELS.readSettings, CHANNELS.writeSettings]))
    // Pushed to the renderer, never handled: the menu's commands, files main opened itself and
    // a followed file's changes; the live badge is sent without an answer (ipcMain.on).
    const pushed: string[] = [CHANNELS.menuCommand, CHANNELS.fileOpened, CHANNELS.fileChange]
    const sent: string[] = [CHANNELS.setLiveBadge]
    const invoke = Object.values(CHANNELS).filter((c) => !pushed.includes(c) && !sent.includes(c))
    expect([...handled].sort()).toEqual([...invoke].sort())
  })

  it('listens on the live badge’s channel, which the renderer sends without waiting', () => {
    const listened = runMainWithStubbedElectron()
      .filter((e) => e.name === 'ipcMain.on')
      .map((e) => e.detail)
    expect(listened).toEqual([CHANNELS.setLiveBadge])
  })
})

describe('the production build, started unpackaged as `npm start` does', () => {
  // The attack: anyone who can set the environment of `npm start` (a shell profile, a launcher)
  // points the window at their own server, whose pages main would then trust with IPC.
  const attacker = 'http://127.0.0.1:9/'

  it('ignores ELECTRON_RENDERER_URL and loads the built page from app://', () => {
    const events = runMainWithStubbedElectron({
      ELECTRON_STUB_UNPACKAGED: '1',
      ELECTRON_RENDERER_URL: attacker,
    })
    const loaded = events.filter((e) => e.name === 'BrowserWindow.loadURL').map((e) => e.detail)
    expect(loaded).toEqual(['app://inspector/index.html'])
    // The bundle never reads the variable: a production build has no code that would.
    expect(readFileSync(mainFile, 'utf8')).not.toContain('ELECTRON_RENDERER_URL')
  })

  it('offers no developer tools and no reload in its menu', () => {
    const events = runMainWithStubbedElectron({
      ELECTRON_STUB_UNPACKAGED: '1',
      ELECTRON_RENDERER_URL: attacker,
    })
    const menus = events.filter((e) => e.name === 'Menu.setApplicationMenu')
    expect(menus.length).toBeGreaterThan(0)
    for (const { detail } of menus) {
      expect(detail).toEqual(expect.arrayContaining(['copy', 'paste', 'zoomIn']))
      expect(detail).not.toContain('toggleDevTools')
      expect(detail).not.toContain('reload')
      expect(detail).not.toContain('forceReload')
    }
  })
})

describe('the built renderer’s workers', () => {
  const assets = join(out, 'renderer', 'assets')
  const files = () => readdirSync(assets)
  const read = (prefix: string) =>
    readFileSync(
      join(
        assets,
        files().find((name) => name.startsWith(prefix))!,
      ),
      'utf8',
    )

  it('carry no vocabulary: each is a chunk of its own, imported by the worker that counts with it', async () => {
    for (const encoding of ['o200k_base', 'cl100k_base', 'p50k_base', 'r50k_base']) {
      // The vocabulary's last plain-ASCII token: written the same in any literal and in JSON.
      const { default: ranks } = (await import(`gpt-tokenizer/bpeRanks/${encoding}`)) as {
        default: unknown[]
      }
      const marker = ranks.findLast((t) => typeof t === 'string' && /^[A-Za-z]{6,}$/.test(t))
      // (Booleans, so that a failure does not print megabytes of code.)
      const chunk = read(`${encoding}-`)
      expect(chunk.includes(`${marker}`), `${encoding} chunk has ${marker}`).toBe(true)
      expect(chunk.includes('JSON.parse('), `${encoding} chunk is JSON`).toBe(true)
      for (const bundle of ['count-worker-', 'conversation-worker-', 'index-']) {
        expect(read(bundle).includes(`${marker}`), `${bundle} has ${marker}`).toBe(false)
      }
    }
  })
})

describe('the built page', () => {
  const html = () => readFileSync(rendererPage, 'utf8')

  it('carries a strict Content-Security-Policy', () => {
    const meta = html().match(/<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]+)"/i)
    expect(meta, 'CSP meta tag').not.toBeNull()
    const directives = new Map(
      meta![1]
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .filter((parts) => parts[0])
        .map(([name, ...values]) => [name, values.join(' ')]),
    )
    expect(directives.get('default-src')).toBe("'self'")
    expect(directives.get('script-src')).toBe("'self'")
    expect(directives.get('object-src')).toBe("'none'")
    expect(directives.get('base-uri')).toBe("'none'")
    expect(directives.get('form-action')).toBe("'none'")
    // frame-ancestors is ignored in a <meta> tag, so the page rightly leaves it out.
    expect(meta![1]).not.toContain('unsafe-eval')
  })

  it('has no inline scripts (the CSP would block them) and loads assets relative to itself', () => {
    const page = html()
    const scripts = [...page.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    expect(scripts.length).toBeGreaterThan(0)
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\ssrc="\.\//)
      expect(body.trim()).toBe('')
    }
    for (const [, href] of page.matchAll(/<link\b[^>]*\shref="([^"]+)"/g)) {
      if (!href.startsWith('data:')) expect(href, 'stylesheet or icon URL').toMatch(/^\.\//)
    }
  })
})
