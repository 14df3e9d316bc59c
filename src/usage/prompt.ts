import { callIdsOf } from '../diagnose/tool-calls'
import type { Message } from '../types'

/** The message types a model's reply is read as: what the reply adds, not what the prompt held. */
const REPLY_TYPES = new Set(['bot', 'reasoning'])

/** Where a reply's own messages are: messages[start, end). */
export interface ReplyRange {
  start: number
  end: number
}

/**
 * The reply a usage report written when messages[0, end) were read speaks of: the run of bot and
 * reasoning messages at the end, never reaching below `floor` (what an earlier report already
 * took). For formats that write the usage after the reply's items (Codex, pi, Gemini CLI).
 *
 * The results of the reply's own tool calls may follow it: current Codex writes a response's
 * `token_count` once the calls it asked for have run and their outputs are recorded
 * (codex-rs/core/src/session/turn.rs: `drain_in_flight`, then `send_token_count_event`). Those
 * results are skipped when every one answers a call of the run before them. Results with no such
 * run before them belong to a reply an earlier report covered (Codex 0.40 wrote its report before
 * the reply's items): then the run is the empty one at `end`.
 */
export function replyBefore(messages: readonly Message[], end: number, floor = 0): ReplyRange {
  const last = Math.min(end, messages.length)
  let results = last
  while (results > floor && messages[results - 1].type === 'activity') results--
  const start = runStart(messages, results, floor)
  if (results < last && start < results && answersCalls(messages, start, results, last)) {
    return { start, end: results }
  }
  return { start: runStart(messages, last, floor), end: last }
}

/**
 * How many of messages[0, end) the prompt held when the reply that ends at `end` was asked for:
 * `end` less the reply's own messages, and the results of its tool calls after them (replyBefore).
 */
export function promptBeforeReply(messages: readonly Message[], end: number, floor = 0): number {
  return replyBefore(messages, end, floor).start
}

function runStart(messages: readonly Message[], end: number, floor: number): number {
  let k = end
  while (k > floor && REPLY_TYPES.has(messages[k - 1].type)) k--
  return k
}

/**
 * Whether every activity of messages[from, to) answers a tool call of messages[start, from): the
 * calls' ids as the one pairing rule reads them (callIdsOf, docs/formats.md "Tool pairing").
 */
function answersCalls(messages: readonly Message[], start: number, from: number, to: number) {
  const calls = new Set<string>()
  for (let i = start; i < from; i++) for (const id of callIdsOf(messages[i].payload)) calls.add(id)
  for (let i = from; i < to; i++) {
    const id = messages[i].id
    if (id === undefined || !calls.has(id)) return false
  }
  return true
}
