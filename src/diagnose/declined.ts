import { formatNumber } from '../numbers'
import { MIN_MESSAGES } from '../types'
import { finding, type Analysis } from './analysis'
import type { Finding } from './types'

/** Why the check declines, when it does: so that an empty diagnosis is never a mystery. */
export function declinedFindings(a: Analysis): Finding[] {
  const { reason, estimatedTokens, threshold } = a.check
  if (reason === null) return []
  const unchecked = a.summaryText === undefined ? 'the split is' : 'the split and the summary are'
  const messages = {
    'below-threshold': `The conversation costs ${formatNumber(estimatedTokens)} tokens, below the threshold of ${formatNumber(threshold)}, so it is not compacted yet and ${unchecked} not checked; lower MaxTokens or TriggerRatio to see what a compaction would do.`,
    'too-few-messages': `The conversation has ${formatNumber(a.messages.length)} messages, fewer than ${MIN_MESSAGES}, so it is never compacted and ${unchecked} not checked; nothing to do.`,
    'nothing-to-summarize': `The head holds only instructions, which are never summarised, so there is nothing to compact and ${unchecked} not checked; lower KeepRecentCount to give compaction a head.`,
  }
  return [finding(a, 'compaction-declined', 'info', [], messages[reason], { reason, threshold })]
}
