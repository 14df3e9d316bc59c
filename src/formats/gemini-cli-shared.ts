import type { Json, JsonPath } from './json-shape'
import type { NoteList } from './report'

/* What the Gemini CLI reader's parts share: where a record sits, and the notes they make. */

/** Where a record sits, so notes name the right place: `messages[3].content` or `line 7: content`. */
export interface Ctx {
  notes: NoteList
  where: (steps: JsonPath) => string
}

/** One message record of the session, with where it came from. */
export interface Entry {
  value: Json
  ctx: Ctx
  /** Set when the record arrived in a `$set.messages` rewrite that dropped this many messages. */
  replaced?: number
}

export const MESSAGE_TYPES = new Set(['user', 'gemini', 'info', 'error', 'warning'])
export const UI_TYPES = new Set(['info', 'error', 'warning'])
export const SESSION_FIELDS = new Set([
  'sessionId',
  'projectHash',
  'startTime',
  'lastUpdated',
  'summary',
  'memoryScratchpad',
  'directories',
  'kind',
  // What Gemini CLI's session list derives (chatRecordingService.ts, loadConversationRecord and its
  // legacy fallback, at 5411f113), found written into public session files.
  'messageCount',
  'userMessageCount',
  'firstUserMessage',
  'hasResumableContent',
  'hasUserOrAssistantMessage',
])
export const METADATA_NOTE = 'session metadata; not part of the conversation'
export const USAGE_NOTE =
  "provider-reported usage: read by the usage view; its thoughts count prices the reply's thinking"
export const SNAPSHOT = '<state_snapshot>'
