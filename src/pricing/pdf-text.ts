import { Inflate, Unzlib } from 'fflate'

/*
 * The text a PDF shows, read from its page content streams (ISO 32000-1, 7.3 objects, 7.8 content
 * streams, 9.4 text objects, 9.10 ToUnicode CMaps): enough to price a PDF by its text, which is how
 * OpenAI bills a PDF file input ("the extracted text and an image of each page"; docs/tokens.md,
 * "Documents"). Not a PDF reader: fonts' own encodings, encrypted files and compressed object
 * streams of fonts are not followed, and text it cannot decode is left out.
 */

// The most decoded content read: a PDF's text is a small part of it. A stream is inflated to at
// most MAX_STREAM bytes, fed CHUNK compressed bytes at a time (deflate expands at most ~1,000×),
// and the streams read stop at MAX_TOTAL.
const MAX_TEXT = 4 * 1024 * 1024
const MAX_STREAM = 8 * 1024 * 1024
const MAX_TOTAL = 64 * 1024 * 1024
const CHUNK = 16 * 1024
const latin1 = new TextDecoder('latin1')

/** The text of a PDF's content streams, one line per text object or line move. */
export function pdfText(bytes: Uint8Array): string {
  const streams: Stream[] = []
  let inflated = 0
  for (const s of streamsOf(bytes)) {
    streams.push(s)
    inflated += s.data.length
    if (inflated > MAX_TOTAL) break
  }
  const cmap = toUnicodeMap(streams)
  const literals = cmap && literalsAreCodes(bytes, cmap) ? cmap : undefined
  let text = ''
  for (const s of streams) {
    text += contentText(s.data, cmap, literals)
    if (text.length > MAX_TEXT) break
  }
  return text.replace(/[ \t]*\n[\s]*/g, '\n').trim()
}

/** A stream whose dictionary is a page content stream's or a CMap's: its length and filter only. */
interface Stream {
  data: Uint8Array
}

// Keys a content stream's (or a CMap's) dictionary may hold; a font, an image, an ICC profile or
// an XObject form names others (/Length1, /Subtype, /N, /Width, …), and is not read for text.
const CONTENT_KEYS = new Set([
  'Length',
  'Filter',
  'FlateDecode',
  'DecodeParms',
  'Predictor',
  'Columns',
])

/** Every content stream (or CMap) of the file with a Flate or no filter, decoded. */
function* streamsOf(bytes: Uint8Array): Generator<Stream> {
  const text = latin1.decode(bytes)
  const keyword = /stream\r?\n/g
  for (let m = keyword.exec(text); m; m = keyword.exec(text)) {
    let dictEnd = m.index
    while (dictEnd > 0 && isSpace(text.charCodeAt(dictEnd - 1))) dictEnd--
    if (text.slice(dictEnd - 2, dictEnd) !== '>>' || text.slice(m.index - 3, m.index) === 'end')
      continue
    const dict = text.slice(dictStart(text, dictEnd - 2), dictEnd)
    const start = m.index + m[0].length
    const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dict)
    let end = length ? start + Number(length[1]) : text.indexOf('endstream', start)
    if (end < start || end > text.length) end = text.indexOf('endstream', start)
    if (end < 0) return
    const names = [...dict.matchAll(/\/([A-Za-z0-9]+)/g)].map((n) => n[1])
    const flate = names.includes('FlateDecode')
    const filtered = names.includes('Filter')
    keyword.lastIndex = end
    if (filtered && (!flate || /\/Filter\s*\[[^\]]*\/\w+[^\]]*\/\w+/.test(dict))) continue
    // Fonts, images and the like are never read: neither inflated nor scanned.
    if (!names.every((n) => CONTENT_KEYS.has(n))) continue
    const raw = bytes.subarray(start, end)
    const data = flate ? inflate(raw) : raw
    if (data) yield { data }
  }
}

/**
 * A Flate stream's first MAX_STREAM bytes (zlib-wrapped, as PDF writes them, or raw deflate), fed
 * in small chunks so that a stream built to expand a thousandfold stops once it has given enough:
 * a hostile file costs at most a chunk's worth of work past the cap.
 */
function inflate(raw: Uint8Array): Uint8Array | undefined {
  return inflateWith(raw, true) ?? inflateWith(raw, false)
}

