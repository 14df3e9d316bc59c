import { defineFinding } from './descriptor'

export interface UnknownModelDetail {
  /** The model name. */
  model: string
  /** The encoding the counts used instead. */
  encoding: string
}

/** The model is of no known family: it is counted with a guessed encoding. */
export const unknownModel = defineFinding<UnknownModelDetail>()({
  code: 'unknown-model',
  severities: ['warning'],
  family: 'hygiene',
  anchor: 'unknown-model',
  details: [],
})
