import { FormatError, wireShapeExplanation } from '@core'

/**
 * Why a file did not open, in one message for the error display, chosen as the CLI chooses: the
 * wire shape's located error (`line 12, column 7: …`) for a file meant as the wire shape, else
 * the reason of the format asked for, or every format's reason when detection found none.
 */
export function describeImportError(name: string, text: string, error: unknown): string {
  if (error instanceof FormatError)
    return `${name}: ${(wireShapeExplanation(text, error) ?? error).message}`
  return `${name}: ${error instanceof Error ? error.message : String(error)}`
}
