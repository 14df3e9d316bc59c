import { planCompaction } from './plan'
import { MIN_MESSAGES, type Check, type DeclineReason, type Message, type Options } from './types'

/**
 * Decides whether the conversation needs condensing, and if so how to divide it: the plan's
 * decision and split (planCompaction). Pass `counts` (per-message costs for options.model and
 * options.wire, as countEachMessage returns) to re-tune without re-counting. The estimate is the
 * request's own overhead plus every message's cost, plus `options.hiddenTokens` (the context the
 * file lacks).
 */
export function checkCompaction(
  messages: readonly Message[],
  options: Options,
  counts?: readonly number[],
): Check {
  return planCompaction(messages, options, counts).check
}

/** Says in words why a check declined, for people. */
export function describeReason(reason: DeclineReason | null): string {
  switch (reason) {
    case 'below-threshold':
      return 'The estimated total is below the trigger threshold, so nothing is compacted yet.'
    case 'too-few-messages':
      return `There are fewer than ${MIN_MESSAGES} messages; a summary would cost more than it saves.`
    case 'nothing-to-summarize':
      return 'The head holds only instructions, which are never summarised, so there is nothing to condense.'
    case null:
      return 'Compaction fires: the head is summarised and the tail is kept.'
  }
}
