import type { Message } from '../types'
import { isObject, type Json } from './json-shape'

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
 * What Codex says a user message is (the user's prompt, instructions or context) in the kinds it
 * records for its parts: `internal_chat_message_metadata_passthrough.content_item_kinds` (0.15x+;
 * "harness-owned classifications aligned with the item's content entries",
 * InternalChatMessageMetadataPassthrough in codex-rs/protocol/src/models.rs). A message is the
 * user's when a part's kind starts with `user.` or is `unknown` (`is_user_direction`);
 * `environments.environment_context`, `agents_md.instructions` (instructions) and
 * `plugins.recommendations` are Codex's. Undefined when no kinds are recorded (before 0.15x), so
 * that the text's markers decide.
 */
function kindsOf(raw: Json | undefined): 'user' | 'instructions' | 'context' | undefined {
  const metadata = raw?.internal_chat_message_metadata_passthrough
  const kinds = isObject(metadata) ? metadata.content_item_kinds : undefined
  if (!Array.isArray(kinds) || kinds.length === 0) return undefined
  if (kinds.some((k) => typeof k !== 'string' || k.startsWith('user.') || k === 'unknown'))
    return 'user'
  return kinds.some((k) => (k as string).startsWith('agents_md.')) ? 'instructions' : 'context'
}

/**
 * A user message re-typed by what it holds (see codexUserKind): by its parts' recorded kinds where
 * Codex wrote them, else by the marker its text opens with. A message holding a part the user wrote
 * is a prompt even when it opens with Codex's context (the environment, then the prompt). A
 * developer message is instructions unless it holds context: from 0.154 Codex writes per-turn
 * context such as `<turn_aborted>` with role developer. Other roles pass through.
 */
export function retypeCodexMessage(m: Message, raw?: Json): Message {
  if (m.type === 'instructions')
    return codexUserKind(m.text) === 'context' ? { ...m, type: 'context' } : m
  if (m.type !== 'user') return m
  const byKinds = kindsOf(raw)
  if (byKinds === 'user') return m
  const marked = codexUserKind(m.text)
  // Codex's own text with no marker this reader knows: its kinds say what it is.
  const kind = byKinds !== undefined && marked === 'user' ? byKinds : marked
  if (kind === 'user') return m
  if (kind === 'summary')
    return { ...m, type: 'context', meta: { compacted: true, droppedCount: 0 } }
  return { ...m, type: kind }
}
