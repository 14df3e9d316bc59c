/**
 * The preload: the only bridge between the sandboxed page and main. It exposes one object,
 * `window.api`, made of named functions over fixed channels, never `ipcRenderer` itself or a
 * generic invoke, so a script injected into the page can do no more than the UI can.
 * Built as CommonJS (out/preload/preload.cjs): a sandboxed renderer cannot load an ES module.
 */
import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron'
import {
  CHANNELS,
  type Api,
  type ExportOutcome,
  type ExportRequest,
  type MenuCommand,
  type OpenedFile,
  type Result,
} from './contract'

const MENU_COMMANDS: readonly MenuCommand[] = ['open', 'export', 'focus-summary', 'apply-summary']

function openFileDialog(): Promise<Result<OpenedFile | null>> {
  return ipcRenderer.invoke(CHANNELS.openDialog)
}

function openPath(path: string): Promise<Result<OpenedFile>> {
  return ipcRenderer.invoke(CHANNELS.openPath, path)
}

async function openDroppedFile(file: File): Promise<Result<OpenedFile>> {
  let path: string
  try {
    path = webUtils.getPathForFile(file)
  } catch {
    return { ok: false, error: 'Only files can be dropped here.' }
  }
  // Files made in the page, or dragged from another app without a file behind them, have no path.
  if (!path) return { ok: false, error: `${file.name || 'This item'} is not a file on disk.` }
  return openPath(path)
}

function initialFile(): Promise<Result<OpenedFile | null>> {
  return ipcRenderer.invoke(CHANNELS.initialFile)
}

function recentFiles(): Promise<string[]> {
  return ipcRenderer.invoke(CHANNELS.recentFiles)
}

function clearRecentFiles(): Promise<void> {
  return ipcRenderer.invoke(CHANNELS.clearRecentFiles)
}

function saveExport(request: ExportRequest): Promise<Result<ExportOutcome>> {
  return ipcRenderer.invoke(CHANNELS.saveExport, request)
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

const api = {
  host: 'electron',
  openFileDialog,
  openPath,
  openDroppedFile,
  initialFile,
  recentFiles,
  clearRecentFiles,
  saveExport,
  onMenuCommand,
  onFileOpened,
} as const satisfies Api

contextBridge.exposeInMainWorld('api', api)
