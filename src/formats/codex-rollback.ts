import type { Message } from '../types'

/**
 * A thread rollback (`event_msg` `thread_rolled_back` `{num_turns}`, written when the user backs up
 * to an earlier prompt): Codex drops the last `num_turns` user turns from the history it sends,
 * both at once and when it resumes the rollout (codex-rs/core/src/context_manager/history.rs
 * `drop_last_n_user_turns`, replayed by `rollout_reconstruction.rs`). It cuts at the
 * `num_turns`-th user prompt from the end (at the first prompt when there are fewer), and then also
 * at the context updates right before that prompt (`trim_pre_turn_context_updates`), but never
 * before the first prompt: what precedes it survives any rollback.
 *
 * A user prompt is a `user` message: Codex's wrapped context (environment, AGENTS.md) is read as
 * `context` or `instructions`, which are the context updates. Removes the dropped messages from
 * `messages` and returns them, oldest first.
 */
export function dropLastUserTurns(messages: Message[], turns: number): Message[] {
  const prompts: number[] = []
  messages.forEach((m, i) => {
    if (m.type === 'user') prompts.push(i)
  })
  if (turns <= 0 || prompts.length === 0) return []
  const first = prompts[0]
  let cut = turns >= prompts.length ? first : prompts[prompts.length - turns]
  while (cut > first && isContextUpdate(messages[cut - 1])) cut--
  return messages.splice(cut)
}

const isContextUpdate = (m: Message) =>
  m.type === 'instructions' || (m.type === 'context' && !m.meta?.compacted)

/** "2 user, 3 bot, 4 activity": how many messages of each type, in the order first met. */
export function countByType(messages: readonly Message[]): string {
  const counts = new Map<string, number>()
  for (const m of messages) counts.set(m.type, (counts.get(m.type) ?? 0) + 1)
  return [...counts].map(([type, n]) => `${n} ${type}`).join(', ')
}
