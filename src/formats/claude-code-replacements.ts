import { formatNumber } from '../numbers'
import type { Message } from '../types'
import { isObject, kind, type Json } from './json-shape'
import { readPayload, withResultContent } from './payload'
import type { NoteList } from './report'

/**
 * What a `content-replacement` line (Claude Code 2.1.x, `ContentReplacementEntry`) says was sent
 * in place of a tool result. When the tool results of one message exceed Claude Code's budget per
 * message, it saves the largest to a file and sends a short preview instead; the file keeps the
 * whole result, and this line records "the exact string the model saw" (utils/toolResultStorage.ts,
 * 2.1.88, `ContentReplacementRecord`), so that a resumed session sends the same preview. Read in
 * the compiled 2.1.332 too: `{kind: "tool-result", toolUseId, replacement}`.
 */
export interface Replacement {
  line: number
  /** Where in the line: `replacements[k]`. */
  path: string
  toolUseId: string
  replacement: string
}

/** A record this reader cannot apply, with why. */
export interface UnreadReplacement {
  line: number
  path: string
  problem: string
}

/** Reads one content-replacement line's records: those it can apply, and those it cannot. */
export function readReplacementLine(
  value: Json,
  line: number,
  into: Replacement[],
  unread: UnreadReplacement[],
): void {
  const records = value.replacements
  if (!Array.isArray(records)) {
    unread.push({ line, path: 'replacements', problem: `${kind(records)}, not a list of records` })
    return
  }
  records.forEach((r: unknown, k) => {
    const path = `replacements[${k}]`
    if (!isObject(r)) {
      unread.push({ line, path, problem: `${kind(r)}, not a record` })
    } else if (r.kind !== 'tool-result') {
      unread.push({
        line,
        path,
        problem: `a replacement of kind ${JSON.stringify(r.kind ?? null)}`,
      })
    } else if (typeof r.toolUseId !== 'string' || typeof r.replacement !== 'string') {
      unread.push({
        line,
        path,
        problem: 'a tool-result replacement without its toolUseId or text',
      })
    } else {
      into.push({ line, path, toolUseId: r.toolUseId, replacement: r.replacement })
    }
  })
}

/**
 * Puts each replacement in place of the tool result it names: every request that held the result
 * held the preview instead (Claude Code decides it the first time the result would be sent, and
 * never replaces a result the model has seen whole), and a resumed session sends it again, so the
 * thread is loaded as sent. The first record for a call wins, as Claude Code keeps the first
 * decision. Each record is noted, applied or not.
 */
export function applyReplacements(
  messages: Message[],
  replacements: readonly Replacement[],
  unread: readonly UnreadReplacement[],
  notes: NoteList,
): void {
  for (const u of unread) {
    notes.warn(
      `line ${u.line}: ${u.path}`,
      `${u.problem}: a content replacement this reader cannot apply; the tool result it names is loaded as recorded, and may cost more than Claude Code sent`,
    )
  }
  if (replacements.length === 0) return
  const byId = new Map<string, number>()
  messages.forEach((m, i) => {
    if (m.type === 'activity' && m.id !== undefined && !byId.has(m.id)) byId.set(m.id, i)
  })
  const done = new Set<string>()
  for (const r of replacements) {
    const where = `line ${r.line}: ${r.path}`
    const at = byId.get(r.toolUseId)
    if (done.has(r.toolUseId)) {
      notes.info(where, `${r.toolUseId} was replaced by an earlier record; this one is not applied`)
    } else if (at === undefined) {
      notes.info(
        where,
        `no result of ${r.toolUseId} on the thread (a subagent’s, or a branch not loaded); not applied`,
      )
    } else {
      done.add(r.toolUseId)
      const m = messages[at]
      const original = contentLength(readPayload(m.type, m.payload).content)
      messages[at] = withResultContent(m, r.replacement)
      notes.info(
        where,
        `Claude Code sent the result of ${r.toolUseId} as a ${formatNumber(r.replacement.length)}-character preview in place of its ${formatNumber(original)} characters (its budget for the tool results of one message; the whole result went to a file): loaded as sent, as Claude Code resumes the session`,
      )
    }
  }
}

const contentLength = (content: string | unknown[] | undefined) =>
  typeof content === 'string' ? content.length : JSON.stringify(content ?? '').length
