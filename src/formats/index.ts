import { inWireOrder } from '../conversation'
import type { ParseProgress } from '../json-bytes'
import type { Wire } from '../pricing/wire'
import type { Message } from '../types'
import { detectFormat, formatOf, toMismatch } from './detect'
import { FormatError, RequestError } from './errors'
import { InputError } from '../input-error'
import { startsAsWriteAheadLog } from '../sqlite/magic'
import { ReadInput, type ReadChoice } from './reader'
import { FORMATS } from './registry'
import { blankExportStatusLine } from './export-status-line'
import { gitLfsPointerProblem } from './unread-files'
import { aggregateNotes, type ImportNote } from './report'
import type {
  ExportFormatId,
  ExportOptions,
  ExportResult,
  FormatId,
  FormatInfo,
  ImportedConversation,
  ReportedUsage,
} from './types'

export { FORMATS }

/** Every format as the pickers show it, in the registry's order. */
export const FORMAT_INFO: readonly FormatInfo[] = FORMATS.map((f) => ({
  id: f.id,
  label: f.label,
  canExport: 'write' in f,
  shape: f.shape,
}))

/** The human name of each format, for messages. */
export const FORMAT_LABELS = Object.fromEntries(FORMATS.map((f) => [f.id, f.label])) as Record<
  FormatId,
  string
>

/** The values `--format` and the picker accept: `auto`, then every format id. */
export const FORMAT_CHOICES: readonly (FormatId | 'auto')[] = ['auto', ...FORMATS.map((f) => f.id)]

/** The formats exportConversation writes: the rows with a writer. */
export const EXPORT_FORMATS = FORMATS.filter((f) => 'write' in f).map(
  (f) => f.id,
) as readonly ExportFormatId[]

const rowOf = (format: FormatId) => FORMATS.find((f) => f.id === format)

/** The wire a format's conversations are sent in, by the registry. */
export function wireOf(format: FormatId): Wire {
  return rowOf(format)?.wire ?? 'native'
}

/** Whether a format's files hold the system prompt their requests were sent with (the registry's). */
function holdsSystemPrompt(format: FormatId): boolean {
  return rowOf(format)?.holdsSystemPrompt ?? true
}

/** Whether a format's engine writes its files a line at a time (the registry's `appendsLines`). */
export function appendsLines(format: FormatId): boolean {
  return rowOf(format)?.appendsLines ?? false
}

/** Whether a string names a format (for validating a flag or a picker value). */
export function isFormatId(value: string): value is FormatId {
  return FORMATS.some((f) => f.id === value)
}

/** How importConversation reports on a long import, and what it chooses in a file of several requests. */
export interface ImportOptions extends ReadChoice {
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
  const { onProgress, ...choice } = opts
  const { content, note } = blankExportStatusLine(text)
  const imported = importInput(new ReadInput(content, onProgress, choice), format, choice)
  if (note) imported.report.unshift(note)
  return imported
}

const ALSO_READS = 'read as '

/** What a SQLite write-ahead log opened alone is told (an opencode database's `-wal`). */
const WAL_ALONE =
  'a SQLite write-ahead log, not a database: open the database beside it (this name without "-wal"), which is read with its log'

/**
 * Whether a note is detection's "read as X; it also reads as Y": a live import detects once and
 * keeps that note on every later read, which forces the format.
 */
export const isDetectionNote = (note: ImportNote): boolean =>
  note.severity === 'info' && note.path === '' && note.problem.startsWith(ALSO_READS)

/**
 * importConversation of an input already made: one from kept lines (a live import) reads them
 * without parsing again. The format is checked as importConversation checks it.
 */
