import { orderMessage } from '../conversation'
import type { Message } from '../types'
import { ShapeError, isObject, kind, requireString, type Json, type JsonPath } from './json-shape'
import { encodePayload } from './payload'
import type { NoteSink } from './report'
import { UNKNOWN_FIELD_NOTE, noteAttachment } from './vocabulary'
import { type Entry, METADATA_NOTE, type Where } from './pi-shared'
import { readAssistant } from './pi-assistant'

/* One pi session entry as core messages: user, tool result and ! command messages, and the fields set aside. */

const ENTRY_FIELDS = new Set(['type', 'id', 'parentId', 'timestamp'])

export function readEntry(
  e: Entry,
  where: Where,
  notes: NoteSink,
): { messages: Message[]; model?: string; calls?: number } {
  const v = e.value
  const id = typeof v.id === 'string' ? v.id : undefined
  if ('timestamp' in v) notes.info(where(['timestamp']), METADATA_NOTE)
  switch (v.type) {
    case 'message': {
      for (const key of Object.keys(v)) {
        if (!ENTRY_FIELDS.has(key) && key !== 'message')
          notes.warn(where([key]), UNKNOWN_FIELD_NOTE)
      }
      if (!isObject(v.message))
        throw new ShapeError(`"message" is ${kind(v.message)}, not an object`, ['message'])
      return readMessage(v.message, id, where, notes)
    }
    case 'model_change':
      notes.info(where([]), "model change; read as the conversation's model")
      return { messages: [], model: typeof v.modelId === 'string' ? v.modelId : undefined }
    case 'thinking_level_change':
      notes.info(
        where([]),
        'thinking level change; a request setting, not part of the conversation',
      )
      return { messages: [] }
    case 'compaction':
      // Only the latest compaction on the branch counts; pi sends no earlier one.
      notes.info(where([]), 'an earlier compaction, superseded by the later one; not loaded')
      return { messages: [] }
    case 'branch_summary': {
      const text = typeof v.summary === 'string' ? v.summary : ''
      if (text === '') return { messages: [] }
      for (const key of Object.keys(v))
        if (key === 'fromId' || key === 'details' || key === 'fromHook')
          notes.info(where([key]), METADATA_NOTE)
      notes.info(
        where([]),
        'summary of a branch pi came back from; sent as a user message with a short preamble, which is not counted',
      )
      return { messages: [orderMessage({ id, type: 'context', text })] }
    }
    case 'custom_message': {
      for (const key of Object.keys(v)) {
        if (['customType', 'display', 'details'].includes(key))
          notes.info(where([key]), "an extension's metadata; not sent")
      }
      return {
        messages: [
          contentMessage(id, 'context', userContent(v.content, ['content'], where, notes)),
        ],
      }
    }
    case 'custom':
      notes.info(where([]), "an extension's stored state; never sent to the model")
      return { messages: [] }
    case 'label':
      notes.info(where([]), 'a bookmark on an entry; not part of the conversation')
      return { messages: [] }
    case 'session_info':
      // Since pi 0.59 an empty name clears the title (getSessionName); before, it was passed over.
      notes.info(
        where([]),
        typeof v.name === 'string' && v.name.trim() !== ''
          ? "the session's display name; not part of the conversation"
          : "clears the session's display name; not part of the conversation",
      )
      return { messages: [] }
    case 'context_edit': {
      // pi 1.x (ContextEditEntry): applied to its target where the branch is read (pi-branch.ts).
      requireString(v, 'targetId', [])
      const r = v.replacement
      if (r !== null && !(isObject(r) && 'content' in r))
        throw new ShapeError(`"replacement" is ${kind(r)}, not {content} or null`, ['replacement'])
      notes.info(
        where([]),
        r === null
          ? 'a context edit: pi leaves its target out of later requests; applied'
          : "a context edit: pi sends its content in place of its target's; applied",
      )
      return { messages: [] }
    }
    case 'usage':
      // pi 1.x (UsageEntry): usage of a request outside the conversation, such as a cache warm-up.
      notes.info(
        where([]),
        'usage of a request pi made outside the conversation (such as a cache warm-up); not part of the conversation',
      )
      return { messages: [] }
    default:
      notes.warn(where([]), `"${String(v.type)}" is not a pi entry type; not loaded`)
      return { messages: [] }
  }
}

