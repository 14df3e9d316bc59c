/**
 * The resident memory of one Chromium's renderer processes, read from /proc: the page and its Web
 * Workers run in a renderer process, so this is what a conversation costs the app in the browser.
 * Linux only; elsewhere it reads nothing and the report says so.
 */
import { readFileSync, readdirSync } from 'node:fs'

interface Process {
  pid: number
  parent: number
  args: string
}

function processes(): Process[] {
  const found: Process[] = []
  let pids: string[]
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name))
  } catch {
    return found
  }
  for (const pid of pids) {
    try {
      // /proc/PID/stat: "pid (name) state ppid …"; the name may hold spaces, so split after ')'.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ')
      found.push({ pid: Number(pid), parent, args })
    } catch {
      // The process ended while it was read.
    }
  }
  return found
}

function residentBytes(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
    return kb ? Number(kb) * 1024 : 0
  } catch {
    return 0
  }
}

/** The renderer processes of the browser started with this profile directory. */
export function rendererPids(profile: string): number[] {
  const all = processes()
  const browser = all.find(
    (p) => p.args.includes(`--user-data-dir=${profile}`) && !p.args.includes('--type='),
  )
  if (!browser) return []
  const descendants = new Set([browser.pid])
  // Children are listed after their parents only by accident: repeat until nothing is added.
  for (let added = true; added;) {
    added = false
    for (const p of all) {
      if (descendants.has(p.parent) && !descendants.has(p.pid)) {
        descendants.add(p.pid)
        added = true
      }
    }
  }
  return all
    .filter((p) => descendants.has(p.pid) && p.args.includes('--type=renderer'))
    .map((p) => p.pid)
}

/** What the sampling saw: before it began, the peak in each phase marked, and at the end. */
export interface RendererMemory {
  before: number
  /** The highest sample in each phase, in the order the phases were marked. */
  peaks: Map<string, number>
  peak: number
  after: number
}

/**
 * Samples the renderers' total resident memory every `everyMs` until stopped, keeping the peak of
 * each phase the caller marks (`mark('counting')`); samples before the first mark are 'start'.
 */
export function sampleRendererMemory(profile: string, everyMs = 20) {
  const pids = rendererPids(profile)
  const total = () => pids.reduce((sum, pid) => sum + residentBytes(pid), 0)
  const before = total()
  const peaks = new Map<string, number>()
  let phase = 'start'
  const sample = () => peaks.set(phase, Math.max(peaks.get(phase) ?? 0, total()))
  const timer = setInterval(sample, everyMs)
  return {
    /** Whether any renderer process was found (none outside Linux). */
    found: pids.length > 0 && before > 0,
    mark(next: string): void {
      if (next === phase) return
      sample()
      phase = next
    },
    stop(): RendererMemory {
      clearInterval(timer)
      sample()
      const after = total()
      return { before, peaks, peak: Math.max(before, ...peaks.values()), after }
    },
  }
}
