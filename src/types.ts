import type { EarlierThinking } from './pricing/thinking-retention'
import type { Wire } from './pricing/wire'

/** The message types compaction distinguishes. Any other type string passes through untouched. */
export type KnownMessageType =
  'user' | 'bot' | 'context' | 'reasoning' | 'instructions' | 'activity'

/**
 * What a message is. Known types drive hoisting and the summary prompt; an unknown type string is
 * kept verbatim and split like any ordinary message.
 */
export type MessageType = KnownMessageType | (string & {})

/** Every type the package names, in the seed's order. */
export const MESSAGE_TYPES: readonly KnownMessageType[] = [
  'user',
  'bot',
  'context',
  'reasoning',
  'instructions',
  'activity',
]

/** Provenance on a message compaction produced: what it replaced. Nothing reads it to decide. */
export interface Summary {
  compacted: boolean
  droppedCount: number
  /** The non-empty ids of the replaced messages, in order; absent when none had an id. */
  summarizedIds?: string[]
}

/** The minimal shape compaction operates on. */
export interface Message {
  /** Omitted on the wire when empty. */
  id?: string
  type: MessageType
  text: string
  /** What the message costs outside its text, such as a rendered tool call; omitted when empty. */
  payload?: string
  /** Set on a summary this package produced. */
  meta?: Summary
}

/** Configures a compaction decision. */
export interface Options {
  /** Selects the tokenizer vocabulary; empty means the default encoding. */
  model?: string
  /**
   * The wire format the conversation is sent in, which decides each message's framing and the
   * request's (see docs/tokens.md); unset means 'native', the package's own rule.
   */
  wire?: Wire
  /**
   * Whose rule keeps earlier turns' thinking in a request: the model's ('model', the default), the
   * request's ('kept': it asks the API to keep every thinking turn), the file's reports
   * ('dropped': no request held any earlier reply's thinking; 'sent': every request held every
   * earlier reply's), or the file's requests' shape ('new-turn': each begins a new turn). See
   * docs/tokens.md.
   */
  thinking?: EarlierThinking
  /** The upper bound for the message list, in tokens: a positive integer. */
  maxTokens: number
  /** How many messages to keep verbatim from the tail; unset derives it from KEEP_RECENT_RATIO. */
  keepRecentCount?: number
  /** The fraction of maxTokens at which compaction fires, in (0, 1]; unset means TRIGGER_RATIO. */
  triggerRatio?: number
  /**
   * Tokens every request sends that the message list does not hold (a system prompt and tool
   * schemas the log left out), added to the estimate the decision compares: a non-negative
   * integer, default 0.
   */
  hiddenTokens?: number
}

/** Why a check declined to compact. */
export type DeclineReason = 'below-threshold' | 'too-few-messages' | 'nothing-to-summarize'

/** The result of dividing a conversation into the head to summarise and the tail to keep. */
export interface Split {
  messagesToSummarize: Message[]
  messagesToKeep: Message[]
}

/** The outcome of a compaction decision. */
export interface Check extends Split {
  shouldCompact: boolean
  /** The estimate that drove the decision, reported either way. */
  estimatedTokens: number
  /** maxTokens × triggerRatio, as an IEEE double. */
  threshold: number
  /** Why it declined; null when it compacts. */
  reason: DeclineReason | null
}

/** The floor below which compaction is not worth it: the summary would cost more than it replaces. */
export const MIN_MESSAGES = 4

/** The fraction of the conversation preserved verbatim as the recent tail. */
export const KEEP_RECENT_RATIO = 0.25

/** The fraction of the budget at which compaction fires. */
export const TRIGGER_RATIO = 0.9
