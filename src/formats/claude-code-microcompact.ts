import { formatNumber } from '../numbers'
import type { Message } from '../types'
import type { SessionEvent } from './claude-code-chain'
import { compareVersion } from './claude-code-version'
import { decodePayload } from './payload'
import type { NoteList } from './report'
import type { ReportedUsage } from './types'

/**
 * Claude Code's microcompaction before it recorded one. From 2.0 (at least 2.0.76) to 2.1.7,
 * before each request Claude Code cleared old tool results (their content replaced by a
 * placeholder, CLEARED_RESULT_TEXT) once the last reply's usage passed its warning threshold, and
 * wrote nothing to the session file; from 2.1.9 on, the same rule writes a `microcompact_boundary`
 * (read in claude-code-events.ts), though not in every session until 2.1.14 (FIRST_RECORDING).
 * The rule, as the npm packages' `cli.js` of 2.0.76 and 2.1.19 have it (the function that logs
 * `tengu_microcompact`; docs/tokens.md, "Tool results Claude Code cleared without recording it"):
 *
 * - only the results of Read, Bash, Grep, Glob, WebSearch, WebFetch, Edit and Write are cleared;
 * - the last three such calls are kept;
 * - from the oldest on, results are cleared while those not cleared still hold more than 40,000
 *   tokens by Claude Code's estimate (a text's length ÷ 4, rounded; 2,000 an image);
 * - nothing is cleared unless that saves at least 20,000 tokens;
 * - a result cleared once stays cleared in every later request.
 *
 * Whether the warning threshold was passed depends on settings the file does not hold (automatic
 * compaction on or off, the output-token limit), so the provider's own counts say when: at a
 * request whose reported prompt is smaller than the one before, with no compaction between (the
 * thread holds none), the reply before it at or past the lowest threshold those settings allow
 * (LOWEST_WARNING), and old content changed (the prompt fell by 10,000 tokens or more, or the
 * prompt cache served none of its last 20,000 tokens), the rule is replayed. So it is where the
 * prompt grew by 10,000 tokens or more less than Claude Code's own estimate of what came into it,
 * and the cache served 20,000 tokens or more less than the request before held: new results can
 * outweigh a clearing that comes with them. When the rule clears
 * 20,000 tokens or more, those results are listed as sent cleared (`ReportedUsage.cleared`) in
 * that report and every later one, and the usage view prices them so.
 */
const COMPACTABLE_TOOLS = new Set([
  'Read',
  'Bash',
  'Grep',
  'Glob',
  'WebSearch',
  'WebFetch',
  'Edit',
  'Write',
])
const KEEP_RECENT = 3
const KEEP_TOKENS = 40_000
const LEAST_SAVING = 20_000
const IMAGE_TOKENS = 2_000
/**
 * The lowest warning threshold Claude Code's settings allow, in the usage of the reply before a
 * request (input, cache and output tokens): a 200,000-token window, less the largest output
 * allowance (CLAUDE_CODE_MAX_OUTPUT_TOKENS is capped at 64,000), less automatic compaction's
 * 13,000, less the warning's 20,000. By default (32,000 output) it is 135,000, or 148,000 with
 * automatic compaction off. Below it the rule never runs.
 */
const LOWEST_WARNING = 200_000 - 64_000 - 13_000 - 20_000
/**
 * The first version seen to record every microcompaction. 2.1.9's `cli.js` writes the boundary,
 * and the earliest public boundary was written by 2.1.9, but a public 2.1.11 session shows the rule
 * run with none written (its prompt fell by 27,384 tokens past the threshold, the cache broken,
 * growth 1.41 where the replay gives 1.06), while 2.1.14 sessions of the same person record them.
 * Between, the rule is replayed only in a file that holds no boundary, as before 2.1.9.
 */
const FIRST_RECORDING = [2, 1, 14] as const

/**
 * Lists the tool results the thread's requests were sent cleared by a microcompaction the file
 * does not record (see above), on `usage`, with an info note at each request where one is found.
 * Does nothing in a file that records its microcompactions, or whose reports already list some.
 */
export function inferUnrecordedMicrocompaction(
  thread: readonly SessionEvent[],
  events: readonly SessionEvent[],
  messages: readonly Message[],
  usage: ReportedUsage[],
  notes: NoteList,
): void {
  if (usage.length < 2 || usage.some((u) => u.cleared !== undefined)) return
  if (events.some((e) => e.type === 'system' && e.subtype === 'microcompact_boundary')) return
  const reporting = new Map<string, SessionEvent>()
  for (const e of thread) if (e.usage !== undefined) reporting.set(`line ${e.line}`, e)
  const replay = new Replay(messages)
  for (let k = 1; k < usage.length; k++) {
    const u = usage[k]
    const before = usage[k - 1]
    const warned = before.inputTokens + (before.outputTokens ?? 0) >= LOWEST_WARNING
    const event = reporting.get(u.at)
    // Only a version that cleared silently, past the warning, is looked at; every other report of
    // the file (a current session's all) costs no more than this.
    const added =
      warned && silentVersion(event?.version)
        ? clearingShown(messages, before, u, event?.usage?.cacheRead)
        : undefined
    const cleared = added !== undefined ? replay.clear(u.prompt) : undefined
    if (added !== undefined && cleared) {
      const growth = u.inputTokens - before.inputTokens
      const what =
        growth < 0
          ? `the reported prompt fell by ${formatNumber(-growth)} tokens here`
          : `the reported prompt grew by ${formatNumber(growth)} tokens here, ${formatNumber(added - growth)} fewer than Claude Code’s own estimate of what came into it`
      notes.info(
        u.at,
        `${what}, where the file records no compaction: Claude Code before 2.1.14 cleared old tool results without always recording it (microcompaction); replaying its rule, ${formatNumber(cleared.count)} tool results (${formatNumber(cleared.tokens)} tokens by its estimate) were sent cleared from this request on, and the usage view estimates them so`,
      )
    }
    if (replay.list !== undefined) u.cleared = replay.list
  }
}

