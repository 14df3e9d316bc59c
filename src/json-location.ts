import { findNodeAtLocation, parseTree, visit, type ParseError as JsoncError } from 'jsonc-parser'
import { excessNesting, MAX_JSON_DEPTH, nestingProblem, type ExcessNesting } from './json-depth'
import { InputError } from './input-error'

/** A 1-based line and column in a text. */
export interface TextPosition {
  line: number
  column: number
}

/** The 1-based line and column of a character offset. Columns count UTF-16 code units. */
export function positionAt(text: string, offset: number): TextPosition {
  let line = 1
  let lineStart = 0
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++
    lineStart = i + 1
  }
  return { line, column: offset - lineStart + 1 }
}

const SYNTAX_PROBLEMS: Record<number, string> = {
  1: 'invalid symbol',
  2: 'invalid number format',
  3: 'expected a property name',
  4: 'expected a value',
  5: "expected ':'",
  6: "expected ','",
  7: "expected '}'",
  8: "expected ']'",
  9: 'unexpected end of file',
  10: 'comments are not allowed in JSON',
  11: 'unexpected end of comment',
  12: 'unexpected end of string',
  13: 'unexpected end of number',
  14: 'invalid unicode escape',
  15: 'invalid escape character',
  16: 'invalid character',
}

/**
 * Where and why JSON.parse rejected a text. Run only after it failed: JSON.parse is fast but says
 * little; this strict re-parse names the line, the column and the problem. When the text nests
 * past MAX_JSON_DEPTH before any syntax error, that is the problem: an InputError is thrown.
 */
export function locateSyntaxError(text: string): TextPosition & { problem: string } {
  const deep = excessNesting(text)
  const first = firstSyntaxError(text, deep)
  if (!first) {
    if (deep) throw depthError(text, deep)
    return { line: 1, column: 1, problem: 'invalid JSON' }
  }
  return {
    ...positionAt(text, first.offset),
    problem: SYNTAX_PROBLEMS[first.error] ?? 'invalid JSON',
  }
}

/**
 * The InputError for a text that nests past MAX_JSON_DEPTH before any syntax error, placed at the
 * bracket that goes one level too deep; undefined for any other text. Only the part before that
 * bracket is parsed, so the parser itself never goes too deep.
 */
export function nestingError(text: string): InputError | undefined {
  const deep = excessNesting(text)
  if (!deep || firstSyntaxError(text, deep)) return undefined
  return depthError(text, deep)
}

const depthError = (text: string, deep: ExcessNesting) =>
  new InputError(nestingProblem(deep.depth), positionAt(text, deep.offset))

// The first syntax error, parsing only what comes before a nesting past the limit. That part ends
// inside open brackets; the errors that says are at its end and are no syntax error of the text.
// A visit rather than parseTree: no tree of a file that is being refused.
function firstSyntaxError(text: string, deep: ExcessNesting | undefined): JsoncError | undefined {
  const end = deep ? deep.offset : text.length
  let first: JsoncError | undefined
  const onError = (error: JsoncError['error'], offset: number, length: number) => {
    if (!first && (!deep || offset < end)) first = { error, offset, length }
  }
  try {
    visit(deep ? text.slice(0, end) : text, { onError }, STRICT)
  } catch (error) {
    // Not reached while excessNesting reads the text as the parser does; kept as the last guard.
    if (error instanceof RangeError) throw new InputError(nestingProblem(MAX_JSON_DEPTH + 1))
    throw error
  }
  return first
}

const STRICT = { disallowComments: true, allowTrailingComma: false }

/**
 * The position of the value at a JSON path such as ['messages', 3, 'text'], or of its nearest
 * parent. Undefined for a text nested too deep to parse safely (its reader refuses it anyway).
 */
export function locatePath(text: string, path: (string | number)[]): TextPosition | undefined {
  if (excessNesting(text)) return undefined
  let root
  try {
    root = parseTree(text)
  } catch {
    return undefined // the stack, on text the scan misread; a place is not worth a crash
  }
  if (!root) return undefined
  for (let depth = path.length; depth >= 0; depth--) {
    const node = findNodeAtLocation(root, path.slice(0, depth))
    if (node) {
      const at = node.parent?.type === 'property' ? node.parent : node
      return positionAt(text, at.offset)
    }
  }
  return undefined
}

/**
 * An InputError found inside a string value (a tool call's arguments), placed at that value in
 * `source`; any other error as it is.
 */
export function placeInputError(error: unknown, source: () => string): unknown {
  if (!(error instanceof InputError) || error.place || !error.steps) return error
  return error.placedAt(locatePath(source(), [...error.steps]))
}
