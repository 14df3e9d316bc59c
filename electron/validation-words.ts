/*
 * The words every check of a value from outside uses. No imports: the settings checks run in the
 * web build's page too, which must not pull in Node's modules through the IPC checks.
 */

/** A value's kind in words, for an error: "an array", "a string", "null". */
export function typeOf(value: unknown): string {
  if (value === null || value === undefined) return String(value)
  if (Array.isArray(value)) return 'an array'
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`
}

/** A refused request, in the one wording every channel uses. */
export function invalid(error: string): { ok: false; error: string } {
  return { ok: false, error: `Invalid request: ${error}.` }
}
