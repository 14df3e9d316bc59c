import type {
  FormatId,
  ImportNote,
  Message,
  RecordedSettings,
  RecordedWindow,
  ReportedUsage,
  StoredSession,
  TrafficRequest,
  Wire,
  EarlierThinking,
  ForkedFrom,
} from '@core'
import type { FileToken, OpenedFile, RecentFile, Result } from '../../electron/contract'
import type { ImportChoice } from '../workers/types'
import { conversationReset } from './conversation-reset'
import { filesTogether } from './files-together'
import { importedFields } from './imported-fields'
import { FOLLOW_AT_OPEN_BYTES } from './live-slice'
import { openingOptions } from './options-slice'
import { settle } from './settle'
import type { SliceCreator } from './types'

/** From how many messages a file's count starts in a task after the one that shows its rows. */
const COUNT_IN_OWN_TASK_AT = 10_000

/** Where the conversation on screen came from. */
export interface ConversationFile {
  name: string
  /** Where it is on disk, to show; null for the sample and for files opened in the browser. */
  path: string | null
  /** The host's token for it (see FileToken); null where the host did not read it itself. */
  token: FileToken | null
  isSample: boolean
}

/**
 * How to read the file on screen again, to choose another format: from disk by its token, or from
 * what the store kept. A file's bytes are never kept where the host gave it a token: they go to
 * the reading worker, and a copy here would cost the page the file's size for as long as it is
 * shown. A File (browser, drop) is only a handle, and the sample is short text.
 */
export type FileSource = ({ token: FileToken } | { content: OpenedFile['content'] }) & {
  /**
   * The file beside the log the user chose (a fork's parent transcript, a Vibe session's
   * meta.json: a File), kept for every later read.
   */
  companion?: NonNullable<OpenedFile['companion']>
}

/** The file's size in bytes (in characters, for text: only the sample is text). */
const sizeOf = (content: OpenedFile['content']): number =>
  typeof content === 'string'
    ? content.length
    : content instanceof Blob
      ? content.size
      : content.byteLength

/**
 * Where to read `file` again from (see FileSource); bytes without a token are kept as a copy. A
 * companion file the host read is read again with the file; one the user chose is kept.
 */
export function sourceOf(file: OpenedFile): FileSource {
  const { token, content, companion } = file
  const parent = companion && !ArrayBuffer.isView(companion.content) ? { companion } : {}
  // isView, not instanceof: bytes made in another realm (a test's, a bridge's) are bytes too.
  if (!ArrayBuffer.isView(content)) return { content, ...parent }
  return token ? { token, ...parent } : { content: content.slice(), ...parent }
}

