import { orderMessage } from '../conversation'
import type { Message } from '../types'
import { ShapeError, isObject, kind, pathString, type Json, type JsonPath } from './json-shape'
import type { ReadResult } from './reader'
import { UNKNOWN_FIELD_NOTE } from './vocabulary'
import { type Ctx, METADATA_NOTE } from './gemini-cli-shared'
import { markContext, withRemindersApart } from './gemini-cli-records'
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
  const ids = responseIds(list)
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
    const read = readParts(raw.parts, role, [...at, 'parts'], ctx, pairing, i, ids)
    for (const m of read) if (m.type === 'user') markContext(m, 0)
    messages.push(...withRemindersApart(read.map(orderMessage)))
  })
  return { messages, notes: ctx.notes }
}

/**
 * The id each id-less functionCall gets from the functionResponse that answers it: the model turn's
 * calls without an id, by name and in order, against the next turn's responses that carry one
 * (`${turn}.${part}` → id).
 */
function responseIds(list: unknown[]): Map<string, string> {
  const ids = new Map<string, string>()
  const partsOf = (c: unknown): unknown[] => (isObject(c) && Array.isArray(c.parts) ? c.parts : [])
  list.forEach((content, i) => {
    if (!isObject(content) || content.role !== 'model') return
    const next = list[i + 1]
    if (!isObject(next) || next.role !== 'user') return
    const answers = partsOf(next).flatMap((p) =>
      isObject(p) && isObject(p.functionResponse) && typeof p.functionResponse.id === 'string'
        ? [{ name: p.functionResponse.name, id: p.functionResponse.id }]
        : [],
    )
    partsOf(content).forEach((p, k) => {
      if (!isObject(p) || !isObject(p.functionCall)) return
      const fc = p.functionCall
      if (typeof fc.id === 'string' && fc.id !== '') return
      const at = answers.findIndex((a) => a.name === fc.name)
      if (at === -1) return
      ids.set(`${i}.${k}`, answers[at].id)
      answers.splice(at, 1)
    })
  })
  return ids
}