/**
 * Whether the reports of two requests show that old content was cleared between them: Claude
 * Code's own estimate of the messages that came in between (addedEstimate) when they do, for the
 * note to compare with the growth; undefined when they do not.
 */
function clearingShown(
  messages: readonly Message[],
  before: ReportedUsage,
  u: ReportedUsage,
  cacheRead: number | undefined,
): number | undefined {
  const fell = u.inputTokens < before.inputTokens
  // Two signs that old content changed, either enough: a fall of half the least clearing or
  // more, or a prompt cache that served none of the prompt's last 20,000 tokens (a cleared result
  // ends the prefix the cache can serve, and the results kept after it hold more). A small fall
  // with the cache intact is something else (a shorter reminder, say).
  const changed =
    before.inputTokens - u.inputTokens >= LEAST_SAVING / 2 ||
    (cacheRead !== undefined && cacheRead <= u.inputTokens - LEAST_SAVING)
  // Or the prompt grew by less than what came into it, by 10,000 tokens or more (Claude Code's
  // own estimate of the messages between the two requests, addedEstimate, against the growth
  // reported), and the cache served 20,000 tokens or more less than the request before held: the
  // prefix broke inside the old content. A clearing can come with new results that outweigh it,
  // and the prompt then grows.
  const added = addedEstimate(messages, before.prompt, u.prompt)
  const shrank =
    before.inputTokens + added - u.inputTokens >= LEAST_SAVING / 2 &&
    cacheRead !== undefined &&
    cacheRead <= before.inputTokens - LEAST_SAVING
  return (fell && changed) || shrank ? added : undefined
}

/** Whether a report was written by a version that did not record its microcompactions. */
function silentVersion(version: string | undefined): boolean {
  return (compareVersion(version, FIRST_RECORDING) ?? 0) < 0
}

/** Claude Code's rule, replayed over the thread's messages request by request. */
class Replay {
  /** The cleared results' message indexes, ascending; one array per clearing, shared after it. */
  list: readonly number[] | undefined
  private readonly clearedIds = new Set<string>()

  constructor(private readonly messages: readonly Message[]) {}

  /** Clears what the rule clears before a request whose prompt is messages[0, end). */
  clear(end: number): { count: number; tokens: number } | undefined {
    // The calls in order, and as a set: a session's results are looked up among thousands.
    const calls: string[] = []
    const callIds = new Set<string>()
    const results = new Map<string, { at: number; tokens: number }>()
    for (let i = 0; i < end; i++) {
      const m = this.messages[i]
      if (m.type === 'bot') {
        for (const { id, name } of decodePayload(m.payload)?.tool_calls ?? []) {
          if (id === undefined || name === undefined) continue
          if (COMPACTABLE_TOOLS.has(name) && !this.clearedIds.has(id)) {
            calls.push(id)
            callIds.add(id)
          }
        }
      } else if (m.type === 'activity' && m.id !== undefined && callIds.has(m.id)) {
        results.set(m.id, { at: i, tokens: estimateOf(m) })
      }
    }
    const kept = new Set(calls.slice(-KEEP_RECENT))
    let total = 0
    for (const r of results.values()) total += r.tokens
    let saved = 0
    const clearing: string[] = []
    for (const id of calls) {
      if (kept.has(id) || total - saved <= KEEP_TOKENS) continue
      clearing.push(id)
      saved += results.get(id)?.tokens ?? 0
    }
    if (saved < LEAST_SAVING) return undefined
    const all = new Set(this.list)
    for (const id of clearing) {
      this.clearedIds.add(id)
      const at = results.get(id)?.at
      if (at !== undefined) all.add(at)
    }
    this.list = [...all].sort((a, b) => a - b)
    return { count: clearing.length, tokens: saved }
  }
}

/**
 * Claude Code's estimate (length ÷ 4) of what messages[from, to) add to a prompt, kept low: a tool
 * result as estimateOf, a tool call's payload and any text by length; a thinking signature, a
 * user's attachments and other payloads count nothing, so that an image or a signature cannot
 * pass for content that was cleared.
 */
function addedEstimate(messages: readonly Message[], from: number, to: number): number {
  let tokens = 0
  for (let i = from; i < to; i++) {
    const m = messages[i]
    if (m.type === 'activity') tokens += estimateOf(m)
    else {
      tokens += Math.round(m.text.length / 4)
      if (m.type === 'bot' && m.payload) tokens += Math.round(m.payload.length / 4)
    }
  }
  return tokens
}

/** Claude Code's estimate of a tool result: each text's length ÷ 4, rounded; an image 2,000. */
function estimateOf(m: Message): number {
  const parts = decodePayload(m.payload)
  const content = parts ? parts.content : m.payload
  if (typeof content === 'string') return Math.round(content.length / 4)
  let tokens = 0
  for (const block of content ?? []) {
    const b = block as { type?: unknown; text?: unknown }
    if (b.type === 'text' && typeof b.text === 'string') tokens += Math.round(b.text.length / 4)
    else if (b.type === 'image') tokens += IMAGE_TOKENS
  }
  return tokens
}
