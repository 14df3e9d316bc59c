/**
 * The desktop app itself, driven through Playwright's Electron support: the built main process,
 * the CommonJS preload in a sandboxed window serving the page on app://inspector, and a
 * conversation named on the command line.
 * It needs Electron's binary, which `npm install` downloads where it can; elsewhere it says it
 * was skipped.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { _electron, type ElectronApplication, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROOT, SCREENSHOT_DIR, conversation } from './harness/paths'

/** Electron's executable as the `electron` package finds it, or why there is none to run. */
function findElectron(): { path: string } | { skip: string } {
  const packageDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'))
  const pathFile = join(packageDir, 'path.txt')
  const missing = { skip: 'Electron binary not installed: Electron end-to-end test skipped' }
  if (!existsSync(pathFile)) return missing
  const relativePath = readFileSync(pathFile, 'utf8').trim()
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH
  const path = override ? join(override, relativePath) : join(packageDir, 'dist', relativePath)
  if (!existsSync(path)) return missing
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    return { skip: 'No display for Electron (try xvfb-run): Electron end-to-end test skipped' }
  }
  return { path }
}

const electron = findElectron()
if ('skip' in electron) console.log(electron.skip)

describe.skipIf('skip' in electron)('the Electron app', () => {
  const file = conversation('short.json')
  let userData: string
  let app: ElectronApplication
  let window: Page

  beforeAll(async () => {
    if (!('path' in electron)) return
    userData = mkdtempSync(join(tmpdir(), 'inspector-electron-'))
    // Chromium refuses its sandbox to root (CI containers); the page stays isolated regardless.
    const rootOnly = process.getuid?.() === 0 ? ['--no-sandbox'] : []
    app = await _electron.launch({
      executablePath: electron.path,
      args: [...rootOnly, ROOT, file],
      cwd: ROOT,
      env: {
        ...process.env,
        // A fresh profile: no recent files, no single-instance lock shared with a running app.
        COMPACTION_INSPECTOR_USER_DATA: userData,
        ELECTRON_RENDERER_URL: '',
      },
    })
    window = await app.firstWindow()
  })

  afterAll(async () => {
    await app?.close()
    if (userData) rmSync(userData, { recursive: true, force: true })
  })

  it('opens the conversation named on the command line', async () => {
    await window.waitForSelector('[data-testid="message-row"]')
    expect(await window.locator('[data-testid="message-row"]').count()).toBeGreaterThan(0)
    await expect.poll(() => window.title()).toContain(basename(file))
  })

  it('serves the page from app://inspector, a secure origin that cannot read local files', async () => {
    expect(window.url()).toBe('app://inspector/index.html')
    const page = await window.evaluate(async () => ({
      origin: location.origin,
      secure: isSecureContext,
      localFile: await fetch('file:///etc/hosts').then(
        () => 'read',
        () => 'blocked',
      ),
    }))
    expect(page).toEqual({ origin: 'app://inspector', secure: true, localFile: 'blocked' })
  })

  it('gives the page window.api and nothing of Node or IPC', async () => {
    const globals = await window.evaluate(() => {
      const page = globalThis as Record<string, unknown>
      return {
        api: typeof page.api,
        host: (page.api as { host?: string } | undefined)?.host,
        require: typeof page.require,
        process: typeof page.process,
        ipcRenderer: typeof page.ipcRenderer,
      }
    })
    expect(globals).toEqual({
      api: 'object',
      host: 'electron',
      require: 'undefined',
      process: 'undefined',
      ipcRenderer: 'undefined',
    })
  })

  it('keeps its data in the profile it was given, and remembers the opened file there', async () => {
    expect(await app.evaluate(({ app }) => app.getPath('userData'))).toBe(userData)
    const store = join(userData, 'recent-files.json')
    await expect
      .poll(() => (existsSync(store) ? JSON.parse(readFileSync(store, 'utf8')).files : []))
      .toEqual([file])
  })

  it('looks right', async () => {
    await mkdir(SCREENSHOT_DIR, { recursive: true })
    await window.screenshot({ path: join(SCREENSHOT_DIR, 'electron.png') })
  })
})
