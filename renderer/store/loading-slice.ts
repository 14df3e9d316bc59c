import type { ImportedConversation, Message } from '@core'
import type { OpenedFile } from '../../electron/contract'
import type { Conversation, ImportChoice, Job } from '../workers/types'
import { throttled } from './throttle'
import type { SliceCreator } from './types'

/** A file being read in its worker. */
export interface ReadProgress {
  name: string
  /** How many messages have arrived from the worker, of `total`; total is null until parsed. */
  received: number
  total: number | null
  /** While parsing: how many of the file's bytes are parsed, of how many; null when not known. */
  parsed: { done: number; total: number } | null
}

/** The worker holding the conversation read last, and the messages on screen it answers about. */
export interface ShownConversation {
  messages: readonly Message[]
  conversation: Conversation
}

export interface LoadingSlice {
  /** The file being read, while it is; null otherwise. */
  reading: ReadProgress | null
  /** The file being read in its worker: its job, and how to settle readFile's promise. */
  readJob: { job: Job; settle: (shown: boolean) => void } | null
  /** The worker holding the conversation on screen; null before the first file is read. */
  shown: ShownConversation | null
  /**
   * Reads a file off the main thread, then hands what was read to `show` in the same task as its
   * last chunk arrives. Resolves true once shown; false when reading failed (loadError says why)
   * or was cancelled, and the conversation on screen is still the one before.
   */
  readFile(
    file: OpenedFile,
    choice: ImportChoice,
    show: (imported: ImportedConversation, bytesRead?: number) => void,
  ): Promise<boolean>
  /** Stops what is loading: the file being read, else the counting. */
  cancelLoad(): void
  /**
   * The worker that read `messages` and still holds them, to ask about them off the main thread;
   * null when they are not the conversation read last.
   */
  conversationOf(messages: readonly Message[]): Conversation | null
  /** The worker holding the conversation read last, whatever its messages are now. */
  shownConversation(): Conversation | null
  /**
   * A change to the followed file is about to be shown as `messages`: its worker answers about
   * them from now on (Conversation.adopt). Called just before the store shows them.
   */
  adoptChange(messages: readonly Message[]): void
}

/** Progress while reading is published at most this often, as counts are. */
const PROGRESS_FLUSH_MS = 100

export const createLoadingSlice: SliceCreator<LoadingSlice> = (deps) => (set, get) => {
  const cancelReading = (): boolean => {
    const { readJob } = get()
    if (!readJob) return false
    const { job, settle } = readJob
    job.cancel()
    set({ reading: null })
    settle(false)
    return true
  }

  return {
    reading: null,
    readJob: null,
    shown: null,

    readFile: (file, choice, show) =>
      new Promise<boolean>((resolve) => {
        // A newer file wins; the one on screen keeps counting until the new one is shown.
        cancelReading()
        let progress: ReadProgress = { name: file.name, received: 0, total: null, parsed: null }
        const flush = throttled(() => set({ reading: progress }), PROGRESS_FLUSH_MS)
        const finish = (result: boolean) => {
          flush.cancel()
          if (get().readJob?.settle === finish) set({ readJob: null })
          resolve(result)
        }
        set({ reading: progress })
        const job = deps.workers.importFile(file, choice, {
          onParsing: (done, total) => {
            progress = { ...progress, parsed: { done, total } }
            flush.request()
          },
          onParsed: (total) => {
            progress = { ...progress, total }
            set({ reading: progress })
          },
          onProgress: (received) => {
            progress = { ...progress, received }
            flush.request()
          },
          onDone: (imported, conversation, bytesRead) => {
            // The worker is the new conversation's before anything can ask it about the messages.
            get().shown?.conversation.dispose()
            const shown = { messages: imported.messages, conversation }
            // The reading state clears in the same update that shows the new messages.
            set({ reading: null, shown })
            show(imported, bytesRead)
            finish(true)
          },
          onError: (error) => {
            set({ reading: null, loadError: error })
            finish(false)
          },
        })
        if (get().reading !== null) set({ readJob: { job, settle: finish } })
      }),

    cancelLoad: () => {
      if (!cancelReading()) get().cancelCounting()
    },

    conversationOf: (messages) => {
      const { shown } = get()
      return shown?.messages === messages ? shown.conversation : null
    },

    shownConversation: () => get().shown?.conversation ?? null,

    adoptChange: (messages) => {
      const { shown } = get()
      if (!shown) return
      shown.conversation.adopt()
      set({ shown: { messages, conversation: shown.conversation } })
    },
  }
}