export interface ConversationSlice {
  file: ConversationFile
  /** Where the file on screen can be read again from, to choose another format. */
  source: FileSource
  messages: readonly Message[]
  /** The model the file names, if any. */
  fileModel: string | null
  /** The wire format the conversation is sent in (the file's format says), which prices it. */
  wire: Wire
  /**
   * Whose rule keeps earlier thinking in the file's requests: the model's, 'kept', 'dropped',
   * 'new-turn' or 'sent'.
   */
  thinking: EarlierThinking
  /** The format asked for: 'auto' (detect it) unless the picker overrides it. */
  requestedFormat: FormatId | 'auto'
  /** The format the file was read as, detected or requested. */
  format: FormatId
  /** An API traffic log's requests, for the request picker; empty for every other file. */
  requests: readonly TrafficRequest[]
  /** Which of `requests` is on screen (its 1-based index); null for every other file. */
  request: number | null
  /** A database's sessions (an opencode database), for the session picker; empty for every other file. */
  sessions: readonly StoredSession[]
  /** Which of `sessions` is on screen (its id); null for every other file. */
  session: string | null
  /** The prompt sizes the provider reported, in request order; empty when the file has none. */
  usage: readonly ReportedUsage[]
  /** The context window the log says its engine ran with (ImportedConversation's), if any. */
  fileWindow: RecordedWindow | null
  /** Its engine's compaction settings, where the file records them (the engines' replay uses them). */
  fileEngineSettings: RecordedSettings | null
  /** What the import set aside or could not read, with where: every warning about the file. */
  importReport: readonly ImportNote[]
  /** The file's engine does not record its system prompt (ImportedConversation's). */
  systemPromptUnrecorded: boolean
  /** The file lacks the attachments its engine sent with prompts (ImportedConversation's). */
  attachmentsUnrecorded: boolean
  /** A database in WAL mode read without its write-ahead log (ImportedConversation's). */
  logUnread: boolean
  /** A forked subagent's parent transcript, and how many of its messages were loaded first. */
  forkedFrom: ForkedFrom | null
  /** Why the last open failed, with the core's location; the conversation on screen is the previous one. */
  loadError: string | null
  recentFiles: readonly RecentFile[]
  /**
   * Reads a file in a worker, shows it, and starts counting it. Resolves true once its messages
   * are on screen; on failure or a cancel, keeps the current conversation (a failure records the
   * error) and resolves false.
   */
  loadFile(file: OpenedFile, origin?: 'file' | 'sample', choice?: ImportChoice): Promise<boolean>
  /**
   * Reads the file on screen again as `format`, from disk where it has a token (so a file changed
   * since shows as it is now); on failure the conversation stays as it was, with the error.
   */
  reimportAs(format: FormatId | 'auto'): Promise<boolean>
  /** Reads the API traffic log on screen again, loading its request `request` (1-based). */
  reimportRequest(request: number): Promise<boolean>
  /** Reads the database on screen again, loading its session `session` (an id). */
  reimportSession(session: string): Promise<boolean>
  /** Reads the file on screen again to follow it (one too large to follow from the start). */
  readToFollow(): Promise<boolean>
  /**
   * Reads the file on screen again with a file it needs beside it, chosen by the user (a forked
   * subagent's parent transcript, a Vibe session's meta.json): kept for every later read.
   */
  addCompanion(companion: File): Promise<boolean>
  /** Handles what the host returns for an open: a file, a cancel (null) or an error. */
  receiveFile(result: Result<OpenedFile | null>): void
  openDialog(): Promise<void>
  /** Reads a File from a drop or the web file input. */
  openFile(file: File): Promise<void>
  /**
   * Reads the Files dropped or chosen together: one conversation, with the file it needs beside
   * it where both are given (filesTogether); anything else is refused with a reason.
   */
  openFiles(files: readonly File[]): Promise<void>
  /** Opens a recent file; a database's at the session it showed last. */
  openRecent(entry: RecentFile): Promise<void>
  openSample(): void
  /** Opens the file the host was started with, or the sample when there is none. */
  init(): Promise<void>
  refreshRecent(): Promise<void>
  clearRecent(): Promise<void>
  dismissLoadError(): void
}

