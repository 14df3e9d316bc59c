/**
 * The streaming-import rows: a large JSONL log imported line by line, against JSON.parse of the
 * same lines (the least any JSONL import must do), and its peak memory. The import runs the core
 * as it ships (core-bundle.ts), in the same process and the same rounds as the baseline: a fresh
 * one per row (jsonl-time-child.mjs).
 */
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { median } from './measure'
import { measureMemory, type MemoryFigures } from './memory'

/** What a row measured. */
export interface JsonlImportFigures {
  /** The log's kind, as the row names it ("a Claude Code session"). */
  label: string
  /** The format importConversation detected. */
  format: string
  bytes: number
  lines: number
  messages: number
  rounds: number
  /** Median CPU ms of JSON.parse of every line, each decoded from the bytes on its own. */
  parseLinesMs: number
  /** Median CPU ms of importConversation(bytes) with detection. */
  importMs: number
  /** Each round's import time over that round's JSON.parse time, lowest to highest. */
  roundRatios: number[]
  memory: MemoryFigures
}

interface ChildReport {
  format: string
  bytes: number
  lines: number
  messages: number
  parse: number[]
  load: number[]
}

/** Runs jsonl-time-child.mjs on `file` with the bundle at `core`; resolves to its report. */
function timeInChild(core: string, file: string, rounds: number): Promise<ChildReport> {
  const child = spawn(
    process.execPath,
    [
      '--expose-gc',
      fileURLToPath(new URL('./jsonl-time-child.mjs', import.meta.url)),
      core,
      file,
      String(rounds),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  let out = ''
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')))
  return new Promise((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`timing child exited with ${code}`))
      resolve(JSON.parse(out) as ChildReport)
    })
  })
}

/**
 * Times the import of `file` by the bundled core at `core` and JSON.parse of its lines, alternated,
 * `rounds` times each after one untimed import, in a fresh process; then measures memory in
 * another.
 */
export async function benchJsonlImport(
  label: string,
  file: string,
  rounds: number,
  core: string,
): Promise<JsonlImportFigures> {
  const timed = await timeInChild(core, file, rounds)
  const memory = await measureMemory(file, false, true)
  return {
    label,
    format: timed.format,
    bytes: timed.bytes,
    lines: timed.lines,
    messages: timed.messages,
    rounds,
    parseLinesMs: median(timed.parse),
    importMs: median(timed.load),
    roundRatios: timed.load.map((l, i) => l / timed.parse[i]).sort((a, b) => a - b),
    memory,
  }
}
