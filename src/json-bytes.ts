/**
 * JSON read from its UTF-8 bytes without the whole text ever being one string.
 *
 * A conversation file of 50 MB is one string of 100 MB as soon as it holds a single emoji (V8
 * stores a string at two bytes per character when any character needs it), and that string is
 * alive while JSON.parse builds the messages. Here the top level is walked in the bytes, and each
 * element of a top-level array (or of an array that is a member of a top-level object, such as
 * `messages` or `input`) is decoded and parsed on its own. The strings that exist at any moment
 * are one element's.
 *
 * The result is the value JSON.parse gives for the decoded text. Bytes that are not UTF-8 throw
 * an InputError that says where. Anything else this walk does not accept throws, and then so would
 * JSON.parse, or the text nests past MAX_JSON_DEPTH: callers decode the whole text only then, to
 * say where the file breaks (json-parse.ts).
 */

import { MAX_JSON_DEPTH } from './json-depth'
import { decodeUtf8 } from './utf8'
import {
  QUOTE,
  BACKSLASH,
  COMMA,
  COLON,
  OPEN_OBJECT,
  CLOSE_OBJECT,
  OPEN_ARRAY,
  CLOSE_ARRAY,
} from './json-chars'

/** Whether a byte (or a UTF-16 code unit) is one of JSON's four blanks. */
export const isSpace = (b: number) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09

/** The bytes are not JSON; where they break is found by parsing the decoded text (json-location). */
export class JsonBytesError extends SyntaxError {
  /** The byte where the walk stopped: a syntax error, or a bracket one level too deep. */
  constructor(readonly offset: number) {
    super(`not JSON at byte ${offset}`)
    this.name = 'JsonBytesError'
  }
}

/** Whether the bytes start with UTF-8's byte-order mark. */
export const hasByteOrderMark = (bytes: Uint8Array) =>
  bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf

/**
 * The bytes as text, without a leading byte-order mark. Bytes that are not UTF-8 (UTF-16 among
 * them) are an InputError naming the first bad sequence's byte offset, line and column.
 */
export function decodeText(bytes: Uint8Array): string {
  return decodeUtf8(bytes, hasByteOrderMark(bytes) ? 3 : 0)
}

/** Told how many of the bytes are parsed so far, and of how many. */
export type ParseProgress = (done: number, total: number) => void

/** How many bytes pass between two progress reports: a 50 MB file reports about 50 times. */
const PROGRESS_STEP_BYTES = 1 << 20

/**
 * The value of a JSON document given as UTF-8 bytes, as JSON.parse would give it for the text.
 * `onProgress` hears how far the parse has got, about every PROGRESS_STEP_BYTES and at the end.
 */
export function parseJsonBytes(bytes: Uint8Array, onProgress?: ParseProgress): unknown {
  const start = skipSpace(bytes, hasByteOrderMark(bytes) ? 3 : 0)
  let reported = 0
  const progress = (at: number) => {
    if (onProgress && at - reported >= PROGRESS_STEP_BYTES) {
      reported = at
      onProgress(at, bytes.length)
    }
  }
  const { value, end } =
    bytes[start] === OPEN_ARRAY
      ? readArray(bytes, start, progress, 1)
      : bytes[start] === OPEN_OBJECT
        ? readObject(bytes, start, progress)
        : readWhole(bytes, start, 0)
  const rest = skipSpace(bytes, end)
  if (rest !== bytes.length) throw new JsonBytesError(rest)
  onProgress?.(bytes.length, bytes.length)
  return value
}

interface Read {
  value: unknown
  end: number
}

function skipSpace(bytes: Uint8Array, from: number): number {
  let i = from
  while (i < bytes.length && isSpace(bytes[i])) i++
  return i
}

/** Just past the string whose opening quote is at `at`. */
function stringEnd(bytes: Uint8Array, at: number): number {
  let from = at + 1
  for (;;) {
    const quote = bytes.indexOf(QUOTE, from)
    if (quote === -1) throw new JsonBytesError(at)
    let backslashes = 0
    while (bytes[quote - 1 - backslashes] === BACKSLASH) backslashes++
    if (backslashes % 2 === 0) return quote + 1
    from = quote + 1
  }
}

