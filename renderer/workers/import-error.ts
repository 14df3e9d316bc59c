import { FormatError, decodeText, wireShapeExplanation } from '@core'

/**
 * Why a file did not open, in one message for the error display, chosen as the CLI chooses: the
 * wire shape's located error (`line 12, column 7: …`) for a file meant as the wire shape, else
 * the reason of the format asked for, or every format's reason when detection found none.
 */
export function describeImportError(
  name: string,
  content: string | Uint8Array,
  error: unknown,
): string {
  if (error instanceof FormatError) {
    // Decoded only here, on failure: an import from bytes never held the whole text.
    const text = typeof content === 'string' ? content : decodeText(content)
    return `${name}: ${(wireShapeExplanation(text, error) ?? error).message}`
  }
  return `${name}: ${error instanceof Error ? error.message : String(error)}`
}
