import { locateSyntaxError } from '../json-location'
import type { Message } from '../types'
import type { NoteList } from './report'

/** The text being imported, with its JSON parsed at most once however many formats try it. */
export class ReadInput {
  private parsed?: { value: unknown } | { failure: LocatedError }

  /** The text with any byte-order mark removed. */
  readonly source: string

  constructor(text: string) {
    this.source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  }

  /** The whole text as JSON; throws a LocatedError naming the line and column when it is not. */
  json(): unknown {
    if (!this.parsed) {
      try {
        this.parsed = { value: JSON.parse(this.source) }
      } catch {
        const { line, column, problem } = locateSyntaxError(this.source)
        this.parsed = { failure: new LocatedError(`malformed JSON: ${problem}`, '', line, column) }
      }
    }
    if ('failure' in this.parsed) throw this.parsed.failure
    return this.parsed.value
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
