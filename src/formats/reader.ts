import type { Message } from '../types'
import type { NoteList } from './report'

/** The text being imported, with its JSON parsed at most once however many formats try it. */
export class ReadInput {
  private parsed?: { value: unknown } | { failure: JsonSyntaxError }

  /** The text with any byte-order mark removed. */
  readonly source: string

  constructor(text: string) {
    this.source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  }

  /** The whole text as JSON; throws JsonSyntaxError when it is not. */
  json(): unknown {
    if (!this.parsed) {
      try {
        this.parsed = { value: JSON.parse(this.source) }
      } catch {
        this.parsed = { failure: new JsonSyntaxError() }
      }
    }
    if ('failure' in this.parsed) throw this.parsed.failure
    return this.parsed.value
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
