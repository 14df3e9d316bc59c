import { defineFinding } from './descriptor'

export interface InstructionsInTailDetail {
  /** Where each message at `indexes` lands in the compacted conversation. */
  landsAt: number[]
  /** Where the summary lands in it. */
  summaryAt: number
}

/** Compaction fires and instructions messages are in the kept tail: they are not hoisted. */
export const instructionsInTail = defineFinding<InstructionsInTailDetail>()({
  code: 'instructions-in-tail',
  severities: ['info'],
  family: 'instructions',
  anchor: 'instructions-in-tail',
  details: [{ kind: 'lands-at' }],
})
