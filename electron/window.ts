/**
 * The inspector window: locked-down web preferences, the preload, and our renderer (the built
 * files served on `app://inspector`, or electron-vite's dev server in development).
 */
import type { BrowserWindow, BrowserWindowConstructorOptions, WebPreferences } from 'electron'
import { APP_ENTRY_URL } from '../node/page-files'
import type { DevelopmentTrust } from './development'

/** The built app's layout, relative to out/main where main.js runs. */
export const PRELOAD_FILE = '../preload/preload.cjs'
export const RENDERER_DIR = '../renderer'

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

/**
 * The page to load: the dev server in a development build under `electron-vite dev` (see
 * development.ts), otherwise the built files on `app://inspector` (never file://; see
 * app-protocol.ts).
 */
export function rendererUrl(development: DevelopmentTrust): string {
  return development.devServerUrl || APP_ENTRY_URL
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

/** Creates the window and starts loading `url`; `BrowserWindowClass` is Electron's. */
export function createMainWindow(
  BrowserWindowClass: new (options: BrowserWindowConstructorOptions) => BrowserWindow,
  preloadPath: string,
  url: string,
): BrowserWindow {
  const window = new BrowserWindowClass(mainWindowOptions(preloadPath))
  window.once('ready-to-show', () => window.show())
  window
    .loadURL(url)
    .catch((error: unknown) => console.error(`Could not load the inspector page: ${String(error)}`))
  return window
}