export const createConversationSlice: SliceCreator<ConversationSlice> = (deps) => (set, get) => {
  // Reads the file on screen again, as `choice` says.
  // A parent the user chose is read with it, in place of any the host finds.
  const reimport = async (
    choice: ImportChoice,
    companion = get().source.companion,
  ): Promise<boolean> => {
    const { file, source } = get()
    const origin = file.isSample ? 'sample' : 'file'
    const parent = companion ? { companion } : {}
    if ('content' in source) {
      return get().loadFile(
        { name: file.name, path: file.path, token: file.token, content: source.content, ...parent },
        origin,
        choice,
      )
    }
    const opened = await settle(deps.api.reopenFile(source.token, choice.session))
    if (!opened.ok) {
      set({ loadError: opened.error })
      return false
    }
    return get().loadFile({ ...opened.value, ...parent }, origin, choice)
  }
  // What the file on screen was read as, to read it so again.
  const sameChoice = (): ImportChoice => {
    const { requestedFormat, request, session } = get()
    return {
      format: requestedFormat,
      ...(request !== null ? { request } : {}),
      ...(session !== null ? { session } : {}),
    }
  }

  return {
    file: { name: '', path: null, token: null, isSample: false },
    source: { content: '' },
    messages: [],
    fileModel: null,
    wire: 'native',
    thinking: 'model',
    requestedFormat: 'auto',
    format: 'native',
    requests: [],
    request: null,
    sessions: [],
    session: null,
    usage: [],
    fileWindow: null,
    fileEngineSettings: null,
    importReport: [],
    systemPromptUnrecorded: false,
    attachmentsUnrecorded: false,
    logUnread: false,
    forkedFrom: null,
    loadError: null,
    recentFiles: [],

    loadFile: (file, origin = 'file', choice = { format: 'auto' }) => {
      // Taken before the worker is handed the file: its bytes are transferred, and gone from here.
      const source = sourceOf(file)
      // A file the host read itself can be followed as its agent writes it (see live-slice);
      // a large one only when asked, as following keeps what was parsed. A database (opencode's)
      // too: the host sends it whole again, with its write-ahead log, when it changes.
      const followable = Boolean(file.token) && deps.api.sessions && origin !== 'sample'
      const follow = followable && (choice.follow ?? sizeOf(file.content) <= FOLLOW_AT_OPEN_BYTES)
      return get().readFile(file, { ...choice, follow }, (imported, bytesRead) => {
        const isSample = origin === 'sample'
        // One update, so nothing ever renders new messages against old counts or options: the new
        // messages have none until the workers count them.
        set({
          file: { name: file.name, path: file.path, token: file.token ?? null, isSample },
          source,
          messages: imported.messages,
          ...importedFields(imported),
          requestedFormat: choice.format,
          loadError: null,
          ...openingOptions(get().saved, imported.model ?? null, isSample, imported.wire),
          ...conversationReset,
        })
        // A store update renders at once, so the first rows and the count's start share this task.
        // On a large conversation the two together were one long task (docs/performance.md): its
        // count starts in a task of its own.
        const shownMessages = imported.messages
        if (shownMessages.length < COUNT_IN_OWN_TASK_AT) get().countMessages()
        else {
          get().countSoon()
          // Unless another file has been opened by then, Cancel pressed or a count begun.
          setTimeout(() => {
            const { messages, partialCounts, countingJob } = get()
            if (messages === shownMessages && partialCounts?.running && countingJob === null)
              get().countMessages()
          }, 0)
        }
        const token = followable ? (file.token ?? null) : null
        get().followOpened(token, bytesRead ?? sizeOf(file.content), follow)
      })
    },

    // The session and request on screen stay chosen: only the formats that read them use them.
    reimportAs: (format) => reimport({ ...sameChoice(), format }),

    reimportRequest: (request) => reimport({ format: get().requestedFormat, request }),

    reimportSession: (session) => reimport({ format: get().requestedFormat, session }),

    addCompanion: (companion) =>
      reimport(sameChoice(), { name: companion.name, content: companion }),

    readToFollow: () => reimport({ ...sameChoice(), follow: true }),

    receiveFile: (result) => {
      if (!result.ok) return set({ loadError: result.error })
      if (result.value === null) return
      // A database's file names the session to show (a recent file's, or the menu's).
      const { session } = result.value
      void get()
        .loadFile(
          result.value,
          'file',
          session !== undefined ? { format: 'auto', session } : undefined,
        )
        .then((shown) => {
          if (shown) void get().refreshRecent()
        })
    },

    openDialog: async () => get().receiveFile(await settle(deps.api.openFileDialog())),
    openFile: (file) => get().openFiles([file]),

    openFiles: async (files) => {
      if (files.length === 0) return
      const together = filesTogether(files)
      if ('error' in together) return set({ loadError: together.error })
      const opened = await settle(deps.api.openDroppedFile(together.main))
      const { companion } = together
      get().receiveFile(
        opened.ok && opened.value && companion
          ? {
              ok: true,
              value: { ...opened.value, companion: { name: companion.name, content: companion } },
            }
          : opened,
      )
    },
    openRecent: async ({ token, session }) =>
      get().receiveFile(await settle(deps.api.reopenFile(token, session))),
    openSample: () => void get().loadFile(deps.sample, 'sample'),

    init: async () => {
      void get().refreshRecent()
      // Before the first file, so that it opens with what the user saved.
      await get().loadSettings()
      const initial = await settle(deps.api.initialFile())
      if (initial.ok && initial.value === null) return
      get().receiveFile(initial)
    },

    refreshRecent: async () => set({ recentFiles: await deps.api.recentFiles() }),

    clearRecent: async () => {
      await deps.api.clearRecentFiles()
      set({ recentFiles: [] })
    },

    dismissLoadError: () => set({ loadError: null }),
  }
}
