import { defineFinding } from './descriptor'

export interface InstructionsHoistedDetail {
  /** Where each message at `indexes` lands in the compacted conversation. */
  landsAt: number[]
  /** Where the summary lands in it. */
  summaryAt: number
}

/** Compaction fires and instructions messages are in the head: they move to the front. */
export const instructionsHoisted = defineFinding<InstructionsHoistedDetail>()({
  code: 'instructions-hoisted',
  severities: ['info'],
  family: 'instructions',
  anchor: 'instructions-hoisted',
  details: [{ kind: 'lands-at' }],
})
