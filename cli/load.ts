import { readFile } from 'node:fs/promises'
import {
  countingSpecOf,
  formatNumber,
  ConversationParseError,
  decodeText,
  describeCounting,
  loadCountingVocabulary,
  servedModels,
  specsToLoad,
  FORMAT_CHOICES,
  FORMAT_LABELS,
  FormatError,
  RequestError,
  formatNote,
  importConversation,
  InputError,
  parseConversation,
  codexRecordedWindowFor,
  offeredWindow,
  type CountingEncoding,
  type CountingMethod,
  type CountingSpec,
  type FormatId,
  type FormatMismatch,
  type ImportedConversation,
  type ImportNote,
  type Message,
  type Wire,
  type RecordedSettings,
  type OfferedWindow,
  type RecordedWindow,
  type ReportedUsage,
  wireShapeExplanation,
  describeSession,
  isSqliteFile,
  startsAsWriteAheadLog,
} from '../src/index'
import { withWriteAheadLog } from '../node/write-ahead-log'
import { choiceValue, flagValue, requestValue, stringValue, type ParsedArgs } from './args'
import { CliError, describeFsError } from './errors'
import type { Io } from './command'
import { companionFor } from './companion'
import { resolveFileArgument } from './session-argument'

/** The model counts use, as the reports name it: `fellBack` for a name of no known family. */
export interface CountingModel {
  model: string
  encoding: CountingEncoding
  fellBack: boolean
}

/** A conversation read from disk, with the model its tokens are counted with. */
export interface LoadedConversation {
  /** The file as messages name it: the path as given (a session's, for `latest`), or `<stdin>`. */
  file: string
  /** The path read: FILE, or the session `latest` stood for; `-` for stdin. */
  path: string
  messages: Message[]
  model: CountingModel
  /** The format FILE was read as. */
  format: FormatId
  /** The wire the conversation is sent in: its format's, or what the file says. */
  wire: Wire
  /** What every cost is for: the model and the wire, as the core's messageCost takes them. */
  spec: Required<CountingSpec>
  /** How the model's tokens are counted, with the words the reports print. */
  counting: CountingMethod
  /** The prompt sizes the provider reported, in request order; empty when the file has none. */
  usage: ReportedUsage[]
  /** The file's engine does not record its system prompt (ImportedConversation's). */
  systemPromptUnrecorded: boolean
  /** The file lacks the attachments its engine sent with prompts (ImportedConversation's). */
  attachmentsUnrecorded: boolean
  /** The effective window a Codex rollout records for the model in force (codexRecordedWindowFor). */
  recordedWindow?: RecordedWindow
  /** The window offered as the budget: the log's for the model, else the model's (offeredWindow). */
  offeredWindow: OfferedWindow | null
  /** Its engine's compaction settings, where the file records them (ImportedConversation's). */
  engineSettings?: RecordedSettings
}

/** How a path is named in messages: `-` is standard input. */
export const displayName = (file: string): string => (file === '-' ? '<stdin>' : file)

