/**
 * Loads and counts one conversation file and reports memory as JSON on stdout. Runs in its own
 * process (see memory.ts) so the bench's other phases do not pollute the figures.
 */
import { readFileSync } from 'node:fs'
import { countEachMessage, importConversation, tokenizerFor } from '../src/index'
import { collectGarbage } from './measure'

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
  /** The highest heapUsed seen, sampled between counting chunks. */
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
// With --collect, a full GC runs after each phase: the figures are then what the data needs, not
// what V8 chose to leave uncollected. Without it, the process behaves as the app would.
const collect = process.argv.includes('--collect')
const points: MemoryPoint[] = []
const phaseDone = (label: string) => {
  if (collect) collectGarbage()
  points.push(point(label))
}

// The vocabulary is loaded before the baseline: it is a fixed cost, not one that grows with the file.
tokenizerFor('o200k_base').count('load the vocabulary')
collectGarbage()
const baseline = point('baseline: core and vocabulary loaded')

// As the app's conversation worker does: the file's bytes go to importConversation, which parses
// them message by message (the whole text is never one string), and the bytes are dropped once the
// messages exist. The app keeps the messages, not what they were parsed from.
const { fileBytes, messages } = (() => {
  const bytes = readFileSync(file)
  phaseDone('read (the file\'s bytes)')
  const imported = importConversation(bytes)
  phaseDone('imported (bytes and messages both alive)')
  return { fileBytes: bytes.length, messages: imported.messages }
})()
phaseDone('bytes released (dead, but freed only when V8 next collects)')

// Counted in chunks only so that the heap can be sampled as it goes; the counts are the same.
const CHUNK = 2_000
const counts: number[] = []
let peakHeapUsed = 0
for (let start = 0; start < messages.length; start += CHUNK) {
  for (const n of countEachMessage('', messages.slice(start, start + CHUNK))) counts.push(n)
  peakHeapUsed = Math.max(peakHeapUsed, process.memoryUsage().heapUsed)
}
phaseDone('counted')
collectGarbage()
points.push(point('after a full GC: what stays (messages and counts)'))

const report: MemoryReport = {
  fileBytes,
  // Read here, after the last point, so that the messages are still alive when it is taken.
  messages: messages.length,
  baseline,
  points,
  peakHeapUsed: Math.max(peakHeapUsed, ...points.map((p) => p.heapUsed)),
  peakRssKernel: kernelPeakRss(),
}
process.stdout.write(JSON.stringify(report) + '\n')
