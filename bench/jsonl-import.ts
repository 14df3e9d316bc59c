/**
 * The streaming-import rows: a large JSONL log imported line by line, against JSON.parse of the
 * same lines (the least any JSONL import must do), and its peak memory. The import runs the core
 * as it ships (core-bundle.ts), in the same process and the same rounds as the baseline.
 */
import { readFileSync } from 'node:fs'
import type { importConversation } from '../src/index'
import { collectGarbage, median, timeOnce } from './measure'
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

/** JSON.parse of every line of the file, decoded line by line from the bytes. */
function parseEveryLine(bytes: Uint8Array): number {
  const decoder = new TextDecoder()
  let n = 0
  for (let start = 0; start < bytes.length;) {
    let end = bytes.indexOf(0x0a, start)
    if (end === -1) end = bytes.length
    if (end > start) {
      JSON.parse(decoder.decode(bytes.subarray(start, end)))
      n++
    }
    start = end + 1
  }
  return n
}

/**
 * Times both, alternated, `rounds` times each after one untimed import (so that the timed rounds
 * meet compiled code, as JSON.parse always does), then measures memory in a fresh process.
 */
export async function benchJsonlImport(
  label: string,
  file: string,
  rounds: number,
  importer: typeof importConversation,
): Promise<JsonlImportFigures> {
  const bytes = readFileSync(file)
  const format = importer(bytes).format
  const parse: number[] = []
  const load: number[] = []
  let lines = 0
  let messages = 0
  for (let i = 0; i < rounds; i++) {
    collectGarbage()
    const p = timeOnce(() => parseEveryLine(bytes))
    lines = p.value
    parse.push(p.cpu)
    collectGarbage()
    const imported = timeOnce(() => importer(bytes))
    messages = imported.value.messages.length
    load.push(imported.cpu)
  }
  collectGarbage()
  const memory = await measureMemory(file, false, true)
  return {
    label,
    format,
    bytes: bytes.length,
    lines,
    messages,
    rounds,
    parseLinesMs: median(parse),
    importMs: median(load),
    roundRatios: load.map((l, i) => l / parse[i]).sort((a, b) => a - b),
    memory,
  }
}