function inflateWith(raw: Uint8Array, zlib: boolean): Uint8Array | undefined {
  let grown = new Uint8Array(Math.min(MAX_STREAM, Math.max(1024, raw.length * 16)))
  let size = 0
  const take = (chunk: Uint8Array) => {
    if (size + chunk.length > grown.length && grown.length < MAX_STREAM) {
      const bigger = new Uint8Array(
        Math.min(MAX_STREAM, Math.max(grown.length * 2, size + chunk.length)),
      )
      bigger.set(grown.subarray(0, size))
      grown = bigger
    }
    const room = Math.min(chunk.length, grown.length - size)
    grown.set(chunk.subarray(0, room), size)
    size += room
  }
  try {
    const stream = zlib ? new Unzlib(take) : new Inflate(take)
    for (let at = 0; at < raw.length && size < MAX_STREAM; at += CHUNK) {
      stream.push(raw.subarray(at, at + CHUNK), at + CHUNK >= raw.length)
    }
  } catch {
    if (size === 0) return undefined
  }
  return grown.subarray(0, size)
}

// Where the dictionary that closes at `close` (its ">>") opens, nested dictionaries counted.
function dictStart(text: string, close: number): number {
  let depth = 0
  for (let i = close; i > 0; i--) {
    const two = text.slice(i, i + 2)
    if (two === '>>') {
      depth++
      i--
    } else if (two === '<<') {
      depth--
      if (depth === 0) return i
    }
  }
  return 0
}

const isSpace = (c: number) =>
  c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0

/**
 * Whether a literal string's bytes are codes of the file's ToUnicode CMap, as a hex string's are:
 * when its codes are two bytes (a Type0 font's, Identity-H most often) and the file declares no
 * simple font (Type1, TrueType, Type3), whose literal strings are one byte a character. Which font
 * shows a string is not followed, so a file that mixes the two keeps its literal strings as bytes.
 */
function literalsAreCodes(bytes: Uint8Array, cmap: CodeMap): boolean {
  if (cmap.width !== 2) return false
  return !/\/Subtype\s*\/(?:Type1|MMType1|TrueType|Type3)(?![A-Za-z0-9])/.test(latin1.decode(bytes))
}

/** Codes to text, from every ToUnicode CMap of the file; `width` is a code's bytes. */
interface CodeMap {
  width: number
  map: Map<number, string>
}

function toUnicodeMap(streams: readonly Stream[]): CodeMap | undefined {
  const map = new Map<number, string>()
  let width = 1
  for (const { data } of streams) {
    const text = latin1.decode(data.subarray(0, 1 << 20))
    if (!text.includes('beginbf')) continue
    const space = /begincodespacerange\s*<([0-9A-Fa-f]+)>/.exec(text)
    if (space) width = Math.max(width, Math.ceil(space[1].length / 2))
    for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
      for (const [, code, dst] of block[1].matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]*)>/g))
        map.set(parseInt(code, 16), utf16(dst))
    }
    for (const block of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
      const ranges = /<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(?:<([0-9A-Fa-f]*)>|\[([^\]]*)\])/g
      for (const [, lo, hi, dst, list] of block[1].matchAll(ranges)) {
        const from = parseInt(lo, 16)
        const to = Math.min(parseInt(hi, 16), from + 0xffff)
        if (list !== undefined) {
          const each = [...list.matchAll(/<([0-9A-Fa-f]*)>/g)].map((d) => utf16(d[1]))
          each.forEach((t, k) => from + k <= to && map.set(from + k, t))
        } else if (dst !== undefined && dst.length > 0) {
          const base = utf16(dst)
          const last = base.charCodeAt(base.length - 1)
          for (let c = from; c <= to; c++)
            map.set(c, base.slice(0, -1) + String.fromCharCode(last + c - from))
        }
      }
    }
  }
  return map.size > 0 ? { width, map } : undefined
}

// A CMap's destination: UTF-16BE code units in hex.
function utf16(hex: string): string {
  let out = ''
  for (let i = 0; i + 4 <= hex.length; i += 4)
    out += String.fromCharCode(parseInt(hex.slice(i, i + 4), 16))
  return out
}

/**
 * The text a content stream shows with Tj, TJ, ' and ": hex strings through `cmap`, literal strings
 * through `literals` (the same map when the file's fonts take two-byte codes), else as bytes.
 */
