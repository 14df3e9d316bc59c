/**
 * The main process's lifecycle: one instance, one window, and the ways a conversation arrives
 * (the command line, a second launch, macOS's open-file, the menu). The work itself lives in the
 * modules this file wires together.
 */
import { join } from 'node:path'
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  protocol,
  session,
  type WebContents,
} from 'electron'
import { registerAppScheme, serveRenderer } from './app-protocol'
import type { MenuCommand, OpenedFile, Result } from './contract'
import { fileFromArgv, launchRequestFrom, type LaunchRequest } from './command-line'
import { developmentTrust } from './development'
import { electronFileDialogs } from './dialogs'
import { createFileGrants, openChosenFile } from '../node/file-grants'
import {
  createIpcHandlers,
  createIpcListeners,
  registerIpcHandlers,
  registerIpcListeners,
  sendEvent,
} from './ipc-handlers'
import { isRendererPage, isTrustedRendererUrl, type RendererOrigin } from '../node/ipc-validation'
import { showLiveBadge } from './live-badge'
import { createWindowFollows, type FollowOwner } from './live-follow'
import { buildMenuTemplate } from './menu'
import { RENDERER_JS_FLAGS } from './renderer-flags'
import { openRecentFiles, type RecentEntry } from './recent-files'
import { guardSession, guardWebContents } from './security'
import { SETTINGS_FILE, openSettingsStore } from './settings-store'
import { createMainWindow, PRELOAD_FILE, RENDERER_DIR, rendererUrl } from './window'
import { follower } from '../node/follower'
import { sessionsForPage } from '../node/session-rows'
import { createSessionCatalog } from '../node/sessions/catalog'
import { readSessionFile } from '../node/sessions/find'
import { contextFromProcess, foldersFromEnv } from '../node/sessions/context'

const preloadPath = join(import.meta.dirname, PRELOAD_FILE)
const rendererDir = join(import.meta.dirname, RENDERER_DIR)

// Tests (and anyone who wants a clean profile) point the app at its own data folder. It must be
// set before the single-instance lock, which is per data folder.
const userDataOverride = process.env.COMPACTION_INSPECTOR_USER_DATA
if (userDataOverride) app.setPath('userData', userDataOverride)

// Every renderer is sandboxed, whatever a window's options say.
app.enableSandbox()

// The renderer's V8 collects sooner than by default, so that a large file costs the memory it holds
// and not several times that (see renderer-flags.ts). Switches are read as Chromium starts.
app.commandLine.appendSwitch('js-flags', RENDERER_JS_FLAGS)

// The renderer is served on app://inspector, not file://. Schemes are declared before 'ready'.
registerAppScheme(protocol)

const launch: LaunchRequest = { argv: process.argv, cwd: process.cwd() }
if (app.requestSingleInstanceLock(launch)) {
  start()
} else {
  // The first instance got our command line through 'second-instance' and opens the file.
  app.quit()
}

