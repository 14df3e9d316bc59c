import { defineFinding } from './descriptor'

export interface SummaryDropsIdentifierDetail {
  /** The identifiers the summary drops, in order of first appearance. */
  identifiers: string[]
}

/** A pasted summary leaves out an identifier the summarised messages held. */
export const summaryDropsIdentifier = defineFinding<SummaryDropsIdentifierDetail>()({
  code: 'summary-drops-identifier',
  severities: ['warning'],
  family: 'summary',
  anchor: 'summary-drops-identifier',
  details: [
    {
      kind: 'values',
      key: 'identifiers',
      label: 'dropped identifiers',
      open: true,
      name: 'dropped-identifiers',
    },
  ],
})
