import type { FormatId, FormatMismatch } from './types'

/** `messages[2].role (line 14, column 7): problem`, or just the problem for the whole file. */
export function describeMismatch(m: FormatMismatch): string {
  const at =
    m.line !== undefined && !m.path.startsWith('line ')
      ? `line ${m.line}, column ${m.column ?? 1}`
      : ''
  const where = m.path !== '' && at !== '' ? `${m.path} (${at})` : m.path || at
  return where === '' ? m.problem : `${where}: ${m.problem}`
}

/**
 * A conversation could not be read. With a forced format, `reason` is that format's; when
 * detecting, it is the reason of the format the file most resembles (detect.ts), and `format` is
 * undefined. When the file resembles no format at all, `reason` is undefined and `problem` says
 * what the file is instead.
 */
export class FormatError extends Error {
  /** The format that was asked for, or undefined when it was detected. */
  readonly format?: FormatId
  /** Why the forced or most resembling format did not read the file, and where. */
  readonly reason?: FormatMismatch
  /** What the file is, when it resembles no format (`not JSON or JSONL: …`). */
  readonly problem?: string

  constructor(reason: FormatMismatch, format?: FormatId)
  constructor(problem: string)
  constructor(what: FormatMismatch | string, format?: FormatId) {
    super(
      typeof what === 'string'
        ? what
        : format !== undefined
          ? `not ${what.label}: ${describeMismatch(what)}`
          : `not a conversation in any known format; it looks most like ${what.label}, which it is not: ${describeMismatch(what)}`,
    )
    this.name = 'FormatError'
    this.format = format
    if (typeof what === 'string') this.problem = what
    else this.reason = what
  }
}

/**
 * The import's choice of request (ImportOptions.request) names no request of the file: out of
 * range, or the file is not one with requests. Not a format mismatch: detection does not go on.
 */
export class RequestError extends Error {
  constructor(readonly problem: string) {
    super(problem)
    this.name = 'RequestError'
  }
}
