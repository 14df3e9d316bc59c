import type { Message } from '../types'
import { shareReasoningTokens } from './reasoning-share'
import { isObject } from './json-shape'
import { isCount } from './reported-usage'
import type { Ctx } from './gemini-cli-shared'

/**
 * A Gemini CLI reply's thinking, priced by what Gemini reported for it: `tokens.thoughts`
 * (usageMetadata.thoughtsTokenCount). While the turn lasts, Gemini bills the turn's thinking in
 * every later request at about that count, whatever its recorded summary's length; at the next user
 * prompt it is dropped (docs/tokens.md, "Earlier turns' thinking"). The count goes on the reply's
 * reasoning messages as `reasoning_tokens`, shared by their text's length. A reply that reported
 * thinking and recorded no thought gets one reasoning message with no text to carry the count, so
 * that no thinking the prompts held is missing from the estimate. Returns the reported count, 0
 * where the reply reports none.
 */
export function withReportedThoughts(messages: Message[], tokens: unknown, ctx: Ctx): number {
  const thoughts = isObject(tokens) ? tokens.thoughts : undefined
  if (!isCount(thoughts) || thoughts === 0) return 0
  const items: { index: number; weight: number }[] = []
  messages.forEach((m, index) => {
    if (m.type === 'reasoning') items.push({ index, weight: m.text.length })
  })
  if (items.length === 0) {
    const at = Math.max(
      0,
      messages.findIndex((m) => m.type === 'bot'),
    )
    messages.splice(at, 0, { type: 'reasoning', text: '' })
    items.push({ index: at, weight: 0 })
    ctx.notes.info(
      ctx.where(['tokens', 'thoughts']),
      'thinking reported with no thought recorded: loaded as a reasoning message with no text, priced at the reported count',
    )
  }
  shareReasoningTokens(messages, items, thoughts)
  return thoughts
}
