import {
  countSlice,
  countingKey,
  diagnose,
  importConversation,
  runEngines,
  sliceRequest,
  startLiveImport,
  textMessageCost,
  turnCostsOf,
  type CountingSpec,
  type LiveImport,
  type Message,
  type SliceRange,
} from '../../src'
import type { Result } from '../../electron/contract'
import { promptSize } from '../../renderer/workers/answers'
import {
  countedToTheEnd,
  heldAfterChange,
  heldCounts,
  holdMessages,
  placeSlice,
  tallyFor,
  type HeldMessages,
} from '../../renderer/workers/held-counts'
import { describeImportError } from '../../renderer/workers/import-error'
import type { Conversation, CountEvents, Job, Workers } from '../../renderer/workers/types'

const NOTHING_TO_CANCEL = { cancel: () => {} }

function attempt<T>(answer: () => T): Result<T> {
  try {
    return { ok: true, value: answer() }
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) }
  }
}

/** How a conversation's counting pool counts `ranges` of its messages, slice by slice. */
export type CountMessages = (
  spec: Required<CountingSpec>,
  messages: readonly Message[],
  ranges: readonly SliceRange[],
  events: CountEvents,
) => Job

/** Every range at once, reported before it returns. */
export const countInPlace: CountMessages = (spec, messages, ranges, events) => {
  for (const range of ranges) events.onSlice(countSlice(sliceRequest(spec, messages, range)))
  events.onDone()
  return NOTHING_TO_CANCEL
}

/**
 * The same work as the Web Workers, done in place and reported before each call returns: for the
 * component tests (jsdom has no Worker). The conversation keeps the messages and their counts as
 * the conversation worker does (held-counts); `countMessages` stands for its counting pool.
 */
export function createMainThreadWorkers(countMessages: CountMessages = countInPlace): Workers {
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
      let held = holdMessages(imported.messages)
      // The last change's messages, answered on once the page shows them (adopt), as in the worker.
      let changed: HeldMessages | null = null
      events.onParsed(imported.messages.length)
      events.onProgress(imported.messages.length)
      const conversation: Conversation = {
        count: (spec, ranges, events, of = 'shown') => {
          const target = of === 'change' ? changed : held
          if (!target) {
            events.onError('no change waits to be counted')
            return NOTHING_TO_CANCEL
          }
          // Kept as the conversation worker keeps what its counting pool returns.
          const key = countingKey(spec)
          const tally = tallyFor(target, key)
          return countMessages(spec, target.messages, ranges, {
            onSlice: (result) => {
              placeSlice(tally, result)
              events.onSlice(result)
            },
            onDone: () => {
              countedToTheEnd(target, key)
              events.onDone()
            },
            onError: events.onError,
          })
        },
        diagnose: ({ counting, ...input }, done) =>
          done(
            attempt(() =>
              diagnose({ ...input, counts: heldCounts(held, counting), messages: held.messages }),
            ),
          ),
        countPrompt: ({ options, counting }, done) =>
          done(attempt(() => promptSize(held.messages, options, heldCounts(held, counting)))),
        turnCosts: (spec, done) => done(attempt(() => turnCostsOf(spec, held.messages))),
        runEngines: ({ counting, ...input }, done) =>
          done(
            attempt(() =>
              runEngines({ ...input, counts: heldCounts(held, counting), messages: held.messages }),
            ),
          ),
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
              changed = heldAfterChange(held, all, update.unchanged)
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
          if (changed) held = changed
          changed = null
        },
        dispose: () => {},
      }
      events.onDone(imported, conversation, live?.bytesRead)
      return NOTHING_TO_CANCEL
    },

    countText(spec, text, done) {
      done(textMessageCost(spec, text))
      return NOTHING_TO_CANCEL
    },
  }
  return workers
}
