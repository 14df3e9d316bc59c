import { at, callIdsOfMessage, finding, withArticle, type Analysis } from './analysis'
import { toolCallIds } from './tool-calls'
import type { Finding } from './types'

/** What the boundary between the summarised head and the kept tail cuts through: a tool exchange, a turn. */
export function boundaryFindings(a: Analysis): Finding[] {
  if (!a.check.shouldCompact || a.tailStart >= a.messages.length) return []
  return [...toolExchanges(a), ...midTurn(a)]
}

function toolExchanges(a: Analysis): Finding[] {
  const { messages, tailStart } = a
  const n = messages.length
  const callIds = toolCallIds(messages, callIdsOfMessage)

  // Matched by call id: every id carried on both sides of the boundary.
  const sides = new Map<string, { head: number[]; tail: number[] }>()
  callIds.forEach((ids, i) => {
    for (const id of ids) {
      let side = sides.get(id)
      if (!side) {
        side = { head: [], tail: [] }
        sides.set(id, side)
      }
      const half = i < tailStart ? side.head : side.tail
      half.push(i)
    }
  })
  const found: Finding[] = []
  for (const [callId, { head, tail }] of sides) {
    if (head.length === 0 || tail.length === 0) continue
    const suggestedKeepRecentCount = n - head[0]
    found.push(
      finding(
        a,
        'tool-exchange-cut',
        'error',
        [...head, ...tail],
        `The tool exchange ${callId} is cut by the boundary: ${at(head)} ${head.length === 1 ? 'is' : 'are'} summarised away while ${at(tail)} ${tail.length === 1 ? 'is' : 'are'} kept, so the kept half refers to a call the model no longer sees and providers reject it.`,
        { callId, matchedBy: 'call-id', suggestedKeepRecentCount },
      ),
    )
  }

  // Matched by adjacency: activity messages without call ids pair up in order, request then result,
  // from the start of their run. A pair whose halves straddle the boundary is cut.
  const bare = (i: number) => messages[i].type === 'activity' && callIds[i].length === 0
  const last = tailStart - 1
  if (last >= 0 && bare(last) && bare(tailStart)) {
    let runStart = last
    while (runStart > 0 && bare(runStart - 1)) runStart--
    if ((last - runStart) % 2 === 0) {
      const suggestedKeepRecentCount = n - last
      found.push(
        finding(
          a,
          'tool-exchange-cut',
          'warning',
          [last, tailStart],
          `The activity at index ${last} is summarised away while the activity after it, at index ${tailStart}, is kept, and with no call ids they look like one request and its result.`,
          { matchedBy: 'adjacency', suggestedKeepRecentCount },
        ),
      )
    }
  }
  return found
}

/** Types that belong to the assistant's side of a turn: a tail opening on one starts mid-turn. */
const MID_TURN_TYPES = new Set(['bot', 'activity', 'reasoning'])

function midTurn(a: Analysis): Finding[] {
  const { messages, tailStart } = a
  const first = messages[tailStart]
  if (!MID_TURN_TYPES.has(first.type)) return []
  let userTurnAt = tailStart - 1
  while (userTurnAt >= 0 && messages[userTurnAt].type !== 'user') userTurnAt--
  if (userTurnAt < 0) {
    return [
      finding(
        a,
        'tail-starts-mid-turn',
        'warning',
        [tailStart],
        `The kept tail starts at index ${tailStart} on ${withArticle(first.type)} message, and no user message comes before it; start the tail on a user turn so the model sees what it is answering.`,
      ),
    ]
  }
  const suggestedKeepRecentCount = messages.length - userTurnAt
  return [
    finding(
      a,
      'tail-starts-mid-turn',
      'warning',
      [tailStart],
      `The kept tail starts at index ${tailStart} on ${withArticle(first.type)} message, mid-turn, while the user message that opened the turn (index ${userTurnAt}) is summarised away.`,
      { userTurnAt, suggestedKeepRecentCount },
    ),
  ]
}
