/**
 * The streaming-import row: a large Claude Code session imported line by line, against
 * JSON.parse of the same lines (the least any JSONL import must do), and its peak memory.
 */
import { readFileSync } from 'node:fs'
import { importConversation } from '../src/index'
import { collectGarbage, median, timeOnce } from './measure'
import { measureMemory, type MemoryFigures } from './memory'

/** What the row measured. */
export interface JsonlImportFigures {
  bytes: number
  lines: number
  messages: number
  /** Median CPU ms of JSON.parse of every line, each decoded from the bytes on its own. */
  parseLinesMs: number
  /** Median CPU ms of importConversation(bytes) with detection. */
  importMs: number
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

/** Times both, alternated, `rounds` times each, then measures memory in a fresh process. */
export async function benchJsonlImport(file: string, rounds: number): Promise<JsonlImportFigures> {
  const bytes = readFileSync(file)
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
    const imported = timeOnce(() => importConversation(bytes))
    messages = imported.value.messages.length
    load.push(imported.cpu)
  }
  collectGarbage()
  const memory = await measureMemory(file, false, true)
  return {
    bytes: bytes.length,
    lines,
    messages,
    parseLinesMs: median(parse),
    importMs: median(load),
    memory,
  }
}
