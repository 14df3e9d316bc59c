/**
 * The one IPC contract between the main process and the renderer. The preload, the main handlers
 * and the browser bridge are all typed from it; the renderer only knows `window.api`.
 * Pure types and constants, and the wording of a refusal: no imports at all, so the renderer, the
 * preload, main and node/ (the `serve` host of the same Api) all import it.
 */

/**
 * A capability for one file the user chose: an opaque random string main made when the file came
 * from the open dialog, the command line, the OS or main's own recent list. The renderer can hand
 * it back to read that file again; it cannot make one, and it never sends main a path.
 */
export type FileToken = string

/** A conversation file as read from disk (or from a browser file input, or a drop). */
export interface OpenedFile {
  /**
   * The token to read this file again or export beside it; absent or null where main did not
   * read it (a dropped file, the browser, the sample).
   */
  token?: FileToken | null
  /** Where the file is on disk, to show; null in the browser. Main never reads a path the renderer sends. */
  path: string | null
  /** The file name shown in the title and the recent list. */
  name: string
  /**
   * The file's content, undecoded: its bytes as main read them, the File itself in the browser
   * and for a drop, text only for what the app holds itself (the sample). A worker decodes and
   * parses it, from the bytes (decoding megabytes on the page's main thread freezes the window,
   * and a whole file as one string costs up to twice its size in memory). Bytes are transferred
   * to that worker, so the page keeps no copy; a file with a token is read again from disk.
   */
  content: string | Uint8Array<ArrayBuffer> | Blob
  /**
   * The file this one needs beside it, read by the host where its engine keeps it
   * (node/companion.ts): a forked Claude Code subagent's parent transcript (its first line's
   * `fork-context-ref`, in the folders above), whose conversation the import loads first; a
   * Mistral Vibe session's `meta.json` (in its folder), which holds its system prompt, tools and
   * model. In the page, also a parent transcript the user chose. Absent for every other file.
   */
  companion?: { name: string; content: Uint8Array<ArrayBuffer> | Blob }
  /**
   * For a database's session (an opencode one, which keeps every session in one file) opened from
   * the sessions list or the recent files, or read again: which of its sessions, by its id; the
   * page reads that one. Absent for every other file, whose import reads the database's latest.
   */
  session?: string
}

/** A recently opened file, as main offers it: a token to open it by, and what to show. */
export interface RecentFile {
  token: FileToken
  name: string
  path: string
  /** For a database, the session last shown (its id there), which reopening it shows. */
  session?: string
  /** The session's title when it was last opened, where its engine keeps one. */
  title?: string
}

/** The largest conversation file the desktop app opens, in bytes, from disk or from a drop. */
export const MAX_CONVERSATION_BYTES = 64 * 1024 * 1024

/**
 * The largest database (an opencode or Kilo database) it opens. A database holds every session
 * and is read for one, which is all that stays once it is read: a heavy user's passes 64 MB long
 * before any one of its sessions would.
 */
export const MAX_DATABASE_BYTES = 1024 * 1024 * 1024

