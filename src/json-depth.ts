import {
  QUOTE,
  BACKSLASH,
  OPEN_OBJECT,
  CLOSE_OBJECT,
  OPEN_ARRAY,
  CLOSE_ARRAY,
  SLASH,
  STAR,
  LINE_FEED,
  CARRIAGE_RETURN,
} from './json-chars'
import { formatNumber } from './numbers'

/**
 * How deep JSON may nest. JSON.parse itself takes any depth, but everything after it that walks a
 * value recursively does not: JSON.stringify of a payload overflows V8's stack from about 5,000
 * levels, jsonc-parser (which locates errors) not much later. Real conversations nest a few dozen
 * levels (a tool's arguments, a JSON schema); a file nested deeper than this is refused where it
 * is parsed, so that nothing downstream ever meets it.
 */
export const MAX_JSON_DEPTH = 1000

/** Where JSON first nests past MAX_JSON_DEPTH, and the deepest level it reaches. */
export interface ExcessNesting {
  /** The offset of the bracket that opens level MAX_JSON_DEPTH + 1. */
  offset: number
  depth: number
}

/**
 * Whether JSON text (a string, or its UTF-8 bytes: JSON's brackets, quotes and line breaks are
 * ASCII in both) nests deeper than MAX_JSON_DEPTH. Brackets in strings and comments do not count. Malformed text is read as
 * jsonc-parser reads it, so that what this passes that parser can take: a string also ends at a
 * line break, and comments are skipped.
 */
export function excessNesting(json: string | Uint8Array): ExcessNesting | undefined {
  if (!enoughBrackets(json)) return undefined
  const to = json.length
  const text = typeof json === 'string' ? json : undefined
  const code = (i: number) => (text !== undefined ? text.charCodeAt(i) : (json as Uint8Array)[i])
  const find = (c: number, i: number) => {
    const at =
      text !== undefined
        ? text.indexOf(String.fromCharCode(c), i)
        : (json as Uint8Array).indexOf(c, i)
    return at === -1 || at >= to ? to : at
  }
  // The next line feed and carriage return, found again only once passed: a string ends at the
  // first of its closing quote and a line break.
  let lf = -1
  let cr = -1
  const lineBreakAfter = (i: number) => {
    if (lf < i) lf = find(LINE_FEED, i)
    if (cr < i) cr = find(CARRIAGE_RETURN, i)
    return Math.min(lf, cr)
  }
  let level = 0
  let excess: ExcessNesting | undefined
  for (let i = 0; i < to; i++) {
    const c = code(i)
    if (c === QUOTE) {
      const close = closingQuote(code, find, i, to)
      // jsonc-parser reads a backslash and a line break as an (invalid) escape, inside the string.
      let lineBreak = lineBreakAfter(i + 1)
      while (lineBreak < close && escaped(code, lineBreak))
        lineBreak = lineBreakAfter(lineBreak + 1)
      i = Math.min(close, lineBreak)
    } else if (c === SLASH && code(i + 1) === STAR) {
      const close =
        text !== undefined ? text.indexOf('*/', i + 2) : blockCommentEnd(json as Uint8Array, i + 2)
      i = close === -1 || close >= to ? to : close + 1
    } else if (c === SLASH && code(i + 1) === SLASH) {
      i = lineBreakAfter(i + 2)
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++level > MAX_JSON_DEPTH) {
        excess ??= { offset: i, depth: level }
        if (level > excess.depth) excess.depth = level
      }
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      level--
    }
  }
  return excess
}

// The offset of the quote that closes the string opened at `at` (or `to`, when none does).
function closingQuote(
  code: (i: number) => number,
  find: (c: number, i: number) => number,
  at: number,
  to: number,
): number {
  let from = at + 1
  for (;;) {
    const quote = find(QUOTE, from)
    if (quote >= to || !escaped(code, quote)) return quote
    from = quote + 1
  }
}

// Whether an odd number of backslashes comes just before offset `at`.
function escaped(code: (i: number) => number, at: number): boolean {
  let backslashes = 0
  while (code(at - 1 - backslashes) === BACKSLASH) backslashes++
  return backslashes % 2 === 1
}

function blockCommentEnd(bytes: Uint8Array, from: number): number {
  for (let i = bytes.indexOf(STAR, from); i !== -1; i = bytes.indexOf(STAR, i + 1)) {
    if (bytes[i + 1] === SLASH) return i
  }
  return -1
}

/** The problem, in words, for JSON that nests `depth` levels deep. */
export const nestingProblem = (depth: number): string =>
  `nested ${formatNumber(depth)} levels deep; the limit is ${formatNumber(MAX_JSON_DEPTH)}`

/**
 * Whether the text holds more than MAX_JSON_DEPTH opening brackets, strings and all: fewer cannot
 * nest that deep. Most texts checked (a JSONL line, a payload) are shorter than that, and a count
 * by indexOf is far cheaper than the scan, so the scan runs only where nesting could be too deep.
 */
function enoughBrackets(json: string | Uint8Array): boolean {
  if (json.length <= MAX_JSON_DEPTH) return false
  let count = 0
  for (const bracket of ['[', '{']) {
    if (typeof json === 'string') {
      for (let i = json.indexOf(bracket); i !== -1; i = json.indexOf(bracket, i + 1)) {
        if (++count > MAX_JSON_DEPTH) return true
      }
    } else {
      const b = bracket.charCodeAt(0)
      for (let i = json.indexOf(b); i !== -1; i = json.indexOf(b, i + 1)) {
        if (++count > MAX_JSON_DEPTH) return true
      }
    }
  }
  return false
}
