import type { EncodingName } from 'gpt-tokenizer/mapping'
import { CLASSES } from './split-patterns'

/**
 * tiktoken's split patterns, followed by hand: the end of the piece that starts at a place in a
 * text. A JavaScript engine's regular expression keeps a backtracking entry for every character of
 * a run it repeats over a class with astral members (`\p{L}+`, a `v`-flag set): V8 overflows its
 * stack past about four million UTF-16 units of one class. This scanner reads runs in a loop, so a
 * piece of any length is found in time proportional to it. It follows each pattern alternative by
 * alternative, in order, with the backtracking each one does worked out (comments below); the
 * differential tests check it against tiktoken on every encoding.
 */
export type PieceScanner = (text: string, start: number) => number

// A code point's classes, as bits: the sets the patterns are made of (split-patterns.ts).
const LETTER = 1
const NUMBER = 2
const SPACE = 4
const UPPER = 8 // Lu Lt Lm Lo M
const LOWER = 16 // Ll Lm Lo M
/** Neither a letter, a number nor a space: `[^\s\p{L}\p{N}]`. */
const OTHER = 32
const KNOWN = 128

const tests: [number, RegExp][] = [
  [LETTER, new RegExp(`^${CLASSES.L}$`, 'v')],
  [NUMBER, new RegExp(`^${CLASSES.N}$`, 'v')],
  [SPACE, new RegExp(`^${CLASSES.SPACE}$`, 'v')],
  [UPPER, new RegExp(`^${CLASSES.UPPER}$`, 'v')],
  [LOWER, new RegExp(`^${CLASSES.LOWER}$`, 'v')],
]

function classify(codePoint: number): number {
  const char = String.fromCodePoint(codePoint)
  let bits = KNOWN
  for (const [bit, test] of tests) if (test.test(char)) bits |= bit
  if ((bits & (LETTER | NUMBER | SPACE)) === 0) bits |= OTHER
  return bits
}

// The BMP's classes, filled in as characters are met; astral code points, remembered in a map.
const bmp = new Uint8Array(0x10000)
const astral = new Map<number, number>()

/** The classes of the code point at `i` (a lone surrogate is a code point of its own: OTHER). */
function classAt(text: string, i: number): number {
  const c = text.charCodeAt(i)
  if (c < 0xd800 || c > 0xdbff) {
    const known = bmp[c]
    return known !== 0 ? known : (bmp[c] = classify(c))
  }
  const next = text.charCodeAt(i + 1)
  if (!(next >= 0xdc00 && next <= 0xdfff)) return (bmp[c] ||= classify(c))
  const cp = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00)
  let bits = astral.get(cp)
  if (bits === undefined) astral.set(cp, (bits = classify(cp)))
  return bits
}

/** The length in UTF-16 units of the code point at `i`. */
function widthAt(text: string, i: number): number {
  const c = text.charCodeAt(i)
  if (c < 0xd800 || c > 0xdbff) return 1
  const next = text.charCodeAt(i + 1)
  return next >= 0xdc00 && next <= 0xdfff ? 2 : 1
}

/** Where the run of code points with any of `bits` that starts at `i` ends. */
function runEnd(text: string, i: number, bits: number): number {
  while (i < text.length && (classAt(text, i) & bits) !== 0) i += widthAt(text, i)
  return i
}

const isLineEnd = (c: number) => c === 0x0a || c === 0x0d

/** Where a run of \r and \n (and `/`, when `slash`) that starts at `i` ends. */
function lineEndsEnd(text: string, i: number, slash: boolean): number {
  for (;;) {
    const c = text.charCodeAt(i)
    if (isLineEnd(c) || (slash && c === 0x2f)) i++
    else return i
  }
}

/** How long a contraction at `i` is (0 for none): `'s`, `'t`, `'re`, `'ve`, `'m`, `'ll`, `'d`. */
function contraction(text: string, i: number, anyCase: boolean): number {
  if (text.charCodeAt(i) !== 0x27) return 0
  // tiktoken's cl100k and o200k patterns match these without regard to case; Unicode case folding
  // makes ſ (U+017F) an s. Each second letter starts one contraction only, so the first that
  // matches is the only one.
  const at = (k: number) => {
    const c = text.charAt(i + k)
    return anyCase ? (c === 'ſ' ? 's' : c.toLowerCase()) : c
  }
  switch (at(1)) {
    case 's':
    case 't':
    case 'm':
    case 'd':
      return 2
    case 'r':
    case 'v':
      return at(2) === 'e' ? 3 : 0
    case 'l':
      return at(2) === 'l' ? 3 : 0
    default:
      return 0
  }
}

/**
 * The whitespace alternatives at `i`, a space: `\s*[\r\n]+` (cl100k, o200k), `\s+(?!\S)`, `\s+`.
 * `\s*[\r\n]+` gives back spaces until a line end follows, so it ends after the run's last line
 * end. `\s+(?!\S)` gives back one space when a non-space follows the run, as long as one is left.
 */
