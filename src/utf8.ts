import { InputError } from './input-error'

/**
 * UTF-8 decoding that refuses what is not UTF-8. A decoder that replaces bad bytes with U+FFFD
 * would carry the replacement characters into every count and export without a word; here the
 * first invalid sequence is an InputError with its byte offset, line and column.
 */

// ignoreBOM: the caller decides about a byte-order mark (decodeText skips it once, at the start).
const fatal = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

const hex = (b: number) => `0x${b.toString(16).toUpperCase().padStart(2, '0')}`

/** `bytes[from, to)` as text; an InputError placed in the whole of `bytes` when it is not UTF-8. */
export function decodeUtf8(bytes: Uint8Array, from = 0, to = bytes.length): string {
  const range = from === 0 && to === bytes.length ? bytes : bytes.subarray(from, to)
  try {
    return fatal.decode(range)
  } catch {
    throw notUtf8(bytes, from)
  }
}

/** The error for bytes that are not UTF-8: UTF-16 by its byte-order mark, else the first bad sequence from `from`. */
export function notUtf8(bytes: Uint8Array, from = 0): InputError {
  const utf16 = utf16Mark(bytes)
  if (utf16 !== undefined) {
    return new InputError(
      `this is UTF-16 text (${utf16}, byte-order mark ${hex(bytes[0])} ${hex(bytes[1])}); ` +
        'save it as UTF-8',
      { line: 1, column: 1, byte: 0 },
    )
  }
  const bad = firstInvalidSequence(bytes, from)
  // Not reached when the decoder refused the same bytes; kept total rather than trusted.
  if (bad === undefined) return new InputError('not UTF-8 text')
  return new InputError(`not UTF-8 text (${bad.problem})`, placeOf(bytes, bad.offset))
}

function utf16Mark(bytes: Uint8Array): string | undefined {
  if (bytes.length < 2) return undefined
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'little-endian'
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'big-endian'
  return undefined
}

// The line, and the column in UTF-16 code units as every other error counts them, of a byte offset
// before which the bytes are valid UTF-8. A UTF-8 byte-order mark is not a column.
function placeOf(bytes: Uint8Array, offset: number) {
  let line = 1
  for (let i = bytes.indexOf(0x0a); i !== -1 && i < offset; i = bytes.indexOf(0x0a, i + 1)) line++
  let lineStart = offset === 0 ? 0 : bytes.lastIndexOf(0x0a, offset - 1) + 1
  if (lineStart === 0 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) lineStart = 3
  const column = fatal.decode(bytes.subarray(lineStart, Math.max(lineStart, offset))).length + 1
  return { line, column, byte: offset }
}

/**
 * The first ill-formed sequence at or after `from`, by the Unicode Standard's table of well-formed
 * UTF-8 byte sequences (Table 3-7), the same rule TextDecoder's fatal mode applies.
 */
export function firstInvalidSequence(
  bytes: Uint8Array,
  from = 0,
): { offset: number; problem: string } | undefined {
  let i = from
  // A continuation byte that starts a character belongs to one that began before `from`.
  while (i > 0 && i < bytes.length && (bytes[i] & 0xc0) === 0x80) i--
  while (i < bytes.length) {
    const b = bytes[i]
    if (b < 0x80) {
      i++
      continue
    }
    const length =
      b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0
    if (length === 0) {
      const why =
        b <= 0xbf
          ? 'a continuation byte with no character to continue'
          : b <= 0xc1
            ? 'a byte that only starts an overlong encoding'
            : 'a byte that never occurs in UTF-8'
      return { offset: i, problem: `an invalid byte ${hex(b)}: ${why}` }
    }
    // The second byte's range depends on the first (no overlongs, surrogates or code points past
    // U+10FFFF); every later one is 0x80–0xBF.
    const [low, high] =
      b === 0xe0
        ? [0xa0, 0xbf]
        : b === 0xed
          ? [0x80, 0x9f]
          : b === 0xf0
            ? [0x90, 0xbf]
            : b === 0xf4
              ? [0x80, 0x8f]
              : [0x80, 0xbf]
    for (let k = 1; k < length; k++) {
      const seen = [...bytes.subarray(i, i + k + 1)].map(hex).join(' ')
      if (i + k >= bytes.length) {
        return {
          offset: i,
          problem: `the bytes ${seen}: a ${length}-byte character cut off at the end of the file`,
        }
      }
      const c = bytes[i + k]
      if (c < (k === 1 ? low : 0x80) || c > (k === 1 ? high : 0xbf)) {
        return {
          offset: i,
          problem: `invalid bytes ${seen}: ${hex(b)} starts a ${length}-byte character that ${hex(c)} does not continue`,
        }
      }
    }
    i += length
  }
  return undefined
}
