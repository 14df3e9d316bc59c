import { retainsEarlierThinking, type EarlierThinking } from '../pricing/thinking-retention'
import type { Message } from '../types'
import type { SessionEvent } from './claude-code-chain'
import { answeredElsewhere } from './claude-code-events'
import { versionIn } from './claude-code-version'
import type { NoteList } from './report'

/**
 * Whether Claude Code asked Anthropic's API to keep every earlier turn's thinking in its requests:
 * with thinking on, it sends the context-management edit `clear_thinking_20251015` with
 * `keep: 'all'`, and the API then keeps (and bills) what the model's own rule would drop. As the
 * npm packages' `cli.js` have it (docs/tokens.md, "Earlier thinking a request asks to keep"):
 *
 * - 2.0.76 – 2.1.14 and 2.1.25 – 2.1.83 send it only under a server-side experiment flag, and
 *   2.1.19 – 2.1.20 not at all: which sessions had it is not in the file, so the model's rule holds;
 * - 2.1.84 and 2.1.85 send it whenever thinking is on;
 * - 2.1.86 – 2.1.100 skip it when the redacted-thinking beta is on (interactive sessions, by
 *   default) and keep only the last turn after an hour idle: not known from the file either;
 * - 2.1.101 and later (checked to 2.1.136) send it whenever thinking is on.
 *
 * Only Anthropic's own API gets the edit (`shouldIncludeFirstPartyOnlyBetas`): not Bedrock or
 * Vertex (replies `msg_bdrk_…`, `msg_vrtx_…`), not a router. The reply in force (the last that
 * reports usage) decides, as it decides the model.
 */
export function earlierThinkingOf(
  thread: readonly SessionEvent[],
  messages: readonly Message[],
  notes: NoteList,
): EarlierThinking | undefined {
  let last: SessionEvent | undefined
  for (let i = thread.length - 1; i >= 0 && !last; i--) {
    const e = thread[i]
    if (e.usage !== undefined && e.model !== undefined && /claude/i.test(e.model)) last = e
  }
  if (!last || !asksToKeep(last)) return undefined
  const model = last.model!
  if (
    !retainsEarlierThinking({ model, wire: 'anthropic' }) &&
    messages.some((m) => m.type === 'reasoning')
  ) {
    notes.info(
      `line ${last.line}: version`,
      `Claude Code ${last.version} asks Anthropic’s API to keep every earlier turn’s thinking (the context-management edit clear_thinking_20251015, keep "all"), so it is priced as sent; ${model} on its own keeps only the last turn’s`,
    )
  }
  return 'kept'
}

const FIRST_PARTY_ID = /^msg_(?!bdrk_|vrtx_)/

function asksToKeep(reply: SessionEvent): boolean {
  // Anthropic's own API: its id form (answeredElsewhere), and not through Bedrock or Vertex.
  if (answeredElsewhere(reply) || !FIRST_PARTY_ID.test(reply.turn ?? '')) return false
  return versionIn(reply.version, [2, 1, 84], [2, 1, 86]) || versionIn(reply.version, [2, 1, 101])
}
