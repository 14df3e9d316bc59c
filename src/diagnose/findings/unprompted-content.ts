import { defineFinding } from './descriptor'

export interface UnpromptedContentDetail {
  /** How many messages the finding groups. */
  count: number
  /** How many of them have each type. */
  byType: Record<string, number>
  /** Every identifier those messages held, in order of first appearance. */
  identifiers: string[]
}

/** Messages summarised away never reach the summary prompt (reasoning, activity, unknown types). */
export const unpromptedContent = defineFinding<UnpromptedContentDetail>()({
  code: 'unprompted-content',
  severities: ['warning'],
  family: 'content',
  anchor: 'unprompted-content',
  details: [
    {
      kind: 'values',
      key: 'identifiers',
      label: 'identifiers they held',
      open: false,
      name: 'held-identifiers',
    },
  ],
})
