import type {
  CountingSpec,
  CountSliceResult,
  DiagnoseInput,
  EngineInput,
  EngineResult,
  Finding,
  FormatId,
  ImportedConversation,
  Message,
  Options,
  PricingAsks,
  RequestPricings,
  SliceRange,
} from '@core'
import type { OpenedFile, Result } from '../../electron/contract'

/** Work under way that can be stopped; a stopped job reports nothing more. */

/** How to read a file: as a format ('auto' detects it) and, in an API traffic log, which request. */
export interface ImportChoice {
  format: FormatId | 'auto'
  /** 1-based; absent reads the main thread (see ImportOptions.request). */
  request?: number
  /** A database's session, by id; absent reads the latest (see ImportOptions.session). */
  session?: string
  /**
   * Read to be followed: the worker keeps the core's LiveImport, so that what the agent writes
   * next is parsed on its own (Conversation.change). Only for a file the host can follow.
   */
  follow?: boolean
}

/** A change in a followed file, as the conversation worker takes it (FileChange, minus `gone`). */
export type LiveChange =
  | { kind: 'append'; bytes: Uint8Array<ArrayBuffer> }
  | {
      kind: 'replace'
      bytes: Uint8Array<ArrayBuffer>
      reason: 'truncated' | 'replaced' | 'rewritten'
    }

/**
 * The conversation after a change to its file: the file's header as it now reads, and only the
 * messages that are not as they were (the first `unchanged` stand, with their counts).
 */
export interface LiveTail {
  header: Omit<ImportedConversation, 'messages'>
  unchanged: number
  /** The messages from `unchanged` on. */
  messages: Message[]
  /** Whether the whole file was read again (truncated, replaced or rewritten), and why. */
  reread: boolean
  note?: string
}

/** What parsing a change gives: the tail (null when no line was completed), and the bytes read. */
export interface LiveParsed {
  tail: LiveTail | null
  /** The bytes of the file read so far: where following goes on from. */
  bytesRead: number
}

export interface Job {
  cancel(): void
}

/** What an import reports, in order: parsed, progress as messages arrive, then done or error. */
export interface ImportEvents {
  /** `done` of the file's `total` bytes are parsed (reported only where it is read from bytes). */
  onParsing?(done: number, total: number): void
  /** The text is parsed; `total` messages are on their way. */
  onParsed(total: number): void
  /** `received` of the messages have arrived. */
  onProgress(received: number): void
  /** `bytesRead`, for a file read to follow: where its next change starts. */
  onDone(imported: ImportedConversation, conversation: Conversation, bytesRead?: number): void
  /** The file could not be read: the message the error display shows. */
  onError(error: string): void
}

/**
 * What diagnose needs besides the messages and their counts, which the conversation holds: the
 * counts under `counting`, the countingKey of the spec in force.
 */
export type ConversationDiagnoseInput = Omit<DiagnoseInput, 'messages' | 'counts'> & {
  counting: string
}

/** What the summary prompt's count needs: the options that decide the head, and the counting key. */
export interface PromptTokensInput {
  options: Options
  counting: string
}

/** What the engine presets run with besides the messages and their counts under `counting`. */
export type ConversationEngineInput = Omit<EngineInput, 'messages' | 'counts'> & {
  counting: string
}

/** Which messages a count is for: those shown, or those of the change not yet adopted. */
export type CountTarget = 'shown' | 'change'

/** The summary prompt's size: its cost under the options' model and wire, and its length. */
export interface PromptSize {
  /** The prompt's text, in tokens of the model's family. */
  tokens: number
  /** What it costs sent as one message: its tokens plus the wire's framing (messageCost's rule). */
  asMessage: number
  chars: number
  /** The prompt's boundary (summaryPromptBoundary), so the page need not scan the head for it. */
  boundary: string
}

/**
 * An imported conversation that can still be asked about, off the main thread. Of the questions
 * of one kind asked while another runs, only the newest is answered: the older ones are stale.
 */
export interface Conversation {
  /**
   * Counts the messages in `ranges` with the core's countSlice, slice by slice, in the worker's
   * counting pool, and keeps the counts, to answer the questions under this spec. `of` says which
   * messages: those shown (by default), or those of the last change, before adopt(). A newer
   * count, or dispose(), stops this one: nothing more is reported.
   */
  count(
    spec: Required<CountingSpec>,
    ranges: readonly SliceRange[],
    events: CountEvents,
    of?: CountTarget,
  ): Job
  /** The core's findings. */
  diagnose(input: ConversationDiagnoseInput, done: (outcome: Result<Finding[]>) => void): void
  /** The summary prompt's size under the options' model. */
  countPrompt(input: PromptTokensInput, done: (outcome: Result<PromptSize>) => void): void
  /**
   * What prices each reported request beyond the counts in force (requestPricings): each request's
   * own turn's thinking, priced as that request held it, the messages' costs under each of the
   * models that served requests and count otherwise, and the tool results a microcompaction sent
   * cleared, as cleared (`asks`, the core's pricingAsks). For the usage comparison: pricing needs
   * the vocabulary, which the page never loads.
   */
  priceRequests(
    spec: Required<CountingSpec>,
    asks: PricingAsks,
    done: (outcome: Result<RequestPricings>) => void,
  ): void
  /** Every engine preset on the messages it holds (runEngines), for these counts and limits. */
  runEngines(input: ConversationEngineInput, done: (outcome: Result<EngineResult[]>) => void): void
  /**
   * Parses a change in the followed file (only for a conversation read to follow): null when it
   * completed no line. The questions go on being answered on the messages shown until adopt().
   */
  change(change: LiveChange, done: (outcome: Result<LiveParsed>) => void): void
  /**
   * The page shows the last change's messages now: questions from here on are about them, and
   * those still waiting (about the messages before) are dropped: the page asks again.
   */
  adopt(): void
  /** Frees it: its worker stops, and questions still open are never answered. */
  dispose(): void
}

/** What counting reports: each slice's counts as they arrive, then done, or an error. */
export interface CountEvents {
  onSlice(result: CountSliceResult): void
  onDone(): void
  onError(error: string): void
}

/**
 * The heavy work the store hands off. The app's runs in Web Workers (the component tests pass a
 * stand-in that runs the same core functions in place). Counting is the conversation's own.
 */
export interface Workers {
  /**
   * Reads a file as `choice` says with the core's importConversation; the conversation it gives
   * holds the messages, counts them and answers about them.
   */
  importFile(file: OpenedFile, choice: ImportChoice, events: ImportEvents): Job
  /**
   * What one text costs as a message of its own under the spec (messageCost); a newer text
   * supersedes an older one still being counted.
   */
  countText(spec: Required<CountingSpec>, text: string, done: (cost: number) => void): Job
}
