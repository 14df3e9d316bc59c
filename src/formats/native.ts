import { ConversationParseError, orderMessage, readConversationValue } from '../conversation'
import type { Message } from '../types'
import { ShapeError, isObject } from './json-shape'
import { LocatedError, type ReadInput, type ReadResult } from './reader'
import { NoteList } from './report'
import { firstObjects, listIn } from './sniff-shapes'
import type { FormatDescriptor } from './types'

/** Reads the core's own wire shape: a JSON array of messages, or `{ model?, messages }`. */
export function readNative(input: ReadInput): ReadResult {
  const root = input.json()
  rejectTypelessMessage(root)
  let parsed
  try {
    parsed = readConversationValue(root, () => input.source)
  } catch (error) {
    if (!(error instanceof ConversationParseError)) throw error
    throw new LocatedError(error.problem, nativePath(root, error), error.line, error.column)
  }
  const notes = new NoteList()
  for (const w of parsed.warnings) {
    notes.warn(w.path, `"${w.field}" has no place in the wire shape; not loaded`)
  }
  return { model: parsed.model, messages: parsed.messages, notes }
}

// A file of provider messages fails here, cheaply: readConversationValue would say the same, but
// it locates the failure by re-parsing the whole file, which detection does not need.
function rejectTypelessMessage(root: unknown) {
  const list = isObject(root) ? root.messages : root
  if (!Array.isArray(list)) return
  const index = list.findIndex((m) => isObject(m) && !('type' in m))
  if (index !== -1) {
    throw new ShapeError('missing "type"', [
      ...(Array.isArray(root) ? [] : ['messages']),
      index,
      'type',
    ])
  }
}

function nativePath(root: unknown, error: ConversationParseError): string {
  if (error.index === undefined) return ''
  const list = Array.isArray(root) ? '' : 'messages'
  return `${list}[${error.index}]${error.field !== undefined ? `.${error.field}` : ''}`
}

/** Writes the wire shape; with a model, as `{ model, messages }` so the model survives the trip. */
export function writeNative(messages: readonly Message[], model?: string): string {
  const list = messages.map(orderMessage)
  return JSON.stringify(model ? { model, messages: list } : list, null, 2) + '\n'
}

/** The core's own wire shape. */
export const nativeFormat = {
  id: 'native',
  label: 'Compaction Inspector (native)',
  shape: 'a JSON array of {id, type, text, payload, meta}, or {model, messages}',
  detect(sniff) {
    const list = listIn(sniff, 'messages')
    if (!list) return 0
    if (list.length === 0) return 1
    const objects = firstObjects(list)
    if (objects.some((o) => 'role' in o)) return 0
    return objects.some((o) => 'type' in o && 'text' in o)
      ? 3
      : objects.some((o) => 'type' in o)
        ? 1
        : 0
  },
  read: readNative,
  write: (messages, opts) => ({ text: writeNative(messages, opts.model), report: [] }),
} as const satisfies FormatDescriptor
