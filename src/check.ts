import { validateOptions } from './options'
import { splitMessagesForCompaction } from './split'
import { countEachMessage, requestOverhead } from './pricing/cost'
import { MIN_MESSAGES, type Check, type DeclineReason, type Message, type Options } from './types'

/**
 * Decides whether the conversation needs condensing, and if so how to divide it. Pass `counts`
 * (per-message costs for options.model and options.wire, as countEachMessage returns) to re-tune
 * without re-counting. The estimate is the request's own overhead plus every message's cost, plus
 * `options.hiddenTokens` (the context the file lacks).
 */
export function checkCompaction(
  messages: readonly Message[],
  options: Options,
  counts?: readonly number[],
): Check {
  const { triggerRatio, hiddenTokens } = validateOptions(options)
  const spec = { model: options.model ?? '', wire: options.wire ?? 'native' }
  const perMessage = counts ?? countEachMessage(spec, messages)
  if (perMessage.length !== messages.length) {
    throw new RangeError(`counts has ${perMessage.length} entries for ${messages.length} messages`)
  }
  // What the requests send beyond the file's messages counts toward the budget just the same.
  let estimatedTokens = requestOverhead(spec) + hiddenTokens
  for (const c of perMessage) estimatedTokens += c
  const threshold = options.maxTokens * triggerRatio

  const decline = (reason: DeclineReason): Check => ({
    shouldCompact: false,
    reason,
    estimatedTokens,
    threshold,
    messagesToSummarize: [],
    messagesToKeep: messages.slice(),
  })

  if (estimatedTokens < threshold) return decline('below-threshold')
  if (messages.length < MIN_MESSAGES) return decline('too-few-messages')
  const split = splitMessagesForCompaction(messages, options)
  if (split.messagesToSummarize.length === 0) return decline('nothing-to-summarize')
  return { shouldCompact: true, reason: null, estimatedTokens, threshold, ...split }
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
