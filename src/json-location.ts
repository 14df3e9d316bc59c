import { findNodeAtLocation, parseTree, type ParseError as JsoncError } from 'jsonc-parser'

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
 * little; this strict re-parse names the line, the column and the problem.
 */
export function locateSyntaxError(text: string): TextPosition & { problem: string } {
  const errors: JsoncError[] = []
  parseTree(text, errors, { disallowComments: true, allowTrailingComma: false })
  const first = errors[0]
  if (!first) return { line: 1, column: 1, problem: 'invalid JSON' }
  return { ...positionAt(text, first.offset), problem: SYNTAX_PROBLEMS[first.error] ?? 'invalid JSON' }
}

/** The position of the value at a JSON path such as ['messages', 3, 'text'], or of its nearest parent. */
export function locatePath(text: string, path: (string | number)[]): TextPosition | undefined {
  const root = parseTree(text)
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
