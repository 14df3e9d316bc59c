/**
 * Cutting text short for one line of a table or a list, without splitting a character (a
 * surrogate pair) or a grapheme cluster (an emoji sequence, a letter and its accents), and reading
 * only as much of the text as is kept.
 */

const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff
const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff

// The offset just past the first `n` code points (the text's length when it has fewer).
function offsetAfter(text: string, n: number): number {
  let i = 0
  for (let k = 0; k < n && i < text.length; k++) {
    i += isHigh(text.charCodeAt(i)) && isLow(text.charCodeAt(i + 1)) ? 2 : 1
  }
  return i
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' })

/**
 * The last grapheme boundary at or before offset `cut`. Between two ASCII characters (not CR LF)
 * there always is one; elsewhere the segmenter decides, on the text up to the character after it.
 */
export function clusterStart(text: string, cut: number): number {
  if (cut >= text.length) return text.length
  const before = text.charCodeAt(cut - 1)
  const after = text.charCodeAt(cut)
  if (before < 0x7f && after < 0x7f && !(before === 0x0d && after === 0x0a)) return cut
  let start = 0
  for (const { index } of graphemes.segment(text.slice(0, cut + 2))) {
    if (index > cut) break
    start = index
  }
  return start
}

/**
 * The first `max` code points of a text, with an ellipsis when something was cut (then `max - 1`
 * code points at most, and the ellipsis). The cut moves back to the start of a cluster it would
 * split.
 */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text
  const cut = offsetAfter(text, max - 1)
  // At most one more code point: the whole text fits.
  if (offsetAfter(text.slice(cut, cut + 2), 1) >= text.length - cut) return text
  return `${text.slice(0, clusterStart(text, cut))}…`
}

/**
 * How many columns a code point takes in a line of proportional text, roughly: East Asian wide
 * and fullwidth characters and pictographic emoji take two, joiners, variation selectors, skin
 * tones and combining marks none, everything else one.
 */
export function columnsOf(code: number): number {
  if (code < 0x300) return 1
  if (
    (code >= 0x300 && code <= 0x36f) ||
    code === 0x200d ||
    (code >= 0xfe00 && code <= 0xfe0f) ||
    (code >= 0x1f3fb && code <= 0x1f3ff) ||
    (code >= 0xe0100 && code <= 0xe01ef)
  ) {
    return 0
  }
  if (
    (code >= 0x1100 && code <= 0x115f) ||
    (code >= 0x2e80 && code <= 0xa4cf) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe30 && code <= 0xfe4f) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    (code >= 0x1f000 && code <= 0x1faff) ||
    (code >= 0x20000 && code <= 0x3fffd)
  ) {
    return 2
  }
  return 1
}

/**
 * The start of a text that fills at most `columns` columns (see columnsOf), ending in an ellipsis
 * when something was cut or `more` says the text goes on. Never splits a cluster: the cut moves
 * back to its start. Reads only up to the cut.
 */
export function clipColumns(text: string, columns: number, more = false): string {
  const room = columns - 1
  let used = 0
  let i = 0
  let cut = -1
  while (i < text.length) {
    const code = text.codePointAt(i)!
    const width = columnsOf(code)
    if (cut === -1 && used + width > room) cut = i
    used += width
    if (used > columns) break
    i += code > 0xffff ? 2 : 1
  }
  if (i >= text.length && used <= columns && !more) return text
  if (cut === -1) cut = text.length
  return `${text.slice(0, clusterStart(text, cut))}…`
}

/**
 * How much of a long text a one-line preview looks at: enough for whitespace runs (indented code)
 * to collapse and still fill the line, and never the whole of a megabyte tool output.
 */
const PREVIEW_WINDOW = 4096

/**
 * A text as one line of at most `columns` columns: whitespace runs collapsed to one space, trimmed,
 * cut short with an ellipsis (clipColumns). Reads at most PREVIEW_WINDOW characters of it.
 */
export function previewLine(text: string, columns: number): string {
  const more = text.length > PREVIEW_WINDOW
  const window = more ? text.slice(0, clusterStart(text, PREVIEW_WINDOW)) : text
  return clipColumns(window.replace(/\s+/g, ' ').trim(), columns, more)
}
