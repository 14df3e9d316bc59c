/**
 * The preload: the only bridge between the sandboxed page and main. It exposes one object,
 * `window.api`, made of named functions over fixed channels, never `ipcRenderer` itself or a
 * generic invoke, so a script injected into the page can do no more than the UI can.
 * Built as CommonJS (out/preload/preload.cjs): a sandboxed renderer cannot load an ES module.
 */
import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron'
import {
  CHANNELS,
  MAX_CONVERSATION_BYTES,
  type Api,
  type ExportOutcome,
  type ExportRequest,
  type FileToken,
  type LiveBadge,
  type FileChange,
  type MenuCommand,
  type OpenedFile,
  type RecentFile,
  type Result,
  type SessionRow,
  type SessionRowCounts,
  type Settings,
} from './contract'

const MENU_COMMANDS: readonly MenuCommand[] = [
  'open',
  'sessions',
  'export',
  'focus-summary',
  'apply-summary',
]

function openFileDialog(): Promise<Result<OpenedFile | null>> {
  return ipcRenderer.invoke(CHANNELS.openDialog)
}

function reopenFile(token: FileToken): Promise<Result<OpenedFile>> {
  return ipcRenderer.invoke(CHANNELS.reopenFile, token)
}

/**
 * A dropped file is read from the File itself, as in a browser, and its path is never sent to
 * main: Chromium lets this renderer read exactly the files the user dropped, so those bytes are
 * proof of the drop, where a path would be only a claim that any script could make. The path is
 * kept to show; the file gets no token, so it is not reopened by path or added to the recent list.
 */
async function openDroppedFile(file: File): Promise<Result<OpenedFile>> {
  if (file.size > MAX_CONVERSATION_BYTES) {
    const size = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    return {
      ok: false,
      error: `${file.name}: the file is ${size(file.size)}; the inspector opens files up to ${size(MAX_CONVERSATION_BYTES)}`,
    }
  }
  let path: string | null = null
  try {
    path = webUtils.getPathForFile(file) || null
  } catch {
    // A file made in the page, or dragged from another app, has no path: it shows by its name.
  }
  return { ok: true, value: { token: null, path, name: file.name, content: file } }
}

function initialFile(): Promise<Result<OpenedFile | null>> {
  return ipcRenderer.invoke(CHANNELS.initialFile)
}

function recentFiles(): Promise<RecentFile[]> {
  return ipcRenderer.invoke(CHANNELS.recentFiles)
}

function clearRecentFiles(): Promise<void> {
  return ipcRenderer.invoke(CHANNELS.clearRecentFiles)
}

function saveExport(request: ExportRequest): Promise<Result<ExportOutcome>> {
  return ipcRenderer.invoke(CHANNELS.saveExport, request)
}

function readSettings(): Promise<Settings> {
  return ipcRenderer.invoke(CHANNELS.readSettings)
}

function writeSettings(settings: Settings): Promise<Result<void>> {
  return ipcRenderer.invoke(CHANNELS.writeSettings, settings)
}

function onMenuCommand(listener: (command: MenuCommand) => void): () => void {
  // The page never sees the IPC event: it carries the sender and its reply methods.
  const relay = (_event: IpcRendererEvent, command: unknown) => {
    if (MENU_COMMANDS.includes(command as MenuCommand)) listener(command as MenuCommand)
  }
  ipcRenderer.on(CHANNELS.menuCommand, relay)
  return () => {
    ipcRenderer.removeListener(CHANNELS.menuCommand, relay)
  }
}

function onFileOpened(listener: (file: Result<OpenedFile>) => void): () => void {
  const relay = (_event: IpcRendererEvent, file: Result<OpenedFile>) => listener(file)
  ipcRenderer.on(CHANNELS.fileOpened, relay)
  return () => {
    ipcRenderer.removeListener(CHANNELS.fileOpened, relay)
  }
}

function listSessions(): Promise<Result<SessionRow[]>> {
  return ipcRenderer.invoke(CHANNELS.listSessions)
}

function sessionCounts(id: string): Promise<Result<SessionRowCounts>> {
  return ipcRenderer.invoke(CHANNELS.sessionCounts, id)
}

function searchSessions(text: string): Promise<Result<string[]>> {
  return ipcRenderer.invoke(CHANNELS.searchSessions, text)
}

function openSession(id: string): Promise<Result<OpenedFile>> {
  return ipcRenderer.invoke(CHANNELS.openSession, id)
}

function followFile(token: FileToken, from: number): Promise<Result<null>> {
  return ipcRenderer.invoke(CHANNELS.followFile, token, from)
}

function unfollowFile(): Promise<void> {
  return ipcRenderer.invoke(CHANNELS.unfollowFile)
}

function onFileChange(listener: (change: FileChange) => void): () => void {
  const relay = (_event: IpcRendererEvent, change: FileChange) => listener(change)
  ipcRenderer.on(CHANNELS.fileChanged, relay)
  return () => {
    ipcRenderer.removeListener(CHANNELS.fileChanged, relay)
  }
}

function setLiveBadge(badge: LiveBadge | null): void {
  ipcRenderer.send(CHANNELS.setLiveBadge, badge)
}

const api = {
  host: 'electron',
  sessions: true,
  listSessions,
  sessionCounts,
  searchSessions,
  openSession,
  followFile,
  unfollowFile,
  onFileChange,
  setLiveBadge,
  openFileDialog,
  reopenFile,
  openDroppedFile,
  initialFile,
  recentFiles,
  clearRecentFiles,
  saveExport,
  readSettings,
  writeSettings,
  onMenuCommand,
  onFileOpened,
} as const satisfies Api

contextBridge.exposeInMainWorld('api', api)
