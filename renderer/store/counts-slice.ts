import { countingKey, type CountingSpec, type Message, type SliceRange } from '@core'
import type { CountEvents, CountTarget, Job } from '../workers/types'
import { countsMatch } from './selectors'
import { selectSpec } from './spec'
import { throttled } from './throttle'
import type { SliceCreator } from './types'

/** Per-message costs, and what they were counted for. Always complete: never partial. */
export interface Counts {
  messages: readonly Message[]
  /** What the costs depend on (countingKey of the spec they were counted for). */
  key: string
  perMessage: readonly number[]
}

/** Counts still arriving from the workers, or left part-way by a cancel. */
export interface PartialCounts {
  messages: readonly Message[]
  key: string
  /** Each message's count; undefined until its slice arrives. */
  perMessage: readonly (number | undefined)[]
  /** How many entries of perMessage have arrived. */
  counted: number
  /** True while workers count; false once cancelled (or failed) part-way. */
  running: boolean
}

/** The counting under way: its job in the conversation's worker, and how to stop it. */
export interface CountingJob {
  job: Job
  /** Stops what it reports; `publish` shows the counts that arrived as partial. */
  halt(publish: boolean): void
}

export interface CountsSlice {
  /** The counting under way; null when none is. */
  countingJob: CountingJob | null
  /**
   * The last complete counts: the cache that re-tuning reads. Keyed by what the costs depend on
   * (countingKey) rather than the model name: two models that share a vocabulary, factor and wire
   * give the same costs, so switching between them costs nothing.
   */
  counts: Counts
  /** Counts under way for the conversation on screen, or left partial; null when there are none. */
  partialCounts: PartialCounts | null
  /**
   * Counts the conversation on screen for the model in force, in workers, unless the cache already
   * holds those counts. Only opening a file or changing the counting key calls it: re-tuning never does.
   */
  countMessages(): void
  /**
   * Shows the conversation on screen as being counted, none counted yet, until countMessages
   * starts in a later task: the progress strip stays, rather than going for one task and coming
   * back.
   */
  countSoon(): void
  /** Stops the counting workers; the counts that arrived stay, marked partial. */
  cancelCounting(): void
  /** Counts the messages a cancel left uncounted. */
  countAgain(): void
  /**
   * Counts a change to the followed file before it is shown: `known` are the counts of its first
   * messages, which stand; only the rest are counted, and nothing partial is published (the list
   * shows the messages before until then). Null when a newer count (another model) stopped it.
   */
  countChange(messages: readonly Message[], known: readonly number[]): Promise<Counts | null>
  /**
   * After a change shown while the messages before were still being counted: counts the new
   * messages on screen, keeping the counts that arrived for the first `unchanged` of `previous`.
   */
  countAfterChange(previous: readonly Message[], unchanged: number): void
}

/** No counts at all: what a conversation has before its counting starts. */
export const NO_COUNTS: Counts = { messages: [], key: '', perMessage: [] }

/**
 * Store updates while counting come at most this often: counts arrive slice by slice, and redrawing
 * the window for each slice would cost more than the counting saves.
 */
export const COUNTS_FLUSH_MS = 100

// The runs of messages whose count is still missing, as ranges to hand to the workers.
function missingRanges(perMessage: readonly (number | undefined)[]) {
  const ranges: { start: number; end: number }[] = []
  for (let i = 0; i < perMessage.length; i++) {
    if (perMessage[i] !== undefined) continue
    const start = i
    while (i < perMessage.length && perMessage[i] === undefined) i++
    ranges.push({ start, end: i })
  }
  return ranges
}

