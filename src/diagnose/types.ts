import type { Message, Options } from '../types'

export {
  FINDING_CODES,
  type Finding,
  type FindingCode,
  type FindingWith,
  type Severity,
} from './findings'

/** What diagnose looks at: a conversation, the check options, and optionally a pasted summary. */
export interface DiagnoseInput {
  messages: readonly Message[]
  options: Options
  /** Per-message tokens for the model in force, as countEachMessage returns; counted when absent. */
  counts?: readonly number[]
  /** A pasted summary to judge against what it replaces; blank counts as none. */
  summaryText?: string
  /**
   * The file's engine does not record its system prompt (ImportedConversation's
   * systemPromptUnrecorded): with no instructions message, the agent still had one.
   */
  systemPromptUnrecorded?: boolean
}