/** A result that crosses IPC: errors come back as data, never as rejected promises with stacks. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: string }

/** A value's kind in words, for an error: "an array", "a string", "null". */
export function typeOf(value: unknown): string {
  if (value === null || value === undefined) return String(value)
  if (Array.isArray(value)) return 'an array'
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`
}

/** A refused request, in the one wording every channel and every check of a value from outside uses. */
export function invalid(error: string): { ok: false; error: string } {
  return { ok: false, error: `Invalid request: ${error}.` }
}

/** What the renderer asks to export. */
export interface ExportRequest {
  /** The name proposed in the save dialog. */
  suggestedName: string
  /** The exact bytes to write, as text. */
  text: string
  /** The opened file's token, so the save proposes its folder and never overwrites it without asking. */
  source: FileToken | null
}

/** How an export ended: written to a path, downloaded in the browser, or cancelled. */
export type ExportOutcome =
  | { status: 'saved'; path: string }
  | { status: 'downloaded'; name: string }
  | { status: 'cancelled' }

/**
 * What the app keeps across files and restarts: the options the user set, and how they arranged
 * the window. A field is absent until the user sets it, so a default can still change later;
 * `keepRecentCount: null` is the user clearing it (derived again). The desktop app keeps this in
 * `settings.json` in its user-data folder, the browser in localStorage; both check it as they read
 * it (electron/settings-validation.ts).
 */
export interface Settings {
  maxTokens?: number
  keepRecentCount?: number | null
  triggerRatio?: number
  /** The model the user chose in the picker (a file that names its own still counts with that). */
  model?: string
  /**
   * The window's layout. Its fields are the renderer's (renderer/store/layout-slice.ts, which
   * sanitizes them as it reads them); the hosts check only that it is a plain object.
   */
  layout?: Record<string, unknown>
}

/** The largest settings payload accepted or read, in bytes of JSON: a few options and a layout. */
export const MAX_SETTINGS_BYTES = 16 * 1024

/**
 * A session found where an agent writes its logs (node/sessions/), as the renderer may see it:
 * everything but its path. `id` is an opaque capability main made when it listed the session,
 * like a FileToken; the renderer can open that session by it and nothing else.
 */
export interface SessionRow {
  id: string
  /** The engine that wrote it (node/sessions/engines.ts), and how to name it. */
  engine: string
  engineLabel: string
  /** The importer that reads it. */
  format: string
  /** Its project: the working directory when the log says, else the folder the engine names. */
  project: string
  /** The session's title, where its engine keeps one (docs/sessions.md, "Titles"). */
  title?: string
  /** ISO 8601; absent when the log's head holds no time. */
  started?: string
  /** ISO 8601: the log's last recorded time, else the file's modification time. */
  lastActive: string
  /** Its size in bytes. */
  size: number
  model?: string
  /** Set when this is a subagent's transcript (node/sessions/subagents.ts). */
  subagent?: SessionSubagent
}

/** A subagent's transcript in the sessions list: its agent, and the session it belongs to. */
export interface SessionSubagent {
  /** Its agent's id (Claude Code's `agent-<agentId>.jsonl`, Codex's thread id, …). */
  agentId: string
  /** The listed session (its SessionRow id) it belongs to; absent when that is not listed. */
  parentId?: string
  /** Its type ("Explore", a Codex role, …) and what else names it (its task, a nickname). */
  agentType?: string
  description?: string
}

/** The longest text the sessions can be searched for. */
export const MAX_SESSION_SEARCH_CHARS = 200

/** A session's message and compaction counts: read from its whole file, so asked for per row. */
export interface SessionRowCounts {
  messages: number
  compactions: number
}

/**
 * What changed in a file the app follows (an agent is writing it now). `append` carries the bytes
 * written after those already sent; `reset` the whole file again, when it was truncated, replaced
 * or rewritten (a whole-document log such as Cline's is rewritten on every turn); `gone` when the
 * file was removed. Bytes never mix two versions of the file.
 */
export type FileChange =
  | { token: FileToken; kind: 'append'; bytes: Uint8Array<ArrayBuffer> }
  | {
      token: FileToken
      kind: 'reset'
      reason: 'truncated' | 'replaced' | 'rewritten'
      bytes: Uint8Array<ArrayBuffer>
    }
  | { token: FileToken; kind: 'gone' }

/**
 * What the desktop app shows outside its window while a followed session grows: the turns left
 * before compaction fires (a dock or launcher badge where the platform has one), and how far the
 * total is toward the trigger threshold (the taskbar's progress). null clears both.
 */
export interface LiveBadge {
  /** Turns left at the recent rate; null when not yet known. */
  turnsLeft: number | null
  /** total ÷ threshold, 0 to 1 (capped). */
  fraction: number
}

/** Commands the application menu sends to the renderer; the preload relays no other. */
export const MENU_COMMANDS = [
  'open',
  'sessions',
  'export',
  'focus-summary',
  'apply-summary',
] as const
export type MenuCommand = (typeof MENU_COMMANDS)[number]

/**
 * What the page asks its host, by the `window.api` method that asks: the arguments it sends and
 * the answer. Main treats the arguments as untrusted (ipc-handlers.ts); the answer is plain data,
 * failures as `Result` errors, never a rejected promise with a stack.
 */
export interface IpcInvokes {
  /** Shows the native open dialog; null when the user cancels. */
  openFileDialog: { args: []; result: Result<OpenedFile | null> }
  /**
   * Reads again a file main opened before (a recent file, or the one on screen in another
   * format), by its token; for a database, the session the page will show (remembered with the
   * recent file, and given back as the file's `session`). Not available in the browser.
   */
  reopenFile: { args: [token: FileToken, session?: string]; result: Result<OpenedFile> }
  /** The file named on the command line, if any. */
  initialFile: { args: []; result: Result<OpenedFile | null> }
  /** Recently opened files, newest first; none in the browser. */
  recentFiles: { args: []; result: RecentFile[] }
  /** Forgets the recent files. */
  clearRecentFiles: { args: []; result: void }
  /** Saves an export through a save dialog (atomic write), or downloads it in the browser. */
  saveExport: { args: [request: ExportRequest]; result: Result<ExportOutcome> }
  /**
   * The settings kept from earlier runs, checked as read: anything damaged, mistyped or out of
   * range is dropped (and logged), so the answer is always usable; `{}` when nothing was kept.
   */
  readSettings: { args: []; result: Settings }
  /** Keeps the settings for the next run, replacing what was kept; at most MAX_SETTINGS_BYTES. */
  writeSettings: { args: [settings: Settings]; result: Result<void> }
  /** The sessions found in the engines' folders and the user's own, newest activity first. */
  listSessions: { args: []; result: Result<SessionRow[]> }
  /** One listed session's message and compaction counts; an unknown id is an error. */
  sessionCounts: { args: [id: string]; result: Result<SessionRowCounts> }
  /**
   * The ids of the listed sessions whose log holds `text` (exact case; 1 to
   * MAX_SESSION_SEARCH_CHARS characters). Reads every listed log, so it is asked for on purpose.
   */
  searchSessions: { args: [text: string]; result: Result<string[]> }
  /** Opens a listed session by its id, as a file with a token (so Reopen and following work). */
  openSession: { args: [id: string]; result: Result<OpenedFile> }
  /**
   * Follows the file a token stands for, from `from` bytes (the size read when it was opened):
   * changes arrive through onFileChange. Following another file stops the first.
   */
  followFile: { args: [token: FileToken, from: number]; result: Result<null> }
  /** Stops following. */
  unfollowFile: { args: []; result: void }
}

/** What the page tells its host without an answer, by the `window.api` method that tells it. */
export interface IpcSends {
  /** Shows (or clears, with null) the live badge; does nothing where the host has none. */
  setLiveBadge: { args: [badge: LiveBadge | null] }
}

/** What the host tells the page by itself, one value each; the page subscribes with `on` + its name. */
export interface IpcEvents {
  /** A command from the application menu. */
  menuCommand: MenuCommand
  /**
   * A file main opened by itself (Open Recent menu, a second launch with a path, the OS's
   * open-file). The browser never sends it.
   */
  fileOpened: Result<OpenedFile>
  /** A change in the followed file. */
  fileChange: FileChange
}

/** Every IPC channel's name on the wire, written once, by its entry in the maps above. */
export const CHANNELS = {
  openFileDialog: 'file:open-dialog',
  reopenFile: 'file:reopen',
  initialFile: 'file:initial',
  recentFiles: 'file:recent',
  clearRecentFiles: 'file:recent-clear',
  saveExport: 'file:save-export',
  menuCommand: 'menu:command',
  fileOpened: 'file:opened',
  readSettings: 'settings:read',
  writeSettings: 'settings:write',
  listSessions: 'sessions:list',
  sessionCounts: 'sessions:counts',
  searchSessions: 'sessions:search',
  openSession: 'sessions:open',
  followFile: 'file:follow',
  unfollowFile: 'file:unfollow',
  fileChange: 'file:changed',
  setLiveBadge: 'app:live-badge',
} as const satisfies Record<keyof IpcInvokes | keyof IpcSends | keyof IpcEvents, string>

/** The page's side of each request: the arguments, and a promise of the answer. */
type Requests = {
  [K in keyof IpcInvokes]: (...args: IpcInvokes[K]['args']) => Promise<IpcInvokes[K]['result']>
}
/** The page's side of each notice: sent, never answered. */
type Notices = { [K in keyof IpcSends]: (...args: IpcSends[K]['args']) => void }
/** The page's side of each event: subscribe a listener, get the unsubscribe function back. */
type Subscriptions = {
  [K in keyof IpcEvents as `on${Capitalize<K>}`]: (
    listener: (value: IpcEvents[K]) => void,
  ) => () => void
}

/** The API the renderer sees as `window.api`, in Electron and in the browser alike. */
export interface Api extends Requests, Notices, Subscriptions {
  /** Which host implements the API. */
  readonly host: 'electron' | 'web'
  /**
   * Whether this host can list the agents' sessions and follow a file as it grows: the desktop
   * app, and the page `compaction-inspector serve` serves; not a page opened from a plain server.
   */
  readonly sessions: boolean
  /** Takes a file dropped on the window; its bytes are read from the File, never by path. */
  openDroppedFile(file: File): Promise<Result<OpenedFile>>
}
