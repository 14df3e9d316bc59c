import { isObject, type Json } from './json-shape'
import type { UnwrittenWording } from './payload'
import { readWorded } from './claude-code-wording'

/**
 * What becomes of a Claude Code `attachment` event, following `normalizeAttachmentForAPI` in
 * Claude Code's utils/messages.ts (2.1.88): most attachments reach the model as a user text that
 * Claude Code marks isMeta and wraps in a system reminder; some are its own records, never sent.
 * `exact` says the text is the one the model was sent, wording and all (the event's `rendered`).
 */
export type AttachmentReading =
  | {
      sent: true
      type: 'context' | 'user'
      text: string
      exact?: true
      /** The wording Claude Code puts around the text, which the log does not hold, by its size. */
      unwritten?: UnwrittenWording
    }
  | { sent: false; reason: string }

// Attachments Claude Code records for itself and never sends (normalizeAttachmentForAPI returns []).
const NEVER_SENT = new Set([
  'already_read_file',
  'command_permissions',
  'edited_image_file',
  'hook_cancelled',
  'hook_error_during_execution',
  'hook_non_blocking_error',
  'hook_system_message',
  'hook_permission_decision',
  'structured_output',
  'dynamic_skill',
  // Records of what Claude Code did to its requests (2.1.260 and later; read in the compiled
  // 2.1.332, where they are listed beside progress and system events as never part of a request,
  // and normalizeAttachmentForAPI has no case for them). Two of them change later requests, which
  // the events reader reads: tool_results_cut and thinking_stripped. A third, prompt_snapshot, is
  // the system prompt and tools the requests carry (claude-code-snapshot.ts).
  'thinking_drop',
  'thinking_stripped',
  'advisor_stripped',
  'tool_results_cut',
  'credential_org',
  'tool_offer_record',
  'prompt_render_point',
  'whole_texts_withdrawn',
  'deferred_tools_record',
  // 2.1.3xx: the compiled 2.1.332's normalizeAttachmentForAPI returns no message for these.
  'context_efficiency',
  'attention_budget',
])

// Hooks whose successful output the model sees; other hook successes are the UI's alone
// (normalizeAttachmentForAPI: SessionStart and UserPromptSubmit in 2.1.88; the compiled 2.1.332
// adds UserPromptExpansion).
const HOOK_EVENTS_SENT = new Set(['SessionStart', 'UserPromptSubmit', 'UserPromptExpansion'])

// Reminders Claude Code sends even when the list they carry is empty.
const REMINDERS = new Set(['todo_reminder', 'task_reminder'])

// The fields that hold an attachment's own text, in the order they are looked for.
const TEXT_FIELDS = [
  'content',
  'snippet',
  'prompt',
  'planContent',
  'message',
  'text',
  'memories',
  'skills',
  'addedLines',
  'addedBlocks',
] as const

const RECORD = "Claude Code's own record; not sent to the model"
const SNAPSHOT =
  "Claude Code's record of the system prompt and tools its requests carry, not a message; the one in force at the first request is read as instructions"

/**
 * Whether the model sees an attachment, and the text it sees when it does. `rendered` is the
 * event's own field of that name: from 2.1.260 Claude Code writes beside each attachment it sends
 * the texts it sent (`[{content: string | [{type: "text", text}]}]`), and replays them rather than
 * rendering the attachment again (read in the compiled 2.1.260, 2.1.280 and 2.1.332). Where it is
 * valid, those texts are read as they are; a queued prompt is read from its own fields, since
 * Claude Code renders it otherwise inside a turn the user started.
 */
