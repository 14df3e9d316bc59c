import { orderMessage } from '../conversation'
import type { Message } from '../types'
import { readAnthropicMessage, type BlockContext } from './anthropic-content'
import { ShapeError, isObject, kind, pathString, requireString, type Json } from './json-shape'
import type { ReadInput, ReadResult } from './reader'
import { readRequestBody, type BodyShape } from './request-body'
import { NoteList } from './report'
import { CACHE_NOTE, UNKNOWN_FIELD_NOTE } from './vocabulary'
import { writeAnthropic } from './anthropic-export'
import { firstObjects, listIn, rootObject, someHas } from './sniff-shapes'
import type { FormatDescriptor } from './types'

const BODY: BodyShape = {
  listKey: 'messages',
  missing: 'no "messages" (an Anthropic Messages request body has one)',
  expected: 'expected a request body or an array of messages',
  fields: new Set(['model', 'system', 'messages', 'tools']),
  keepsForcedChoice: true,
  readOwn: (body, notes) => readSystem(body, notes),
}

/**
 * Reads Anthropic Messages: a request body `{ model, system, messages, tools }`, or a bare array of
 * messages. The system prompt (a string, or one instructions message per text block) comes first.
 */
export function readAnthropic(input: ReadInput): ReadResult {
  const notes = new NoteList()
  const ctx: BlockContext = { notes, where: pathString, self: 'anthropic' }
  const { list, prefix, model, head } = readRequestBody(input.json(), BODY, notes)
  const messages: Message[] = head
  list.forEach((raw, i) => {
    const at = [...prefix, i]
    if (!isObject(raw)) throw new ShapeError(`message is ${kind(raw)}, not an object`, at)
    for (const key of Object.keys(raw)) {
      if (key !== 'role' && key !== 'content')
        notes.warn(pathString([...at, key]), UNKNOWN_FIELD_NOTE)
    }
    messages.push(...readAnthropicMessage(raw, at, ctx))
  })
  return { model, messages, notes }
}

function readSystem(root: Json, notes: NoteList): Message[] {
  const system = root.system
  if (system === undefined || system === null) return []
  if (typeof system === 'string') return [{ type: 'instructions', text: system }]
  if (!Array.isArray(system)) {
    throw new ShapeError(`"system" is ${kind(system)}, not a string or a list of text blocks`, [
      'system',
    ])
  }
  return system.map((block, k) => {
    const at = ['system', k]
    if (!isObject(block) || block.type !== 'text') {
      throw new ShapeError('a system block must be {"type": "text", "text": …}', at)
    }
    for (const key of Object.keys(block)) {
      if (key === 'cache_control') notes.info(pathString([...at, key]), CACHE_NOTE)
      else if (key !== 'type' && key !== 'text')
        notes.warn(pathString([...at, key]), UNKNOWN_FIELD_NOTE)
    }
    return orderMessage({ type: 'instructions', text: requireString(block, 'text', at) })
  })
}

const ANTHROPIC_BLOCKS = new Set(['tool_use', 'tool_result', 'thinking', 'redacted_thinking'])

/** Anthropic Messages: a request body, or messages. */
export const anthropicFormat = {
  id: 'anthropic',
  label: 'Anthropic Messages',
  shape: 'a request body {model, system, messages, tools}, or a JSON array of {role, content}',
  detect(sniff) {
    const objects = firstObjects(listIn(sniff, 'messages'))
    if (!someHas(objects, 'role')) return 0
    const blocks = objects.some(
      (o) =>
        Array.isArray(o.content) &&
        o.content.some((b) => isObject(b) && ANTHROPIC_BLOCKS.has(b.type as string)),
    )
    return blocks || rootObject(sniff)?.system !== undefined ? 2 : 1
  },
  read: readAnthropic,
  write: writeAnthropic,
} as const satisfies FormatDescriptor
