import type { Check, Message } from '../types'
import type { CompactionForecast } from './types'

/** How many of the latest completed turns the rate is the mean of. */
export const FORECAST_TURNS = 5

/**
 * How far a conversation is from compaction. The total and the threshold are the check's (the
 * budget's own figures, checkCompaction). A turn is one request the agent sends: it starts with
 * the input the model answers (a user prompt, or the tool results after a reply: a run of `user`
 * and `activity` messages) and holds the reply, so an agent working through tools takes a turn per
 * round trip, as its context grows and as its engine checks the threshold, before each request. A
 * turn is completed once the next one starts. The rate is the mean of what the last FORECAST_TURNS completed turns
 * added (the counts of their messages), and the turns left are the tokens left over that rate,
 * rounded up: 0 once the total has reached the threshold, null with fewer than two turns or a rate
 * that is not positive. docs/sessions.md, "The forecast".
 */
/** What the model answers: a prompt, or a tool's result. */
const isInput = (m: Pick<Message, 'type'>) => m.type === 'user' || m.type === 'activity'

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
  // One pass counts the turns; the rate needs only where the last few start, found from the end.
  const startsAt = (i: number) => isInput(messages[i]) && (i === 0 || !isInput(messages[i - 1]))
  let turns = 0
  for (let i = 0; i < messages.length; i++) if (startsAt(i)) turns++
  const completed = Math.min(FORECAST_TURNS, turns - 1)
  let perTurn: number | null = null
  if (completed >= 1) {
    // The last `completed + 1` starts, newest first: the rate runs from the oldest to the newest.
    const last: number[] = []
    for (let i = messages.length - 1; last.length <= completed; i--) if (startsAt(i)) last.push(i)
    let added = 0
    for (let i = last[completed]; i < last[0]; i++) added += counts[i]
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
