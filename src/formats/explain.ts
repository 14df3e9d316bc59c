import { ConversationParseError, parseConversation } from '../conversation'
import type { FormatError } from './errors'

/**
 * The wire shape's own located error, when it says best why `text` was not read: the native format
 * was forced, or the file was meant as the wire shape (its messages include one with a `type` and a
 * `text`, which no provider's messages have both), or it is neither JSON nor JSONL, where every
 * JSON format stops at the same place. Undefined when the FormatError's reasons say more.
 */
export function wireShapeExplanation(
  text: string,
  error: FormatError,
): ConversationParseError | undefined {
  if (error.format !== 'native' && (error.format !== undefined || !meantAsWireShape(text))) {
    return undefined
  }
  // Detection found the file looks more like another format than the wire shape (a format that
  // scored above it, such as a Cline task's ui_messages.json): that format's reason says more.
  if (error.format === undefined && error.resembled && error.reason?.format !== 'native') {
    return undefined
  }
  try {
    parseConversation(text)
  } catch (parseError) {
    if (parseError instanceof ConversationParseError) return parseError
    throw parseError
  }
  return undefined
}

function meantAsWireShape(text: string): boolean {
  // A file with nothing in it was meant as nothing: detection's "the file is empty" says so.
  if (text.trim() === '') return false
  let root: unknown
  try {
    root = JSON.parse(text)
  } catch {
    // Broken JSON is meant as the wire shape; text that does not open as JSON (Markdown, a log)
    // is not JSON at all, and detection's reason says so.
    return /^\s*[[{]/.test(text) && !startsWithJsonObjectLine(text)
  }
  const list = isRecord(root) ? root.messages : root
  return Array.isArray(list) && list.some((m) => isRecord(m) && 'type' in m && 'text' in m)
}

// JSONL starts with a whole object on its first line; pretty-printed JSON starts with `{` or `[`.
function startsWithJsonObjectLine(text: string): boolean {
  const first = text.trimStart().split('\n', 1)[0]
  try {
    return isRecord(JSON.parse(first))
  } catch {
    return false
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
