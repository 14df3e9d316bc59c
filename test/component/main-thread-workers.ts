import {
  countSlice,
  sliceRequest,
  textMessageCost,
  type CountingSpec,
  type Message,
  type SliceRange,
} from '../../src'
import { describeCounting, loadCountingVocabulary } from '../../src/pricing'
import { isOpenEncoding } from '../../src/pricing/open-vocabularies'
import type { Result } from '../../electron/contract'
import {
  holdConversation,
  NO_CHANGE_TO_COUNT,
  type HeldAnswer,
  type HeldConversation,
} from '../../renderer/workers/held-conversation'
import type { ConversationQuestion } from '../../renderer/workers/protocol'
import { describeImportError } from '../../renderer/workers/import-error'
import type { Conversation, CountEvents, Job, Workers } from '../../renderer/workers/types'

const NOTHING_TO_CANCEL = { cancel: () => {} }

// The open models' vocabularies loaded so far: the counting pool loads the one a count needs
// before it counts (a Gemini file with no model counts with Gemma's), and so does this stand-in.
const loadedOpen = new Set<string>()

/** The held conversation's answer to a question, as its kind's type (the worker's answers are). */
type AnswerTo<Q extends ConversationQuestion> = Extract<HeldAnswer, { kind: Q['kind'] }>['value']
const answerTo = <Q extends ConversationQuestion>(held: HeldConversation, question: Q) =>
  held.answer(question).value as AnswerTo<Q>

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
      // The file it needs beside it, as the reading worker reads it: a File's bytes, or the bytes given.
      const { companion } = file
      if (companion && companion.content instanceof Blob) {
        let live = true
        companion.content.text().then(
          (text) =>
            live &&
            workers.importFile(
              { ...file, companion: { ...companion, content: new TextEncoder().encode(text) } },
              choice,
              events,
            ),
          (error: unknown) => live && events.onError(`${companion.name}: ${String(error)}`),
        )
        return { cancel: () => (live = false) }
      }
      const held = holdConversation()
      let read
      try {
        const beside = companion
          ? {
              companion: {
                name: companion.name,
                content: companion.content as Uint8Array,
              },
            }
          : {}
        read = held.read(content, { ...choice, ...beside, name: file.name }, (done, total) =>
          events.onParsing?.(done, total),
        )
      } catch (error) {
        events.onError(describeImportError(file.name, content, error))
        return NOTHING_TO_CANCEL
      }
      const { imported, bytesRead } = read
      events.onParsed(imported.messages.length)
      events.onProgress(imported.messages.length)
      const conversation: Conversation = {
        count: (spec, ranges, events, of = 'shown') => {
          const counted = held.countOf(spec, of, events)
          if (!counted) {
            events.onError(NO_CHANGE_TO_COUNT)
            return NOTHING_TO_CANCEL
          }
          const { encoding } = describeCounting(spec.model, spec.wire)
          if (isOpenEncoding(encoding) && !loadedOpen.has(encoding)) {
            let live = true
            loadCountingVocabulary(spec).then(
              () => {
                loadedOpen.add(encoding)
                if (live) countMessages(spec, counted.messages, ranges, counted.events)
              },
              (error: unknown) => live && counted.events.onError(String(error)),
            )
            return { cancel: () => (live = false) }
          }
          return countMessages(spec, counted.messages, ranges, counted.events)
        },
        // The questions the conversation client asks the worker, answered by the same object.
        diagnose: ({ counting, ...input }, done) =>
          done(attempt(() => answerTo(held, { kind: 'diagnose', input, counting }))),
        countPrompt: ({ options, counting }, done) =>
          done(attempt(() => answerTo(held, { kind: 'prompt-tokens', options, counting }))),
        priceRequests: (spec, asks, done) =>
          done(attempt(() => answerTo(held, { kind: 'request-pricing', spec, asks }))),
        runEngines: ({ counting, ...input }, done) =>
          done(attempt(() => answerTo(held, { kind: 'engines', input, counting }))),
        change: (change, done) => done(attempt(() => held.change(change))),
        adopt: () => held.adopt(),
        dispose: () => {},
      }
      events.onDone(imported, conversation, bytesRead)
      return NOTHING_TO_CANCEL
    },

    countText(spec, text, done) {
      done(textMessageCost(spec, text))
      return NOTHING_TO_CANCEL
    },
  }
  return workers
}
