import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { RENDERER_JS_FLAGS } from '../electron/renderer-flags'
import type { MemoryReport } from './memory-child'

/** The child's own report, plus the resident memory its parent saw by polling it. */
export interface MemoryFigures extends MemoryReport {
  peakRssSampled: number
  samples: number
}

function residentBytes(pid: number): number | undefined {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
    return kb ? Number(kb) * 1024 : undefined
  } catch {
    return undefined // the child has exited
  }
}

/**
 * Loads and counts `file` in a fresh process and measures its memory: the child reports heap
 * figures at each phase, and this process samples the child's resident size every 10 ms. With
 * `collect`, the child runs a full GC after each phase, to tell what is needed from what is left over;
 * with `importOnly`, it imports the file and does not count it.
 */
export function measureMemory(
  file: string,
  collect = false,
  importOnly = false,
): Promise<MemoryFigures> {
  const child = spawn(
    process.execPath,
    [
      // The V8 flags the desktop app gives its renderer, where the reading worker and the counting
      // workers run: the child stands for them, so its heaps grow as theirs do.
      ...RENDERER_JS_FLAGS.split(' '),
      '--expose-gc',
      '--import',
      'tsx',
      fileURLToPath(new URL('./memory-child.ts', import.meta.url)),
      file,
      ...(collect ? ['--collect'] : []),
      ...(importOnly ? ['--import-only'] : []),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  let peakRssSampled = 0
  let samples = 0
  const timer = setInterval(() => {
    const rss = child.pid === undefined ? undefined : residentBytes(child.pid)
    if (rss === undefined) return
    peakRssSampled = Math.max(peakRssSampled, rss)
    samples++
  }, 10)
  let out = ''
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')))
  return new Promise((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code) => {
      clearInterval(timer)
      if (code !== 0) return reject(new Error(`memory child exited with ${code}`))
      const report = JSON.parse(out) as MemoryReport
      resolve({ ...report, peakRssSampled, samples })
    })
  })
}
