/** Where an InputError is: a 1-based line and column (UTF-16 code units), and a byte offset when known. */
export interface InputPlace {
  line: number
  column: number
  byte?: number
}

/**
 * A file that no format can read, whatever it was meant to be: not UTF-8, or JSON nested deeper
 * than any step after the parse could follow. Thrown before any format is tried, or as soon as one
 * meets it, so the user hears the one reason, with its place, rather than every format's.
 */
export class InputError extends Error {
  constructor(
    readonly problem: string,
    readonly place?: InputPlace,
    /** The JSON path of a string value the problem is inside, when the place is not known yet. */
    readonly steps?: readonly (string | number)[],
  ) {
    super(`${describePlace(place)}${problem}`)
    this.name = 'InputError'
  }

  /** The same error placed on `line` of a file, for one found in a single line (a JSONL record). */
  onLine(line: number): InputError {
    return new InputError(this.problem, this.place && { line, column: this.place.column })
  }

  /** The same error placed, for one found inside a string value the file holds at `steps`. */
  placedAt(place: InputPlace | undefined): InputError {
    return new InputError(this.problem, place, this.steps)
  }
}

const describePlace = (place?: InputPlace) =>
  place === undefined
    ? ''
    : `line ${place.line}, column ${place.column}` +
      (place.byte !== undefined ? ` (byte ${place.byte})` : '') +
      ': '