export function importInput(
  input: ReadInput,
  format: FormatId | 'auto',
  opts: ReadChoice = {},
): ImportedConversation {
  if (format !== 'auto' && !isFormatId(format)) {
    throw new Error(
      `unknown format "${String(format)}"; expected one of ${FORMAT_CHOICES.join(', ')}`,
    )
  }
  // A log holds pages of its database, read only laid over it; no format reads one alone.
  const bytes = input.bytes
  if (bytes !== undefined && startsAsWriteAheadLog(bytes)) throw new InputError(WAL_ALONE)
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
        problem: `${ALSO_READS}${FORMAT_LABELS[chosen]}; it also reads as ${others} (choose one to override)`,
      })
    }
  } else {
    chosen = format
    try {
      result = formatOf(format).read(input)
    } catch (error) {
      // A pointer holds no format: said as such whichever was asked for.
      const pointer = gitLfsPointerProblem(input)
      if (pointer !== undefined) throw new InputError(pointer)
      throw new FormatError({ reason: toMismatch(format, error, input.source), format })
    }
  }
  if (opts.request !== undefined && result.requests === undefined) {
    throw new RequestError(
      `only an API traffic log has requests to choose from; this file is ${FORMAT_LABELS[chosen]}`,
    )
  }
  if (opts.session !== undefined && result.sessions === undefined) {
    throw new RequestError(
      `only an opencode database has sessions to choose from; this file is ${FORMAT_LABELS[chosen]}`,
      'session',
    )
  }
  // A loop, not a spread: a spread's arguments are limited in number, and the notes are not.
  for (const note of aggregateNotes(result.notes.notes)) notes.push(note)
  return {
    format: chosen,
    detected: format === 'auto',
    ...(result.model !== undefined ? { model: result.model } : {}),
    wire: result.wire ?? wireOf(chosen),
    // A rule for earlier thinking rules nothing in a conversation that holds none: left out, so
    // no surface speaks of pricing thinking the file does not have.
    ...(result.thinking !== undefined && result.messages.some((m) => m.type === 'reasoning')
      ? { thinking: result.thinking }
      : {}),
    ...(holdsSystemPrompt(chosen) || result.systemPromptRecorded === true
      ? {}
      : { systemPromptUnrecorded: true as const }),
    ...(result.attachmentsUnrecorded ? { attachmentsUnrecorded: true as const } : {}),
    ...(result.logUnread ? { logUnread: true as const } : {}),
    messages: result.messages.map(inWireOrder),
    report: notes,
    ...(result.requests !== undefined
      ? { requests: result.requests, request: result.request }
      : {}),
    ...(result.sessions !== undefined
      ? { sessions: result.sessions, session: result.session }
      : {}),
    ...usageOf(result.usage),
    ...(result.contextWindow !== undefined ? { contextWindow: result.contextWindow } : {}),
    ...(result.engineSettings !== undefined ? { engineSettings: result.engineSettings } : {}),
    ...(result.forkedFrom !== undefined ? { forkedFrom: result.forkedFrom } : {}),
  }
}

/**
 * The reports a file holds, without those of a 0-token prompt: no request is sent empty, so such
 * a count measures nothing (a backend that fills in no usage, as z.ai did behind Claude Code
 * 2.1.17: 0 input, cache and output on every line of its replies). Read as a report, it became
 * the first request every later one is compared with. Every surface reads the reports from here.
 */
function usageOf(usage: readonly ReportedUsage[] | undefined): { usage?: ReportedUsage[] } {
  const reports = usage?.filter((u) => u.inputTokens > 0) ?? []
  return reports.length > 0 ? { usage: reports } : {}
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
  const row = FORMATS.find((f) => f.id === format)
  if (!row || !('write' in row)) {
    throw new Error(
      `cannot export to "${String(format)}"; expected one of ${EXPORT_FORMATS.join(', ')}`,
    )
  }
  const result = row.write(messages, opts)
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

export { FormatError, RequestError, describeMismatch } from './errors'
export { forkReferenceOf } from './claude-code-fork'
export { VIBE_META, vibeActiveModel } from './mistral-vibe-meta'
export { describeSession } from './stored-session'
export {
  opencodeDbSessionsHolding,
  opencodeDbSessions,
  type OpencodeDbSession,
} from './opencode-db-overview'
export { latest as defaultStoredSession } from './opencode-db'
export type { Companion, ReadChoice } from './reader'
export { wireShapeExplanation } from './explain'
export { formatNote, MAX_REPEATED_NOTES, type ImportNote, type NoteSeverity } from './report'
export { DEFAULT_MAX_TOKENS } from './anthropic-export'
export { decodePayload, encodePayload, type PayloadParts, type ToolCall } from './payload'
export type {
  ExportFormatId,
  ForkedFrom,
  ExportOptions,
  ExportResult,
  FormatId,
  FormatInfo,
  FormatMismatch,
  ImportedConversation,
  RecordedSettings,
  RecordedWindow,
  ReportedUsage,
  StoredSession,
  TrafficRequest,
} from './types'
export { applyWal, type WalApplied } from '../sqlite/wal'
export { isSqliteFile, isWalMode, pageSizeOf } from '../sqlite/database'
export { startsAsWriteAheadLog } from '../sqlite/magic'
