import { pathString, type JsonPath } from './json-shape'

/* The paths of notes recorded inside a JSONL line, made once per file for the common ones. */

/**
 * Paths inside a JSONL line, for one file's lines; the line goes in front when the notes are made
 * (NoteList.addRecordOnLine), as pi's and Droid's readers make theirs. A path of two names
 * (`message.usage`, `message.api`: a note on every reply) is made once and kept, so each line
 * records the same string: NoteRecord compares a line's record with the recent ones, and the same
 * string is equal at once, where a fresh one is compared character by character (3% of a pi
 * import).
 */
export function pathsInside(): (steps: JsonPath) => string {
  const named = new Map<string, Map<string, string>>()
  return (steps) => {
    if (steps.length !== 2) return pathString(steps)
    const [outer, name] = steps
    if (typeof outer !== 'string' || typeof name !== 'string') return pathString(steps)
    let names = named.get(outer)
    if (names === undefined) {
      if (named.size >= MAX_NAMED_PATHS) return pathString(steps)
      named.set(outer, (names = new Map()))
    }
    let path = names.get(name)
    if (path === undefined) {
      path = pathString(steps)
      // A file of many field names of its own keeps a bounded number of them.
      if (names.size < MAX_NAMED_PATHS) names.set(name, path)
    }
    return path
  }
}

const MAX_NAMED_PATHS = 256
