import { clip } from './text-clip'

/**
 * Untrusted text made safe to show, in a terminal or on the page: control characters (ANSI
 * escapes) and bidi overrides could rewrite the terminal or disguise what a message says, so they
 * are shown as `\u` escapes, which also read as the same character inside JSON.
 */

const UNPRINTABLE =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu

/** Text with every control character but line feed and tab, and every bidi control, as a \u escape. */
export function escapeUnprintable(text: string): string {
  return text.replace(UNPRINTABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

// Text with nothing to change: printable ASCII, single spaces only between words.
const NEEDS_CHANGE = /[^\x21-\x7e ]| {2}|^ | $/

/** Text made safe for one table cell: whitespace runs as one space, controls as \u escapes. */
export function printable(text: string): string {
  if (!NEEDS_CHANGE.test(text)) return text
  return escapeUnprintable(text.replace(/\s+/gu, ' ').trim())
}

/** The number of code points in a text, without spreading it into an array. */
export function codePoints(text: string): number {
  let n = text.length
  for (let i = 0; i < text.length - 1; i++) {
    if (isHigh(text.charCodeAt(i)) && isLow(text.charCodeAt(i + 1))) {
      n--
      i++
    }
  }
  return n
}

const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff
const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff

/** How many characters of a long text a cell looks at: whitespace collapses, escapes grow. */
const CELL_WINDOW = 4096

/**
 * One table cell from untrusted text of any length: printable, then clipped to `max` code points.
 * Only the first CELL_WINDOW characters are read, so a 100 MB message costs what a short one does.
 */
export function cell(text: string, max: number): string {
  if (text.length <= CELL_WINDOW) return clip(printable(text), max)
  return clip(`${printable(text.slice(0, CELL_WINDOW))}…`, max)
}
