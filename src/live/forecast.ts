import type { Check, Message } from '../types'
import type { CompactionForecast } from './types'

/** How many of the latest completed turns the rate is the mean of. */
export const FORECAST_TURNS = 5

/**
 * How far a conversation is from compaction. The total and the threshold are the check's (the
 * budget's own figures, checkCompaction); a turn starts at each user prompt (a tool result is
 * activity, not a prompt, as pricing/cost.ts's currentTurnStart has it) and a turn is completed
 * once the next one starts. The rate is the mean of what the last FORECAST_TURNS completed turns
 * added (the counts of their messages), and the turns left are the tokens left over that rate,
 * rounded up: 0 once the total has reached the threshold, null with fewer than two turns or a rate
 * that is not positive. docs/sessions.md, "The forecast".
 */
export function forecastCompaction(
  messages: readonly Pick<Message, 'type'>[],
  counts: readonly number[],
  check: Pick<Check, 'estimatedTokens' | 'threshold'>,
): CompactionForecast {
  if (counts.length !== messages.length) {
    throw new RangeError(`counts has ${counts.length} entries for ${messages.length} messages`)
  }
  const total = check.estimatedTokens
  const { threshold } = check
  const starts: number[] = []
  for (let i = 0; i < messages.length; i++) if (messages[i].type === 'user') starts.push(i)
  const turns = starts.length
  const completed = Math.min(FORECAST_TURNS, turns - 1)
  let perTurn: number | null = null
  if (completed >= 1) {
    let added = 0
    for (let i = starts[turns - 1 - completed]; i < starts[turns - 1]; i++) added += counts[i]
    perTurn = added / completed
  }
  const tokensLeft = Math.max(0, threshold - total)
  const turnsLeft =
    total >= threshold
      ? 0
      : perTurn === null || perTurn <= 0
        ? null
        : Math.ceil(tokensLeft / perTurn)
  return {
    total,
    threshold,
    tokensLeft,
    turns,
    perTurn: perTurn !== null && perTurn > 0 ? perTurn : null,
    turnsLeft,
  }
}
