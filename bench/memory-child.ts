/**
 * Loads and counts one conversation file and reports memory as JSON on stdout. Runs in its own
 * process (see memory.ts) so the bench's other phases do not pollute the figures. It loads the file
 * as the app's reading worker does and counts it as the app's counting pool does, in worker
 * threads of this process, so its resident memory includes theirs.
 */
import { readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { importConversation } from '../src/index'
import { CHARS_PER_SLICE, poolSize } from '../renderer/workers/count-pool'
import { collectGarbage } from './measure'
import { startCountingPool } from './worker-pool'

/** process.memoryUsage() at one point, labelled. */
export interface MemoryPoint {
  label: string
  rss: number
  heapUsed: number
  heapTotal: number
  external: number
}

/** What the child reports. */
export interface MemoryReport {
  fileBytes: number
  messages: number
  baseline: MemoryPoint
  points: MemoryPoint[]
  /** The highest heapUsed of this process's main thread at the points. */
  peakHeapUsed: number
  /** The kernel's high-water mark of resident memory (VmHWM) for this process. */
  peakRssKernel: number
}

const point = (label: string): MemoryPoint => {
  const { rss, heapUsed, heapTotal, external } = process.memoryUsage()
  return { label, rss, heapUsed, heapTotal, external }
}

function kernelPeakRss(): number {
  const status = readFileSync('/proc/self/status', 'utf8')
  const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1]
  return kb ? Number(kb) * 1024 : 0
}

const file = process.argv[2]
if (!file) throw new Error('usage: memory-child.ts FILE [--collect]')
// With --collect, a full GC of this main thread runs after each phase: the figures are then what
// the data needs, not what V8 chose to leave uncollected (the workers collect on their own).
// Without it, the process behaves as the app would.
const collect = process.argv.includes('--collect')
// With --import-only, the file is imported and not counted: the streaming-import row's measure.
const importOnly = process.argv.includes('--import-only')
const points: MemoryPoint[] = []
const phaseDone = (label: string) => {
  if (collect) collectGarbage()
  points.push(point(label))
}

// The counting workers start, their vocabularies loaded, before the baseline: a fixed cost, not one
// that grows with the file. The app's pool is in this state once it has counted its sample, and
// has as many workers by the same rule.
const pool = importOnly ? undefined : await startCountingPool(poolSize(availableParallelism()), '')
collectGarbage()
const baseline = point(
  pool
    ? `baseline: core loaded, ${pool.size} counting workers with vocabularies`
    : 'baseline: core loaded',
)

// As the app's conversation worker does: the file's bytes go to importConversation, which parses
// them message by message (the whole text is never one string), and the bytes are dropped once the
// messages exist. The app keeps the messages, not what they were parsed from.
const { fileBytes, messages } = (() => {
  const bytes = readFileSync(file)
  phaseDone("read (the file's bytes)")
  const imported = importConversation(bytes)
  phaseDone('imported (bytes and messages both alive)')
  return { fileBytes: bytes.length, messages: imported.messages }
})()
phaseDone('bytes released (dead, but freed only when V8 next collects)')

// In slices of the app's size, each worker taking the next slice as soon as it is free.
const counts = pool ? await pool.count(messages, CHARS_PER_SLICE) : messages
if (pool) phaseDone(`counted (in ${pool.size} worker threads)`)
collectGarbage()
points.push(point('after a full GC here: what stays (messages and counts)'))

const report: MemoryReport = {
  fileBytes,
  // Read here, after the last point, so that the messages are still alive when it is taken.
  messages: messages.length,
  baseline,
  points,
  peakHeapUsed: Math.max(...points.map((p) => p.heapUsed)),
  peakRssKernel: kernelPeakRss(),
}
if (counts.length !== messages.length) throw new Error('memory child: not every message counted')
await pool?.close()
process.stdout.write(JSON.stringify(report) + '\n')
