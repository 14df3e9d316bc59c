/**
 * The main process's side of `window.api`. Each handler checks who sent the request and what it
 * holds, calls files.ts or the dialogs, and answers with plain data: failures are `Result`
 * errors, never exceptions with stacks thrown across IPC.
 */
import { basename } from 'node:path'
import type { IpcMain, IpcMainEvent, IpcMainInvokeEvent } from 'electron'
import {
  CHANNELS,
  invalid,
  type FileToken,
  type IpcEvents,
  type IpcInvokes,
  type IpcSends,
  type LiveBadge,
  type OpenedFile,
  type RecentFile,
  type Result,
} from './contract'
import type { FileDialogs } from './dialogs'
import type { FileGrants } from '../node/file-grants'
import { saveExport } from '../node/files'
import {
  isTrustedRendererUrl,
  storedSessionProblem,
  validateByteOffset,
  validateExportRequest,
  validateFileToken,
  validateLiveBadge,
  type RendererOrigin,
} from '../node/ipc-validation'
import type { SessionsForPage } from '../node/session-rows'
import type { RecentEntry } from './recent-files'
import type { SettingsStore } from './settings-store'
import { validateSettingsWrite } from './settings-validation'

/** The part of an IPC event the handlers read: the frame that sent it. */
export interface SenderEvent {
  readonly senderFrame: { readonly url: string } | null
}

/** What the handlers call; main.ts wires Electron and the file system in. */
export interface IpcDeps<E extends SenderEvent> {
  /** Where our renderer lives; requests from any other page are refused. */
  origin: RendererOrigin
  /** Native dialogs attached to the window that sent `event`. */
  dialogsFor(event: E): FileDialogs
  /**
   * Reads a file the user chose, gives it its token (see file-grants.ts) and remembers it among
   * the recent files. Only paths from main's own sources reach it: the dialog, the launch, the
   * recent list, or a token main issued.
   */
  openChosenPath(path: string, session?: string): Promise<Result<OpenedFile>>
  /** The tokens main issued, and their paths. */
  grants: FileGrants
  /**
   * The file the app was launched with, or asked to open before the window was ready (a recent
   * file with the session to show, from the menu).
   */
  initialEntry(): RecentEntry | null
  recentFiles: { list(): Promise<RecentEntry[]>; clear(): Promise<void> }
  /** The kept settings (settings-store.ts). */
  settings: SettingsStore
  /**
   * The agents' sessions (node/sessions' catalog, through node/session-rows.ts), opened with
   * openChosenPath: a session the user picks is a file the user chose.
   */
  sessions: SessionsForPage
  /** Following a file for the window that sent `event` (live-follow.ts); one per window. */
  follows: {
    start(event: E, token: FileToken, path: string, from: number): void
    stop(event: E): void
  }
  /** Where refusals and unexpected failures are reported; console.warn by default. */
  log?: (message: string) => void
}

/**
 * One handler per request channel (contract.ts IpcInvokes), keyed by its name on the wire. The
 * arguments are typed as the untrusted values they are; the answer is the contract's.
 */
export type IpcHandlers<E extends SenderEvent> = {
  [K in keyof IpcInvokes as (typeof CHANNELS)[K]]: (
    event: E,
    ...untrusted: unknown[]
  ) => Promise<IpcInvokes[K]['result']>
}

/** One listener per send channel (IpcSends): the renderer only tells main something. */
export type IpcListeners<E extends SenderEvent> = {
  [K in keyof IpcSends as (typeof CHANNELS)[K]]: (event: E, ...untrusted: unknown[]) => void
}

/** Sends a page an event of the contract (IpcEvents), on its channel. */
export function sendEvent<K extends keyof IpcEvents>(
  contents: { send(channel: string, value: unknown): void },
  event: K,
  value: IpcEvents[K],
): void {
  contents.send(CHANNELS[event], value)
}

/** The message a page other than our renderer gets. */
export const REFUSED_SENDER = 'Refused: this request did not come from the inspector window.'

/** The message for a well-formed token that main never issued (or has forgotten). */
export const UNKNOWN_FILE =
  'Refused: the inspector did not open this file in this session. Open it again with Open….'

