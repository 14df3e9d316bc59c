import { JsonBytesError, parseJsonBytes, type ParseProgress } from './json-bytes'
import { MAX_JSON_DEPTH, excessNesting } from './json-depth'
import { nestingError } from './json-location'
import { InputError } from './input-error'

/**
 * JSON read from a conversation file, refusing what no step after the parse could handle: bytes
 * that are not UTF-8, and nesting past MAX_JSON_DEPTH (json-depth.ts). Both are an InputError
 * with the place; anything else that is not JSON is JSON.parse's SyntaxError, located later only
 * if an error message needs it (json-location.ts).
 */

/** The value of a JSON text; an InputError when it nests too deep before any syntax error. */
export function parseJsonText(text: string): unknown {
  // A value nested past the limit opens and closes MAX_JSON_DEPTH + 1 brackets, so a shorter text
  // that parses nests within it; such a text is checked only when it does not parse, which is
  // where a deep run of unclosed brackets comes first. Most JSONL lines and tool arguments are
  // shorter: their check was up to a tenth of a Claude Code session's import.
  if (text.length < SHORTEST_TOO_DEEP) {
    try {
      return JSON.parse(text)
    } catch (error) {
      throw nestingError(text) ?? error
    }
  }
  const deep = nestingError(text)
  if (deep) throw deep
  return JSON.parse(text)
}

/** The length of the shortest JSON value that nests past MAX_JSON_DEPTH: `[[…[]…]]`. */
const SHORTEST_TOO_DEEP = 2 * (MAX_JSON_DEPTH + 1)

/**
 * The value of a file's JSON, given as text or as UTF-8 bytes (parsed without one whole string,
 * json-bytes.ts). `source` gives the decoded text; it is asked for only when the bytes are
 * refused, to tell a file nested too deep from one that is not JSON.
 */
export function parseJsonContent(
  content: string | Uint8Array,
  onProgress: ParseProgress | undefined,
  source: () => string,
): unknown {
  if (typeof content === 'string') return parseJsonText(source())
  try {
    return parseJsonBytes(content, onProgress)
  } catch (error) {
    if (error instanceof InputError) throw error
    // Only what comes before the place the walk stopped can nest too deep first; and only a file
    // that does is decoded whole, to place the bracket. A JSONL file stops at its first line's end.
    const end = error instanceof JsonBytesError ? error.offset + 1 : content.length
    if (!excessNesting(content.subarray(0, end))) throw error
    throw nestingError(source()) ?? error
  }
}
