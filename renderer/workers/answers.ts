import {
  countingSpecOf,
  planCompaction,
  pricingFor,
  summaryPromptBoundary,
  summaryPromptPieces,
  type Message,
  type Options,
} from '@core'
import type { PromptSize } from './types'

/**
 * The summary prompt's size under these options: the core's plan picks the head from the counts,
 * and the model's pricing counts the core's prompt as its pieces come. The prompt of a long head
 * runs to tens of megabytes; built whole, it stayed in the reading worker's heap after every count.
 */
export function promptSize(
  messages: readonly Message[],
  options: Options,
  counts: readonly number[],
): PromptSize {
  const { messagesToSummarize } = planCompaction(messages, options, counts).split
  const pricing = pricingFor(countingSpecOf(options))
  let chars = 0
  // Worked out here, off the page: the page shows the prompt with it instead of scanning the head.
  const boundary = summaryPromptBoundary(messagesToSummarize)
  function* measured() {
    for (const piece of summaryPromptPieces(messagesToSummarize, boundary)) {
      chars += piece.length
      yield piece
    }
  }
  const vocabulary = pricing.tokenizer.countJoined(measured())
  return {
    tokens: pricing.textTokens(vocabulary),
    asMessage: pricing.textOnlyCost(vocabulary),
    chars,
    boundary,
  }
}
