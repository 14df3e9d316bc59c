import { orderMessage } from '../conversation'
import type { Message } from '../types'
import { ShapeError, isObject, kind, pathString, type Json, type JsonPath } from './json-shape'
import type { ReadResult } from './reader'
import { UNKNOWN_FIELD_NOTE } from './vocabulary'
import { type Ctx, METADATA_NOTE } from './gemini-cli-shared'
import { markContext } from './gemini-cli-records'
import { Pairing, readParts } from './gemini-cli-parts'

/** A `/chat save` checkpoint: the API contents themselves, `[{role: user|model, parts}]`. */
export function readCheckpoint(root: unknown, ctx: Ctx): ReadResult {
  const list = Array.isArray(root) ? root : ((root as Json).history as unknown[])
  const prefix: JsonPath = Array.isArray(root) ? [] : ['history']
  if (!Array.isArray(root)) {
    for (const key of Object.keys(root as Json)) {
      if (key === 'history') continue
      if (key === 'authType') ctx.notes.info(key, METADATA_NOTE)
      else ctx.notes.warn(key, UNKNOWN_FIELD_NOTE)
    }
  }
  const pairing = new Pairing()
  const messages: Message[] = []
  list.forEach((raw, i) => {
    const at = [...prefix, i]
    if (!isObject(raw)) throw new ShapeError(`content is ${kind(raw)}, not an object`, at)
    const role = raw.role
    if (role !== 'user' && role !== 'model') {
      throw new ShapeError(
        typeof role === 'string'
          ? `role "${role}" is not a Gemini content role (user, model)`
          : 'missing "role"',
        [...at, 'role'],
      )
    }
    if (!Array.isArray(raw.parts)) {
      throw new ShapeError(`"parts" is ${kind(raw.parts)}, not an array`, [...at, 'parts'])
    }
    for (const key of Object.keys(raw)) {
      if (key !== 'role' && key !== 'parts')
        ctx.notes.warn(pathString([...at, key]), UNKNOWN_FIELD_NOTE)
    }
    const read = readParts(raw.parts, role, [...at, 'parts'], ctx, pairing, i)
    for (const m of read) {
      if (m.type === 'user') markContext(m, 0)
      messages.push(orderMessage(m))
    }
  })
  return { messages, notes: ctx.notes }
}
