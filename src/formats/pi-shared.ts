import type { Json, JsonPath } from './json-shape'

/* What the pi reader's parts share: a parsed entry, the entry types, the notes they make. */

/** One parsed entry: its line and value. */
export interface Entry {
  line: number
  value: Json
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
])
export const HEADER_NOTE = 'session header; not part of the conversation'
export const METADATA_NOTE = 'session metadata; not part of the conversation'
export const USAGE_NOTE =
  'provider-reported usage and cost; read by the usage view, not counted here'

/** Turns steps inside an entry into the path a note shows (`line 7: message.content[1]`). */
export type Where = (steps: JsonPath) => string
