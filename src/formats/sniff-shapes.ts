import { isObject, type Json } from './json-shape'
import type { Sniff } from './reader'

/**
 * Small looks at a sniffed input that the formats' `detect` functions share. Each is cheap: it
 * reads the top level and a few elements, never the whole conversation.
 */

/** How many elements of a list a detector looks at. */
const LOOK = 20

/** The conversation list of a JSON input: the root array, or `root[key]` for the first key present. */
export function listIn(sniff: Sniff, ...keys: string[]): unknown[] | undefined {
  const { json } = sniff
  if (Array.isArray(json)) return json
  if (!isObject(json)) return undefined
  for (const key of keys) if (Array.isArray(json[key])) return json[key] as unknown[]
  return undefined
}

/** The first objects of a list, for a detector to look at. */
export function firstObjects(list: readonly unknown[] | undefined): Json[] {
  if (!list) return []
  const out: Json[] = []
  for (const v of list) {
    if (isObject(v)) out.push(v)
    if (out.length >= LOOK) break
  }
  return out
}

/** The JSONL values of a sniffed input that are objects (the first SNIFF_LINES lines). */
export function lineObjects(sniff: Sniff): Json[] {
  return (sniff.lines ?? []).filter(isObject)
}

/** Whether some object has every one of the keys. */
export const someHas = (objects: readonly Json[], ...keys: string[]) =>
  objects.some((o) => keys.every((k) => k in o))

/** The JSON root when it is an object. */
export const rootObject = (sniff: Sniff): Json | undefined =>
  isObject(sniff.json) ? sniff.json : undefined