async function readBytes(file: string): Promise<Uint8Array> {
  if (file !== '-') return readFile(file)
  const chunks: Buffer[] = []
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** Reads a whole file (`-` for stdin) as UTF-8 text; a CliError naming the file when it cannot. */
export async function readTextFile(file: string): Promise<string> {
  const bytes = await readFileBytes(file)
  try {
    return decodeText(bytes)
  } catch (error) {
    throw asCliError(displayName(file), error)
  }
}

async function readFileBytes(file: string): Promise<Uint8Array> {
  try {
    return await readBytes(file)
  } catch (error) {
    throw new CliError(`${displayName(file)}: cannot read: ${describeFsError(error)}`)
  }
}

/**
 * Reads a conversation file: a database (an opencode database) as its bytes, with its write-ahead
 * log beside it laid over them; any other file as UTF-8 text.
 */
async function readConversationContent(file: string): Promise<string | Uint8Array> {
  const bytes = await readFileBytes(file)
  // Standard input has no log beside it: the reader says what one may hold.
  if (isSqliteFile(bytes)) return file === '-' ? bytes : withWriteAheadLog(file, bytes)
  // A write-ahead log alone is not text: the import says what it is.
  if (startsAsWriteAheadLog(bytes)) return bytes
  try {
    return decodeText(bytes)
  } catch (error) {
    throw asCliError(displayName(file), error)
  }
}

/** An InputError (not UTF-8, nested too deep) as the user's error, prefixed with the file's name. */
function asCliError(file: string, error: unknown): unknown {
  return error instanceof InputError ? new CliError(`${file}: ${error.message}`) : error
}

/** One line for a parse error: `FILE:LINE:COLUMN: message 3, field text: problem`. */
export function describeParseError(file: string, error: ConversationParseError): string {
  const place =
    error.line !== undefined ? `${file}:${error.line}:${error.column ?? 1}:` : `${file}:`
  const message =
    error.index !== undefined
      ? ` message ${error.index}${error.field !== undefined ? `, field ${error.field}` : ''}:`
      : ''
  return `${place}${message} ${error.problem}`
}

/**
 * Reads FILE (`-` for stdin) in the format --format names, else the one detected, and chooses the
 * model: --model, else the file's own, else the default encoding. What the import set aside is
 * listed on stderr with --verbose and counted without it; a model of no known family is a warning.
 */
export async function loadConversation(
  command: string,
  given: string,
  args: ParsedArgs,
  io: Io,
): Promise<LoadedConversation> {
  // Checked before the file is read, like every other flag.
  const format = choiceValue(command, args, 'format', FORMAT_CHOICES, 'auto')
  const request = requestValue(command, args)
  const resolved = await resolveFileArgument(command, given, io)
  const path = resolved.path
  // --session chooses; else the session `latest` found, when it is one of a database's.
  const session = stringValue(args, 'session') ?? resolved.session
  const content = await readConversationContent(path)
  // A database has no text: its errors are placed by row and field.
  const text = typeof content === 'string' ? content : ''
  const file = displayName(path)
  const companion = await companionFor(command, file, path, content, args, io)
  let imported: ImportedConversation
  try {
    imported = importConversation(content, format, {
      // Standard input has no name.
      ...(path !== '-' ? { name: path } : {}),
      ...(request !== undefined ? { request } : {}),
      ...(session !== undefined ? { session } : {}),
      ...(companion !== undefined ? { companion } : {}),
    })
  } catch (error) {
    throw describeImportError(command, file, () => text, error)
  }
  reportImport(file, imported, () => text, args, io)
  const { model, spec, counting } = await countingModelFor(file, args, imported, io)
  const recordedWindow = codexRecordedWindowFor(spec.model, imported)
  return {
    file,
    path,
    messages: imported.messages,
    model,
    format: imported.format,
    wire: imported.wire,
    spec,
    counting,
    usage: imported.usage ?? [],
    systemPromptUnrecorded: imported.systemPromptUnrecorded === true,
    attachmentsUnrecorded: imported.attachmentsUnrecorded === true,
    ...(recordedWindow !== undefined ? { recordedWindow } : {}),
    offeredWindow: offeredWindow(spec.model, imported),
    ...(imported.engineSettings !== undefined ? { engineSettings: imported.engineSettings } : {}),
  }
}

/** An import's error as the user's: located, prefixed with the file's name; others unchanged. */
export function describeImportError(
  command: string,
  file: string,
  text: () => string,
  error: unknown,
): unknown {
  if (error instanceof FormatError) return describeFormatError(file, text(), error)
  if (error instanceof RequestError) {
    return new CliError(`${command}: option --${error.option}: ${file}: ${error.problem}`)
  }
  return asCliError(file, error)
}

/**
 * What is said on stderr of an import: with --verbose the format, which traffic request it is,
 * and the import report (counted without --verbose).
 */
export function reportImport(
  file: string,
  imported: ImportedConversation,
  text: () => string,
  args: ParsedArgs,
  io: Io,
): void {
  const verbose = flagValue(args, 'verbose')
  if (verbose) {
    const how = imported.detected ? 'detected' : 'chosen with --format'
    io.err(`${file}: format: ${FORMAT_LABELS[imported.format]} (${how})`)
  }
  // Which of a traffic log's requests this is is said even without --verbose: every number that
  // follows is that one request's.
  const { requests, request: chosen } = imported
  if (requests && chosen !== undefined) {
    const r = requests[chosen - 1]
    const what = [
      r.model,
      `${formatNumber(r.messages)} message${r.messages === 1 ? '' : 's'}`,
    ].filter(Boolean)
    io.err(
      `${file}: request ${chosen} of ${formatNumber(requests.length)} (${what.join(', ')}); read another with --request N`,
    )
  }
  const { sessions, session } = imported
  const shown = sessions?.find((s) => s.id === session)
  if (sessions && shown) {
    io.err(
      `${file}: session ${shown.id} of ${formatNumber(sessions.length)} (${describeSession(shown)}); read another with --session ID${verbose ? '' : ' (--verbose lists them)'}`,
    )
    if (verbose) for (const s of sessions) io.err(`${file}:   ${s.id}  ${describeSession(s)}`)
  }
  if (imported.format === 'native') {
    reportNativeWarnings(file, text(), imported.report, io)
  } else {
    reportNotes(file, 'import', imported.report, verbose, io)
  }
}

/**
 * The model counts use: --model, else the file's own, else the default encoding; a model of no
 * known family is a warning. Its vocabulary is loaded before it returns.
 */
export async function countingModelFor(
  file: string,
  args: ParsedArgs,
  imported: Pick<ImportedConversation, 'model' | 'wire' | 'thinking' | 'usage'>,
  io: Io,
): Promise<{ model: CountingModel; spec: Required<CountingSpec>; counting: CountingMethod }> {
  const spec = countingSpecOf({
    model: stringValue(args, 'model') ?? imported.model,
    wire: imported.wire,
    thinking: imported.thinking,
  })
  const { model: name, wire } = spec
  const counting = describeCounting(name, wire)
  // A file that names no model says so in its header ("no model named"), with the family its wire
  // gives; only a name the families do not know is a warning.
  if (counting.warning !== undefined && name !== '') {
    io.err(`${file}: warning: unknown model ${JSON.stringify(name)}: ${counting.warning}`)
  }
  // An open model's vocabulary is loaded on demand (OpenAI's are in the bundle); before counting,
  // with those of the models that served reported requests, which price those requests.
  const served = servedModels(imported.usage ?? [], spec)
  await Promise.all(specsToLoad(spec, served).map(loadCountingVocabulary))
  const model = {
    model: name,
    encoding: counting.encoding,
    fellBack: counting.warning !== undefined,
  }
  return { model, spec, counting }
}

/**
 * An import or export report on stderr: every note with --verbose, each prefixed with `name`;
 * without it, only how many warnings there are, so that nothing is set aside unannounced.
 */
export function reportNotes(
  name: string,
  what: string,
  notes: readonly ImportNote[],
  verbose: boolean,
  io: Io,
): void {
  if (verbose) {
    for (const note of notes) io.err(`${name}: ${formatNote(note)}`)
    return
  }
  const warnings = notes
    .filter((n) => n.severity === 'warning')
    .reduce((sum, n) => sum + (n.count ?? 1), 0)
  if (warnings > 0) {
    const noun = `${what} warning${warnings === 1 ? '' : 's'}`
    io.err(`${name}: ${formatNumber(warnings)} ${noun} (use --verbose to list them)`)
  }
}

// The wire shape's unknown fields have always been listed one a line, verbose or not, in
// parseConversation's words, which scripts may match; its import report says the same in others.
// Re-parsing costs a second JSON.parse, and only for a native file that has such fields.
function reportNativeWarnings(file: string, text: string, report: readonly ImportNote[], io: Io) {
  if (report.length === 0) return
  for (const warning of parseConversation(text).warnings) {
    io.err(`${file}: warning: ${warning.path}: ${warning.problem}`)
  }
}

/**
 * The error for a file no format read: the wire shape's one located line when that says best why
 * (see wireShapeExplanation), else every format's reason, or the forced format's, located.
 */
function describeFormatError(file: string, text: string, error: FormatError): CliError {
  const parseError = wireShapeExplanation(text, error)
  if (parseError) return new CliError(describeParseError(file, parseError))
  if (error.reason === undefined) return new CliError(`${file}: ${error.message}`)
  return new CliError(describeMismatch(file, error, error.reason))
}

// `FILE:LINE:COLUMN: not FORMAT: path: problem`, the place first as in every other error line.
function describeMismatch(file: string, error: FormatError, m: FormatMismatch): string {
  const place =
    m.line === undefined ? file : `${file}:${m.line}${m.column !== undefined ? `:${m.column}` : ''}`
  // A JSONL path is `line N`, already said by the place.
  const path = m.path === '' || m.path.startsWith('line ') ? '' : `${m.path}: `
  const what =
    error.format !== undefined
      ? `not ${m.label}:`
      : error.resembled
        ? `not a conversation in any known format; it looks most like ${m.label}, but`
        : 'not a conversation in any known format:'
  return `${place}: ${what} ${path}${m.problem}`
}
