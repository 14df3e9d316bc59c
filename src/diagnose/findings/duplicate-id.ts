import { defineFinding } from './descriptor'

export interface DuplicateIdDetail {
  /** The id more than one message has. */
  id: string
}

/** A non-empty id is on more than one message (one finding per id). */
export const duplicateId = defineFinding<DuplicateIdDetail>()({
  code: 'duplicate-id',
  severities: ['warning'],
  family: 'hygiene',
  anchor: 'duplicate-id',
  details: [],
})
