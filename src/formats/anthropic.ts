import { orderMessage } from '../conversation'
import type { Message } from '../types'
import { readAnthropicMessage, type BlockContext } from './anthropic-content'
import {
  ShapeError,
  isObject,
  kind,
  optionalString,
  pathString,
  requireArray,
  requireString,
  type Json,
  type JsonPath,
} from './json-shape'
import { toolsMessage } from './payload'
import type { ReadInput, ReadResult } from './reader'
import { NoteList } from './report'
import { CACHE_NOTE, REQUEST_SETTINGS, SETTING_NOTE, UNKNOWN_FIELD_NOTE } from './vocabulary'

const TOP_FIELDS = new Set(['model', 'system', 'messages', 'tools'])

/**
 * Reads Anthropic Messages: a request body `{ model, system, messages, tools }`, or a bare array of
 * messages. The system prompt (a string, or one instructions message per text block) comes first.
 */
export function readAnthropic(input: ReadInput): ReadResult {
  const root = input.json()
  const notes = new NoteList()
  const ctx: BlockContext = { notes, where: pathString, self: 'anthropic' }
  const messages: Message[] = []
  let list: unknown[]
  let prefix: JsonPath = []
  let model: string | undefined
  if (Array.isArray(root)) {
    list = root
  } else if (isObject(root)) {
    if (!('messages' in root)) {
      throw new ShapeError('no "messages" (an Anthropic Messages request body has one)', [])
    }
    list = requireArray(root, 'messages', [])
    prefix = ['messages']
    model = optionalString(root, 'model', [])
    const tools = root.tools === undefined ? [] : requireArray(root, 'tools', [])
    if (tools.length > 0) messages.push(toolsMessage(tools))
    messages.push(...readSystem(root, notes))
    for (const key of Object.keys(root)) {
      if (TOP_FIELDS.has(key)) continue
      if (REQUEST_SETTINGS.has(key)) notes.info(key, SETTING_NOTE)
      else notes.warn(key, UNKNOWN_FIELD_NOTE)
    }
  } else {
    throw new ShapeError(`expected a request body or an array of messages, found ${kind(root)}`, [])
  }
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
