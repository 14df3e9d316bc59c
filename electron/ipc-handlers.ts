/**
 * The main process's side of `window.api`. Each handler checks who sent the request and what it
 * holds, calls files.ts or the dialogs, and answers with plain data: failures are `Result`
 * errors, never exceptions with stacks thrown across IPC.
 */
import { basename } from 'node:path'
import type { IpcMain, IpcMainInvokeEvent } from 'electron'
import {
  CHANNELS,
  type ExportOutcome,
  type OpenedFile,
  type RecentFile,
  type Result,
  type Settings,
} from './contract'
import type { FileDialogs } from './dialogs'
import type { FileGrants } from './file-grants'
import { saveExport } from './files'
import {
  isTrustedRendererUrl,
  validateExportRequest,
  validateFileToken,
  type RendererOrigin,
} from './ipc-validation'
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
  openChosenPath(path: string): Promise<Result<OpenedFile>>
  /** The tokens main issued, and their paths. */
  grants: FileGrants
  /** The file the app was launched with (or asked to open before the window was ready). */
  initialPath(): string | null
  recentFiles: { list(): Promise<string[]>; clear(): Promise<void> }
  /** The kept settings (settings-store.ts). */
  settings: SettingsStore
  /** Where refusals and unexpected failures are reported; console.warn by default. */
  log?: (message: string) => void
}

/** One handler per invoke channel, with arguments typed as the untrusted values they are. */
export interface IpcHandlers<E extends SenderEvent> {
  [CHANNELS.openDialog]: (event: E) => Promise<Result<OpenedFile | null>>
  [CHANNELS.reopenFile]: (event: E, token: unknown) => Promise<Result<OpenedFile>>
  [CHANNELS.initialFile]: (event: E) => Promise<Result<OpenedFile | null>>
  [CHANNELS.recentFiles]: (event: E) => Promise<RecentFile[]>
  [CHANNELS.clearRecentFiles]: (event: E) => Promise<void>
  [CHANNELS.saveExport]: (event: E, request: unknown) => Promise<Result<ExportOutcome>>
  [CHANNELS.readSettings]: (event: E) => Promise<Settings>
  [CHANNELS.writeSettings]: (event: E, settings: unknown) => Promise<Result<void>>
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
    <T>(channel: string, fallback: T, handle: () => Promise<T>) =>
    async (event: E): Promise<T> => {
      if (!isTrusted(event, channel)) return fallback
      try {
        return await handle()
      } catch (error) {
        log(`${channel} failed: ${String(error)}`)
        return fallback
      }
    }

  return {
    [CHANNELS.openDialog]: answering(
      CHANNELS.openDialog,
      async (event: E): Promise<Result<OpenedFile | null>> => {
        const path = await deps.dialogsFor(event).chooseFileToOpen()
        return path === null ? { ok: true, value: null } : deps.openChosenPath(path)
      },
    ),
    [CHANNELS.reopenFile]: answering(CHANNELS.reopenFile, async (_event, token: unknown) => {
      const path = pathFor(token, CHANNELS.reopenFile)
      return path.ok ? deps.openChosenPath(path.value) : path
    }),
    [CHANNELS.initialFile]: answering(
      CHANNELS.initialFile,
      async (): Promise<Result<OpenedFile | null>> => {
        const path = deps.initialPath()
        return path === null ? { ok: true, value: null } : deps.openChosenPath(path)
      },
    ),
    [CHANNELS.recentFiles]: plain(CHANNELS.recentFiles, [], async (): Promise<RecentFile[]> => {
      const paths = await deps.recentFiles.list()
      return paths.map((path) => ({ token: deps.grants.grant(path), name: basename(path), path }))
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

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
