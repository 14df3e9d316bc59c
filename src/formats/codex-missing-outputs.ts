import { orderMessage } from '../conversation'
import type { Message } from '../types'
import { decodePayload, encodePayload } from './payload'
import type { NoteSink } from './report'
import type { ReportedUsage } from './types'

/*
 * Codex never sends a call without its output. Whenever it builds a prompt from the history
 * (ContextManager::for_prompt, which normalizes the history first), it puts an output right after
 * each call that has none anywhere in the history: "aborted" for a function_call, a
 * local_shell_call or a custom_tool_call, and an empty completed tool_search_output for a
 * client tool_search_call (openai/codex, codex-rs/core/src/context_manager/history.rs @023fad26
 * normalize_history; normalize.rs @0803cc58 ensure_call_outputs_present). The rollout never
 * records it: a rollout that ends on a call (the user interrupted it, or denied it and left)
 * holds the call alone, and the next request, on resuming, holds "aborted" after it.
 */

/** The output Codex puts after a call that has none, by the call's item type. */
const STAND_IN: Readonly<Record<string, string>> = {
  function_call: 'aborted',
  local_shell_call: 'aborted',
  custom_tool_call: 'aborted',
  // An empty tool list: how this reader writes a tool_search_output's tools (responses-items.ts).
  tool_search_call: '[]',
}

/**
 * The note at a call with no output. One at the end of the file may still be running, in a session
 * being written: its own output then comes, and no request holds the stand-in.
 */
const NOTE = (id: string, output: string, atEnd: boolean) => {
  const what = output === '[]' ? `tool search ${id}` : `call ${id}`
  const standIn = output === '[]' ? 'an empty one (no tools loaded)' : 'the output "aborted"'
  return atEnd
    ? `${what} has no output in the file yet: it may still be running; if it was left, Codex sends ${standIn} in its place in every later request, and never records it; added, and counted`
    : `${what} has no output in the file: Codex sends ${standIn} in its place in every request, and never records it; added, and counted`
}

/**
 * Puts Codex's stand-in output after each bot message whose calls no activity answers, noting it
 * at the call's place, and moves the usage reports' indices past what was added.
 */
export function addMissingOutputs(
  messages: Message[],
  usage: ReportedUsage[],
  calls: ReadonlyMap<string, { itemType: string; place: string }>,
  notes: NoteSink,
): void {
  const answered = new Set<string>()
  for (const m of messages) if (m.type === 'activity' && m.id !== undefined) answered.add(m.id)
  // Backwards, so that each insertion leaves the places still to visit where they were.
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]
    if (m.type !== 'bot' || !m.payload?.includes('"tool_calls":')) continue
    const added: Message[] = []
    for (const call of decodePayload(m.payload)?.tool_calls ?? []) {
      if (call.id === undefined || answered.has(call.id)) continue
      const read = calls.get(call.id)
      const output = read === undefined ? undefined : STAND_IN[read.itemType]
      if (read === undefined || output === undefined) continue
      answered.add(call.id)
      notes.info(read.place, NOTE(call.id, output, i === messages.length - 1))
      const payload = encodePayload({ content: output })
      added.push(orderMessage({ id: call.id, type: 'activity', text: '', payload }))
    }
    if (added.length === 0) continue
    messages.splice(i + 1, 0, ...added)
    shiftPast(usage, i + 1, added.length)
  }
}

/**
 * Moves every index at or after `from` by `by`: messages were put in there. A request whose prompt
 * held the call (prompt past it) held the stand-in too.
 */
function shiftPast(usage: ReportedUsage[], from: number, by: number): void {
  const move = (k: number) => (k >= from ? k + by : k)
  usage.forEach((u, k) => {
    usage[k] = {
      ...u,
      prompt: move(u.prompt),
      ...(u.cleared ? { cleared: u.cleared.map(move) } : {}),
      ...(u.stripped ? { stripped: u.stripped.map(move) } : {}),
    }
  })
}
