import { locatePath, locateSyntaxError, placeInputError } from '../json-location'
import { isObject } from './json-shape'
import { ShapeError, pathString } from './json-shape'
import { FormatError } from './errors'
import { InputError } from '../input-error'
import { JsonSyntaxError, LocatedError, type ReadInput, type ReadResult } from './reader'
import { FORMATS } from './registry'
import type { FormatDescriptor, FormatId, FormatMismatch } from './types'
import { ForeignPartError } from './vocabulary'
import { gitLfsPointerProblem, unreadFileProblem } from './unread-files'

/** The registry's row for a format id. */
export function formatOf(id: FormatId): FormatDescriptor<FormatId> {
  const row = FORMATS.find((f) => f.id === id)
  if (!row) throw new Error(`unknown format "${id}"`)
  return row
}

/** A format's label, for messages. */
export const formatLabel = (id: FormatId): string => formatOf(id).label

/** Why a reader failed, located: a JSON path resolved to its line and column, or a line number. */
export function toMismatch(format: FormatId, error: unknown, source: string): FormatMismatch {
  const label = formatLabel(format)
  if (error instanceof ShapeError) {
    // The whole file's position (line 1, column 1) says nothing; a field's does.
    const at = error.steps.length > 0 ? locatePath(source, [...error.steps]) : undefined
    const problem =
      error instanceof ForeignPartError
        ? `"${error.partType}" is a part type of ${formatLabel(error.owner)}, not of ${label}`
        : error.problem
    return { format, label, problem, path: pathString(error.steps), ...at }
  }
  if (error instanceof JsonSyntaxError) {
    const { line, column, problem } = locateSyntaxError(source)
    return { format, label, problem: `malformed JSON: ${problem}`, path: '', line, column }
  }
  if (error instanceof LocatedError) {
    const { problem, path, line, column } = error
    return { format, label, problem, path, ...(line !== undefined ? { line, column } : {}) }
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
 * Detects the format by content. Each format scores how much the input looks like it (its
 * `detect`); the formats with the highest score are read first, and of those that read the input
 * the one with the fewest warnings wins (ties go to the earlier row). Only when none of them
 * reads it are the next-scoring formats tried. A file no format reads gets one reason: that of
 * the format it looks most like, with the place; never a list of every parser's complaint.
 */
export function detectFormat(input: ReadInput): Detection {
  const sniff = input.sniff()
  // An empty list reads as an empty conversation, but a file whose name says it is an engine's log
  // of prompts is that log, holding none yet (unread-files.ts).
  if (Array.isArray(sniff.json) && sniff.json.length === 0) {
    const unread = unreadFileProblem(input)
    if (unread !== undefined) throw new FormatError({ problem: unread })
  }
  const scored = FORMATS.map((f) => ({
    id: f.id as FormatId,
    read: f.read,
    score: f.detect(sniff),
  }))
  const tiers = [...new Set(scored.map((s) => s.score).filter((s) => s > 0))].sort((a, b) => b - a)
  let firstFailure: { format: FormatId; error: unknown } | undefined
  for (const tier of tiers) {
    const fits: { format: FormatId; result: ReadResult; warnings: number }[] = []
    for (const { id, read, score } of scored) {
      if (score !== tier) continue
      try {
        const result = read(input)
        fits.push({ format: id, result, warnings: result.notes.warningCount })
      } catch (error) {
        if (!isReadFailure(error)) throw placeInputError(error, () => input.source)
        firstFailure ??= { format: id, error }
      }
    }
    if (fits.length > 0) {
      const best = fits.reduce((a, b) => (b.warnings < a.warnings ? b : a))
      const alsoFits = fits
        .filter((f) => f !== best && f.warnings === best.warnings)
        .map((f) => f.format)
      return { format: best.format, result: best.result, alsoFits }
    }
  }
  const pointer = gitLfsPointerProblem(input)
  if (pointer !== undefined) throw new InputError(pointer)
  const unread = unreadFileProblem(input)
  if (unread !== undefined) throw new FormatError({ problem: unread })
  if (firstFailure) {
    const reason = toMismatch(firstFailure.format, firstFailure.error, input.source)
    throw new FormatError({ reason, resembled: true })
  }
  throw unrecognised(input)
}

/** The error for an input that looks like no format at all: what it is instead, and where. */
function unrecognised(input: ReadInput): FormatError {
  const sniff = input.sniff()
  if (sniff.notJson) {
    if (input.source.trim() === '') return new FormatError({ problem: 'the file is empty' })
    const { line, column, problem } = locateSyntaxError(input.source)
    return new FormatError({
      reason: {
        format: 'native',
        label: formatLabel('native'),
        problem: `not JSON or JSONL: ${problem}`,
        path: '',
        line,
        column,
      },
    })
  }
  if (sniff.json === undefined) {
    const first = (sniff.lines ?? []).find(isObject)
    const keys = first ? Object.keys(first).slice(0, 6).join(', ') : ''
    const jsonl = FORMATS.filter((f) => f.shape.startsWith('JSONL')).map((f) => f.label)
    return new FormatError({
      problem: `JSONL, but no line is an event of a known format${keys ? ` (the first line's fields: ${keys})` : ''}; the JSONL formats read here are ${jsonl.join(', ')}`,
    })
  }
  // JSON that no format scores: the wire shape's reader says what is missing, and where.
  try {
    formatOf('native').read(input)
  } catch (error) {
    if (isReadFailure(error))
      return new FormatError({ reason: toMismatch('native', error, input.source) })
    throw error
  }
  return new FormatError({})
}
