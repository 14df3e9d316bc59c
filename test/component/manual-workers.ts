import type { SliceRange, Wire } from '../../src'
import { countSlice, sliceRequest } from '../../src'
import type { OpenedFile } from '../../electron/contract'
import { createMainThreadWorkers, type CountMessages } from './main-thread-workers'
import type { ImportChoice, ImportEvents, Workers } from '../../renderer/workers/types'

/** One counting job the store started, as the test sees it. */
export interface CountingJob {
  model: string
  wire: Wire
  ranges: readonly SliceRange[]
  cancelled: boolean
  /** How many of the job's messages have been delivered. */
  delivered: number
}

/**
 * Workers the test drives, to see what the store does between a worker's messages: a file is
 * read only when the test says so, and counts arrive `sliceSize` messages at a time, when the test
 * delivers them. The reading and the counting themselves are the real ones (the core's
 * importConversation and countSlice, as in the Web Workers).
 */
export function manualWorkers(sliceSize = 3) {
  const jobs: CountingJob[] = []
  const queues = new Map<CountingJob, { slices: SliceRange[]; run: () => void }>()
  let reading: { finish: () => void; cancelled: boolean; events: ImportEvents } | null = null

  const countMessages: CountMessages = (spec, messages, ranges, events) => {
    const { model, wire } = spec
    const job: CountingJob = { model, wire, ranges, cancelled: false, delivered: 0 }
    const slices = ranges.flatMap(({ start, end }) => {
      const cut: SliceRange[] = []
      for (let at = start; at < end; at += sliceSize) {
        cut.push({ start: at, end: Math.min(end, at + sliceSize) })
      }
      return cut
    })
    const run = () => {
      const slice = slices.shift()
      if (!slice) return
      job.delivered += slice.end - slice.start
      events.onSlice(countSlice(sliceRequest(spec, messages, slice)))
      if (slices.length === 0) events.onDone()
    }
    jobs.push(job)
    queues.set(job, { slices, run })
    if (slices.length === 0) events.onDone()
    return { cancel: () => (job.cancelled = true) }
  }
  const inner = createMainThreadWorkers(countMessages)

  const workers: Workers = {
    importFile(file: OpenedFile, choice: ImportChoice, events: ImportEvents) {
      const read = {
        cancelled: false,
        events,
        finish: () => inner.importFile(file, choice, events),
      }
      reading = read
      return { cancel: () => (read.cancelled = true) }
    },
    countText: inner.countText,
  }

  return {
    workers,
    jobs,
    /** The last counting job started. */
    lastJob: () => jobs[jobs.length - 1],
    /** Delivers the next slice of the last job, as a worker's message would. */
    deliver() {
      const job = jobs[jobs.length - 1]
      if (job.cancelled) throw new Error('deliver: the job was cancelled')
      queues.get(job)!.run()
    },
    /** Delivers every slice left of the last job. */
    deliverAll() {
      const job = jobs[jobs.length - 1]
      const queue = queues.get(job)!
      while (queue.slices.length > 0) queue.run()
    },
    /** Reports how far parsing the file being read has got, as the reading worker does. */
    parsing(done: number, total: number) {
      if (reading && !reading.cancelled) reading.events.onParsing?.(done, total)
    },
    /** Lets the file being read arrive, unless reading was cancelled. */
    finishReading() {
      const read = reading
      reading = null
      if (read && !read.cancelled) read.finish()
      return read?.cancelled === false
    },
  }
}
