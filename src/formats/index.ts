import { orderMessage } from '../conversation'
import type { ParseProgress } from '../json-bytes'
import type { Message } from '../types'
import { writeAnthropic } from './anthropic-export'
import { READERS, detectFormat, toMismatch } from './detect'
import { FORMAT_LABELS, FormatError } from './errors'
import { writeNative } from './native'
import { writeOpenAIChat } from './openai-chat-export'
import { ReadInput } from './reader'
import { aggregateNotes, type ImportNote } from './report'
import type {
  ExportFormatId,
  ExportOptions,
  ExportResult,
  FormatId,
  FormatInfo,
  ImportedConversation,
} from './types'

/** Every format, in the order a picker lists them. */
export const FORMATS: readonly FormatInfo[] = [
  {
    id: 'native',
    label: FORMAT_LABELS.native,
    canExport: true,
    shape: 'a JSON array of {id, type, text, payload, meta}, or {model, messages}',
  },
  {
    id: 'openai',
    label: FORMAT_LABELS.openai,
    canExport: true,
    shape: 'a JSON array of {role, content, …}, or a request body {model, messages, tools}',
  },
  {
    id: 'openai-responses',
    label: FORMAT_LABELS['openai-responses'],
    canExport: false,
    shape: 'a JSON array of input items, or a request body {model, instructions, input, tools}',
  },
  {
    id: 'anthropic',
    label: FORMAT_LABELS.anthropic,
    canExport: true,
    shape: 'a request body {model, system, messages, tools}, or a JSON array of {role, content}',
  },
  {
    id: 'claude-code',
    label: FORMAT_LABELS['claude-code'],
    canExport: false,
    shape: 'JSONL, one session event per line, chained by uuid and parentUuid',
  },
]

/** The values `--format` and the picker accept: `auto`, then every format id. */
export const FORMAT_CHOICES: readonly (FormatId | 'auto')[] = ['auto', ...FORMATS.map((f) => f.id)]

/** The formats exportConversation writes. */
export const EXPORT_FORMATS: readonly ExportFormatId[] = ['native', 'openai', 'anthropic']

/** Whether a string names a format (for validating a flag or a picker value). */
export function isFormatId(value: string): value is FormatId {
  return FORMATS.some((f) => f.id === value)
}

/** How importConversation reports on a long import. */
export interface ImportOptions {
  /** Hears how many of the file's bytes are parsed so far, and of how many (bytes only). */
  onProgress?: ParseProgress
}

/**
 * Reads a conversation in any supported format: detected when `format` is 'auto', else forced.
 * Given the file's UTF-8 bytes rather than its text, it never holds the whole text as one string
 * unless it must (an error to locate, JSONL): the way to read large files.
 * Throws FormatError: with one reason per format tried, or the forced format's reason and location.
 */
export function importConversation(
  text: string | Uint8Array,
  format: FormatId | 'auto' = 'auto',
  opts: ImportOptions = {},
): ImportedConversation {
  if (format !== 'auto' && !isFormatId(format)) {
    throw new Error(
      `unknown format "${String(format)}"; expected one of ${FORMAT_CHOICES.join(', ')}`,
    )
  }
  const input = new ReadInput(text, opts.onProgress)
  let chosen: FormatId
  let result
  const notes: ImportNote[] = []
  if (format === 'auto') {
    const detection = detectFormat(input)
    chosen = detection.format
    result = detection.result
    if (detection.alsoFits.length > 0) {
      const others = detection.alsoFits.map((f) => FORMAT_LABELS[f]).join(', ')
      notes.push({
        severity: 'info',
        path: '',
        problem: `read as ${FORMAT_LABELS[chosen]}; it also reads as ${others} (choose one to override)`,
      })
    }
  } else {
    chosen = format
    try {
      result = READERS[format](input)
    } catch (error) {
      throw new FormatError([toMismatch(format, error, input.source)], format)
    }
  }
  notes.push(...aggregateNotes(result.notes.notes))
  return {
    format: chosen,
    detected: format === 'auto',
    ...(result.model !== undefined ? { model: result.model } : {}),
    messages: result.messages.map(orderMessage),
    report: notes,
  }
}

/**
 * Writes messages in a format, with a report of what the format had no place for (reasoning in
 * Chat Completions, ids, meta, payloads no provider structure can hold).
 */
export function exportConversationWithReport(
  messages: readonly Message[],
  format: ExportFormatId,
  opts: ExportOptions = {},
): ExportResult {
  switch (format) {
    case 'native':
      return { text: writeNative(messages, opts.model), report: [] }
    case 'openai':
      return finish(writeOpenAIChat(messages, opts))
    case 'anthropic':
      return finish(writeAnthropic(messages, opts))
    default:
      throw new Error(
        `cannot export to "${String(format)}"; expected one of ${EXPORT_FORMATS.join(', ')}`,
      )
  }
}

function finish(result: ExportResult): ExportResult {
  return { text: result.text, report: aggregateNotes(result.report) }
}

/** Writes messages in a format: the core's wire shape, or a request body the provider accepts as is. */
export function exportConversation(
  messages: readonly Message[],
  format: ExportFormatId,
  opts: ExportOptions = {},
): string {
  return exportConversationWithReport(messages, format, opts).text
}

export { FormatError, describeMismatch, FORMAT_LABELS } from './errors'
export { wireShapeExplanation } from './explain'
export { formatNote, MAX_REPEATED_NOTES, type ImportNote, type NoteSeverity } from './report'
export { DEFAULT_MAX_TOKENS } from './anthropic-export'
export { decodePayload, encodePayload, type PayloadParts, type ToolCall } from './payload'
export type {
  ExportFormatId,
  ExportOptions,
  ExportResult,
  FormatId,
  FormatInfo,
  FormatMismatch,
  ImportedConversation,
} from './types'
