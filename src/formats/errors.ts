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
 * A conversation could not be read. With a forced format, `reason` is that format's. When
 * detecting, it is the reason of the format the file looks most like (`resembled`), or, for a
 * file that looks like no format, the reason the wire shape gives (JSON) or where the JSON breaks.
 * `problem` alone, without a reason, says what a file that is none of those is.
 */
export class FormatError extends Error {
  /** The format that was asked for, or undefined when it was detected. */
  readonly format?: FormatId
  /** Why the forced or most resembling format did not read the file, and where. */
  readonly reason?: FormatMismatch
  /** True when `reason` is that of a format the file looks like (not a fallback). */
  readonly resembled: boolean

  constructor(what: {
    reason?: FormatMismatch
    format?: FormatId
    resembled?: boolean
    problem?: string
  }) {
    const { reason, format, resembled = false } = what
    const lead =
      format !== undefined && reason
        ? `not ${reason.label}`
        : resembled && reason
          ? `not a conversation in any known format; it looks most like ${reason.label}, but`
          : 'not a conversation in any known format'
    const detail = reason ? describeMismatch(reason) : (what.problem ?? '')
    super(detail === '' ? lead : `${lead}${lead.endsWith('but') ? '' : ':'} ${detail}`)
    this.name = 'FormatError'
    this.format = format
    this.reason = reason
    this.resembled = resembled
  }
}

/**
 * The import's choice of request (ImportOptions.request) names no request of the file: out of
 * range, or the file is not one with requests. Not a format mismatch: detection does not go on.
 */
export class RequestError extends Error {
  constructor(
    readonly problem: string,
    /** The choice it is about: a traffic log's request, or a database's session. */
    readonly option: 'request' | 'session' = 'request',
  ) {
    super(problem)
    this.name = 'RequestError'
  }
}
