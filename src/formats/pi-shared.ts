import type { Message } from '../types'
import type { Json, JsonPath } from './json-shape'

/* What the pi reader's parts share: a parsed entry, the entry types, the notes they make. */

/**
 * One parsed entry: its line, and the fields of its value that the branch and the compaction are
 * worked out from (pi-reading.ts; a compaction's whole value). What it reads as is worked out as
 * it is parsed, so that the rest of the value need not be kept.
 */
export interface Entry {
  line: number
  value: Json
  reading?: EntryReading
}

/** What an entry reads as (readEntry), and the notes it made, recorded with paths inside it. */
export interface EntryReading {
  messages: Message[]
  model: string | undefined
  /** How many tool calls a reply made; 0 for a reply that failed, which pi does not send. */
  calls: number
  notes: readonly unknown[]
  /** Anything other than a ShapeError that the reading threw: thrown if the entry is loaded. */
  error: unknown
}

export const ENTRY_TYPES = new Set([
  'message',
  'thinking_level_change',
  'model_change',
  'compaction',
  'branch_summary',
  'custom',
  'custom_message',
  'label',
  'session_info',
  'usage',
  'context_edit',
])
export const HEADER_NOTE = 'session header; not part of the conversation'
export const METADATA_NOTE = 'session metadata; not part of the conversation'
export const USAGE_NOTE =
  'provider-reported usage and cost; read by the usage view, not counted here'

/** Turns steps inside an entry into the path a note shows (`line 7: message.content[1]`). */
export type Where = (steps: JsonPath) => string
