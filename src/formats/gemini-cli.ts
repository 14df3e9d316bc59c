import { ShapeError, isObject, kind, pathString, type Json } from './json-shape'
import type { ReadInput, ReadResult } from './reader'
import { NoteList } from './report'
import { firstObjects, lineObjects, listIn, rootObject } from './sniff-shapes'
import type { FormatDescriptor } from './types'
import { type Ctx, MESSAGE_TYPES } from './gemini-cli-shared'
import { isRecord, readDocument, readJsonl } from './gemini-cli-session'
import { readCheckpoint } from './gemini-cli-checkpoint'

/*
 * Gemini CLI writes a session as ~/.gemini/tmp/<project>/chats/session-*.json(l). Followed:
 * google-gemini/gemini-cli, packages/core/src/services/chatRecordingService.ts and
 * chatRecordingTypes.ts (ConversationRecord, MessageRecord, ToolCallRecord), and
 * packages/core/src/utils/sessionUtils.ts (convertSessionToClientHistory: what a resumed session
 * sends), commit 5411f113 (0.56.0-nightly), read 2026-12-01. See docs/formats/gemini-cli.md.
 */

/**
 * Reads a Gemini CLI session: the JSONL that current versions append (a metadata line, message
 * records, `$set` updates and `$rewindTo` marks), the single JSON document older versions wrote,
 * or a `/chat save` checkpoint (a bare list of API contents, or `{history}`).
 */
export function readGeminiCli(input: ReadInput): ReadResult {
  const notes = new NoteList()
  let root: unknown
  let isJson = true
  try {
    root = input.json()
  } catch {
    isJson = false
  }
  const pathCtx: Ctx = { notes, where: (steps) => pathString(steps) }
  if (isJson && (Array.isArray(root) || (isObject(root) && Array.isArray(root.history)))) {
    return readCheckpoint(root, pathCtx)
  }
  if (isJson && isObject(root) && 'messages' in root) return readDocument(root, pathCtx)
  if (isJson && !(isObject(root) && isRecord(root))) {
    throw new ShapeError(
      isObject(root)
        ? 'no "messages" and no "sessionId" (a Gemini CLI session has both)'
        : `expected a Gemini CLI session object, found ${kind(root)}`,
      [],
    )
  }
  return readJsonl(input, notes)
}
/** Gemini CLI: a session (JSONL, or the older single document), or a /chat save checkpoint. */
export const geminiCliFormat = {
  id: 'gemini-cli',
  label: 'Gemini CLI session',
  shape:
    'JSONL (a metadata line, message records, $set and $rewindTo lines), the older JSON {sessionId, messages}, or a checkpoint [{role, parts}]',
  detect(sniff) {
    const root = rootObject(sniff)
    const isMessage = (o: Json) =>
      typeof o.type === 'string' && MESSAGE_TYPES.has(o.type) && 'id' in o && 'content' in o
    if (root && typeof root.sessionId === 'string' && Array.isArray(root.messages)) {
      return firstObjects(root.messages).some(isMessage) || root.messages.length === 0 ? 3 : 2
    }
    const contents = firstObjects(listIn(sniff, 'history'))
    if (contents.some((o) => o.role === 'model' && Array.isArray(o.parts))) return 3
    if (sniff.json !== undefined && !sniff.lines) return 0
    const lines = lineObjects(sniff)
    const header = lines.some(
      (o) => typeof o.sessionId === 'string' && typeof o.projectHash === 'string' && !('uuid' in o),
    )
    const marks = lines.some((o) => typeof o.$rewindTo === 'string' || isObject(o.$set))
    if (header || marks) return 3
    return lines.some((o) => isMessage(o) && (o.type === 'gemini' || 'toolCalls' in o)) ? 2 : 0
  },
  read: readGeminiCli,
} as const satisfies FormatDescriptor