function contentText(
  data: Uint8Array,
  cmap: CodeMap | undefined,
  literals: CodeMap | undefined,
): string {
  const s = latin1.decode(data)
  if (!s.includes('BT')) return ''
  let out = ''
  let operands: (string | number | (string | number)[])[] = []
  let array: (string | number)[] | undefined
  let i = 0
  const n = s.length
  while (i < n) {
    const c = s[i]
    if (isSpace(s.charCodeAt(i))) {
      i++
    } else if (c === '%') {
      while (i < n && s[i] !== '\n' && s[i] !== '\r') i++
    } else if (c === '(') {
      const [value, next] = literal(s, i)
      ;(array ?? operands).push(literals ? codesText(value, literals) : value)
      i = next
    } else if (c === '<' && s[i + 1] !== '<') {
      const close = s.indexOf('>', i)
      const hex = s.slice(i + 1, close < 0 ? n : close).replace(/\s+/g, '')
      ;(array ?? operands).push(hexText(hex, cmap))
      i = close < 0 ? n : close + 1
    } else if (c === '[') {
      array = []
      i++
    } else if (c === ']') {
      if (array) operands.push(array)
      array = undefined
      i++
    } else if (c === '/' || c === '<' || c === '>' || c === '{' || c === '}') {
      i++
      while (i < n && !isSpace(s.charCodeAt(i)) && !'()<>[]{}/%'.includes(s[i])) i++
    } else {
      let j = i
      while (j < n && !isSpace(s.charCodeAt(j)) && !'()<>[]{}/%'.includes(s[j])) j++
      const word = s.slice(i, j || i + 1)
      i = Math.max(j, i + 1)
      const number = Number(word)
      if (word !== '' && !Number.isNaN(number)) {
        ;(array ?? operands).push(number)
        continue
      }
      out += operatorText(word, operands)
      operands = []
      if (word === 'ID') {
        // An inline image's data, to its EI.
        const ei = s.indexOf('EI', i)
        i = ei < 0 ? n : ei + 2
      }
    }
  }
  return out
}

function operatorText(
  op: string,
  operands: readonly (string | number | (string | number)[])[],
): string {
  const last = operands[operands.length - 1]
  switch (op) {
    case 'Tj':
      return typeof last === 'string' ? last : ''
    case "'":
    case '"':
      return typeof last === 'string' ? `\n${last}` : ''
    case 'TJ':
      if (!Array.isArray(last)) return ''
      // A large negative adjustment is a word's gap (thousandths of a text space unit).
      return last.map((v) => (typeof v === 'string' ? v : v < -200 ? ' ' : '')).join('')
    case 'Td':
    case 'TD':
      // A move along the line places the next glyphs (often inside a word): no break.
      return operands[1] === 0 ? '' : '\n'
    case 'T*':
    case 'ET':
      return '\n'
    default:
      return ''
  }
}

// A literal string from its "(" at `at`: escapes read, balanced parentheses kept.
function literal(s: string, at: number): [string, number] {
  let out = ''
  let depth = 1
  let i = at + 1
  while (i < s.length) {
    const c = s[i]
    if (c === '\\') {
      const e = s[i + 1]
      const simple: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' }
      if (e in simple) {
        out += simple[e]
        i += 2
      } else if (e >= '0' && e <= '7') {
        let j = i + 1
        while (j < i + 4 && s[j] >= '0' && s[j] <= '7') j++
        out += String.fromCharCode(parseInt(s.slice(i + 1, j), 8) & 0xff)
        i = j
      } else if (e === '\r' || e === '\n') {
        i += e === '\r' && s[i + 2] === '\n' ? 3 : 2
      } else {
        out += e ?? ''
        i += 2
      }
      continue
    }
    if (c === '(') depth++
    if (c === ')' && --depth === 0) return [out, i + 1]
    out += c
    i++
  }
  return [out, i]
}

// A hex string's text: through the file's ToUnicode codes where it has them, else its bytes.
function hexText(hex: string, cmap: CodeMap | undefined): string {
  const digits = hex.length % 2 === 1 ? `${hex}0` : hex
  if (!cmap) {
    let out = ''
    for (let i = 0; i < digits.length; i += 2)
      out += String.fromCharCode(parseInt(digits.slice(i, i + 2), 16))
    return out
  }
  const step = cmap.width * 2
  let out = ''
  for (let i = 0; i + step <= digits.length; i += step)
    out += cmap.map.get(parseInt(digits.slice(i, i + step), 16)) ?? ''
  return out
}

// A literal string's bytes (one a character, as literal() gives them) read as the CMap's codes.
function codesText(bytes: string, cmap: CodeMap): string {
  let out = ''
  for (let i = 0; i + cmap.width <= bytes.length; i += cmap.width) {
    let code = 0
    for (let k = 0; k < cmap.width; k++) code = code * 256 + bytes.charCodeAt(i + k)
    out += cmap.map.get(code) ?? ''
  }
  return out
}
