import type { DeclineReason, Message, Options } from '../types'

/** How much a finding matters: an error makes `diagnose` exit 1; warnings and info do not. */
export type Severity = 'error' | 'warning' | 'info'

/** Every finding code diagnose emits. Stable: the CLI's JSON and the app key on these strings. */
export const FINDING_CODES = [
  'no-instructions',
  'instructions-not-first',
  'instructions-hoisted',
  'instructions-in-tail',
  'unprompted-content',
  'tool-exchange-cut',
  'tail-starts-mid-turn',
  'summary-drops-identifier',
  'summary-longer-than-replaced',
  'still-over-threshold',
  'earlier-summary',
  'summary-resummarized',
  'summary-before-instructions',
  'duplicate-instructions',
  'special-token-text',
  'unknown-model',
  'unknown-type',
  'duplicate-id',
  'compaction-declined',
] as const

/** One of FINDING_CODES. */
export type FindingCode = (typeof FINDING_CODES)[number]

/**
 * One thing diagnose noticed. `indexes` are input indexes, ascending; `ids` are the non-empty ids of
 * those messages, each once, in index order; `tokens` is the sum of those messages' counts.
 * The optional fields carry the detail a code has; docs/diagnostics.md says which code sets which.
 */
export interface Finding {
  code: FindingCode
  severity: Severity
  indexes: number[]
  ids: string[]
  tokens: number
  /** One sentence: what happened and what to do about it. */
  message: string

  /** Opaque identifiers involved: held by unprompted content, or dropped by the summary. */
  identifiers?: string[]
  /** How many messages the finding groups (unprompted-content). */
  count?: number
  /** How many of those messages have each type (unprompted-content). */
  byType?: Record<string, number>
  /** Where each message at `indexes` lands in the compacted conversation (instructions-hoisted, -in-tail). */
  landsAt?: number[]
  /** Where the summary lands in the compacted conversation (instructions-hoisted, -in-tail). */
  summaryAt?: number
  /** The call id both halves carry; absent when matched by adjacency (tool-exchange-cut). */
  callId?: string
  /** How the halves of a tool exchange were paired (tool-exchange-cut). */
  matchedBy?: 'call-id' | 'adjacency'
  /** The user message that opened the turn the tail starts in (tail-starts-mid-turn). */
  userTurnAt?: number
  /** A keepRecentCount that would mend the cut (tail-starts-mid-turn, tool-exchange-cut). */
  suggestedKeepRecentCount?: number
  /** The pasted summary's cost as a message: its text plus the per-message overhead. */
  summaryTokens?: number
  /** What the summary replaces: the tokens of messagesToSummarize. */
  replacedTokens?: number
  /** The compacted conversation's total: kept messages plus the summary, if one was pasted. */
  appliedTokens?: number
  /** maxTokens × triggerRatio. */
  threshold?: number
  /** An earlier summary's ordinal among all earlier summaries, from 1 (earlier-summary). */
  ordinal?: number
  /** How many earlier summaries the conversation holds (earlier-summary). */
  total?: number
  /** meta.droppedCount of an earlier summary. */
  droppedCount?: number
  /** meta.summarizedIds of an earlier summary. */
  summarizedIds?: string[]
  /** The special-token strings found, each once (special-token-text). */
  specialTokens?: string[]
  /** The model name (unknown-model). */
  model?: string
  /** The encoding the counts used instead (unknown-model). */
  encoding?: string
  /** The unknown type string (unknown-type). */
  type?: string
  /** The duplicated id (duplicate-id). */
  id?: string
  /** Why the check declined (compaction-declined). */
  reason?: DeclineReason
}

/** What diagnose looks at: a conversation, the check options, and optionally a pasted summary. */
export interface DiagnoseInput {
  messages: readonly Message[]
  options: Options
  /** Per-message tokens for the model in force, as countEachMessage returns; counted when absent. */
  counts?: readonly number[]
  /** A pasted summary to judge against what it replaces; blank counts as none. */
  summaryText?: string
}
