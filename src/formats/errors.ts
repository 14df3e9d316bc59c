import type { FormatId, FormatMismatch } from './types'

/** The human name of each format, for messages. */
export const FORMAT_LABELS: Record<FormatId, string> = {
  native: 'Compaction Inspector (native)',
  openai: 'OpenAI Chat Completions',
  'openai-responses': 'OpenAI Responses',
  anthropic: 'Anthropic Messages',
  'claude-code': 'Claude Code session (JSONL)',
}

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
 * A conversation could not be read. With a forced format, `tried` holds that format's one reason;
 * when detecting, it holds one reason per format tried, in the order they were tried.
 */
export class FormatError extends Error {
  /** The format that was asked for, or undefined when detection found none. */
  readonly format?: FormatId
  readonly tried: readonly FormatMismatch[]

  constructor(tried: readonly FormatMismatch[], format?: FormatId) {
    super(
      format !== undefined
        ? `not ${FORMAT_LABELS[format]}: ${describeMismatch(tried[0])}`
        : 'not a conversation in any known format; tried:\n' +
            tried.map((m) => `  - ${FORMAT_LABELS[m.format]}: ${describeMismatch(m)}`).join('\n'),
    )
    this.name = 'FormatError'
    this.format = format
    this.tried = tried
  }
}
