import {
  countingKey,
  countingSpecOf,
  diagnose,
  importConversation,
  requestPricings,
  type KeptCosts,
  runEngines,
  runnableEngines,
  specsToLoad,
  startLiveImport,
  type CountingSpec,
  type Companion,
  type Finding,
  type ImportedConversation,
  type LiveImport,
  type Message,
} from '@core'
import { promptSize } from './answers'
import {
  countedToTheEnd,
  heldAfterChange,
  heldCounts,
  holdMessages,
  placeSlice,
  tallyFor,
  type HeldMessages,
} from './held-counts'
import type { ConversationAnswers, ConversationQuestion } from './protocol'
import type { CountEvents, CountTarget, ImportChoice, LiveChange, LiveTail } from './types'

/** An answer as the core gives it: the findings not yet packed to cross a thread. */
type HeldAnswers = Omit<ConversationAnswers, 'diagnose'> & { diagnose: Finding[] }
export type HeldAnswer = {
  [K in keyof HeldAnswers]: { kind: K; value: HeldAnswers[K] }
}[keyof HeldAnswers]

/**
 * What the conversation worker holds and does, apart from its thread: the file read (to follow
 * or not), its messages and their counts, the last change until the page shows it, and the
 * answers about them. The worker adds the thread (reading a Blob, vocabularies, chunks, packing,
 * replies); the component tests' stand-in runs this same object in place.
 */
export interface HeldConversation {
  /**
   * Reads a file's content as the choice says (`name`: the file's, ReadChoice.name); its messages
   * are held from then on.
   */
  read(
    content: string | Uint8Array,
    choice: ImportChoice & { companion?: Companion; name?: string },
    onParsing?: (done: number, total: number) => void,
  ): { imported: ImportedConversation; bytesRead?: number }
  /**
   * What a count of the messages shown (or of the last change's) counts, and events that keep
   * each slice's counts before passing it on; null when no change waits to be counted.
   */
  countOf(
    spec: CountingSpec,
    of: CountTarget,
    events: CountEvents,
  ): { messages: readonly Message[]; events: CountEvents } | null
  /** The core's answer to a question about the messages shown, from the counts held. */
  answer(question: ConversationQuestion): HeldAnswer
  /** Parses a change of the followed file, and holds its messages until `adopt`; throws if none. */
  change(change: LiveChange): { tail: LiveTail | null; bytesRead: number }
  /** The page shows the last change's messages: they are the ones held. */
  adopt(): void
}

/** Why a count of the last change cannot start: none waits to be shown. */
export const NO_CHANGE_TO_COUNT = 'no change waits to be counted'

/** The vocabularies a question's answer counts with, loaded first where they load on demand. */
export function vocabulariesOf(question: ConversationQuestion): CountingSpec[] {
  if (question.kind === 'engines') return question.input.spec ? [question.input.spec] : []
  if (question.kind === 'request-pricing') {
    return specsToLoad(question.spec, question.asks.models)
  }
  return [countingSpecOf(question.kind === 'diagnose' ? question.input.options : question.options)]
}

export function holdConversation(): HeldConversation {
  let held = holdMessages([])
  // The costs under the models that served requests, kept by message: a followed file's change,
  // or a change of the model in force, prices only what is new or priced by its place.
  const servedCosts: KeptCosts = new Map()
  // A followed file's live import, and the messages of its last change, until the page shows them.
  let live: LiveImport | null = null
  let changed: HeldMessages | null = null
  return {
    read(content, choice, onParsing) {
      const request = {
        ...(choice.name !== undefined ? { name: choice.name } : {}),
        ...(choice.request !== undefined ? { request: choice.request } : {}),
        ...(choice.session !== undefined ? { session: choice.session } : {}),
        ...(choice.companion !== undefined ? { companion: choice.companion } : {}),
      }
      let imported: ImportedConversation
      let bytesRead: number | undefined
      if (choice.follow) {
        // The core's live import keeps what it parsed, for the changes.
        const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content
        const started = startLiveImport(bytes, { format: choice.format, ...request })
        live = started.live
        imported = started.update.conversation
        bytesRead = live.bytesRead
      } else {
        live = null
        imported = importConversation(content, choice.format, {
          ...(onParsing ? { onProgress: onParsing } : {}),
          ...request,
        })
      }
      held = holdMessages(imported.messages)
      changed = null
      return { imported, ...(bytesRead !== undefined ? { bytesRead } : {}) }
    },
    countOf(spec, of, events) {
      const target = of === 'change' ? changed : held
      if (!target) return null
      const key = countingKey(spec)
      const tally = tallyFor(target, key)
      const keeping: CountEvents = {
        onSlice: (result) => {
          placeSlice(tally, result)
          events.onSlice(result)
        },
        onDone: () => {
          countedToTheEnd(target, key)
          events.onDone()
        },
        onError: events.onError,
      }
      return { messages: target.messages, events: keeping }
    },
    answer(question) {
      const { messages } = held
      if (question.kind === 'request-pricing') {
        const value = requestPricings(question.spec, messages, question.asks, servedCosts)
        return { kind: 'request-pricing', value }
      }
      const counts = heldCounts(held, question.counting)
      if (question.kind === 'engines') {
        // The presets the limits in force let run; the page lists the others as waiting.
        const { runnable } = runnableEngines(question.input)
        const value = runEngines({ ...question.input, messages, counts }, runnable)
        return { kind: 'engines', value }
      }
      if (question.kind === 'diagnose') {
        return { kind: 'diagnose', value: diagnose({ ...question.input, messages, counts }) }
      }
      return { kind: 'prompt-tokens', value: promptSize(messages, question.options, counts) }
    },
    change(change) {
      if (!live) throw new Error('this file is not followed')
      const update =
        change.kind === 'append'
          ? live.append(change.bytes)
          : live.replace(change.bytes, change.reason)
      const { bytesRead } = live
      if (update === null) return { tail: null, bytesRead }
      const { messages: all, ...header } = update.conversation
      // The first `unchanged` messages keep the counts they had: only the rest are counted again.
      changed = heldAfterChange(held, all, update.unchanged)
      const tail: LiveTail = {
        header,
        unchanged: update.unchanged,
        messages: all.slice(update.unchanged),
        reread: update.reread,
        ...(update.note !== undefined ? { note: update.note } : {}),
      }
      return { tail, bytesRead }
    },
    adopt() {
      if (changed) held = changed
      changed = null
    },
  }
}
