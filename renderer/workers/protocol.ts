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
  TurnCosts,
} from '@core'
import type { OpenedFile } from '../../electron/contract'
import type { PackedChunk } from './chunks'
import type { PackedFinding } from './packed-findings'
import type { LiveChange, LiveTail, PromptSize } from './types'

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
      /** Keep the core's LiveImport, to parse the file's changes (ImportChoice.follow). */
      follow?: boolean
    }
  /** The followed file changed: parse the change, keep its messages until `adopt`. */
  | { kind: 'change'; id: number; change: LiveChange }
  /** The page shows the last change's messages: answer questions on them from now on. */
  | { kind: 'adopt' }
  /** The page has read a chunk of messages: send the next (or `done`). */
  | { kind: 'more' }
  | { kind: 'ask'; id: number; question: ConversationQuestion }

/**
 * A question the conversation worker answers with the core, on the messages it holds. Each carries
 * the per-message counts in a typed array: copying it costs far less than copying messages.
 */
export type ConversationQuestion =
  | {
      kind: 'diagnose'
      input: Omit<DiagnoseInput, 'messages' | 'counts'> & { counts: Uint32Array<ArrayBuffer> }
    }
  /** The token count of the summary prompt for these options. */
  | { kind: 'prompt-tokens'; options: Options; counts: Uint32Array<ArrayBuffer> }
  /** Each request's own turn's thinking, priced as that request held it (the core's turnCostsOf). */
  | { kind: 'turn-costs'; spec: Required<CountingSpec> }
  /** Every engine preset on the conversation (the core's runEngines). */
  | {
      kind: 'engines'
      input: Omit<EngineInput, 'messages' | 'counts'> & { counts: Uint32Array<ArrayBuffer> }
    }

/** What a question's answer holds, by the question's kind. */
export interface ConversationAnswers {
  diagnose: PackedFinding[]
  'prompt-tokens': PromptSize
  'turn-costs': TurnCosts | null
  engines: EngineResult[]
}

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
  | { kind: 'answer'; id: number; answer: ConversationAnswers[keyof ConversationAnswers] }
  | { kind: 'answer-failed'; id: number; error: string }
  /** A change parsed: the tail, its messages packed as chunks are; null when no line completed. */
  | { kind: 'changed'; id: number; tail: PackedLiveTail | null; bytesRead: number }
  | { kind: 'change-failed'; id: number; error: string }

/** A LiveTail as it crosses to the page: its messages packed in chunks. */
export type PackedLiveTail = Omit<LiveTail, 'messages'> & { chunks: PackedChunk[] }

/** Main → counting worker: one slice of a conversation, or one text such as the summary prompt. */
export type CountRequest =
  | { kind: 'slice'; request: CountSliceRequest }
  | { kind: 'text'; id: number; spec: Required<CountingSpec>; text: string }

/** Counting worker → main. */
export type CountReply =
  | { kind: 'slice'; result: CountSliceResult }
  | { kind: 'text'; id: number; tokens: number }
  | { kind: 'failed'; error: string }
