import type { Message } from '../types'
import type { ImportNote } from './report'

/** The formats a conversation can be read from. */
export type FormatId = 'native' | 'openai' | 'openai-responses' | 'anthropic' | 'claude-code'

/** The formats a conversation can be written to. */
export type ExportFormatId = 'native' | 'openai' | 'anthropic'

/** What the app's picker and the CLI's `--format` need to know about a format. */
export interface FormatInfo {
  id: FormatId
  /** The name a person knows it by. */
  label: string
  /** Whether exportConversation writes it. */
  canExport: boolean
  /** What a file in this format looks like, in a few words. */
  shape: string
}

/** A conversation read from a file, with the format it was read as and everything set aside. */
export interface ImportedConversation {
  format: FormatId
  /** True when the format was detected rather than chosen. */
  detected: boolean
  /** The model the file names, when it names one. */
  model?: string
  messages: Message[]
  /** Every input field with no place in the wire shape, and every line that could not be read. */
  report: ImportNote[]
}

/** Why one format could not read the input, and where. */
export interface FormatMismatch {
  format: FormatId
  problem: string
  /** A JSON path (`messages[2].role`) or `line 17`; '' for the whole file. */
  path: string
  line?: number
  column?: number
}

/** What an exporter produced: the file's text, and what the target format had no place for. */
export interface ExportResult {
  text: string
  report: ImportNote[]
}

/** Options for an export. */
export interface ExportOptions {
  /** The model to name in the file; provider formats need one to be sendable. */
  model?: string
  /** Anthropic only: the request's `max_tokens`, which Anthropic requires. Default 4096. */
  maxTokens?: number
}
