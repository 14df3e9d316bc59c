import { InputError } from '../input-error'
import { decodeText, hasByteOrderMark, isSpace, type ParseProgress } from '../json-bytes'
import { parseJsonContent } from '../json-parse'
import type { Message } from '../types'
import type { NoteList } from './report'

/**
 * The file being imported, as text or as its UTF-8 bytes, with its JSON parsed at most once however
 * many formats try it. Bytes are parsed without decoding the whole file (json-bytes.ts); the whole
 * text is decoded only when something asks for it: an error's location, or a JSONL reader.
 */
export class ReadInput {
  private parsed?: { value: unknown } | { failure: JsonSyntaxError | InputError }
  private text?: string

  /** `onProgress` hears how far the parse of bytes has got (text is parsed in one go). */
  constructor(
    private readonly content: string | Uint8Array,
    private readonly onProgress?: ParseProgress,
  ) {}

  /** The text with any byte-order mark removed (decoded on first use when given bytes). */
  get source(): string {
    if (this.text === undefined) {
      const { content } = this
      this.text =
        typeof content !== 'string'
          ? decodeText(content)
          : content.charCodeAt(0) === 0xfeff
            ? content.slice(1)
            : content
    }
    return this.text
  }

  /**
   * The whole input as JSON; throws JsonSyntaxError when it is not, and InputError when it is not
   * UTF-8 or nests too deep (no format reads it then).
   */
  json(): unknown {
    if (!this.parsed) {
      try {
        this.parsed = { value: parseJsonContent(this.content, this.onProgress, () => this.source) }
      } catch (error) {
        this.parsed = { failure: error instanceof InputError ? error : new JsonSyntaxError() }
      }
    }
    if ('failure' in this.parsed) throw this.parsed.failure
    return this.parsed.value
  }

  /** Whether a line break comes between the first and the last character that is not blank. */
  spansLines(): boolean {
    const { content } = this
    if (typeof content === 'string') return content.trim().includes('\n')
    let first = 0
    let last = content.length - 1
    while (first <= last && isSpace(content[first])) first++
    while (last >= first && isSpace(content[last])) last--
    const lineBreak = content.indexOf(0x0a, first)
    return lineBreak !== -1 && lineBreak < last
  }

  /**
   * The 1-based line the JSON value starts on. Asked only of input that parsed as JSON, so what
   * comes before the value is a byte-order mark and JSON's blanks.
   */
  firstContentLine(): number {
    const { content } = this
    const text = typeof content === 'string'
    const code = (i: number) => (text ? content.charCodeAt(i) : content[i])
    let line = 1
    let i = text ? (content.charCodeAt(0) === 0xfeff ? 1 : 0) : hasByteOrderMark(content) ? 3 : 0
    for (; i < content.length && isSpace(code(i)); i++) if (code(i) === 0x0a) line++
    return line
  }
}

/**
 * The text is not JSON. Where it breaks is worked out only for an error message
 * (locateSyntaxError re-parses the whole text), not every time a format is tried.
 */
export class JsonSyntaxError extends Error {
  constructor() {
    super('malformed JSON')
    this.name = 'JsonSyntaxError'
  }
}

/** What a format's reader makes of the input. */
export interface ReadResult {
  model?: string
  messages: Message[]
  notes: NoteList
}

/** A format's reader: throws ShapeError or LocatedError when the input is not in its format. */
export type Reader = (input: ReadInput) => ReadResult

/** The input is not in a format, at a place already known by line (JSON syntax, JSONL). */
export class LocatedError extends Error {
  constructor(
    readonly problem: string,
    readonly path: string,
    readonly line?: number,
    readonly column?: number,
  ) {
    super(problem)
    this.name = 'LocatedError'
  }
}
