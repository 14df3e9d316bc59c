import { decodeText } from '../json-bytes'
import { formatNumber } from '../numbers'
import { isObject, type Json } from './json-shape'
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
 * The parent transcript a file refers to, as Claude Code looks for it: a `fork-context-ref` on the
 * file's first line (the compiled 2.1.332 reads a transcript's first line to know whether it has
 * one; the line is written when the fork starts, before its messages), whose `parentSessionId` can
 * name a file (`EF` in the same build: up to 200 letters, digits, `_` and `-`, not a reserved
 * Windows name). `file` is the transcript's name, `<parentSessionId>.jsonl`, in the project folder
 * whose `<sessionId>/subagents/` folder holds the subagent's own file. The surfaces look for it
 * there and hand it to the import (ReadChoice.companion).
 */
export function forkReferenceOf(
  content: string | Uint8Array,
): { parentSessionId: string; file: string } | undefined {
  const first = firstLine(content)
  if (first === undefined || !first.includes('fork-context-ref')) return undefined
  let value: unknown
  try {
    value = JSON.parse(first)
  } catch {
    return undefined
  }
  if (!isObject(value) || value.type !== 'fork-context-ref') return undefined
  const id = value.parentSessionId
  if (!namesAFile(id)) return undefined
  return { parentSessionId: id, file: `${id}.jsonl` }
}

/** How far into a file forkReferenceOf reads for the end of its first line. */
const FIRST_LINE_LIMIT = 64 * 1024

function firstLine(content: string | Uint8Array): string | undefined {
  // Only the first FIRST_LINE_LIMIT units are looked at: a file on one line is not scanned whole.
  const head = content.slice(0, FIRST_LINE_LIMIT + 1)
  const end = typeof head === 'string' ? head.indexOf('\n') : head.indexOf(0x0a)
  if (end < 0 && head.length > FIRST_LINE_LIMIT) return undefined
  const line = end < 0 ? head : head.slice(0, end)
  if (typeof line === 'string') return line.replace(/^\uFEFF/, '')
  try {
    return decodeText(line)
  } catch {
    return undefined
  }
}

const RESERVED = /^(?:con|prn|aux|nul|com[0-9]|lpt[0-9])$/i
const namesAFile = (id: unknown): id is string =>
  typeof id === 'string' &&
  id.length <= 200 &&
  /^[A-Za-z0-9_][A-Za-z0-9_-]*$/.test(id) &&
  !RESERVED.test(id)

/**
 * Warns that the conversation starts with context this file only refers to, and was not given
 * (`why` says what went wrong when it was): every request of the subagent held it. The warning
 * names the parent's transcript, for the user to open beside this file; the usage view's context
 * not in the file, derived from the first reported request, takes it in.
 */
export function noteForkReference(r: ForkReference, notes: NoteList, why?: string): void {
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
  const reason = why !== undefined ? `; ${why}` : ''
  notes.warn(
    `line ${r.line}`,
    `a forked subagent: Claude Code sent it its parent’s conversation first (${count}${session}${upTo}), which this file refers to and does not hold${from}${reason}; they are not loaded, and the usage view counts them in the context not in the file`,
  )
}

/** Says that the parent's conversation was loaded in front of the subagent's own messages. */
export function noteForkContextLoaded(
  r: ForkReference,
  name: string,
  loaded: number,
  notes: NoteList,
): void {
  const stated =
    r.contextLength !== undefined && r.contextLength !== loaded
      ? ` (the reference says ${formatNumber(r.contextLength)}, counted as Claude Code keeps them; these are what they read as)`
      : ''
  notes.info(
    `line ${r.line}`,
    `a forked subagent: the ${formatNumber(loaded)} messages of its parent’s conversation up to ${r.parentLastUuid ?? 'the fork'}, read from ${name}, are loaded first, as Claude Code sent them${stated}`,
  )
}
