import {
  countSlice,
  diagnose,
  importConversation,
  runEngines,
  sliceRequest,
  startLiveImport,
  textMessageCost,
  turnCostsOf,
  type LiveImport,
  type Message,
} from '@core'
import { describeImportError } from './import-error'
import { promptSize } from './answers'
import type { Result } from '../../electron/contract'
import type { Conversation, Workers } from './types'

const NOTHING_TO_CANCEL = { cancel: () => {} }

function attempt<T>(answer: () => T): Result<T> {
  try {
    return { ok: true, value: answer() }
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) }
  }
}

/**
 * The same work as the Web Workers, done in place and reported before each call returns: for the
 * component tests (jsdom has no Worker) and any host without workers. The app never uses it on
 * large files, since everything here blocks the main thread.
 */
export function createMainThreadWorkers(): Workers {
  const workers: Workers = {
    importFile(file, choice, events) {
      // A browser File is decoded first, which only a promise can wait for. (As text: this path
      // never meets large files, and jsdom's Blob has no arrayBuffer().)
      const { content } = file
      if (content instanceof Blob) {
        let live = true
        content.text().then(
          (text) => live && workers.importFile({ ...file, content: text }, choice, events),
          (error: unknown) => live && events.onError(`${file.name}: ${String(error)}`),
        )
        return { cancel: () => (live = false) }
      }
      let imported
      let live: LiveImport | null = null
      const request = choice.request !== undefined ? { request: choice.request } : {}
      try {
        if (choice.follow) {
          const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content
          const started = startLiveImport(bytes, { format: choice.format, ...request })
          live = started.live
          imported = started.update.conversation
        } else {
          imported = importConversation(content, choice.format, {
            onProgress: (done, total) => events.onParsing?.(done, total),
            ...request,
          })
        }
      } catch (error) {
        events.onError(describeImportError(file.name, content, error))
        return NOTHING_TO_CANCEL
      }
      let { messages } = imported
      // The last change's messages, answered on once the page shows them (adopt), as in the worker.
      let changed: Message[] | null = null
      events.onParsed(messages.length)
      events.onProgress(messages.length)
      const conversation: Conversation = {
        diagnose: ({ counts, ...input }, done) =>
          done(attempt(() => diagnose({ ...input, counts, messages }))),
        countPrompt: ({ options, counts }, done) =>
          done(attempt(() => promptSize(messages, options, counts))),
        turnCosts: (spec, done) => done(attempt(() => turnCostsOf(spec, messages))),
        runEngines: (input, done) => done(attempt(() => runEngines({ ...input, messages }))),
        change: (change, done) =>
          done(
            attempt(() => {
              if (!live) throw new Error('this file is not followed')
              const update =
                change.kind === 'append'
                  ? live.append(change.bytes)
                  : live.replace(change.bytes, change.reason)
              const { bytesRead } = live
              if (update === null) return { tail: null, bytesRead }
              const { messages: all, ...header } = update.conversation
              changed = all
              const { unchanged, reread, note } = update
              const tail = {
                header,
                unchanged,
                messages: all.slice(unchanged),
                reread,
                ...(note !== undefined ? { note } : {}),
              }
              return { tail, bytesRead }
            }),
          ),
        adopt: () => {
          if (changed) messages = changed
          changed = null
        },
        dispose: () => {},
      }
      events.onDone(imported, conversation, live?.bytesRead)
      return NOTHING_TO_CANCEL
    },

    countMessages(spec, messages, ranges, events) {
      for (const range of ranges) events.onSlice(countSlice(sliceRequest(spec, messages, range)))
      events.onDone()
      return NOTHING_TO_CANCEL
    },

    countText(spec, text, done) {
      done(textMessageCost(spec, text))
      return NOTHING_TO_CANCEL
    },
  }
  return workers
}