export function readAttachment(attachment: Json, rendered?: unknown): AttachmentReading {
  const type = String(attachment.type)
  if (NEVER_SENT.has(type)) return { sent: false, reason: RECORD }
  if (type === 'prompt_snapshot') return { sent: false, reason: SNAPSHOT }
  if (rendered !== undefined && type !== 'queued_command') {
    const texts = renderedTexts(rendered)
    if (texts !== undefined) return { sent: true, type: 'context', text: texts, exact: true }
  }
  const worded = readWorded(attachment)
  if (worded) return { sent: true, type: 'context', ...worded }
  if (type === 'hook_success' && !HOOK_EVENTS_SENT.has(String(attachment.hookEvent))) {
    return { sent: false, reason: "a hook's output shown to the user; not sent to the model" }
  }
  if (type === 'async_hook_response') return asyncHookResponse(attachment)
  if (type === 'hook_blocking_error' && isObject(attachment.blockingError)) {
    // As normalizeAttachmentForAPI words it (2.1.88; the same in the compiled 2.1.220).
    const { command, blockingError } = attachment.blockingError
    const text = `${String(attachment.hookName)} hook blocking error from command: "${String(command)}": ${String(blockingError)}`
    return { sent: true, type: 'context', text }
  }
  if (!REMINDERS.has(type) && isEmpty(attachment)) {
    return { sent: false, reason: 'empty; nothing is sent' }
  }
  const text = attachmentText(attachment)
  // A prompt the user typed while the model was working reaches it as a user turn; one queued by
  // Claude Code itself (a task notification, a peer's message) carries another origin or isMeta.
  const origin = isObject(attachment.origin) ? attachment.origin.kind : attachment.origin
  const typed =
    type === 'queued_command' &&
    (origin === undefined || origin === 'human') &&
    attachment.isMeta !== true &&
    attachment.commandMode !== 'task-notification'
  return { sent: true, type: typed ? 'user' : 'context', text }
}

/**
 * An asynchronous hook's response: the model is sent its `systemMessage` and its
 * `hookSpecificOutput.additionalContext`, each a reminder of its own, and nothing else (the hook's
 * stdout, its echo of the tool's input and output, stay in the file). normalizeAttachmentForAPI in
 * 2.1.88's utils/messages.ts, and the same test in the compiled 2.1.220.
 */
function asyncHookResponse(attachment: Json): AttachmentReading {
  const response = isObject(attachment.response) ? attachment.response : {}
  const specific = isObject(response.hookSpecificOutput) ? response.hookSpecificOutput : {}
  const texts = [response.systemMessage, specific.additionalContext].filter(
    (t): t is string => typeof t === 'string' && t !== '',
  )
  if (texts.length === 0) {
    return {
      sent: false,
      reason:
        "an asynchronous hook's response with no system message or additional context; Claude Code sends nothing for it",
    }
  }
  return { sent: true, type: 'context', text: texts.join('\n') }
}

/** The attachment's own text: its first non-empty text field, or else its JSON (without `type`). */
function attachmentText(attachment: Json): string {
  for (const key of TEXT_FIELDS) {
    const text = textOf(attachment[key])
    if (text !== undefined && text !== '') return text
  }
  const rest = Object.fromEntries(Object.entries(attachment).filter(([k]) => k !== 'type'))
  return JSON.stringify(rest)
}

/** Text from a string, a list of strings or of `{text}` / `{content}` items, or `{content}` / `{file: {content}}`. */
function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value
  if (Array.isArray(value)) {
    const parts = value.map((v) => textOf(isObject(v) ? (v.text ?? v.content) : v))
    return parts.every((p) => p !== undefined) ? parts.join('\n') : undefined
  }
  if (isObject(value)) {
    if (typeof value.content === 'string') return value.content
    if (isObject(value.file)) return textOf(value.file.content)
  }
  return undefined
}

/**
 * The texts of a `rendered` snapshot, one item after another; undefined unless it is what Claude
 * Code accepts: a non-empty list whose every item's content is a non-empty string or a non-empty
 * list of text blocks with non-empty text (anything else, it renders the attachment afresh).
 */
function renderedTexts(rendered: unknown): string | undefined {
  if (!Array.isArray(rendered) || rendered.length === 0) return undefined
  const texts: string[] = []
  for (const item of rendered) {
    const content: unknown = isObject(item) ? item.content : undefined
    if (typeof content === 'string' && content !== '') {
      texts.push(content)
      continue
    }
    if (!Array.isArray(content) || content.length === 0) return undefined
    for (const block of content) {
      if (!isObject(block) || block.type !== 'text') return undefined
      if (typeof block.text !== 'string' || block.text === '') return undefined
      texts.push(block.text)
    }
  }
  return texts.join('\n')
}

/** An attachment whose list or text is empty: Claude Code sends nothing for it. */
function isEmpty(attachment: Json): boolean {
  for (const key of ['skills', 'files', 'memories', 'content'] as const) {
    const value = attachment[key]
    if (value === '' || (Array.isArray(value) && value.length === 0)) return true
  }
  return false
}
