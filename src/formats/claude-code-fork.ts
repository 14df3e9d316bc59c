import { formatNumber } from '../numbers'
import type { Json } from './json-shape'
import { isCount } from './reported-usage'
import type { NoteList } from './report'

/**
 * A `fork-context-ref` line (Claude Code 2.1.150 and later, read in the compiled 2.1.150 to
 * 2.1.332; `{agentId, parentSessionId, parentLastUuid, contextLength}`): a subagent forked with its
 * parent's conversation writes this reference to its own file, not a copy of that conversation, and
 * Claude Code reads the parent session's chain up to `parentLastUuid` back in front of the
 * subagent's own messages when it resumes it. Before, the copy was written to the subagent's file.
 */
export interface ForkReference {
  line: number
  parentSessionId?: string
  parentLastUuid?: string
  contextLength?: number
}

export function readForkReference(value: Json, line: number): ForkReference {
  const { parentSessionId, parentLastUuid, contextLength } = value
  return {
    line,
    ...(typeof parentSessionId === 'string' ? { parentSessionId } : {}),
    ...(typeof parentLastUuid === 'string' ? { parentLastUuid } : {}),
    ...(isCount(contextLength) ? { contextLength } : {}),
  }
}

/**
 * Warns that the conversation starts with context this file only refers to: every request of the
 * subagent held it, and no import of this file can. The warning names the parent's transcript, for
 * the user to open; the usage view's context not in the file, derived from the first reported
 * request, takes it in.
 */
export function noteForkReferences(refs: readonly ForkReference[], notes: NoteList): void {
  for (const r of refs) {
    const count =
      r.contextLength !== undefined ? `${formatNumber(r.contextLength)} messages` : 'the messages'
    const session = r.parentSessionId !== undefined ? ` of session ${r.parentSessionId}` : ''
    const upTo = r.parentLastUuid !== undefined ? ` up to ${r.parentLastUuid}` : ''
    // Where Claude Code reads them from (the compiled 2.1.332: the session's transcript in the
    // project folder, whose subagents/ folder holds this file), for the user to open.
    const from =
      r.parentSessionId !== undefined
        ? ` (Claude Code reads them from ${r.parentSessionId}.jsonl, the parent’s transcript in the project folder)`
        : ''
    notes.warn(
      `line ${r.line}`,
      `a forked subagent: Claude Code sent it its parent’s conversation first (${count}${session}${upTo}), which this file refers to and does not hold${from}; they are not loaded, and the usage view counts them in the context not in the file`,
    )
  }
}