function start(): void {
  const argvContext = { defaultApp: Boolean(process.defaultApp) }
  // In a production build, import.meta.env.DEV is the constant false: the bundle never reads
  // ELECTRON_RENDERER_URL, so no environment can point the window at another server.
  const development = developmentTrust({
    isDevBuild: import.meta.env.DEV,
    isPackaged: app.isPackaged,
    rendererUrl: import.meta.env.DEV ? process.env.ELECTRON_RENDERER_URL : undefined,
  })
  const origin: RendererOrigin = { devServerUrl: development.devServerUrl }
  const isTrusted = (url: string) => isTrustedRendererUrl(url, origin)
  const isOwnPage = (url: string) => isRendererPage(url, origin)
  const recent = openRecentFiles({
    storePath: join(app.getPath('userData'), 'recent-files.json'),
    titleOf: async ({ path, session }) => (await readSessionFile(path, session))?.title,
  })
  const settings = openSettingsStore({ storePath: join(app.getPath('userData'), SETTINGS_FILE) })
  // The files the user chose in this run, by token: the only files the renderer can ask for.
  const grants = createFileGrants()

  let mainWindow: BrowserWindow | null = null
  // The file to show when the renderer asks for its first conversation.
  const launchPath = fileFromArgv(launch, argvContext)
  let pending: RecentEntry | null = launchPath !== null ? { path: launchPath } : null
  // True once the renderer has asked for that file, so later files can be pushed to it.
  let rendererListening = false
  let recentList: RecentEntry[] = []

  const refreshMenu = (list: RecentEntry[] = recentList) => {
    recentList = list
    const template = buildMenuTemplate({
      devTools: development.devTools,
      platform: process.platform,
      recentFiles: recentList,
      send: sendMenuCommand,
      openRecent: (entry) => deliver(entry.path, entry.session),
      clearRecent,
    })
    Menu.setApplicationMenu(Menu.buildFromTemplate(template))
  }

  const warn = (what: string) => (error: unknown) => console.warn(`${what}: ${String(error)}`)

  /**
   * Opens a path from main's own sources (never one the renderer sent), with its token; for a
   * database, the session to show, remembered with it among the recent files.
   */
  const openChosenPath = async (path: string, session?: string): Promise<Result<OpenedFile>> => {
    const file = await openChosenFile(path, grants, undefined, session)
    if (!file.ok) return file
    app.addRecentDocument(path)
    recent.add({ path, session }).then(refreshMenu, warn('Could not update the recent files'))
    return file
  }

  // The agents' sessions, by opaque id: the engines' folders and the user's own (docs/sessions.md).
  const ctx = contextFromProcess()
  const sessions = sessionsForPage(
    createSessionCatalog({ ctx, folders: foldersFromEnv(ctx.env) }),
    openChosenPath,
  )
  // One followed file per window; its changes go to that window only.
  const follows = createWindowFollows(follower)
  const ownerOf = (contents: WebContents): FollowOwner => ({
    id: contents.id,
    send: (change) => {
      if (!contents.isDestroyed()) sendEvent(contents, 'fileChange', change)
    },
    onGone: (stop) => {
      // A reload starts a page that has not asked to follow anything yet.
      const gone = () => {
        contents.off('did-start-loading', gone)
        contents.off('destroyed', gone)
        stop()
      }
      contents.on('did-start-loading', gone)
      contents.on('destroyed', gone)
    },
  })
  const clearLiveBadge = () =>
    showLiveBadge({ platform: process.platform, app, window: null }, null)

  function sendMenuCommand(command: MenuCommand): void {
    const target = BrowserWindow.getFocusedWindow() ?? mainWindow
    if (target) sendEvent(target.webContents, 'menuCommand', command)
  }

  function clearRecent(): void {
    recent.clear().then(() => {
      app.clearRecentDocuments()
      refreshMenu([])
    }, warn('Could not clear the recent files'))
  }

  /** Opens a file main was asked for: pushed to a listening renderer, or kept until it asks. */
  function deliver(path: string, session?: string): void {
    const window = mainWindow
    if (!window || !rendererListening) {
      pending = { path, session }
      if (!window && app.isReady()) createWindow()
      return
    }
    void openChosenPath(path, session).then((file) => {
      if (!window.isDestroyed()) sendEvent(window.webContents, 'fileOpened', file)
    })
  }

  function createWindow(): void {
    const url = rendererUrl(development)
    const window = createMainWindow(BrowserWindow, preloadPath, url)
    // A reload starts a new page that has not subscribed yet.
    window.webContents.on('did-start-loading', () => {
      rendererListening = false
    })
    window.on('closed', () => {
      if (mainWindow === window) mainWindow = null
      rendererListening = false
      clearLiveBadge()
    })
    mainWindow = window
  }

  app.on('web-contents-created', (_event, contents) => guardWebContents(contents, isOwnPage))

  app.on('second-instance', (_event, argv, workingDirectory, additionalData) => {
    const request = launchRequestFrom(additionalData) ?? { argv, cwd: workingDirectory }
    const path = fileFromArgv(request, argvContext)
    if (mainWindow) {
      if (mainWindow.isMinimized()) mainWindow.restore()
      mainWindow.focus()
    }
    if (path) deliver(path)
  })

  // macOS: a file dropped on the Dock icon or opened from Finder, possibly before 'ready'.
  app.on('open-file', (event, path) => {
    event.preventDefault()
    deliver(path)
  })

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })

  app
    .whenReady()
    .then(async () => {
      serveRenderer(protocol, rendererDir)
      guardSession(session.defaultSession, isTrusted)
      registerIpcHandlers(
        ipcMain,
        createIpcHandlers({
          origin,
          dialogsFor: (event) =>
            electronFileDialogs(dialog, BrowserWindow.fromWebContents(event.sender)),
          openChosenPath,
          grants,
          initialEntry: () => {
            rendererListening = true
            return pending
          },
          recentFiles: {
            list: async () => {
              const list = await recent.list()
              refreshMenu(list)
              return list
            },
            clear: async () => {
              await recent.clear()
              app.clearRecentDocuments()
              refreshMenu([])
            },
          },
          settings,
          sessions,
          follows: {
            start: (event, token, path, from) =>
              follows.start(ownerOf(event.sender), token, path, from),
            stop: (event) => follows.stop(event.sender.id),
          },
        }),
      )
      registerIpcListeners(
        ipcMain,
        createIpcListeners({
          origin,
          showLiveBadge: (event, badge) =>
            showLiveBadge(
              {
                platform: process.platform,
                app,
                window: BrowserWindow.fromWebContents(event.sender),
              },
              badge,
            ),
        }),
      )
      refreshMenu(await recent.list().catch(() => []))
      createWindow()
      app.on('activate', () => {
        if (BrowserWindow.getAllWindows().length === 0) createWindow()
      })
    })
    .catch((error: unknown) => {
      console.error(`Compaction Inspector could not start: ${String(error)}`)
      app.exit(1)
    })
}
