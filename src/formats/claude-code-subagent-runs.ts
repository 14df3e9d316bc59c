/**
 * The subagents a Claude Code session ran, from its Agent (formerly Task) tool results: each
 * result's `toolUseResult` names the subagent (`agentId`, `agentType`; the AgentTool's output
 * schema, agentToolUtils.ts in 2.1.88's source). The subagent's own conversation, what it was sent
 * and what it answered, is a file of its own, `agent-<agentId>.jsonl` (docs/sessions.md,
 * "Subagents"), not in the session's: the report says which ran and where to look.
 */
import { formatNumber } from '../numbers'
import type { SessionEvent } from './claude-code-chain'
import { isObject, type Json } from './json-shape'
import type { NoteList } from './report'

/** An Agent tool result: the subagent it ran, and its line. */
export interface SubagentRun {
  line: number
  agentId: string
  agentType?: string
}

/** The subagent a tool result line names, if it names one. */
export function subagentRunOf(value: Json, line: number): SubagentRun | undefined {
  const result = value.toolUseResult
  if (!isObject(result) || typeof result.agentId !== 'string' || result.agentId === '') return
  const agentType = typeof result.agentType === 'string' ? result.agentType : undefined
  return { line, agentId: result.agentId, ...(agentType ? { agentType } : {}) }
}

// The runs a note names before "and N more".
const NAMED = 5

/**
 * One info note for the runs whose result is on the thread, naming their files. `inline`: the file
 * holds sidechain events too, as older versions wrote a subagent's conversation.
 */
export function noteSubagentRuns(
  runs: readonly SubagentRun[],
  thread: readonly SessionEvent[],
  inline: boolean,
  notes: NoteList,
): void {
  if (runs.length === 0) return
  const onThread = new Set(thread.map((e) => e.line))
  const seen = new Set<string>()
  const ran = runs.filter(
    (r) => onThread.has(r.line) && !seen.has(r.agentId) && seen.add(r.agentId),
  )
  if (ran.length === 0) return
  const named = ran
    .slice(0, NAMED)
    .map((r) => `agent-${r.agentId}.jsonl${r.agentType ? ` (${r.agentType})` : ''}`)
  const more = ran.length > NAMED ? ` and ${formatNumber(ran.length - NAMED)} more` : ''
  const lines = ran.slice(0, NAMED).map((r) => r.line)
  const place =
    lines.length === 1 ? `line ${lines[0]}` : `lines ${lines.join(', ')}${more ? ', …' : ''}`
  const where = inline
    ? 'kept apart from this one: as sidechain events in this file (hidden from the main thread), as older versions wrote it, or as a file of its own'
    : 'a file of its own'
  notes.info(
    place,
    ran.length === 1
      ? `a subagent ran here: its own conversation, what it was sent and answered, is ${where}, ${named[0]}, which the sessions list shows under this session`
      : `${formatNumber(ran.length)} subagents ran here: each one’s conversation is ${where} (${named.join(', ')}${more}), which the sessions list shows under this session`,
  )
}
