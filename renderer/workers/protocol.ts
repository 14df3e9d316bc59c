/**
 * What the renderer and its Web Workers say to each other: plain data, so it survives structured
 * cloning. Written once, so both ends are typed from the same declarations.
 */
import type {
  CountSliceRequest,
  CountSliceResult,
  DiagnoseInput,
  EngineInput,
  EngineResult,
  CountingSpec,
  FormatId,
  ImportedConversation,
  Options,
  PricingAsks,
  SliceRange,
  RequestPricings,
} from '@core'
import type { OpenedFile } from '../../electron/contract'
import type { PackedChunk } from './chunks'
import type { PackedFinding } from './packed-findings'
import type { CountTarget, LiveChange, LiveTail, PromptSize } from './types'

/** A conversation read from a file, without its messages: those follow in chunks. */
export type ImportHeader = Omit<ImportedConversation, 'messages'>

/**
 * Main → conversation worker: read a file, then answer questions about what it read. The file goes
 * as it came: a Blob (cloning one copies no bytes), bytes (one copy, no decoding), or short text.
 */
export type ConversationRequest =
  | {
      kind: 'import'
      name: string
      content: OpenedFile['content']
      format: FormatId | 'auto'
      /** The request of an API traffic log to read (ImportOptions.request). */
      request?: number
      /** The session of a database to read (ImportOptions.session). */
      session?: string
      /** Keep the core's LiveImport, to parse the file's changes (ImportChoice.follow). */
      follow?: boolean
      /** The file the log needs beside it (OpenedFile.companion; ImportOptions.companion). */
      companion?: NonNullable<OpenedFile['companion']>
    }
  /** The followed file changed: parse the change, keep its messages until `adopt`. */
  | { kind: 'change'; id: number; change: LiveChange }
  /** The page shows the last change's messages: answer questions on them from now on. */
  | { kind: 'adopt' }
  /** The page has read a chunk of messages: send the next (or `done`). */
  | { kind: 'more' }
  | { kind: 'ask'; id: number; question: ConversationQuestion }
  /**
   * Count `ranges` of the messages shown (or of the last change's, not adopted yet) in the
   * worker's counting pool, keeping the counts; a newer count stops this one.
   */
  | {
      kind: 'count'
      id: number
      spec: Required<CountingSpec>
      ranges: SliceRange[]
      of: CountTarget
    }
  /** Stop the count `id`, and any older one. */
  | { kind: 'stop-count'; id: number }

/**
 * A question the conversation worker answers with the core, on the messages it holds, with the
 * counts it holds for them under the question's counting key (`counting`, the countingKey of the
 * spec in force): the counts reached the page from the worker, so they never go back.
 */
export type ConversationQuestion =
  | { kind: 'diagnose'; input: Omit<DiagnoseInput, 'messages' | 'counts'>; counting: string }
  /** The token count of the summary prompt for these options. */
  | { kind: 'prompt-tokens'; options: Options; counting: string }
  /**
   * What prices each reported request beyond the counts in force: its own turn's thinking (the
   * core's turnCostsOf), the messages' costs under each of `asks.models`, the models that served
   * requests and count otherwise (servedPricing), and the results of `asks.cleared` as a
   * microcompaction sent them (clearedCostsOf).
   */
  | { kind: 'request-pricing'; spec: Required<CountingSpec>; asks: PricingAsks }
  /** Every engine preset the input's limits let run on the conversation (runEngines). */
  | { kind: 'engines'; input: Omit<EngineInput, 'messages' | 'counts'>; counting: string }

/** What a question's answer holds, by the question's kind. */
export interface ConversationAnswers {
  diagnose: PackedFinding[]
  'prompt-tokens': PromptSize
  'request-pricing': RequestPricings
  engines: EngineResult[]
}

/** An answer, with the kind of question it answers. */
export type ConversationAnswer = {
  [K in keyof ConversationAnswers]: { kind: K; value: ConversationAnswers[K] }
}[keyof ConversationAnswers]

/** Conversation worker → main. */
export type ConversationReply =
  /** How many of the file's bytes are parsed, of `total`: sent while parsing, about every 1 MB. */
  | { kind: 'parsing'; done: number; total: number }
  /** Parsed: `total` messages follow in `messages` chunks, then `done`. */
  | { kind: 'parsed'; header: ImportHeader; total: number; bytesRead?: number }
  | { kind: 'messages'; chunk: PackedChunk }
  | { kind: 'done' }
  /** The file could not be read, said as the error display says it. */
  | { kind: 'failed'; error: string }
  | { kind: 'answer'; id: number; answer: ConversationAnswer }
  | { kind: 'answer-failed'; id: number; error: string }
  /** A change parsed: the tail, its messages packed as chunks are; null when no line completed. */
  | { kind: 'changed'; id: number; tail: PackedLiveTail | null; bytesRead: number }
  | { kind: 'change-failed'; id: number; error: string }
  /** One slice of the count `id`, as the counting pool returned it, its buffer transferred. */
  | { kind: 'counted'; id: number; result: CountSliceResult }
  | { kind: 'count-done'; id: number }
  | { kind: 'count-failed'; id: number; error: string }

/** A LiveTail as it crosses to the page: its messages packed in chunks. */
export type PackedLiveTail = Omit<LiveTail, 'messages'> & { chunks: PackedChunk[] }

/**
 * Conversation worker → counting worker: one slice of its conversation; main → counting worker:
 * one text such as the summary prompt.
 */
export type CountRequest =
  | { kind: 'slice'; request: CountSliceRequest }
  | { kind: 'text'; id: number; spec: Required<CountingSpec>; text: string }

/** Counting worker → its sender. */
export type CountReply =
  | { kind: 'slice'; result: CountSliceResult }
  | { kind: 'text'; id: number; tokens: number }
  | { kind: 'failed'; error: string }
