/**
 * Finding JSON fields in a log's raw bytes without parsing it: `"key"`, optional whitespace, a
 * colon, then the value. A match inside a string value (`\"key\"`) is skipped by the backslash
 * before it. Used on the first and last few KB of a file, and on whole files only for counts.
 */

const QUOTE = 0x22
const BACKSLASH = 0x5c
const COLON = 0x3a
const OPEN_BRACE = 0x7b
const CLOSE_BRACE = 0x7d

const isSpace = (b: number) => b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d

/** A view of bytes as a Buffer, without copying, for its native indexOf. */
export const asBuffer = (bytes: Uint8Array): Buffer =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)

/** The bytes of a log's first line (all of them when there is no line break). */
export function firstLine(head: Uint8Array): Uint8Array {
  const end = asBuffer(head).indexOf(0x0a)
  return end === -1 ? head : head.subarray(0, end)
}

/**
 * The JSON objects of the lines of `bytes` that hold `marker`, the last line first. A line that is
 * not a JSON object (one the read cut at either end) is passed over.
 */
export function* objectLinesHolding(
  bytes: Uint8Array,
  marker: string,
): Generator<Record<string, unknown>> {
  const buf = asBuffer(bytes)
  const needle = Buffer.from(marker)
  for (let at = buf.lastIndexOf(needle); at !== -1;) {
    const start = buf.lastIndexOf(0x0a, at) + 1
    const newline = buf.indexOf(0x0a, at)
    const end = newline === -1 ? buf.length : newline
    let value: unknown
    try {
      value = JSON.parse(buf.toString('utf8', start, end))
    } catch {
      value = undefined
    }
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      yield value as Record<string, unknown>
    }
    at = start === 0 ? -1 : buf.lastIndexOf(needle, start - 1)
  }
}

const needles = new Map<string, Buffer>()
function needleOf(key: string): Buffer {
  let needle = needles.get(key)
  if (!needle) needles.set(key, (needle = Buffer.from(JSON.stringify(key))))
  return needle
}

/** Where the value of the key matched at `at` starts (past the colon and whitespace), or -1. */
function valueStart(buf: Buffer, at: number, keyLength: number): number {
  if (at > 0 && buf[at - 1] === BACKSLASH) return -1
  let i = at + keyLength
  while (i < buf.length && isSpace(buf[i])) i++
  if (buf[i] !== COLON) return -1
  i++
  while (i < buf.length && isSpace(buf[i])) i++
  return i < buf.length ? i : -1
}

/** The JSON string starting at `start` (its opening quote), decoded; undefined if cut or broken. */
function stringAt(
  buf: Buffer,
  start: number,
  limit = 4096,
): { value: string; end: number } | undefined {
  if (buf[start] !== QUOTE) return undefined
  const stop = Math.min(buf.length, start + limit)
  for (let i = start + 1; i < stop; i++) {
    if (buf[i] === BACKSLASH) i++
    else if (buf[i] === QUOTE) {
      try {
        return { value: JSON.parse(buf.toString('utf8', start, i + 1)) as string, end: i + 1 }
      } catch {
        return undefined
      }
    }
  }
  return undefined
}

/** The number starting at `start`, or undefined. */
function numberAt(buf: Buffer, start: number): number | undefined {
  let end = start
  while (end < buf.length && ((buf[end] >= 0x30 && buf[end] <= 0x39) || buf[end] === 0x2e)) end++
  if (end === start) return undefined
  const n = Number(buf.toString('latin1', start, end))
  return Number.isFinite(n) ? n : undefined
}

/**
 * Every string value of `key` in `bytes`, in file order or, with `fromEnd`, last first; stops at
 * the first `accept`ed one, which it returns.
 */
export function stringField(
  bytes: Uint8Array,
  key: string,
  fromEnd = false,
  accept: (value: string) => boolean = () => true,
): string | undefined {
  const buf = asBuffer(bytes)
  for (const start of valueStarts(buf, key, fromEnd)) {
    const found = stringAt(buf, start)
    if (found && accept(found.value)) return found.value
  }
  return undefined
}

/** Where each value of `key` starts, in file order or, with `fromEnd`, last first. */
function* valueStarts(buf: Buffer, key: string, fromEnd: boolean): Generator<number> {
  const needle = needleOf(key)
  let at = fromEnd ? buf.lastIndexOf(needle) : buf.indexOf(needle)
  while (at !== -1) {
    const start = valueStart(buf, at, needle.length)
    if (start !== -1) yield start
    at = fromEnd
      ? at === 0
        ? -1
        : buf.lastIndexOf(needle, at - 1)
      : buf.indexOf(needle, at + needle.length)
  }
}

/**
 * The string value of `key` in the object that is the value of `outer` (its flat part: up to the
 * object's first `}`), from the first such object or, with `fromEnd`, the last one that has it
 * `accept`ed: `modelInfo.id`, where a bare `"id"` would also match the message's own id.
 */
export function nestedStringField(
  bytes: Uint8Array,
  outer: string,
  key: string,
  fromEnd = false,
  accept: (value: string) => boolean = () => true,
): string | undefined {
  const buf = asBuffer(bytes)
  for (const start of valueStarts(buf, outer, fromEnd)) {
    const end = buf[start] === OPEN_BRACE ? buf.indexOf(CLOSE_BRACE, start) : -1
    const found = end === -1 ? undefined : stringField(buf.subarray(start, end), key, false, accept)
    if (found !== undefined) return found
  }
  return undefined
}

/** The first (or, with `fromEnd`, last) number value of `key` in `bytes`. */
export function numberField(bytes: Uint8Array, key: string, fromEnd = false): number | undefined {
  const buf = asBuffer(bytes)
  const needle = needleOf(key)
  let at = fromEnd ? buf.lastIndexOf(needle) : buf.indexOf(needle)
  while (at !== -1) {
    const start = valueStart(buf, at, needle.length)
    const n = start === -1 ? undefined : numberAt(buf, start)
    if (n !== undefined) return n
    at = fromEnd
      ? at === 0
        ? -1
        : buf.lastIndexOf(needle, at - 1)
      : buf.indexOf(needle, at + needle.length)
  }
  return undefined
}

/**
 * Calls `found` with the value of every `key` whose value is one of `values` (a string, or the
 * literal `true`), for matches starting before `before`. Returns nothing; counting is the caller's.
 */
export function eachValue(
  buf: Buffer,
  key: string,
  values: ReadonlySet<string>,
  before: number,
  found: (value: string, at: number) => void,
): void {
  const needle = needleOf(key)
  for (let at = buf.indexOf(needle); at !== -1 && at < before; at = buf.indexOf(needle, at + 1)) {
    const start = valueStart(buf, at, needle.length)
    if (start === -1) continue
    if (buf[start] === QUOTE) {
      const s = stringAt(buf, start, 256)
      if (s && values.has(s.value)) found(s.value, at)
    } else if (values.has('true') && buf.toString('latin1', start, start + 4) === 'true') {
      found('true', at)
    }
  }
}