function readMessage(
  m: Json,
  id: string | undefined,
  where: Where,
  notes: NoteSink,
): { messages: Message[]; model?: string } {
  const at = ['message']
  const role = requireString(m, 'role', at)
  const w = (steps: JsonPath) => where([...at, ...steps])
  switch (role) {
    case 'user': {
      reportFields(m, ['role', 'content'], w, notes)
      return {
        messages: [
          contentMessage(id, 'user', userContent(m.content, [...at, 'content'], where, notes)),
        ],
      }
    }
    case 'assistant':
      return readAssistant(m, id, where, notes)
    case 'system': {
      // pi 1.x (SystemMessage, pi-ai 1.6.0): its prompt and tools, as the session records them.
      // pi-branch.ts folds every one on the branch into the leading instructions (pi-system.ts),
      // reading only fields of the right kind; pi reads a missing content as empty.
      const shapes: [string, (x: unknown) => boolean, string][] = [
        [
          'content',
          (x) => x == null || typeof x === 'string' || Array.isArray(x),
          'a string or a list',
        ],
        ['sections', isObject, 'an object'],
        ['toolsAdded', Array.isArray, 'a list'],
        ['toolsRemoved', Array.isArray, 'a list'],
      ]
      for (const [key, ok, what] of shapes)
        if (key in m && !ok(m[key]))
          notes.warn(w([key]), `${kind(m[key])}, not ${what}; not loaded`)
      reportFields(m, ['role', ...shapes.map(([key]) => key)], w, notes)
      notes.info(
        where([]),
        "pi's system prompt and tools, as the session records them: read into the leading instructions, as pi sends them to a model that takes no system message mid-conversation",
      )
      return { messages: [] }
    }
    case 'toolResult': {
      const callId = requireString(m, 'toolCallId', at)
      reportFields(m, ['role', 'content', 'toolCallId', 'isError'], w, notes, {
        toolName: "the tool's name, as its call names it",
        details: "pi's own record of the result for its UI; the model reads content",
      })
      const { text, attachments } = userContent(m.content, [...at, 'content'], where, notes)
      const content = attachments.length > 0 ? (m.content as unknown[]) : text
      const isError = m.isError === true ? true : undefined
      return {
        messages: [
          orderMessage({
            id: callId,
            type: 'activity',
            text: '',
            payload: encodePayload({ content, is_error: isError }),
          }),
        ],
      }
    }
    case 'bashExecution': {
      reportFields(
        m,
        [
          'role',
          'command',
          'output',
          'exitCode',
          'cancelled',
          'truncated',
          'fullOutputPath',
          'excludeFromContext',
        ],
        w,
        notes,
      )
      if (m.excludeFromContext === true) {
        notes.info(where([]), 'a !! command: pi keeps its output out of the context; not loaded')
        return { messages: [] }
      }
      notes.info(
        where([]),
        'a ! command the user ran; pi sends its command and output as a user message',
      )
      return { messages: [orderMessage({ id, type: 'context', text: bashText(m) })] }
    }
    case 'custom':
    case 'hookMessage': {
      reportFields(m, ['role', 'content'], w, notes, {
        customType: "an extension's metadata; not sent",
        display: "an extension's metadata; not sent",
        details: "an extension's metadata; not sent",
      })
      return {
        messages: [
          contentMessage(id, 'context', userContent(m.content, [...at, 'content'], where, notes)),
        ],
      }
    }
    case 'branchSummary':
    case 'compactionSummary': {
      reportFields(m, ['role', 'summary'], w, notes, {
        fromId: METADATA_NOTE,
        tokensBefore: METADATA_NOTE,
      })
      const text = typeof m.summary === 'string' ? m.summary : ''
      return {
        messages: [
          orderMessage({
            id,
            type: 'context',
            text,
            ...(role === 'compactionSummary' ? { meta: { compacted: true, droppedCount: 0 } } : {}),
          }),
        ],
      }
    }
    default:
      throw new ShapeError(
        `role "${role}" is not a pi message role (user, assistant, toolResult, bashExecution, custom)`,
        [...at, 'role'],
      )
  }
}

/** A ! command as the user message pi sends for it: the command, its output, how it ended. */
function bashText(m: Json): string {
  const command = typeof m.command === 'string' ? m.command : ''
  const output = typeof m.output === 'string' ? m.output : ''
  const lines = [`Ran \`${command}\``, output === '' ? '(no output)' : '```\n' + output + '\n```']
  if (m.cancelled === true) lines.push('(command cancelled)')
  else if (typeof m.exitCode === 'number' && m.exitCode !== 0)
    lines.push(`Command exited with code ${m.exitCode}`)
  return lines.join('\n')
}

function reportFields(
  m: Json,
  read: string[],
  w: Where,
  notes: NoteSink,
  known: Record<string, string> = {},
) {
  for (const key of Object.keys(m)) {
    if (read.includes(key)) continue
    if (key in known) notes.info(w([key]), known[key])
    else if (key === 'timestamp') notes.info(w([key]), METADATA_NOTE)
    else notes.warn(w([key]), UNKNOWN_FIELD_NOTE)
  }
}

/** A user or tool result's content: a string, or text and image blocks. */
function userContent(
  content: unknown,
  at: JsonPath,
  where: Where,
  notes: NoteSink,
): { text: string; attachments: unknown[] } {
  if (content === undefined || content === null) return { text: '', attachments: [] }
  if (typeof content === 'string') return { text: content, attachments: [] }
  if (!Array.isArray(content))
    throw new ShapeError(`"content" is ${kind(content)}, not a string or a list of blocks`, at)
  const texts: string[] = []
  const attachments: unknown[] = []
  content.forEach((block, k) => {
    const here = [...at, k]
    if (!isObject(block)) throw new ShapeError(`block is ${kind(block)}, not an object`, here)
    const type = requireString(block, 'type', here)
    if (type === 'text') {
      texts.push(requireString(block, 'text', here))
      for (const key of Object.keys(block)) {
        if (key === 'textSignature')
          notes.info(where([...here, key]), "the provider's id for the text; not counted")
        else if (key !== 'type' && key !== 'text')
          notes.warn(where([...here, key]), UNKNOWN_FIELD_NOTE)
      }
    } else {
      attachments.push(block)
      noteAttachment(notes, where(here), type, block)
    }
  })
  return { text: texts.join('\n\n'), attachments }
}

/** A user or context message of a content's text, its images as attachments. */
function contentMessage(
  id: string | undefined,
  type: 'user' | 'context',
  { text, attachments }: { text: string; attachments: unknown[] },
): Message {
  const payload = encodePayload(attachments.length > 0 ? { attachments } : {})
  return orderMessage({ id, type, text, payload })
}