/**
 * Just past the value that starts at `at`, inside `outer` open levels: a string, an object or array
 * (brackets balanced, their strings skipped), or a literal up to the next delimiter. Only the
 * extent is found here; what is inside is checked by JSON.parse, and nesting past MAX_JSON_DEPTH
 * stops the walk.
 */
function valueEnd(bytes: Uint8Array, at: number, outer: number): number {
  const first = bytes[at]
  if (first === QUOTE) return stringEnd(bytes, at)
  if (first === OPEN_OBJECT || first === OPEN_ARRAY) {
    let depth = 0
    const limit = MAX_JSON_DEPTH - outer
    let i = at
    while (i < bytes.length) {
      const b = bytes[i]
      if (b === QUOTE) {
        i = stringEnd(bytes, i)
        continue
      }
      if (b === OPEN_OBJECT || b === OPEN_ARRAY) {
        if (++depth > limit) throw new JsonBytesError(i)
      } else if (b === CLOSE_OBJECT || b === CLOSE_ARRAY) {
        if (--depth === 0) return i + 1
      }
      i++
    }
    throw new JsonBytesError(at)
  }
  let i = at
  while (i < bytes.length) {
    const b = bytes[i]
    if (b === COMMA || b === CLOSE_ARRAY || b === CLOSE_OBJECT || isSpace(b)) break
    i++
  }
  return i
}

function parseRange(bytes: Uint8Array, start: number, end: number): unknown {
  const text = decodeUtf8(bytes, start, end)
  try {
    return JSON.parse(text)
  } catch {
    throw new JsonBytesError(start)
  }
}

function readWhole(bytes: Uint8Array, at: number, outer: number): Read {
  const end = valueEnd(bytes, at, outer)
  return { value: parseRange(bytes, at, end), end }
}

/** An array at nesting level `level`, whose elements are parsed one by one. */
function readArray(
  bytes: Uint8Array,
  at: number,
  progress: (at: number) => void,
  level: number,
): Read {
  const values: unknown[] = []
  let i = skipSpace(bytes, at + 1)
  if (bytes[i] === CLOSE_ARRAY) return { value: values, end: i + 1 }
  for (;;) {
    const end = valueEnd(bytes, i, level)
    values.push(parseRange(bytes, i, end))
    progress(end)
    i = skipSpace(bytes, end)
    if (bytes[i] === CLOSE_ARRAY) return { value: values, end: i + 1 }
    if (bytes[i] !== COMMA) throw new JsonBytesError(i)
    i = skipSpace(bytes, i + 1)
  }
}

/** The top-level object: its array members are read element by element, the rest whole. */
function readObject(bytes: Uint8Array, at: number, progress: (at: number) => void): Read {
  const object: Record<string, unknown> = {}
  let i = skipSpace(bytes, at + 1)
  if (bytes[i] === CLOSE_OBJECT) return { value: object, end: i + 1 }
  for (;;) {
    if (bytes[i] !== QUOTE) throw new JsonBytesError(i)
    const keyEnd = stringEnd(bytes, i)
    const key = parseRange(bytes, i, keyEnd) as string
    i = skipSpace(bytes, keyEnd)
    if (bytes[i] !== COLON) throw new JsonBytesError(i)
    i = skipSpace(bytes, i + 1)
    const { value, end } =
      bytes[i] === OPEN_ARRAY ? readArray(bytes, i, progress, 2) : readWhole(bytes, i, 1)
    // JSON.parse makes "__proto__" an own property; plain assignment would set the prototype.
    Object.defineProperty(object, key, {
      value,
      writable: true,
      enumerable: true,
      configurable: true,
    })
    i = skipSpace(bytes, end)
    if (bytes[i] === CLOSE_OBJECT) return { value: object, end: i + 1 }
    if (bytes[i] !== COMMA) throw new JsonBytesError(i)
    i = skipSpace(bytes, i + 1)
  }
}
