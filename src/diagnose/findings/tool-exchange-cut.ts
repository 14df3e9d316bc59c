import { defineFinding } from './descriptor'

export interface ToolExchangeCutDetail {
  /** The call id both halves carry; absent when they were matched by adjacency. */
  callId?: string
  /** How the halves were paired. */
  matchedBy: 'call-id' | 'adjacency'
  /** A KeepRecentCount checked to mend the cut; absent when none does. */
  suggestedKeepRecentCount?: number
}

/** One half of a tool exchange is in the head, the other in the kept tail. */
export const toolExchangeCut = defineFinding<ToolExchangeCutDetail>()({
  code: 'tool-exchange-cut',
  // An error when the halves carry one call id, a warning when paired by adjacency: boundary.ts.
  severities: ['error', 'warning'],
  family: 'boundary',
  anchor: 'tool-exchange-cut',
  details: [{ kind: 'keep-recent' }],
})
