import type { Message } from '../types'
import { decodePayload } from './payload'

/**
 * A thread rollback (`event_msg` `thread_rolled_back` `{num_turns}`, written when the user backs up
 * to an earlier prompt): Codex drops the last `num_turns` user turns from the history it sends,
 * both at once and when it resumes the rollout (codex-rs/core/src/context_manager/history.rs
 * `drop_last_n_user_turns`, replayed by `rollout_reconstruction.rs`). It cuts at the
 * `num_turns`-th user prompt from the end (at the first prompt when there are fewer), and then also
 * at the context updates right before that prompt (`trim_pre_turn_context_updates`), but never
 * before the first prompt: what precedes it survives any rollback.
 *
 * A turn opens with a user prompt, a `user` message, or with another agent's message (an
 * `agent_message` item, read as `context` named for its author): Codex counts both
 * (`response_item_counts_as_user_turn`, `history_item_starts_user_turn`). Its wrapped context
 * (environment, AGENTS.md) is read as `context` or `instructions`: the context updates. Removes the
 * dropped messages from `messages` and returns them, oldest first.
 */
export function dropLastUserTurns(messages: Message[], turns: number): Message[] {
  const prompts: number[] = []
  messages.forEach((m, i) => {
    if (m.type === 'user' || isAgentMessage(m)) prompts.push(i)
  })
  if (turns <= 0 || prompts.length === 0) return []
  const first = prompts[0]
  let cut = turns >= prompts.length ? first : prompts[prompts.length - turns]
  while (cut > first && isContextUpdate(messages[cut - 1])) cut--
  return messages.splice(cut)
}

const isContextUpdate = (m: Message) =>
  m.type === 'instructions' || (m.type === 'context' && !m.meta?.compacted && !isAgentMessage(m))

/** Another agent's message (responses-items.ts agentMessage): context whose payload names its author. */
const isAgentMessage = (m: Message) =>
  m.type === 'context' && m.payload !== undefined && decodePayload(m.payload)?.name !== undefined

/** "2 user, 3 bot, 4 activity": how many messages of each type, in the order first met. */
export function countByType(messages: readonly Message[]): string {
  const counts = new Map<string, number>()
  for (const m of messages) counts.set(m.type, (counts.get(m.type) ?? 0) + 1)
  return [...counts].map(([type, n]) => `${n} ${type}`).join(', ')
}
