import { defineFinding } from './descriptor'

export interface SpecialTokenTextDetail {
  /** The special-token strings found, each once. */
  specialTokens: string[]
}

/** Text or payload holds a special-token string such as <|endoftext|>. */
export const specialTokenText = defineFinding<SpecialTokenTextDetail>()({
  code: 'special-token-text',
  severities: ['warning'],
  family: 'hygiene',
  anchor: 'special-token-text',
  details: [
    {
      kind: 'values',
      key: 'specialTokens',
      label: 'special tokens',
      open: true,
      name: 'special-tokens',
    },
  ],
})
