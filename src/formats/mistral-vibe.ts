import type { Message } from '../types'
import { ShapeError, isObject, kind, pathString, type Json } from './json-shape'
import {
  linesNotes,
  LocatedError,
  type ReadInput,
  type ReadResult,
  type SkippedLine,
} from './reader'
import { NoteList } from './report'
import { readVibeMetaCompanion } from './mistral-vibe-meta'
import { lineObjects } from './sniff-shapes'
import { readVibeSessionDocument, vibeSessionDocument } from './mistral-vibe-document'
import { readVibeMessage, type NoteAt } from './mistral-vibe-message'
import type { FormatDescriptor } from './types'

/*
 * Mistral Vibe (`vibe`, Mistral's coding agent) logs each session to <VIBE_HOME, else ~/.vibe>/
 * logs/session/session_<start>_<short id>/messages.jsonl: every message but the system prompt, one
 * per line, as its LLMMessage dumps them (model_dump(exclude_none=True)), appended as they come;
 * meta.json beside it holds the system prompt, the tools, the config and the totals, and is read
 * with it when the host finds it (ReadChoice.companion: mistral-vibe-meta.ts). A compaction starts a
 * new session folder whose first message is the summary. Followed: mistralai/mistral-vibe 2.18.4
 * (ac8f1a09): vibe/core/types.py (LLMMessage), vibe/core/session/session_logger.py
 * (save_interaction), vibe/core/compaction.py and vibe/core/agent_loop.py (compact). See
 * docs/formats/mistral-vibe.md.
 */

/**
 * Reads a Mistral Vibe messages.jsonl: every message, in the order Vibe appended them; or a
 * session file of Vibe before 2.0, one document (mistral-vibe-document.ts).
 */
export function readMistralVibe(input: ReadInput): ReadResult {
  const document = vibeSessionDocument(input.sniff())
  if (document !== undefined) return readVibeSessionDocument(document)
  if (input.isOneDocument()) {
    throw new LocatedError(
      'one JSON document, not JSONL with one Vibe message per line (nor a session file of Vibe before 2.0: {metadata, messages})',
      '',
    )
  }
  const later = new NoteList()
  const inLine: SkippedLine[] = []
  const messages: Message[] = []
  let read = 0
  let firstUnread: SkippedLine | undefined

  const broken = input.eachJsonLine((value, line) => {
    if (!isObject(value) || typeof value.role !== 'string') {
      inLine.push({
        line,
        problem: `${isObject(value) ? 'an object with no "role"' : kind(value)}, not a Vibe message`,
      })
      return
    }
    try {
      const note: NoteAt = (severity, field, problem) =>
        later.addOnLine(severity, line, field, problem)
      for (const m of readVibeMessage(value, note)) messages.push(m)
      read++
    } catch (error) {
      if (!(error instanceof ShapeError)) throw error
      firstUnread ??= { line, problem: error.problem }
      later.addOnLine('warning', line, pathString(error.steps), `${error.problem}; line skipped`)
    }
  })

  const what = 'a Vibe message ({role, content, injected, …})'
  const notes = linesNotes({ what, read, broken, inLine, firstUnread, later })
  // The system prompt and tools every request sent first are in meta.json beside the file.
  const meta = readVibeMetaCompanion(input.choice.companion, notes)
  const recorded = meta.head.some((m) => m.type === 'instructions' && m.text !== '')
  return {
    messages: [...meta.head, ...messages],
    notes,
    ...(meta.model !== undefined ? { model: meta.model } : {}),
    ...(meta.engineSettings !== undefined ? { engineSettings: meta.engineSettings } : {}),
    ...(recorded ? { systemPromptRecorded: true as const } : {}),
  }
}

/** Mistral Vibe: a session's messages.jsonl, one LLMMessage per line; or a 1.x session file. */
export const mistralVibeFormat = {
  id: 'mistral-vibe',
  label: 'Mistral Vibe session',
  shape:
    'JSONL, one message per line: {role, content, injected, message_id?, tool_calls?, tool_call_id?, reasoning_content?}; before Vibe 2.0, one JSON document {metadata: {session_id, tools_available, agent_config, …}, messages: […]}',
  detect(sniff) {
    // A session file of Vibe before 2.0 is one document, {metadata, messages}: its Chat-shaped
    // messages would read as OpenAI Chat's (2), without its tools and model.
    if (vibeSessionDocument(sniff) !== undefined) return 3
    const objects = lineObjects(sniff)
    const vibe = (o: Json) =>
      typeof o.role === 'string' &&
      typeof o.injected === 'boolean' &&
      (typeof o.message_id === 'string' || typeof o.tool_call_id === 'string')
    return objects.length > 0 && objects.every(vibe) ? 3 : 0
  },
  read: readMistralVibe,
} as const satisfies FormatDescriptor