function spaces(text: string, i: number, lineEnds: boolean): number {
  const end = runEnd(text, i, SPACE)
  if (lineEnds) {
    for (let k = end - 1; k >= i; k--) if (isLineEnd(text.charCodeAt(k))) return k + 1
  }
  if (end === text.length || end - 1 === i) return end
  return end - 1
}

/** Whether the code point at `i` may open a piece before letters: `[^\r\n\p{L}\p{N}]`. */
function mayLead(text: string, i: number): boolean {
  return !isLineEnd(text.charCodeAt(i)) && (classAt(text, i) & (LETTER | NUMBER)) === 0
}

/** r50k: `'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+`. */
function scanR50k(text: string, start: number): number {
  const n = contraction(text, start, false)
  if (n > 0) return start + n
  // ` ?X+`: with the space, X must follow it; without it, the space is not X. Either way X
  // follows the optional space.
  const from = text.charCodeAt(start) === 0x20 && start + 1 < text.length ? start + 1 : start
  const bits = classAt(text, from)
  for (const run of [LETTER, NUMBER, OTHER]) {
    if ((bits & run) !== 0 && from < text.length) return runEnd(text, from, run)
  }
  return spaces(text, start, false)
}

/**
 * cl100k: `(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}|
 * ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+`.
 */
function scanCl100k(text: string, start: number): number {
  const n = contraction(text, start, true)
  if (n > 0) return start + n
  const lead = mayLead(text, start) ? start + widthAt(text, start) : start
  if (lead < text.length && (classAt(text, lead) & LETTER) !== 0) {
    return runEnd(text, lead, LETTER)
  }
  return numbersOrOther(text, start, false) ?? spaces(text, start, true)
}

/** `\p{N}{1,3}`, then ` ?[^\s\p{L}\p{N}]+[\r\n]*` (with `/` among the line ends for o200k). */
function numbersOrOther(text: string, start: number, slash: boolean): number | undefined {
  let i = start
  for (let k = 0; k < 3 && i < text.length && (classAt(text, i) & NUMBER) !== 0; k++) {
    i += widthAt(text, i)
  }
  if (i > start) return i
  const from = text.charCodeAt(start) === 0x20 ? start + 1 : start
  if (from < text.length && (classAt(text, from) & OTHER) !== 0) {
    return lineEndsEnd(text, runEnd(text, from, OTHER), slash)
  }
  return undefined
}

/**
 * `[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+` at `i`, or -1. The first run is
 * greedy: when no lower-case letter follows it, it gives back code points until the last one it
 * took that is also lower-case (Lm, Lo or M), which is then the whole second run.
 */
function upperThenLower(text: string, i: number): number {
  let lastBoth = -1
  let end = i
  while (end < text.length) {
    const bits = classAt(text, end)
    if ((bits & UPPER) === 0) break
    if ((bits & LOWER) !== 0) lastBoth = end
    end += widthAt(text, end)
  }
  if (end < text.length && (classAt(text, end) & LOWER) !== 0) return runEnd(text, end, LOWER)
  return lastBoth === -1 ? -1 : lastBoth + widthAt(text, lastBoth)
}

/** `[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*` at `i`, or -1. */
function upperRun(text: string, i: number): number {
  if (i >= text.length || (classAt(text, i) & UPPER) === 0) return -1
  return runEnd(text, runEnd(text, i, UPPER), LOWER)
}

/**
 * o200k: `[^\r\n\p{L}\p{N}]?UPPER*LOWER+(?i:'s|…)?|[^\r\n\p{L}\p{N}]?UPPER+LOWER*(?i:'s|…)?|
 * \p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+`. Each of the first two tries
 * with the leading code point, then without it, before the next alternative is tried.
 */
function scanO200k(text: string, start: number): number {
  const lead = mayLead(text, start) ? start + widthAt(text, start) : -1
  for (const letters of [upperThenLower, upperRun]) {
    let end = lead !== -1 && lead < text.length ? letters(text, lead) : -1
    if (end === -1) end = letters(text, start)
    if (end !== -1) return end + contraction(text, end, true)
  }
  return numbersOrOther(text, start, true) ?? spaces(text, start, true)
}

const SCANNERS: Record<EncodingName, PieceScanner> = {
  gpt2: scanR50k,
  r50k_base: scanR50k,
  p50k_base: scanR50k,
  p50k_edit: scanR50k,
  cl100k_base: scanCl100k,
  o200k_base: scanO200k,
  o200k_harmony: scanO200k,
}

/** The scanner that cuts text exactly where the encoding's split pattern does. */
export function pieceScannerFor(encoding: EncodingName): PieceScanner {
  return SCANNERS[encoding]
}
