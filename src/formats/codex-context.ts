import type { Message } from '../types'

/**
 * What Codex CLI puts in the history as user messages without the user typing them, by the text
 * they open with (codex-rs/protocol/src/instruction_markers.rs, and the summary prefix of
 * codex-rs/core/templates/compact/summary_prefix.md): AGENTS.md and skill bodies are instructions,
 * the environment and shell-command records are context, and a summary is an earlier compaction's.
 */
const MARKERS: readonly (readonly [string, 'instructions' | 'context' | 'summary'])[] = [
  ['<user_instructions>', 'instructions'],
  ['# AGENTS.md instructions for ', 'instructions'],
  // Codex 0.144 (the VS Code extension, a public rollout of July 2026) names no directory.
  ['# AGENTS.md instructions\n', 'instructions'],
  ['<skill', 'instructions'],
  ['<collaboration_mode>', 'instructions'],
  // Codex 0.14x: the plugins it recommends, written ahead of the environment context.
  ['<recommended_plugins>', 'instructions'],
  ['<environment_context>', 'context'],
  ['<user_shell_command>', 'context'],
  ['<turn_aborted>', 'context'],
  // Multi-agent Codex (0.12x+): a sub-agent's result, written into the parent's history.
  ['<subagent_notification>', 'context'],
  // Codex 0.15x+: a Stop hook's reason, sent back as a user message (`HookPrompt`, `hook_run_id`),
  // and the text Codex writes to carry a goal on (`<codex_internal_context source="user_goal">`);
  // both read in the 0.171.0 binary's strings; the first also in a public tool's fixtures, said to follow rollouts of 0.135 – 0.159.
  ['<hook_prompt', 'context'],
  ['<codex_internal_context', 'context'],
  // Codex 0.159: the client's date and time, a developer message each turn (content kind
  // additional_content.codex_apps_client_time_context).
  ['<codex_apps_client_time_context', 'context'],
  ['Another language model started to solve this problem', 'summary'],
]

/** The kind of a user message's text: Codex's own wrapped context, or the user's prompt. */
export function codexUserKind(text: string): 'instructions' | 'context' | 'summary' | 'user' {
  const start = text.trimStart()
  for (const [marker, kind] of MARKERS) if (start.startsWith(marker)) return kind
  return 'user'
}

/**
 * A user message re-typed by what it holds (see codexUserKind). A developer message is
 * instructions unless it holds context: from 0.154 Codex writes per-turn context such as
 * `<turn_aborted>` with role developer. Other roles pass through.
 */
export function retypeCodexMessage(m: Message): Message {
  if (m.type === 'instructions')
    return codexUserKind(m.text) === 'context' ? { ...m, type: 'context' } : m
  if (m.type !== 'user') return m
  const kind = codexUserKind(m.text)
  if (kind === 'user') return m
  if (kind === 'summary')
    return { ...m, type: 'context', meta: { compacted: true, droppedCount: 0 } }
  return { ...m, type: kind }
}
