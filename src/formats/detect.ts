import { locatePath, locateSyntaxError, placeInputError } from '../json-location'
import { readAnthropic } from './anthropic'
import { readClaudeCode } from './claude-code'
import { FormatError } from './errors'
import { ShapeError, pathString } from './json-shape'
import { readNative } from './native'
import { readOpenAIChat } from './openai-chat'
import { readOpenAIResponses } from './openai-responses'
import {
  JsonSyntaxError,
  LocatedError,
  type ReadInput,
  type ReadResult,
  type Reader,
} from './reader'
import type { FormatId, FormatMismatch } from './types'

/** Each format's reader. */
export const READERS: Record<FormatId, Reader> = {
  native: readNative,
  openai: readOpenAIChat,
  anthropic: readAnthropic,
  'openai-responses': readOpenAIResponses,
  'claude-code': readClaudeCode,
}

/**
 * The order formats are tried in, which also breaks ties: plain `{role, content}` messages read the
 * same in OpenAI Chat, Anthropic and Responses, and most such files are Chat Completions logs.
 */
export const DETECTION_ORDER: readonly FormatId[] = [
  'native',
  'openai',
  'anthropic',
  'openai-responses',
  'claude-code',
]

/** Why a reader failed, located: a JSON path resolved to its line and column, or a line number. */
export function toMismatch(format: FormatId, error: unknown, source: string): FormatMismatch {
  if (error instanceof ShapeError) {
    // The whole file's position (line 1, column 1) says nothing; a field's does.
    const at = error.steps.length > 0 ? locatePath(source, [...error.steps]) : undefined
    return { format, problem: error.problem, path: pathString(error.steps), ...at }
  }
  if (error instanceof JsonSyntaxError) {
    const { line, column, problem } = locateSyntaxError(source)
    return { format, problem: `malformed JSON: ${problem}`, path: '', line, column }
  }
  if (error instanceof LocatedError) {
    const { problem, path, line, column } = error
    return { format, problem, path, ...(line !== undefined ? { line, column } : {}) }
  }
  throw placeInputError(error, () => source)
}

const isReadFailure = (e: unknown) =>
  e instanceof ShapeError || e instanceof LocatedError || e instanceof JsonSyntaxError

/** The detected format, what its reader made of the input, and the formats that read it as well. */
export interface Detection {
  format: FormatId
  result: ReadResult
  /** Other formats that read the input with as few warnings: the messages are the same in each. */
  alsoFits: FormatId[]
}

/**
 * Tries every format and keeps the one whose reading leaves the fewest warnings (the least it could
 * not place); ties go to the earlier format. Throws FormatError with every format's reason if none fits.
 */
export function detectFormat(input: ReadInput): Detection {
  const fits: { format: FormatId; result: ReadResult; warnings: number }[] = []
  const misfits: { format: FormatId; error: unknown }[] = []
  for (const format of DETECTION_ORDER) {
    try {
      const result = READERS[format](input)
      fits.push({ format, result, warnings: result.notes.warningCount })
    } catch (error) {
      if (!isReadFailure(error)) throw placeInputError(error, () => input.source)
      misfits.push({ format, error })
    }
  }
  // Locating a failure re-parses the file; only an error message needs it.
  if (fits.length === 0) {
    throw new FormatError(misfits.map((m) => toMismatch(m.format, m.error, input.source)))
  }
  const best = fits.reduce((a, b) => (b.warnings < a.warnings ? b : a))
  const alsoFits = fits
    .filter((f) => f !== best && f.warnings === best.warnings)
    .map((f) => f.format)
  return { format: best.format, result: best.result, alsoFits }
}
