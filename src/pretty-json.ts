/**
 * JSON laid out for reading: a message's payload is compact JSON on one line, with a tool's file or
 * output as a string full of `\n` escapes. This re-indents it by two spaces, token by token, so
 * nothing is re-encoded on the way: a number keeps every digit (JSON.parse would round
 * 12345678901234567890), keys keep their order and duplicates.
 */

/** A run of the formatted text: JSON as JSON, or (block) the lines of a string that holds line breaks. */
export interface PrettySegment {
  text: string
  block: boolean
}

export interface PrettyJson {
  segments: PrettySegment[]
  /** False when the text was cut at the limit asked for. */
  complete: boolean
}

const INDENT = '  '
// Real payloads nest a few dozen levels. Past this, lines keep this indent, so that the formatted
// text stays a bounded multiple of the payload's size however deep a hostile one nests.
export const MAX_INDENT_LEVELS = 64
const pad = (depth: number) => INDENT.repeat(Math.min(depth, MAX_INDENT_LEVELS))
// Characters a block shows as JSON escapes: invisible or line-breaking ones, tab excepted.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f\u2028\u2029]/g

/**
 * `text` indented by two spaces, as JSON.stringify(value, null, 2) lays it out, or undefined when
 * it is not JSON. A string value that holds a line break is shown as a block, its lines below the
 * opening quote and indented one level deeper, as its characters (no escapes); other strings are
 * JSON literals, their `\u` escapes decoded. Indents at most MAX_INDENT_LEVELS deep; stops after
 * `limit` characters.
 */
export function prettyJson(text: string, limit = Infinity): PrettyJson | undefined {
  try {
    JSON.parse(text)
  } catch {
    return undefined
  }
  const out = new Writer(limit)
  let depth = 0
  let i = 0
  const n = text.length
  while (i < n && !out.full) {
    const c = text[i]
    if (c === ' ' || c === '\n' || c === '\r' || c === '\t') {
      i++
    } else if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']'
      const next = skipSpace(text, i + 1)
      if (text[next] === close) {
        out.json(c + close)
        i = next + 1
      } else {
        depth++
        out.json(`${c}\n${pad(depth)}`)
        i++
      }
    } else if (c === '}' || c === ']') {
      depth--
      out.json(`\n${pad(depth)}${c}`)
      i++
    } else if (c === ',') {
      out.json(`,\n${pad(depth)}`)
      i++
    } else if (c === ':') {
      out.json(': ')
      i++
    } else if (c === '"') {
      const end = stringEnd(text, i)
      const literal = text.slice(i, end)
      i = end
      const isKey = text[skipSpace(text, i)] === ':'
      writeString(out, literal, isKey, depth)
    } else {
      // A number, true, false or null: copied as written.
      let end = i
      while (end < n && !isDelimiter(text[end])) end++
      out.json(text.slice(i, end))
      i = end
    }
  }
  return { segments: out.segments, complete: !out.full }
}

function writeString(out: Writer, literal: string, isKey: boolean, depth: number): void {
  // Without a backslash the literal has no escape to decode, and so no line break.
  if (!literal.includes('\\')) return out.json(literal)
  const value = JSON.parse(literal) as string
  if (isKey || !/[\n\r]/.test(value)) return out.json(JSON.stringify(value))
  const inner = `\n${pad(depth + 1)}`
  const lines = value
    .split(/\r?\n/)
    .map((line) => line.replace(CONTROL, (ch) => JSON.stringify(ch).slice(1, -1)))
  out.json(`"${inner}`)
  out.block(lines.join(inner))
  out.json(`\n${pad(depth)}"`)
}

/** The offset just past the string literal that opens at `start`. */
function stringEnd(text: string, start: number): number {
  let i = start + 1
  while (text[i] !== '"') i += text[i] === '\\' ? 2 : 1
  return i + 1
}

function skipSpace(text: string, from: number): number {
  let i = from
  while (text[i] === ' ' || text[i] === '\n' || text[i] === '\r' || text[i] === '\t') i++
  return i
}

const isDelimiter = (c: string) => ',:[]{}" \n\r\t'.includes(c)

/** Collects segments, merging runs of JSON, and stops taking text once `limit` is reached. */
class Writer {
  readonly segments: PrettySegment[] = []
  full = false
  private length = 0

  constructor(private readonly limit: number) {}

  json(text: string): void {
    this.add(text, false)
  }

  block(text: string): void {
    this.add(text, true)
  }

  private add(text: string, block: boolean): void {
    if (this.full) return
    let taken = text
    if (this.length + text.length > this.limit) {
      taken = cutAt(text, this.limit - this.length)
      this.full = true
    }
    this.length += taken.length
    const last = this.segments[this.segments.length - 1]
    if (last !== undefined && last.block === block) last.text += taken
    else if (taken !== '') this.segments.push({ text: taken, block })
  }
}

/** The first `n` UTF-16 units of `text`, one fewer rather than half a surrogate pair. */
export function cutAt(text: string, n: number): string {
  const code = text.charCodeAt(n - 1)
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? n - 1 : n)
}
