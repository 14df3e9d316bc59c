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
  MAX_DATABASE_BYTES,
  MENU_COMMANDS,
  type Api,
  type IpcEvents,
  type IpcInvokes,
  type OpenedFile,
  type Result,
} from './contract'
import { startsAsSqlite } from '../src/sqlite/magic'

/** Asks main on a request's channel; the answer's type is the contract's. */
function invoke<K extends keyof IpcInvokes>(
  channel: K,
  ...args: IpcInvokes[K]['args']
): Promise<IpcInvokes[K]['result']> {
  return ipcRenderer.invoke(CHANNELS[channel], ...args) as Promise<IpcInvokes[K]['result']>
}

/**
 * Relays an event main sends to `listener`, until the returned function is called. The page never
 * sees the IPC event: it carries the sender and its reply methods. `accept` drops what the
 * contract does not allow.
 */
function subscribe<K extends keyof IpcEvents>(
  channel: K,
  listener: (value: IpcEvents[K]) => void,
  accept: (value: unknown) => boolean = () => true,
): () => void {
  const relay = (_event: IpcRendererEvent, value: unknown) => {
    if (accept(value)) listener(value as IpcEvents[K])
  }
  ipcRenderer.on(CHANNELS[channel], relay)
  return () => {
    ipcRenderer.removeListener(CHANNELS[channel], relay)
  }
}

const isMenuCommand = (command: unknown) => (MENU_COMMANDS as readonly unknown[]).includes(command)

/**
 * A dropped file is read from the File itself, as in a browser, and its path is never sent to
 * main: Chromium lets this renderer read exactly the files the user dropped, so those bytes are
 * proof of the drop, where a path would be only a claim that any script could make. The path is
 * kept to show; the file gets no token, so it is not reopened by path or added to the recent list.
 */
async function openDroppedFile(file: File): Promise<Result<OpenedFile>> {
  const limit =
    file.size > MAX_CONVERSATION_BYTES &&
    startsAsSqlite(new Uint8Array(await file.slice(0, 16).arrayBuffer()))
      ? MAX_DATABASE_BYTES
      : MAX_CONVERSATION_BYTES
  if (file.size > limit) {
    const size = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    return {
      ok: false,
      error: `${file.name}: the file is ${size(file.size)}; the inspector opens files up to ${size(limit)}`,
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

// Each function takes the arguments its channel carries and sends no others.
const api = {
  host: 'electron',
  sessions: true,
  openFileDialog: () => invoke('openFileDialog'),
  reopenFile: (token, session) =>
    session === undefined ? invoke('reopenFile', token) : invoke('reopenFile', token, session),
  openDroppedFile,
  initialFile: () => invoke('initialFile'),
  recentFiles: () => invoke('recentFiles'),
  clearRecentFiles: () => invoke('clearRecentFiles'),
  saveExport: (request) => invoke('saveExport', request),
  readSettings: () => invoke('readSettings'),
  writeSettings: (settings) => invoke('writeSettings', settings),
  listSessions: () => invoke('listSessions'),
  sessionCounts: (id) => invoke('sessionCounts', id),
  searchSessions: (text) => invoke('searchSessions', text),
  openSession: (id) => invoke('openSession', id),
  followFile: (token, from) => invoke('followFile', token, from),
  unfollowFile: () => invoke('unfollowFile'),
  setLiveBadge: (badge) => ipcRenderer.send(CHANNELS.setLiveBadge, badge),
  onMenuCommand: (listener) => subscribe('menuCommand', listener, isMenuCommand),
  onFileOpened: (listener) => subscribe('fileOpened', listener),
  onFileChange: (listener) => subscribe('fileChange', listener),
} as const satisfies Api

contextBridge.exposeInMainWorld('api', api)
