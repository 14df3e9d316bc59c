import {
  buildSummaryPrompt,
  checkCompaction,
  resolveModel,
  tokenizerFor,
  type Message,
  type Options,
} from '@core'
import type { PromptSize } from './types'

/**
 * The summary prompt's size under these options: the core's check picks the head from the counts,
 * the core builds its prompt, and the model's tokenizer counts it, as the panel shows it.
 */
export function promptSize(
  messages: readonly Message[],
  options: Options,
  counts: readonly number[],
): PromptSize {
  const { messagesToSummarize } = checkCompaction(messages, options, counts)
  const prompt = buildSummaryPrompt(messagesToSummarize)
  const { encoding } = resolveModel(options.model)
  return { tokens: tokenizerFor(encoding).count(prompt), chars: prompt.length }
}
