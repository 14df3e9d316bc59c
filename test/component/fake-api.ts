import type {
  Api,
  ExportRequest,
  FileChange,
  LiveBadge,
  SessionRow,
  MenuCommand,
  OpenedFile,
  RecentFile,
  Result,
  Settings,
} from '../../electron/contract'

/** An in-memory host: records what the renderer asks of it and lets a test play the host's part. */
export interface FakeApi extends Api {
  /** Every export request, in order. */
  exports: ExportRequest[]
  /**
   * The files reopenFile can read, by token (a function for a file read afresh each time, as bytes
   * the page transfers to its worker must be); the next file the open dialog returns.
   */
  files: Map<string, OpenedFile | (() => OpenedFile)>
  /** Every reopenFile asked, in order: its token, and the session when one was sent. */
  reopened: [token: string, session?: string][]
  nextDialogFile: OpenedFile | null
  initial: Result<OpenedFile | null>
  recent: RecentFile[]
  /** What the host keeps of the settings, and every write the renderer made, in order. */
  settings: Settings
  settingsWrites: Settings[]
  /** The answer to the next writes; a test sets an error to play a full disk. */
  settingsWriteResult: Result<void>
  /** Sends a menu command, as Electron's menu would. */
  sendMenuCommand(command: MenuCommand): void
  /** Pushes a file that the host opened by itself. */
  pushFile(file: Result<OpenedFile>): void
  /** The sessions the host lists, and the file each opens as, by id. */
  sessionRows: SessionRow[]
  sessionFiles: Map<string, OpenedFile>
  /** The file followed now, and from which byte; null when none. */
  following: { token: string; from: number } | null
  /** Every badge the renderer set, in order. */
  badges: (LiveBadge | null)[]
  /** Sends a change in the followed file, as main's follower would. */
  pushChange(change: FileChange): void
}

export function fakeApi(host: Api['host'] = 'electron'): FakeApi {
  const menuListeners = new Set<(command: MenuCommand) => void>()
  const fileListeners = new Set<(file: Result<OpenedFile>) => void>()
  const changeListeners = new Set<(change: FileChange) => void>()
  const api: FakeApi = {
    host,
    exports: [],
    files: new Map(),
    reopened: [],
    nextDialogFile: null,
    initial: { ok: true, value: null },
    recent: [],
    settings: {},
    settingsWrites: [],
    settingsWriteResult: { ok: true, value: undefined },
    openFileDialog: async () => ({ ok: true, value: api.nextDialogFile }),
    // As main: the file again, with the session asked for (a database's) as its own.
    reopenFile: async (token, session) => {
      api.reopened.push(session === undefined ? [token] : [token, session])
      const stored = api.files.get(token)
      const file = typeof stored === 'function' ? stored() : stored
      if (!file) return { ok: false, error: `${token}: no such file` }
      return { ok: true, value: session === undefined ? file : { ...file, session } }
    },
    openDroppedFile: async (file) => ({
      ok: true,
      value: { token: null, path: null, name: file.name, content: await file.text() },
    }),
    initialFile: async () => api.initial,
    recentFiles: async () => [...api.recent],
    clearRecentFiles: async () => {
      api.recent = []
    },
    saveExport: async (request) => {
      api.exports.push(request)
      return { ok: true, value: { status: 'saved', path: `/exports/${request.suggestedName}` } }
    },
    // A copy each way, as IPC's structured clone makes: the store never shares objects with the host.
    readSettings: async () => structuredClone(api.settings),
    writeSettings: async (settings) => {
      api.settingsWrites.push(structuredClone(settings))
      if (api.settingsWriteResult.ok) api.settings = structuredClone(settings)
      return api.settingsWriteResult
    },
    onMenuCommand: (listener) => {
      menuListeners.add(listener)
      return () => menuListeners.delete(listener)
    },
    onFileOpened: (listener) => {
      fileListeners.add(listener)
      return () => fileListeners.delete(listener)
    },
    sessions: true,
    sessionRows: [],
    sessionFiles: new Map(),
    following: null,
    badges: [],
    listSessions: async () => ({ ok: true, value: structuredClone(api.sessionRows) }),
    sessionCounts: async (id) =>
      api.sessionFiles.has(id)
        ? { ok: true, value: { messages: 0, compactions: 0 } }
        : { ok: false, error: `${id}: no such session` },
    // The sessions whose file holds the text, as the host reads the logs.
    searchSessions: async (text) => ({
      ok: true,
      value: api.sessionRows
        .filter((row) => {
          const content = api.sessionFiles.get(row.id)?.content
          const raw =
            typeof content === 'string' ? content : new TextDecoder().decode(content as Uint8Array)
          return raw.includes(text)
        })
        .map((row) => row.id),
    }),
    openSession: async (id) => {
      const file = api.sessionFiles.get(id)
      return file ? { ok: true, value: file } : { ok: false, error: `${id}: no such session` }
    },
    followFile: async (token, from) => {
      api.following = { token, from }
      return { ok: true, value: null }
    },
    unfollowFile: async () => {
      api.following = null
    },
    onFileChange: (listener) => {
      changeListeners.add(listener)
      return () => changeListeners.delete(listener)
    },
    setLiveBadge: (badge) => {
      api.badges.push(badge)
    },
    pushChange: (change) => changeListeners.forEach((l) => l(change)),
    sendMenuCommand: (command) => menuListeners.forEach((l) => l(command)),
    pushFile: (file) => fileListeners.forEach((l) => l(file)),
  }
  return api
}
