/**
 * The inspector window: locked-down web preferences, the preload, and our renderer (the built
 * files, or electron-vite's dev server in development).
 */
import { join } from 'node:path'
import type { BrowserWindow, BrowserWindowConstructorOptions, WebPreferences } from 'electron'

/** The built app's layout, relative to out/main where main.js runs. */
export const PRELOAD_FILE = '../preload/preload.cjs'
export const RENDERER_DIR = '../renderer'

/** Where the window's page comes from. */
export type RendererSource = { kind: 'url'; url: string } | { kind: 'file'; path: string }

/**
 * Electron's security checklist for our one window: the page gets no Node, runs sandboxed in its
 * own JavaScript world, and only reaches main through the preload's `window.api`.
 */
export function secureWebPreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    spellcheck: false,
  }
}

/** The dev server when running unpackaged under `electron-vite dev`, the built files otherwise. */
export function rendererSource(options: {
  isPackaged: boolean
  devServerUrl: string | undefined
  rendererDir: string
}): RendererSource {
  if (!options.isPackaged && options.devServerUrl) return { kind: 'url', url: options.devServerUrl }
  return { kind: 'file', path: join(options.rendererDir, 'index.html') }
}

/** The options the window is created with. */
export function mainWindowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    title: 'Compaction Inspector',
    width: 1360,
    height: 880,
    minWidth: 880,
    minHeight: 560,
    // Shown once the first paint is ready, so the user never sees an empty white frame.
    show: false,
    webPreferences: secureWebPreferences(preloadPath),
  }
}

/** Creates the window and starts loading the renderer; `BrowserWindowClass` is Electron's. */
export function createMainWindow(
  BrowserWindowClass: new (options: BrowserWindowConstructorOptions) => BrowserWindow,
  preloadPath: string,
  source: RendererSource,
): BrowserWindow {
  const window = new BrowserWindowClass(mainWindowOptions(preloadPath))
  window.once('ready-to-show', () => window.show())
  const loading = source.kind === 'url' ? window.loadURL(source.url) : window.loadFile(source.path)
  loading.catch((error: unknown) =>
    console.error(`Could not load the inspector page: ${String(error)}`),
  )
  return window
}
