import { SqliteDatabase, SqliteError, isSqliteFile } from '../sqlite/database'
import type { EarlierThinking } from '../pricing/thinking-retention'
import { InputError } from '../input-error'
import { decodeText, hasByteOrderMark, isSpace, type ParseProgress } from '../json-bytes'
import { locateSyntaxError } from '../json-location'
import { parseJsonContent, parseJsonText } from '../json-parse'
import { decodeUtf8 } from '../utf8'
import type { Wire } from '../pricing/wire'
import type { Message } from '../types'
import { isObject, kind } from './json-shape'
import { NoteList, describeLines, warnSkippedLines } from './report'
import type {
  ForkedFrom,
  RecordedSettings,
  RecordedWindow,
  ReportedUsage,
  StoredSession,
  TrafficRequest,
} from './types'

/** One line of a JSONL file that parsed: its 1-based number and its value. */
export interface JsonLine {
  line: number
  value: unknown
}

/** A JSONL file, line by line: the lines that parsed, and why each other non-blank line did not. */
export interface JsonLines {
  values: JsonLine[]
  broken: SkippedLine[]
}

/** A line a JSONL reader did not read, and why. */
export interface SkippedLine {
  line: number
  problem: string
}

/**
 * The lines of several lists (broken, of another shape, refused by the format) in file order: what
 * the report lists, and whose first a refusal names (noLineIs).
 */
export const byLine = (
  ...lists: readonly (readonly (SkippedLine | undefined)[])[]
): SkippedLine[] =>
  lists
    .flat()
    .filter((s): s is SkippedLine => s !== undefined)
    .sort((a, b) => a.line - b.line)

/**
 * What detection looks at: the whole input's JSON value when it is one document, and the first
 * values of a JSONL file. Cheap: the JSON is parsed once for every format, and only the first
 * SNIFF_LINES lines of a JSONL file are read to guess its format.
 */
export interface Sniff {
  /** The input's value when the whole input is one JSON document. */
  json?: unknown
  /** The values of the first lines that parse, when the input spans lines and is not one document. */
  lines?: unknown[]
  /** The first line's reason when it is not JSON (neither a document nor JSONL). */
  notJson?: boolean
  /** The input is a SQLite database file (its first 16 bytes are SQLite's header), never parsed as JSON. */
  sqlite?: true
  /** A SQLite file's tables, as its schema names them; none when the schema cannot be read. */
  tables?: ReadonlySet<string>
}

/**
 * A file the log needs beside it and does not hold: a forked Claude Code subagent's parent
 * transcript (its file refers to it by `fork-context-ref`: src/formats/claude-code-fork.ts), or a
 * Mistral Vibe session's `meta.json` (src/formats/mistral-vibe-meta.ts).
 */
export interface Companion {
  /** The file's name, as the report names it. */
  name: string
  /** Its content, as importConversation takes a file's. */
  content: string | Uint8Array
}

/** What an import is asked to read beside the file's own content. */
export interface ReadChoice {
  /**
   * The request to load from an API traffic log, 1-based in file order (default: the main thread,
   * the latest request with the longest message list). Given for any other file, or out of range,
   * it is a RequestError.
   */
  request?: number
  /**
   * The file found beside the log (`companionOf` says which it needs). A forked Claude Code
   * subagent's parent transcript (`forkReferenceOf` says which): its conversation up to the fork
   * is loaded in front of the subagent's own, as Claude Code sent it. A Mistral Vibe session's
   * `meta.json`: its system prompt and tools open the conversation. An opencode database's
   * write-ahead log (`opencode.db-wal`), laid over a database in WAL mode that was read without
   * it. Ignored by every other format, and by a file that needs none.
   */
  companion?: Companion
  /**
   * The session to load from a database of sessions (an opencode or Crush database), by its id
   * (default: the one last updated that is not a subagent's). Given for any other file, or naming
   * no session of it, it is a RequestError.
   */
  session?: string
  /**
   * The file's name, as the user opened it (a path is read for its last part); none for standard
   * input. Only detection uses it, and only for a file that its content alone cannot tell from a
   * conversation: an engine's file under a fixed name that holds nothing yet (unread-files.ts).
   */
  name?: string
}

