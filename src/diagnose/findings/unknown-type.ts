import { defineFinding } from './descriptor'

export interface UnknownTypeDetail {
  /** The unknown type. */
  type: string
}

/** Messages have a type none of the known ones (one finding per type). */
export const unknownType = defineFinding<UnknownTypeDetail>()({
  code: 'unknown-type',
  severities: ['warning'],
  family: 'hygiene',
  anchor: 'unknown-type',
  details: [],
})
