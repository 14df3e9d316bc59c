/**
 * The lines of a JSONL log that grows: each complete line parsed once, when its line break
 * arrives, and kept; bytes after the last line break wait for the rest of their line.
 */
import { InputError } from '../input-error'
import { hasByteOrderMark } from '../json-bytes'
import { parseJsonLine, type JsonLine, type JsonLines } from '../formats/reader'
import { decodeUtf8 } from '../utf8'

type Broken = JsonLines['broken'][number]

/** What one batch of bytes adds, worked out without changing the kept lines (see KeptLines.add). */
export interface LineStep {
  values: JsonLine[]
  broken: Broken[]
  /** How many complete lines the bytes finished (blank ones too). */
  parsed: number
  /**
   * The unfinished last line's value when it already reads as JSON (a file whose last line has
   * no line break): given to the readers, as a whole import would, but parsed again when more of
   * its line arrives.
   */
  tail?: JsonLine
  /** The bytes of the unfinished last line, and the number it will have. */
  pending: Uint8Array[]
  pendingBytes: number
  nextLine: number
  /** Where the next line starts in the file. */
  lineStart: number
  chunk: Uint8Array
}

// A JSON value on one line ends in one of these (an object, array, string, number, true/false/null).
const VALUE_END = new Set([
  0x7d,
  0x5d,
  0x22,
  0x65,
  0x6c,
  ...'0123456789'.split('').map((c) => c.charCodeAt(0)),
])

export class KeptLines {
  readonly values: JsonLine[] = []
  readonly broken: Broken[] = []
  private tail?: JsonLine
  private pending: Uint8Array[] = []
  private pendingBytes = 0
  private nextLine = 1
  private lineStart = 0
  /** Every batch of bytes taken, in order: the text an error's place is found in. */
  private readonly chunks: Uint8Array[] = []

  /** Bytes taken so far, the unfinished last line's included. */
  get bytesRead(): number {
    return this.lineStart + this.pendingBytes
  }

  /**
   * Parses the lines `bytes` completes. Throws an InputError placed on its line for one that is
   * not UTF-8 or nests too deep, as a whole import does; the kept lines are then as they were.
   */
  scan(bytes: Uint8Array): LineStep {
    const values: JsonLine[] = []
    const broken: Broken[] = []
    let pending = this.pending
    let pendingBytes = this.pendingBytes
    let nextLine = this.nextLine
    let lineStart = this.lineStart
    let parsed = 0
    let from = 0
    for (let end = bytes.indexOf(0x0a); end !== -1; end = bytes.indexOf(0x0a, from)) {
      const line = joined(pending, pendingBytes, bytes.subarray(from, end))
      const read = readLine(line, nextLine, lineStart)
      if (read !== null && 'problem' in read) broken.push(read)
      else if (read !== null) values.push(read)
      parsed++
      nextLine++
      lineStart += line.length + 1
      pending = []
      pendingBytes = 0
      from = end + 1
    }
    if (from < bytes.length) {
      pending = [...pending, bytes.subarray(from)]
      pendingBytes += bytes.length - from
    }
    const tail =
      pendingBytes > 0 ? tailValue(pending, pendingBytes, nextLine, lineStart) : undefined
    return {
      values,
      broken,
      parsed,
      ...(tail ? { tail } : {}),
      pending,
      pendingBytes,
      nextLine,
      lineStart,
      chunk: bytes,
    }
  }

  /** The lines the readers get with a step taken: the kept ones, the step's, and its tail. */
  linesWith(step: LineStep): JsonLines {
    const values = step.values.length > 0 ? this.values.concat(step.values) : this.values.slice()
    if (step.tail) values.push(step.tail)
    const broken = step.broken.length > 0 ? this.broken.concat(step.broken) : this.broken
    return { values, broken }
  }

  /** Keeps what a step parsed: the readers read it without error. */
  keep(step: LineStep): void {
    // Loops, not spreads: one append can hold more lines than a call takes arguments.
    for (const value of step.values) this.values.push(value)
    for (const line of step.broken) this.broken.push(line)
    this.tail = step.tail
    this.pending = step.pending
    this.pendingBytes = step.pendingBytes
    this.nextLine = step.nextLine
    this.lineStart = step.lineStart
    if (step.chunk.length > 0) this.chunks.push(step.chunk)
  }

  /** Whether the readers last got an unfinished line's value, which new bytes may change. */
  get hasTail(): boolean {
    return this.tail !== undefined
  }

  /** The lines as the readers last got them. */
  get lines(): JsonLines {
    return { values: this.tail ? [...this.values, this.tail] : this.values, broken: this.broken }
  }

  /**
   * The text of the bytes taken, with a step's (without a byte-order mark), for placing an error:
   * decoded only when one needs it.
   */
  textWith(step?: LineStep): string {
    const chunks = step && step.chunk.length > 0 ? [...this.chunks, step.chunk] : this.chunks
    const all = joined(
      chunks,
      chunks.reduce((n, c) => n + c.length, 0),
      new Uint8Array(0),
    )
    // Not fatal: every complete line was checked as it was parsed; this only places an error.
    return new TextDecoder('utf-8').decode(all)
  }
}

/** The parts of a line as one array (a line split across appends is joined only once it is whole). */
function joined(parts: readonly Uint8Array[], length: number, last: Uint8Array): Uint8Array {
  if (parts.length === 0) return last
  const bytes = new Uint8Array(length + last.length)
  let at = 0
  for (const p of parts) {
    bytes.set(p, at)
    at += p.length
  }
  bytes.set(last, at)
  return bytes
}

/**
 * A complete line (without its line break), read as ReadInput reads each line of a file: a
 * trailing CR and the file's byte-order mark dropped, decoded, parsed. An error is placed in the
 * file, not in the line.
 */
function readLine(bytes: Uint8Array, line: number, lineStart: number): JsonLine | Broken | null {
  const from = line === 1 && hasByteOrderMark(bytes) ? 3 : 0
  let end = bytes.length
  if (end > from && bytes[end - 1] === 0x0d) end--
  let text: string
  try {
    text = decodeUtf8(bytes, from, end)
  } catch (error) {
    if (!(error instanceof InputError) || error.place === undefined) throw error
    const { column, byte } = error.place
    throw new InputError(error.problem, {
      line,
      column,
      ...(byte !== undefined ? { byte: lineStart + byte } : {}),
    })
  }
  return parseJsonLine(text, line)
}

/** The unfinished last line's value when it is already JSON; undefined while it is not. */
function tailValue(
  parts: readonly Uint8Array[],
  length: number,
  line: number,
  lineStart: number,
): JsonLine | undefined {
  const last = parts[parts.length - 1]
  let i = last.length - 1
  while (i >= 0 && (last[i] === 0x20 || last[i] === 0x09 || last[i] === 0x0d)) i--
  // Only a line that ends as a value can be one: a line being written is not parsed on each append.
  if (i < 0 || !VALUE_END.has(last[i])) return undefined
  try {
    const read = readLine(joined(parts.slice(0, -1), length - last.length, last), line, lineStart)
    return read !== null && 'value' in read ? read : undefined
  } catch {
    // Not UTF-8 yet (a character cut in two) or too deep: it waits like any unfinished line.
    return undefined
  }
}
