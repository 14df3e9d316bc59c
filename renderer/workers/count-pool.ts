import {
  planCountSlices,
  sliceRequest,
  type CountingSpec,
  type Message,
  type SliceRange,
} from '@core'
import type { CountReply, CountRequest } from './protocol'
import type { CountEvents, Job } from './types'

/**
 * About 256 K characters of text per slice: a worker counts one in a few tens of milliseconds, so
 * progress moves often and two workers stay balanced; sending one costs the main thread under a
 * millisecond of cloning.
 */
export const CHARS_PER_SLICE = 256 * 1024
/** Slices handed to each worker ahead of its results, so that it never waits for the main thread. */
const IN_FLIGHT = 2

/**
 * After a job of this many slices (about 4 MB of text) its workers are let go. A worker's heap
 * keeps the size it grew to while counting long after the garbage in it is collected: 72 to 89 MB
 * each after a 50 MB file, of which about 30 MB was in use, and the app would hold that as long as
 * it runs. The next job starts fresh workers and pays for loading the vocabulary once, as the
 * first job does.
 */
export const RECYCLE_AFTER_SLICES = 16

/** The pool's size: one worker per core, at least two and at most four. */
export function poolSize(cores = globalThis.navigator?.hardwareConcurrency ?? 2): number {
  return Math.min(4, Math.max(2, cores))
}

/** Cuts the ranges still to count into slices of about CHARS_PER_SLICE characters. */
export function planSlices(
  messages: readonly Message[],
  ranges: readonly SliceRange[],
  charsPerSlice = CHARS_PER_SLICE,
): SliceRange[] {
  return ranges.flatMap(({ start, end }) =>
    planCountSlices(messages.slice(start, end), charsPerSlice).map((slice) => ({
      start: start + slice.start,
      end: start + slice.end,
    })),
  )
}

/** Counting workers that share the slices of one job; a new job or a cancel terminates them. */
export interface CountPool {
  count(
    spec: Required<CountingSpec>,
    messages: readonly Message[],
    ranges: readonly SliceRange[],
    events: CountEvents,
  ): Job
}

/**
 * A pool of `size` workers made by `spawn`. Workers start with the first job and stay, their
 * vocabularies loaded, until a job is cancelled or superseded (so no slice of the old job keeps a
 * core busy) or a large job ends (see RECYCLE_AFTER_SLICES): then they are terminated, and the
 * next job starts fresh ones.
 */
export function createCountPool(spawn: () => Worker, size = poolSize()): CountPool {
  let workers: Worker[] = []
  let stopCurrent: (() => void) | null = null

  const terminate = () => {
    for (const worker of workers) worker.terminate()
    workers = []
  }

  return {
    count(spec, messages, ranges, events) {
      stopCurrent?.()
      let live = true
      let slices: SliceRange[] = []
      let next = 0
      let remaining = 0
      const stop = () => {
        if (!live) return
        live = false
        stopCurrent = null
        clearTimeout(starting)
        for (const worker of workers) worker.onmessage = worker.onerror = null
      }
      const fail = (error: string) => {
        stop()
        terminate()
        events.onError(error)
      }
      const feed = (worker: Worker) => {
        if (next >= slices.length) return
        const message: CountRequest = {
          kind: 'slice',
          request: sliceRequest(spec, messages, slices[next++]),
        }
        worker.postMessage(message)
      }
      const start = () => {
        if (workers.length === 0) workers = Array.from({ length: size }, spawn)
        slices = planSlices(messages, ranges)
        remaining = slices.length
        if (remaining === 0) {
          stop()
          return events.onDone()
        }
        for (const worker of workers) {
          worker.onmessage = ({ data }: MessageEvent<CountReply>) => {
            if (data.kind === 'failed') return fail(data.error)
            if (data.kind !== 'slice') return
            feed(worker)
            events.onSlice(data.result)
            if (--remaining === 0) {
              stop()
              if (slices.length >= RECYCLE_AFTER_SLICES) terminate()
              // Done in a task of its own: drawing the last counts and deriving the decision from
              // all of them are each a long enough piece of work on 100,000 messages.
              setTimeout(() => events.onDone(), 0)
            }
          }
          worker.onerror = (event) => {
            event.preventDefault()
            fail(`a counting worker failed: ${event.message || 'it could not start'}`)
          }
          for (let i = 0; i < IN_FLIGHT; i++) feed(worker)
        }
      }
      // Started in a task of its own: the caller has just shown the messages, and planning and
      // sending the first slices would lengthen the task that draws them.
      const starting = setTimeout(start, 0)
      stopCurrent = () => {
        stop()
        terminate()
      }
      return { cancel: () => live && stopCurrent?.() }
    },
  }
}