/** How many lines of a JSONL file detection reads. */
export const SNIFF_LINES = 50

/**
 * The file being imported, as text or as its UTF-8 bytes, with its JSON parsed at most once however
 * many formats try it. Bytes are parsed without decoding the whole file (json-bytes.ts); the whole
 * text is decoded only when something asks for it: an error's location, or a JSONL reader.
 */
export class ReadInput {
  private parsed?: { value: unknown } | { failure: JsonSyntaxError | InputError }
  private text?: string
  private lines?: JsonLines
  private sniffed?: Sniff

  /**
   * `onProgress` hears how far the parse of bytes has got (text is parsed in one go). `choice` is
   * what the import was asked to read beside the file's own content (ReadChoice).
   */
  constructor(
    private readonly content: string | Uint8Array,
    private readonly onProgress?: ParseProgress,
    readonly choice: ReadChoice = {},
  ) {}

  /** The import's choice of request, for the formats that hold several (API traffic logs). */
  get request(): number | undefined {
    return this.choice.request
  }

  /** The input's bytes, when it was given as bytes: a database is read from them (opencode-db.ts). */
  get bytes(): Uint8Array | undefined {
    return typeof this.content === 'string' ? undefined : this.content
  }

  /**
   * A JSONL file already parsed line by line, read without parsing again; `source` gives its text
   * (with no byte-order mark), asked only to place an error.
   */
  static ofLines(lines: JsonLines, source: () => string, choice: ReadChoice = {}): ReadInput {
    return new LinesInput(lines, source, choice)
  }

