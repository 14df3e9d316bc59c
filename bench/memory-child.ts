/**
 * Loads and counts one conversation file and reports memory as JSON on stdout. Runs in its own
 * process (see memory.ts) so the bench's other phases do not pollute the figures.
 */
import { readFileSync } from 'node:fs'
import { countEachMessage, parseConversation, tokenizerFor } from '../src/index'
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

// The app keeps the messages, not the text it parsed them from: the text lives only in this scope.
const { fileBytes, messages } = (() => {
  const text = readFileSync(file, 'utf8')
  phaseDone('read (the file as one string)')
  const parsed = parseConversation(text)
  phaseDone('parsed (string and messages both alive)')
  return { fileBytes: Buffer.byteLength(text, 'utf8'), messages: parsed.messages }
})()
phaseDone('text released (dead, but freed only when V8 next collects)')

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
