/**
 * Following a log as its agent writes it (see types.ts). A JSONL log keeps its parsed lines and
 * parses only the lines each append completes; the format's reader then reads every kept value
 * again, which is cheap next to parsing. A whole-document log (Cline's JSON, a request body) or a
 * database (opencode's) has no lines to add: any change to it is a whole read, as
 * `replace(…, 'rewritten')` is.
 */
import { appendsLines, importConversation, importInput, isDetectionNote } from '../formats'
import { ReadInput, type ReadChoice } from '../formats/reader'
import type { ImportNote } from '../formats/report'
import type { FormatId, ImportedConversation } from '../formats/types'
import { isSqliteFile } from '../sqlite/database'
import { KeptLines, type LineStep } from './kept-lines'
import { unchangedCount } from './unchanged'
import type { LiveImport, LiveUpdate } from './types'

/**
 * How a live import reads its file: the format (detected once when 'auto'), and what
 * importConversation is asked to read beside it (the request, a forked subagent's parent).
 */
export interface LiveImportOptions extends ReadChoice {
  format?: FormatId | 'auto'
}

type Reason = 'truncated' | 'replaced' | 'rewritten'

const NOTES: Record<Reason, string> = {
  truncated: 'the file was truncated; read again',
  replaced: 'the file was replaced; read again',
  rewritten: 'the file was rewritten; read again',
}

/**
 * Reads a log that is still being written: the first update is the conversation as
 * importConversation reads the same bytes (but for an unfinished last line, which waits), and
 * the LiveImport takes what is written next. Throws as importConversation does. It keeps the
 * bytes it is given (to place an error), so they must not be written to afterwards.
 */
export function startLiveImport(
  bytes: Uint8Array,
  options: LiveImportOptions = {},
): { live: LiveImport; update: LiveUpdate } {
  const { format = 'auto', ...choice } = options
  const live = new FollowedLog(format, choice)
  const update = live.start(bytes)
  return { live, update }
}

/** What a read gives: the conversation, and the state that produced it, kept only if it is used. */
interface Read {
  conversation: ImportedConversation
  parsedLines: number
  commit: () => void
}

class FollowedLog implements LiveImport {
  format!: FormatId
  private detected = false
  private detectionNotes: ImportNote[] = []
  private lines?: KeptLines
  private whole?: Uint8Array
  private previous?: ImportedConversation

  constructor(
    private readonly wanted: FormatId | 'auto',
    private readonly choice: ReadChoice,
  ) {}

  get wholeDocument(): boolean {
    return this.whole !== undefined
  }

  get bytesRead(): number {
    return this.lines ? this.lines.bytesRead : (this.whole?.length ?? 0)
  }

  start(bytes: Uint8Array): LiveUpdate {
    const read = this.readFresh(bytes, this.wanted)
    const { conversation } = read
    this.format = conversation.format
    this.detected = conversation.detected
    this.detectionNotes = conversation.report.filter(isDetectionNote)
    read.commit()
    return this.updated(conversation, read.parsedLines, false)
  }

  append(bytes: Uint8Array): LiveUpdate | null {
    if (this.whole) {
      const all = new Uint8Array(this.whole.length + bytes.length)
      all.set(this.whole)
      all.set(bytes, this.whole.length)
      const read = this.readWhole(all, this.format)
      read.commit()
      return this.updated(read.conversation, 0, true, NOTES.rewritten)
    }
    const lines = this.lines as KeptLines
    const step = lines.scan(bytes)
    // Nothing completed, and no unfinished line stands in for one: the bytes wait for their line.
    if (step.parsed === 0 && step.tail === undefined && !lines.hasTail) {
      lines.keep(step)
      return null
    }
    const conversation = this.readLines(lines, step, this.format)
    lines.keep(step)
    return this.updated(conversation, step.parsed, false)
  }

  replace(bytes: Uint8Array, reason: Reason): LiveUpdate {
    const read = this.readFresh(bytes, this.format)
    read.commit()
    return this.updated(read.conversation, read.parsedLines, true, NOTES[reason])
  }

  /**
   * Reads a whole file: by lines when it is not one document and its format is written a line
   * at a time, else whole. Nothing is kept until `commit`.
   */
  private readFresh(bytes: Uint8Array, format: FormatId | 'auto'): Read {
    const input = new ReadInput(bytes, undefined, this.choice)
    // A database has no lines: any change to it is a whole read.
    if (!input.isOneDocument() && !isSqliteFile(bytes)) {
      const lines = new KeptLines()
      let conversation: ImportedConversation | undefined
      let step: LineStep | undefined
      try {
        step = lines.scan(bytes)
        conversation = this.readLines(lines, step, format)
      } catch {
        // Read whole below: importConversation then throws its own error, with its place.
        conversation = undefined
      }
      if (conversation && step && appendsLines(conversation.format)) {
        const kept = step
        return {
          conversation,
          parsedLines: step.parsed,
          commit: () => {
            lines.keep(kept)
            this.lines = lines
            this.whole = undefined
          },
        }
      }
    }
    return this.readWhole(bytes, format)
  }

  private readWhole(bytes: Uint8Array, format: FormatId | 'auto'): Read {
    const conversation = this.withDetection(importConversation(bytes, format, this.choice))
    return {
      conversation,
      parsedLines: 0,
      commit: () => {
        this.whole = bytes
        this.lines = undefined
      },
    }
  }

  private readLines(lines: KeptLines, step: LineStep, format: FormatId | 'auto') {
    const input = ReadInput.ofLines(lines.linesWith(step), () => lines.textWith(step), this.choice)
    return this.withDetection(importInput(input, format, this.choice))
  }

  /** A later read forces the format detection chose: it says what the first read said of it. */
  private withDetection(conversation: ImportedConversation): ImportedConversation {
    if (this.previous === undefined) return conversation
    return {
      ...conversation,
      detected: this.detected,
      report: [...this.detectionNotes, ...conversation.report],
    }
  }

  private updated(
    conversation: ImportedConversation,
    parsedLines: number,
    reread: boolean,
    note?: string,
  ): LiveUpdate {
    const unchanged = this.previous ? unchangedCount(this.previous, conversation) : 0
    this.previous = conversation
    return { conversation, unchanged, parsedLines, reread, ...(note ? { note } : {}) }
  }
}