  /**
   * The text with any byte-order mark removed (decoded on first use when given bytes). A database
   * has none: its errors are placed by row and field, never by line (opencode-db.ts).
   */
  get source(): string {
    if (this.text === undefined) {
      const { content } = this
      this.text =
        typeof content !== 'string'
          ? isSqliteFile(content)
            ? ''
            : decodeText(content)
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

  /**
   * The input as JSONL, parsed once however many formats read it. Each line is decoded and parsed
   * on its own, so a broken line loses only itself, and the file's text is never one string.
   */
  jsonLines(): JsonLines {
    if (!this.lines) {
      const values: JsonLine[] = []
      const broken = this.eachJsonLine((value, line) => values.push({ line, value }))
      this.lines = { values, broken }
    }
    return this.lines
  }

  /**
   * The input as JSONL, each line's value handed to `visit` in order and not kept (unless
   * jsonLines() has already kept them): a reader that keeps only what it needs of each line lets
   * the rest die young. Returns the broken lines, as jsonLines() lists them.
   */
  eachJsonLine(visit: (value: unknown, line: number) => void): JsonLines['broken'] {
    if (this.lines) {
      for (const { value, line } of this.lines.values) visit(value, line)
      return this.lines.broken
    }
    const broken: JsonLines['broken'] = []
    eachLine(this.content, (text, line) => {
      const parsed = parseJsonLine(text, line)
      if (parsed === null) return
      if ('problem' in parsed) broken.push(parsed)
      else visit(parsed.value, line)
    })
    return broken
  }

  /** Whether the whole input is one JSON document that spans lines: then it is not JSONL. */
  isOneDocument(): boolean {
    if (!this.spansLines()) return false
    try {
      this.json()
      return true
    } catch {
      return false
    }
  }

  /** What detection looks at (see Sniff). */
  sniff(): Sniff {
    if (!this.sniffed && typeof this.content !== 'string' && isSqliteFile(this.content)) {
      this.sniffed = { sqlite: true, tables: tablesOf(this.content) }
    }
    if (!this.sniffed) {
      let json: { value: unknown } | undefined
      try {
        json = { value: this.json() }
      } catch (error) {
        if (error instanceof InputError) throw error
        json = undefined
      }
      if (json) {
        const oneLine = !this.spansLines()
        this.sniffed = { json: json.value, ...(oneLine ? { lines: [json.value] } : {}) }
      } else if (this.spansLines()) {
        const lines: unknown[] = []
        let tried = 0
        eachLine(
          this.content,
          (text) => {
            if (text.trim() === '') return
            tried++
            try {
              lines.push(JSON.parse(text))
            } catch {
              // a broken line; the reader reports it
            }
          },
          () => tried >= SNIFF_LINES,
        )
        this.sniffed = lines.length > 0 ? { lines } : { notJson: true }
      } else {
        this.sniffed = { notJson: true }
      }
    }
    return this.sniffed
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
 * A JSONL file whose lines are already parsed (a live import keeps them as the file grows): the
 * readers get the kept values, and nothing is parsed again. It answers every question as an input
 * made from the file's bytes would: one line is that line's JSON document, several are not one;
 * `source` (the text, for placing an error) is asked of the caller only when an error needs it.
 */
class LinesInput extends ReadInput {
  constructor(
    private readonly kept: JsonLines,
    private readonly textOf: () => string,
    choice: ReadChoice,
  ) {
    super('', undefined, choice)
  }

  override get source(): string {
    return this.textOf()
  }

  override json(): unknown {
    const { values, broken } = this.kept
    if (values.length === 1 && broken.length === 0) return values[0].value
    throw new JsonSyntaxError()
  }

  override jsonLines(): JsonLines {
    return this.kept
  }

  override eachJsonLine(visit: (value: unknown, line: number) => void): JsonLines['broken'] {
    for (const { value, line } of this.kept.values) visit(value, line)
    return this.kept.broken
  }

  override spansLines(): boolean {
    return this.kept.values.length + this.kept.broken.length > 1
  }

  override firstContentLine(): number {
    return this.kept.values[0]?.line ?? 1
  }

  override sniff(): Sniff {
    const { values, broken } = this.kept
    if (!this.spansLines() && values.length === 1) {
      return { json: values[0].value, lines: [values[0].value] }
    }
    // The first SNIFF_LINES lines that are not blank, as a sniff of the bytes would try them.
    const last = [...values.map((v) => v.line), ...broken.map((b) => b.line)]
      .sort((a, b) => a - b)
      .slice(0, SNIFF_LINES)
      .at(-1)
    const lines = values.filter((v) => last !== undefined && v.line <= last).map((v) => v.value)
    return lines.length > 0 ? { lines } : { notJson: true }
  }
}

/**
 * One line of a JSONL file, as every reader takes it: its value, why it is not JSON, or null for a
 * blank line. Throws an InputError placed on the line when it nests too deep for any reader.
 */
export function parseJsonLine(
  text: string,
  line: number,
): JsonLine | JsonLines['broken'][number] | null {
  try {
    return { line, value: parseJsonText(text) }
  } catch (error) {
    // Bytes that are not UTF-8, or a line nested too deep: no format reads the file.
    if (error instanceof InputError) throw error.onLine(line)
    if (text.trim() === '') return null
    const at = locateSyntaxError(text)
    return { line, problem: `truncated or malformed JSON (column ${at.column}: ${at.problem})` }
  }
}

/**
 * Calls `visit` with each line's text (without its line break or a trailing CR) and 1-based
 * number, decoding bytes one line at a time, until `stop` says so.
 */
function eachLine(
  content: string | Uint8Array,
  visit: (text: string, line: number) => void,
  stop: () => boolean = () => false,
): void {
  const text = typeof content === 'string'
  let start = text ? (content.charCodeAt(0) === 0xfeff ? 1 : 0) : hasByteOrderMark(content) ? 3 : 0
  for (let line = 1; start <= content.length && !stop(); line++) {
    let end = text ? content.indexOf('\n', start) : content.indexOf(0x0a, start)
    if (end === -1) end = content.length
    let stripped = end
    if (
      stripped > start &&
      (text ? content.charCodeAt(stripped - 1) : content[stripped - 1]) === 0x0d
    )
      stripped--
    visit(text ? content.slice(start, stripped) : decodeUtf8(content, start, stripped), line)
    start = end + 1
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
  /** The wire the file says it was sent in, where the format does not fix it (traffic logs, pi). */
  wire?: Wire
  /** Whose rule keeps earlier thinking, where the file shows its requests' own (see ImportedConversation). */
  thinking?: EarlierThinking
  messages: Message[]
  notes: NoteList
  /** A file of several requests (an API traffic log): every request, and the one read. */
  requests?: TrafficRequest[]
  request?: number
  /** A database of sessions (an opencode or Crush database): every session, and the one read. */
  sessions?: StoredSession[]
  session?: string
  /** The provider's reported prompt sizes, where the file carries them (see ReportedUsage). */
  usage?: ReportedUsage[]
  /** The context window the log says its engine ran with (see ImportedConversation). */
  contextWindow?: RecordedWindow
  /** Its engine's compaction settings, where the log records them (see ImportedConversation). */
  engineSettings?: RecordedSettings
  /** A forked subagent's parent transcript, and what of it was loaded (Claude Code). */
  forkedFrom?: ForkedFrom
  /**
   * This file records the system prompt its requests were sent, though its format need not (a
   * Claude Code session's prompt_snapshot): it is not `systemPromptUnrecorded`.
   */
  systemPromptRecorded?: true
  /** See ImportedConversation.attachmentsUnrecorded (Claude Code). */
  attachmentsUnrecorded?: true
  /** See ImportedConversation.logUnread (an opencode or Crush database). */
  logUnread?: true
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

/**
 * A JSONL file none of whose lines is the format's (`what`: "a pi session header or entry"), at
 * the first line that could not be read, with its problem; "the file is empty" when none.
 */
export function noLineIs(
  what: string,
  first: { line: number; problem: string } | undefined,
): LocatedError {
  return new LocatedError(
    `${first ? `${first.problem}, and` : 'the file is empty:'} no line is ${what}`,
    first ? `line ${first.line}` : '',
    first?.line,
  )
}

/** What a JSONL reader that reads as it parses saw of the lines it did not read (linesNotes). */
export interface LinesRead {
  /** What a line of the format is, for the refusal: "a Vibe message ({role, content, …})". */
  what: string
  /** How many lines were read; none is a refusal. */
  read: number
  /** The lines that are not JSON (eachJsonLine's answer). */
  broken: readonly SkippedLine[]
  /** The lines of another shape, each skipped. */
  inLine: readonly SkippedLine[]
  /** The first line of the format's shape that could not be read, for the refusal's place. */
  firstUnread: SkippedLine | undefined
  /** What the reading noted, line by line. */
  later: NoteList
}

/**
 * The report of a JSONL reader that notes as it parses: every line it skipped warned of, in file
 * order, then what it noted. A file none of whose lines was read is refused at its first line that
 * could not be (noLineIs).
 */
export function linesNotes({
  what,
  read,
  broken,
  inLine,
  firstUnread,
  later,
}: LinesRead): NoteList {
  const skipped = byLine(broken, inLine)
  if (read === 0) throw noLineIs(what, byLine(skipped, [firstUnread])[0])
  const notes = new NoteList()
  warnSkippedLines(skipped, notes)
  notes.absorb(later)
  return notes
}

/** A system prompt a log records, and the line it is on. */
export interface RecordedPrompt {
  line: number
  text: string
}

/**
 * The system prompt in force: the last one the log records (the engine sends only it); each one
 * before it is noted as replaced. Undefined when the log records none.
 */
export function latestPrompt(
  prompts: readonly RecordedPrompt[],
  notes: NoteList,
): RecordedPrompt | undefined {
  if (prompts.length > 1) {
    notes.info(
      describeLines(prompts.slice(0, -1).map((p) => p.line)),
      'a system prompt replaced by a later one; not loaded',
    )
  }
  return prompts.at(-1)
}

/** Why a JSONL line with no string `type` is not `what` (an event of a format typed so). */
export const untypedLine = (value: unknown, what: string): string =>
  `${isObject(value) ? 'an object with no "type"' : kind(value)}, not ${what}`

/** The tables a SQLite file's schema names: what tells one engine's database from another's. */
function tablesOf(bytes: Uint8Array): ReadonlySet<string> {
  try {
    return new Set(new SqliteDatabase(bytes).tables().keys())
  } catch (error) {
    if (error instanceof SqliteError) return new Set()
    throw error
  }
}