/** The start of the message for settings that could not be written to disk. */
export const SETTINGS_NOT_WRITTEN = 'The settings could not be saved in the user-data folder'

/** Builds the handlers over `deps`; see {@link registerIpcHandlers} to install them. */
export function createIpcHandlers<E extends SenderEvent>(deps: IpcDeps<E>): IpcHandlers<E> {
  const log = deps.log ?? ((message: string) => console.warn(message))
  const isTrusted = (event: E, channel: string): boolean => {
    const url = event.senderFrame?.url
    if (url !== undefined && isTrustedRendererUrl(url, deps.origin)) return true
    log(`Refused ${channel} from ${url ?? 'a frame that is gone'}`)
    return false
  }

  /** The path behind a token from the renderer; a token main did not issue is refused and logged. */
  const pathFor = (token: unknown, channel: string): Result<string> => {
    const checked = validateFileToken(token)
    if (!checked.ok) return checked
    const path = deps.grants.pathOf(checked.value)
    if (path !== null) return { ok: true, value: path }
    log(`Refused ${channel}: a file token main did not issue`)
    return { ok: false, error: UNKNOWN_FILE }
  }

  /** A handler that answers with a Result: refusals and surprises become errors. */
  const answering =
    <A extends unknown[], T>(
      channel: string,
      handle: (event: E, ...args: A) => Promise<Result<T>>,
    ) =>
    async (event: E, ...args: A): Promise<Result<T>> => {
      if (!isTrusted(event, channel)) return { ok: false, error: REFUSED_SENDER }
      try {
        return await handle(event, ...args)
      } catch (error) {
        log(`${channel} failed: ${String(error)}`)
        return { ok: false, error: `Unexpected error: ${messageOf(error)}` }
      }
    }

  /** A handler whose answer is plain data: refusals and surprises get `fallback`. */
  const plain =
    <T>(channel: string, fallback: T, handle: (event: E) => Promise<T>) =>
    async (event: E): Promise<T> => {
      if (!isTrusted(event, channel)) return fallback
      try {
        return await handle(event)
      } catch (error) {
        log(`${channel} failed: ${String(error)}`)
        return fallback
      }
    }

  return {
    [CHANNELS.openFileDialog]: answering(
      CHANNELS.openFileDialog,
      async (event: E): Promise<Result<OpenedFile | null>> => {
        const path = await deps.dialogsFor(event).chooseFileToOpen()
        return path === null ? { ok: true, value: null } : deps.openChosenPath(path)
      },
    ),
    [CHANNELS.reopenFile]: answering(
      CHANNELS.reopenFile,
      async (_event, token: unknown, session: unknown) => {
        const path = pathFor(token, CHANNELS.reopenFile)
        if (!path.ok) return path
        if (session === undefined) return deps.openChosenPath(path.value)
        const problem = storedSessionProblem(session)
        return problem === null
          ? deps.openChosenPath(path.value, session as string)
          : invalid(`the ${problem}`)
      },
    ),
    [CHANNELS.initialFile]: answering(
      CHANNELS.initialFile,
      async (): Promise<Result<OpenedFile | null>> => {
        const entry = deps.initialEntry()
        return entry === null
          ? { ok: true, value: null }
          : deps.openChosenPath(entry.path, entry.session)
      },
    ),
    [CHANNELS.recentFiles]: plain(CHANNELS.recentFiles, [], async (): Promise<RecentFile[]> => {
      const entries = await deps.recentFiles.list()
      return entries.map(({ path, session, title }) => ({
        token: deps.grants.grant(path),
        name: basename(path),
        path,
        ...(session !== undefined ? { session } : {}),
        ...(title !== undefined ? { title } : {}),
      }))
    }),
    [CHANNELS.clearRecentFiles]: plain(CHANNELS.clearRecentFiles, undefined, () =>
      deps.recentFiles.clear(),
    ),
    [CHANNELS.saveExport]: answering(CHANNELS.saveExport, async (event, request: unknown) => {
      const checked = validateExportRequest(request)
      if (!checked.ok) return checked
      const { suggestedName, text, source } = checked.value
      const sourcePath = source === null ? null : pathFor(source, CHANNELS.saveExport)
      if (sourcePath !== null && !sourcePath.ok) return sourcePath
      const save = { suggestedName, text, sourcePath: sourcePath?.value ?? null }
      return saveExport(save, deps.dialogsFor(event))
    }),
    [CHANNELS.readSettings]: plain(CHANNELS.readSettings, {}, () => deps.settings.read()),
    [CHANNELS.writeSettings]: answering(CHANNELS.writeSettings, async (_event, value: unknown) => {
      const checked = validateSettingsWrite(value)
      if (!checked.ok) {
        log(`Refused ${CHANNELS.writeSettings}: ${checked.error}`)
        return checked
      }
      try {
        await deps.settings.write(checked.value)
      } catch (error) {
        log(`${CHANNELS.writeSettings} failed: ${String(error)}`)
        const code = (error as NodeJS.ErrnoException).code
        return { ok: false, error: `${SETTINGS_NOT_WRITTEN}${code ? ` (${code})` : ''}.` }
      }
      return { ok: true, value: undefined }
    }),
    [CHANNELS.listSessions]: answering(CHANNELS.listSessions, () => deps.sessions.list()),
    [CHANNELS.sessionCounts]: answering(CHANNELS.sessionCounts, (_event, id: unknown) =>
      deps.sessions.counts(id),
    ),
    [CHANNELS.searchSessions]: answering(CHANNELS.searchSessions, (_event, text: unknown) =>
      deps.sessions.search(text),
    ),
    [CHANNELS.openSession]: answering(CHANNELS.openSession, (_event, id: unknown) =>
      deps.sessions.open(id),
    ),
    [CHANNELS.followFile]: answering(
      CHANNELS.followFile,
      async (event, token: unknown, from: unknown): Promise<Result<null>> => {
        const path = pathFor(token, CHANNELS.followFile)
        if (!path.ok) return path
        const offset = validateByteOffset(from)
        if (!offset.ok) return offset
        deps.follows.start(event, token as FileToken, path.value, offset.value)
        return { ok: true, value: null }
      },
    ),
    [CHANNELS.unfollowFile]: plain(CHANNELS.unfollowFile, undefined, async (event) =>
      deps.follows.stop(event),
    ),
  }
}

