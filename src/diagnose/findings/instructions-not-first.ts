import { defineFinding } from './descriptor'

/** The first instructions message is not at index 0. */
export const instructionsNotFirst = defineFinding()({
  code: 'instructions-not-first',
  severities: ['warning'],
  family: 'instructions',
  anchor: 'instructions-not-first',
  details: [],
})
