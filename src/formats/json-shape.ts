import { InputError } from '../input-error'
import { parseJsonText } from '../json-parse'

/** A JSON value's address as steps: ['messages', 3, 'content'] is `messages[3].content`. */
export type JsonPath = readonly (string | number)[]

/** A JSON object, as the readers see one. */
export type Json = Record<string, unknown>

/** Whether a value is a plain JSON object (not null, not an array). */
export const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** What a value is, for an error message: `null`, `an array`, `an object`, `a number`. */
export const kind = (v: unknown): string =>
  v === null
    ? 'null'
    : Array.isArray(v)
      ? 'an array'
      : v === undefined
        ? 'missing'
        : typeof v === 'object'
          ? 'an object'
          : `a ${typeof v}`

/** Steps as a path string: `messages[3].content[1].cache_control`, or `[3].role` for a bare array. */
export function pathString(steps: JsonPath): string {
  let out = ''
  for (const step of steps) {
    if (typeof step === 'number') out += `[${step}]`
    else out += out === '' ? step : `.${step}`
  }
  return out
}

/** The input is not in the shape a format needs; says where (as steps) and what. */
export class ShapeError extends Error {
  constructor(
    readonly problem: string,
    readonly steps: JsonPath,
  ) {
    super(`${pathString(steps) || 'the file'}: ${problem}`)
    this.name = 'ShapeError'
  }
}

/** A field's value as a string, or a ShapeError naming the field and what it held instead. */
export function requireString(obj: Json, key: string, at: JsonPath): string {
  const value = obj[key]
  if (typeof value !== 'string') {
    throw new ShapeError(
      value === undefined ? `missing "${key}"` : `"${key}" is ${kind(value)}, not a string`,
      [...at, key],
    )
  }
  return value
}

/** A field's value as a string when present (null counts as absent). */
export function optionalString(obj: Json, key: string, at: JsonPath): string | undefined {
  const value = obj[key]
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string') {
    throw new ShapeError(`"${key}" is ${kind(value)}, not a string`, [...at, key])
  }
  return value
}

/** A field's value as an object, or a ShapeError naming the field and what it held instead. */
export function requireObject(obj: Json, key: string, at: JsonPath): Json {
  const value = obj[key]
  if (!isObject(value)) {
    throw new ShapeError(
      value === undefined ? `missing "${key}"` : `"${key}" is ${kind(value)}, not an object`,
      [...at, key],
    )
  }
  return value
}

/** A field's value as an array, or a ShapeError. */
export function requireArray(obj: Json, key: string, at: JsonPath): unknown[] {
  const value = obj[key]
  if (!Array.isArray(value)) {
    throw new ShapeError(
      value === undefined ? `missing "${key}"` : `"${key}" is ${kind(value)}, not an array`,
      [...at, key],
    )
  }
  return value
}

/** A field's value as an array when present (null counts as absent: an empty list). */
export function optionalList(obj: Json, key: string, at: JsonPath): unknown[] {
  const value = obj[key]
  if (value === undefined || value === null) return []
  if (!Array.isArray(value)) {
    throw new ShapeError(`"${key}" is ${kind(value)}, not a list`, [...at, key])
  }
  return value
}

/**
 * Parses a JSON string argument (found at `at`) as an object when it is one; otherwise keeps the
 * raw string. Arguments nested past MAX_JSON_DEPTH are an InputError, as the same nesting in the
 * file itself would be: nothing after the import could handle them.
 */
export function parseArguments(raw: string, at: JsonPath = []): unknown {
  try {
    const value: unknown = parseJsonText(raw)
    if (isObject(value)) return value
  } catch (error) {
    if (error instanceof InputError) {
      throw new InputError(`${pathString(at) || 'arguments'}: ${error.problem}`, undefined, at)
    }
    // Models do emit truncated or invalid arguments; the raw string is what was sent.
  }
  return raw
}