/** Builds the listeners over `deps`; see {@link registerIpcListeners} to install them. */
export function createIpcListeners<E extends SenderEvent>(deps: {
  origin: RendererOrigin
  /** Shows the live badge for the window that sent `event` (live-badge.ts). */
  showLiveBadge(event: E, badge: LiveBadge | null): void
  log?: (message: string) => void
}): IpcListeners<E> {
  const log = deps.log ?? ((message: string) => console.warn(message))
  return {
    [CHANNELS.setLiveBadge]: (event, badge) => {
      const url = event.senderFrame?.url
      if (url === undefined || !isTrustedRendererUrl(url, deps.origin)) {
        log(`Refused ${CHANNELS.setLiveBadge} from ${url ?? 'a frame that is gone'}`)
        return
      }
      const checked = validateLiveBadge(badge)
      if (!checked.ok) {
        log(`Refused ${CHANNELS.setLiveBadge}: ${checked.error}`)
        return
      }
      try {
        deps.showLiveBadge(event, checked.value)
      } catch (error) {
        log(`${CHANNELS.setLiveBadge} failed: ${String(error)}`)
      }
    },
  }
}

/** Installs the handlers on Electron's ipcMain, one `handle` per channel. */
export function registerIpcHandlers(
  ipcMain: Pick<IpcMain, 'handle'>,
  handlers: IpcHandlers<IpcMainInvokeEvent>,
): void {
  for (const [channel, handler] of Object.entries(handlers)) {
    ipcMain.handle(channel, handler as (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown)
  }
}

/** Installs the listeners on Electron's ipcMain, one `on` per channel. */
export function registerIpcListeners(
  ipcMain: Pick<IpcMain, 'on'>,
  listeners: IpcListeners<IpcMainEvent>,
): void {
  for (const [channel, listener] of Object.entries(listeners)) {
    ipcMain.on(channel, listener as (event: IpcMainEvent, ...args: unknown[]) => void)
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
