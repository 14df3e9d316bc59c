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

export interface LoadingSlice {
  /** The file being read, while it is; null otherwise. */
  reading: ReadProgress | null
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
  let readJob: { job: Job; settle: (shown: boolean) => void } | null = null
  // The worker holding the conversation on screen, kept for diagnose.
  let shown: { messages: readonly Message[]; conversation: Conversation } | null = null

  const cancelReading = (): boolean => {
    if (!readJob) return false
    const { job, settle } = readJob
    job.cancel()
    set({ reading: null })
    settle(false)
    return true
  }

  return {
    reading: null,

    readFile: (file, choice, show) =>
      new Promise<boolean>((resolve) => {
        // A newer file wins; the one on screen keeps counting until the new one is shown.
        cancelReading()
        let progress: ReadProgress = { name: file.name, received: 0, total: null, parsed: null }
        const flush = throttled(() => set({ reading: progress }), PROGRESS_FLUSH_MS)
        const finish = (result: boolean) => {
          flush.cancel()
          readJob = null
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
            shown?.conversation.dispose()
            shown = { messages: imported.messages, conversation }
            // The reading state clears in the same update that shows the new messages.
            set({ reading: null })
            show(imported, bytesRead)
            finish(true)
          },
          onError: (error) => {
            set({ reading: null, loadError: error })
            finish(false)
          },
        })
        if (get().reading !== null) readJob = { job, settle: finish }
      }),

    cancelLoad: () => {
      if (!cancelReading()) get().cancelCounting()
    },

    conversationOf: (messages) => (shown?.messages === messages ? shown.conversation : null),

    shownConversation: () => shown?.conversation ?? null,

    adoptChange: (messages) => {
      if (!shown) return
      shown.conversation.adopt()
      shown = { messages, conversation: shown.conversation }
    },
  }
}