export const createCountsSlice: SliceCreator<CountsSlice> = () => (set, get) => {
  const stopCounting = (publish: boolean) => {
    const current = get().countingJob
    if (!current) {
      // Stopped before it started (countSoon): what was to be counted stays partial, none counted.
      const pending = get().partialCounts
      if (publish && pending?.running) set({ partialCounts: { ...pending, running: false } })
      return
    }
    set({ countingJob: null })
    current.job.cancel()
    current.halt(publish)
  }

  // Counts `ranges` of `messages` in the worker that holds them: those shown, or those of the
  // change it has parsed and the page does not show yet.
  const start = (
    messages: readonly Message[],
    spec: Required<CountingSpec>,
    ranges: readonly SliceRange[],
    events: CountEvents,
    of: CountTarget = 'shown',
  ): Job => {
    const { conversationOf, shownConversation } = get()
    const conversation = of === 'change' ? shownConversation() : conversationOf(messages)
    if (conversation) return conversation.count(spec, ranges, events, of)
    // No worker holds them: only the empty conversation before any file, with nothing to count.
    if (ranges.length > 0) events.onError('no worker holds these messages')
    else events.onDone()
    return { cancel: () => {} }
  }

  // Counts the entries of `known` still missing for `messages` (null: every entry), publishing what
  // arrives every COUNTS_FLUSH_MS and the complete counts, as the cache, at the end.
  const count = (
    messages: readonly Message[],
    spec: Required<CountingSpec>,
    known: readonly (number | undefined)[] | null,
  ) => {
    stopCounting(false)
    const key = countingKey(spec)
    const perMessage = known
      ? known.slice()
      : new Array<number | undefined>(messages.length).fill(undefined)
    let counted = known ? known.reduce<number>((n, c) => (c === undefined ? n : n + 1), 0) : 0
    const publish = (running: boolean) =>
      set({
        partialCounts: { messages, key, perMessage: perMessage.slice(), counted, running },
      })
    const flush = throttled(() => publish(true), COUNTS_FLUSH_MS)
    let live = true
    // Stopped by a cancel, an error or a newer count: nothing it receives later is published.
    const halt = (publishPartial: boolean) => {
      live = false
      flush.cancel()
      if (publishPartial) publish(false)
    }
    publish(true)
    // With none known (a file just read), every message, as one range without a look: a loop over
    // 40,000 empty entries, run once and never compiled, was 16 ms of the task that shows the
    // first rows.
    const all = messages.length > 0 ? [{ start: 0, end: messages.length }] : []
    const job = start(messages, spec, known ? missingRanges(perMessage) : all, {
      onSlice: ({ start, counts }) => {
        if (!live) return
        for (let i = 0; i < counts.length; i++) perMessage[start + i] = counts[i]
        counted += counts.length
        // The last slice shows at once; the decision follows with onDone, in a task of its own.
        if (counted === perMessage.length) {
          flush.cancel()
          publish(true)
        } else flush.request()
      },
      onDone: () => {
        if (!live) return
        halt(false)
        set({
          countingJob: null,
          counts: { messages, key, perMessage: perMessage as number[] },
          partialCounts: null,
        })
      },
      onError: (error) => {
        if (!live) return
        halt(true)
        set({ countingJob: null })
        get().notify('error', `Counting stopped: ${error}`)
      },
    })
    // The main-thread workers finish before returning; then there is nothing left to stop.
    if (live) set({ countingJob: { job, halt } })
  }

  return {
    countingJob: null,
    counts: NO_COUNTS,
    partialCounts: null,

    countMessages: () => {
      const { messages, counts } = get()
      const spec = selectSpec(get())
      if (countsMatch(counts, messages, countingKey(spec))) {
        // Back to the key the cache holds: whatever was being counted for another is moot.
        stopCounting(false)
        return set({ partialCounts: null })
      }
      count(messages, spec, null)
    },

    countSoon: () => {
      const { messages } = get()
      const key = countingKey(selectSpec(get()))
      // A holey array of the messages' length: nothing is filled, as nothing is counted.
      const perMessage = new Array<number | undefined>(messages.length)
      set({ partialCounts: { messages, key, perMessage, counted: 0, running: true } })
    },

    cancelCounting: () => stopCounting(true),

    countChange: (messages, known) =>
      new Promise<Counts | null>((resolve) => {
        stopCounting(false)
        const spec = selectSpec(get())
        const key = countingKey(spec)
        const perMessage = known.slice()
        let live = true
        const end = (counts: Counts | null) => {
          live = false
          if (get().countingJob?.halt === halt) set({ countingJob: null })
          resolve(counts)
        }
        const halt = () => live && end(null)
        const ranges =
          known.length < messages.length ? [{ start: known.length, end: messages.length }] : []
        const events: CountEvents = {
          onSlice: ({ start, counts }) => {
            if (live) for (let i = 0; i < counts.length; i++) perMessage[start + i] = counts[i]
          },
          onDone: () => live && end({ messages, key, perMessage }),
          onError: (error) => {
            if (!live) return
            end(null)
            get().notify('error', `Counting stopped: ${error}`)
          },
        }
        const job = start(messages, spec, ranges, events, 'change')
        if (live) set({ countingJob: { job, halt } })
      }),

    countAfterChange: (previous, unchanged) => {
      const { messages, partialCounts } = get()
      const spec = selectSpec(get())
      const known = new Array<number | undefined>(messages.length).fill(undefined)
      if (partialCounts?.messages === previous && partialCounts.key === countingKey(spec)) {
        for (let i = 0; i < unchanged; i++) known[i] = partialCounts.perMessage[i]
      }
      count(messages, spec, known)
    },

    countAgain: () => {
      const { messages, partialCounts } = get()
      const spec = selectSpec(get())
      const resumable =
        partialCounts?.messages === messages && partialCounts.key === countingKey(spec)
      if (!resumable) return get().countMessages()
      count(messages, spec, partialCounts.perMessage)
    },
  }
}
