import { listOf } from '../list-words'
import { formatNumber } from '../numbers'
import type { Message } from '../types'
import { codexVersion, isAtLeast } from './codex-version'
import { isObject } from './json-shape'
import { readPayload, withResultContent } from './payload'
import type { NoteList } from './report'

/**
 * Codex keeps a tool's output whole in the rollout, but what it records into the history it sends
 * cuts each output to its model's budget (`ContextManager::record_items` → `process_item`, in
 * codex-rs/core/src/context_manager/history.rs: `truncate_function_output_payload` with the
 * model's `truncation_policy` times 1.2), and a resumed session cuts them again the same way. The
 * cut keeps the start and the end and puts a marker between (`truncate_with_byte_estimate` in
 * codex-rs/utils/string/src/truncate.rs), ported here exactly.
 */
export interface TruncationPolicy {
  mode: 'bytes' | 'tokens'
  /** Bytes, or approximate tokens of four bytes each; the 1.2 allowance already applied. */
  limit: number
}

const APPROX_BYTES_PER_TOKEN = 4
// Every model of the catalogs Codex 0.146.0 and 0.171.0 bundle says `{mode, limit: 10000}`, as
// Codex's fallback does; the history's budget is 1.2 times it (`policy * 1.2`).
const POLICY_LIMIT = 10_000
const LIMIT = POLICY_LIMIT * 1.2

/**
 * A model's policy, by the catalogs Codex bundles (read in the 0.146.0 and 0.171.0 binaries):
 * tokens for the GPT-5 Codex models, GPT-5.4 and later and Codex's reviewer; bytes for GPT-5.2,
 * and for any other model, as Codex's fallback metadata for a model it does not know says.
 */
export function codexTruncationPolicy(model: string | undefined): TruncationPolicy {
  const m = (model ?? '').toLowerCase()
  const tokens =
    /^gpt-5(?:\.\d+)?-codex/.test(m) ||
    /^gpt-5\.(?:[4-9]|\d{2,})(?!\d)/.test(m) ||
    /^gpt-(?:[6-9]|\d{2,})(?![\d])/.test(m) ||
    m.startsWith('codex-')
  return { mode: tokens ? 'tokens' : 'bytes', limit: LIMIT }
}

const encoder = new TextEncoder()
const decoder = new TextDecoder()

/** `truncate_text`: the text as Codex records it into the history under the policy. */
export function truncateText(text: string, policy: TruncationPolicy): string {
  if (text === '') return ''
  const tokens = policy.mode === 'tokens'
  const max = tokens ? policy.limit * APPROX_BYTES_PER_TOKEN : policy.limit
  // No UTF-16 unit takes more than three bytes: most outputs are short of the budget unencoded.
  if (max > 0 && text.length * 3 <= max) return text
  return truncateMiddle(text, encoder.encode(text), max, tokens)
}

/** `truncate_with_byte_estimate`: the first and last halves of `max` bytes, a marker between. */
function truncateMiddle(text: string, bytes: Uint8Array, max: number, tokens: boolean): string {
  const total = bytes.length
  if (max === 0) {
    return marker(tokens, tokens ? approxTokens(total) : [...text].length)
  }
  if (total <= max) return text
  const left = Math.floor(max / 2)
  const right = max - left
  // Whole characters only: a prefix of those ending within `left` bytes, a suffix of those
  // starting at or after `total - right`, and (a budget in bytes) a count of those between.
  const prefixEnd = prefixAtCharBoundary(bytes, 0, total, left)
  const suffixStart = suffixAtCharBoundary(bytes, prefixEnd, total, right)
  let removed = 0
  if (!tokens) {
    for (let i = prefixEnd; i < suffixStart; i++) if ((bytes[i] & 0xc0) !== 0x80) removed++
  }
  const count = tokens ? approxTokens(total - max) : removed
  return (
    decoder.decode(bytes.subarray(0, prefixEnd)) +
    marker(tokens, count) +
    decoder.decode(bytes.subarray(suffixStart))
  )
}

const utf8Width = (lead: number) => (lead < 0x80 ? 1 : lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : 4)
const approxTokens = (bytes: number) =>
  Math.floor((bytes + APPROX_BYTES_PER_TOKEN - 1) / APPROX_BYTES_PER_TOKEN)
const marker = (tokens: boolean, count: number) =>
  tokens ? `…${count} tokens truncated…` : `…${count} chars truncated…`

/**
 * `truncate_function_output_items_with_policy`: an output's content items within one budget,
 * in order. Texts are kept while they fit, the first that does not is cut to what is left, and
 * the texts after it are left out and counted in a last text; an empty text is dropped; images and
 * other items are kept.
 */
function truncateItems(items: unknown[], policy: TruncationPolicy): unknown[] {
  return textItemsWithin(items, {
    limit: policy.limit,
    cost: (text) => {
      const size = encoder.encode(text).length
      return policy.mode === 'bytes' ? size : approxTokens(size)
    },
    cut: (text, remaining) => truncateText(text, { mode: policy.mode, limit: remaining }),
    dropsEmpty: true,
  })
}

/** How a list of content items is kept within one budget (textItemsWithin). */
interface ItemBudget {
  limit: number
  cost(text: string): number
  /** The text cut to `remaining`; '' where nothing of it is kept. */
  cut(text: string, remaining: number): string
  /** The policy's rule: an empty text is dropped, and a text cut to nothing counted as omitted. */
  dropsEmpty: boolean
}

/**
 * Texts kept while they fit in the budget, the first that does not cut to what is left, the texts
 * after it counted in a last `[omitted N text items ...]`; images and other items kept. The list
 * itself where nothing changes.
 */
function textItemsWithin(items: unknown[], budget: ItemBudget): unknown[] {
  let remaining = budget.limit
  let omitted = 0
  let changed = false
  const out: unknown[] = []
  for (const item of items) {
    if (!isObject(item) || item.type !== 'input_text' || typeof item.text !== 'string') {
      out.push(item)
      continue
    }
    const text = item.text
    if (text === '' && budget.dropsEmpty) {
      changed = true
      continue
    }
    if (remaining === 0) {
      omitted++
      continue
    }
    const cost = budget.cost(text)
    if (cost <= remaining) {
      out.push(item)
      remaining -= cost
      continue
    }
    const snippet = budget.cut(text, remaining)
    if (snippet !== '') out.push({ ...item, text: snippet })
    else if (budget.dropsEmpty) omitted++
    remaining = 0
    changed = true
  }
  if (omitted === 0) return changed ? out : items
  out.push({ type: 'input_text', text: `[omitted ${omitted} text items ...]` })
  return out
}

/**
 * How the Codex that wrote a rollout cut tool outputs in the history it sent (its `process_item`,
 * read at each release tag of openai/codex's history, through a fork that keeps its tags and
 * commits, weiyangzen/codex; docs/formats/codex.md, "Tool outputs are loaded as the history holds
 * them"):
 *
 * - before 0.51 (and 0.51.0-alpha.1 and .2): not at all, in the history (what a command printed
 *   was cut as it ran, and the rollout holds that);
 * - 0.51 to 0.58 (#5652 to 0.59.0-alpha.1): `format_output_for_model_body`, at most 10,240 bytes
 *   and 256 lines; a list of content items each so in 0.51 – 0.53, within one budget from 0.54
 *   (#5979, `globally_truncate_function_output_items`);
 * - 0.59.0-alpha.2 to alpha.9: the same at 1.1 times the limits, 11,264 bytes and 281 lines;
 * - 0.59.0-alpha.10 to alpha.14: the model's policy (truncateText), its limit as it is;
 * - 0.59 and later (and a development build's 0.0.0): the policy at 1.2 times its limit.
 *
 * Undefined where outputs are read whole: before 0.51, and a legacy rollout that names no version.
 */
export type CodexCut =
  | { kind: 'policy'; limit: number }
  | { kind: 'lines'; bytes: number; lines: number; items: 'each' | 'within-budget' }

const LINES_CUT = { kind: 'lines', bytes: 10 * 1024, lines: 256 } as const

export function codexCutOf(cliVersion: string | undefined): CodexCut | undefined {
  const version = codexVersion(cliVersion)
  if (version === undefined) return undefined
  // The policy from 0.59.0-alpha.10, at 1.2 times its limit from alpha.15; the limits at 1.1
  // times from alpha.2.
  if (isAtLeast(version, [0, 59, 0, 15])) return { kind: 'policy', limit: LIMIT }
  if (isAtLeast(version, [0, 59, 0, 10])) return { kind: 'policy', limit: POLICY_LIMIT }
  if (isAtLeast(version, [0, 59, 0, 2])) {
    return { kind: 'lines', bytes: 11_264, lines: 281, items: 'within-budget' }
  }
  // #5652 in 0.51.0-alpha.3 and later; #5979 (one budget for a list of items) in 0.54.
  if (!isAtLeast(version, [0, 51, 0, 3])) return undefined
  return { ...LINES_CUT, items: isAtLeast(version, [0, 54, 0, 0]) ? 'within-budget' : 'each' }
}

/**
 * `format_output_for_model_body` (0.51 – 0.58): an output of more than `limitBytes` bytes or
 * `limitLines` lines becomes `Total output lines: N`, a blank line, its first half of the lines
 * (at most half the bytes), a marker, and as much of its last half of the lines as the bytes
 * left allow, each cut on whole characters.
 */
export function formatForModelBody(text: string, limitBytes: number, limitLines: number): string {
  const bytes = encoder.encode(text)
  // The line feeds' offsets: a segment is a line with its feed (Rust's split_inclusive), and
  // `lines().count()` counts as many.
  const feeds: number[] = []
  for (let i = bytes.indexOf(0x0a); i !== -1; i = bytes.indexOf(0x0a, i + 1)) feeds.push(i)
  const segments = feeds.length + (bytes.length > 0 && bytes[bytes.length - 1] !== 0x0a ? 1 : 0)
  if (bytes.length <= limitBytes && segments <= limitLines) return text
  const headLines = Math.floor(limitLines / 2)
  const headTake = Math.min(headLines, segments)
  const tailTake = Math.min(limitLines - headLines, segments - headTake)
  const omitted = segments - headTake - tailTake
  const headEnd = headTake < segments ? feeds[headTake - 1] + 1 : bytes.length
  const tailStart =
    tailTake === 0
      ? bytes.length
      : segments - tailTake === 0
        ? 0
        : feeds[segments - tailTake - 1] + 1
  const marker =
    omitted > 0
      ? `\n[... omitted ${omitted} of ${segments} lines ...]\n\n`
      : bytes.length > limitBytes
        ? `\n[... output truncated to fit ${limitBytes} bytes ...]\n\n`
        : ''
  const headBudget = Math.min(Math.floor(limitBytes / 2), Math.max(0, limitBytes - marker.length))
  const head = bytes.subarray(0, prefixAtCharBoundary(bytes, 0, headEnd, headBudget))
  const remaining = Math.max(0, limitBytes - head.length - marker.length)
  const tail = bytes.subarray(suffixAtCharBoundary(bytes, tailStart, bytes.length, remaining))
  const body = remaining === 0 ? '' : decoder.decode(tail)
  return `Total output lines: ${segments}\n\n${decoder.decode(head)}${marker}${body}`
}

/** `take_bytes_at_char_boundary` over bytes[from, to): the end of its longest prefix of at most `max` bytes. */
function prefixAtCharBoundary(bytes: Uint8Array, from: number, to: number, max: number): number {
  if (to - from <= max) return to
  let end = from
  for (let i = from; i < to;) {
    const next = i + utf8Width(bytes[i])
    if (next - from > max) break
    end = next
    i = next
  }
  return end
}

/** `take_last_bytes_at_char_boundary` over bytes[from, to): the start of its longest suffix of at most `max` bytes. */
function suffixAtCharBoundary(bytes: Uint8Array, from: number, to: number, max: number): number {
  if (to - from <= max) return from
  // A character starts at a byte that is not a continuation byte (10xxxxxx).
  let start = to - max
  while (start < to && (bytes[start] & 0xc0) === 0x80) start++
  return start
}

/**
 * `globally_truncate_function_output_items` (0.54 – 0.58): texts kept while they fit in
 * `limitBytes`, the first that does not cut to what is left with no marker, the texts after it
 * counted in a last text; images kept.
 */
function itemsWithinBytes(items: unknown[], limitBytes: number): unknown[] {
  return textItemsWithin(items, {
    limit: limitBytes,
    cost: (text) => encoder.encode(text).length,
    cut: (text, remaining) => {
      const bytes = encoder.encode(text)
      return decoder.decode(
        bytes.subarray(0, prefixAtCharBoundary(bytes, 0, bytes.length, remaining)),
      )
    },
    dropsEmpty: false,
  })
}

/** Each text item formatted on its own (0.51 – 0.53). */
function eachItemFormatted(items: unknown[], limitBytes: number, limitLines: number): unknown[] {
  let changed = false
  const out = items.map((item) => {
    if (!isObject(item) || item.type !== 'input_text' || typeof item.text !== 'string') return item
    const text = formatForModelBody(item.text, limitBytes, limitLines)
    if (text === item.text) return item
    changed = true
    return { ...item, text }
  })
  return changed ? out : items
}

/**
 * Cuts each tool output (an activity with a call id whose payload is a result's content) as the
 * Codex that wrote the rollout recorded it into the history it sent (codexCutOf): by the policy of
 * `model`, the model of the rollout's last turn, which a resumed session and the next request use;
 * or, before 0.59, by its line and byte limits. One note says how many were cut, and which.
 */
export function truncateCodexOutputs(
  messages: Message[],
  model: string | undefined,
  cliVersion: string | undefined,
  notes: NoteList,
): void {
  const rule = codexCutOf(cliVersion)
  if (rule === undefined) return
  const policy = {
    ...codexTruncationPolicy(model),
    ...(rule.kind === 'policy' ? { limit: rule.limit } : {}),
  }
  const cutText = (text: string) =>
    rule.kind === 'policy'
      ? truncateText(text, policy)
      : formatForModelBody(text, rule.bytes, rule.lines)
  const cutItems = (items: unknown[]) =>
    rule.kind === 'policy'
      ? truncateItems(items, policy)
      : rule.items === 'each'
        ? eachItemFormatted(items, rule.bytes, rule.lines)
        : itemsWithinBytes(items, LINES_CUT.bytes)
  const cut: string[] = []
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i]
    if (m.type !== 'activity' || m.id === undefined || m.payload === undefined) continue
    const parts = readPayload(m.type, m.payload)
    if (Object.keys(parts).some(notResult)) continue
    const { content } = parts
    const sent =
      typeof content === 'string'
        ? cutText(content)
        : Array.isArray(content)
          ? cutItems(content)
          : content
    if (sent === content || sent === undefined) continue
    messages[i] = withResultContent(m, sent)
    cut.push(m.id)
  }
  if (cut.length === 0) return
  const which = listOf(cut)
  const them = cut.length === 1 ? 'it' : 'them'
  const outputs = `${formatNumber(cut.length)} tool output${cut.length === 1 ? '' : 's'} (${which})`
  if (rule.kind === 'lines') {
    notes.info(
      '',
      `${outputs} over the ${formatNumber(rule.bytes)} bytes or ${formatNumber(rule.lines)} lines Codex ${cliVersion} kept of an output in its history: loaded as Codex sent ${them}, the first and last lines kept and a marker between; the rollout holds ${them} whole`,
    )
    return
  }
  const budget =
    policy.mode === 'tokens'
      ? `${formatNumber(policy.limit)} tokens of four bytes`
      : `${formatNumber(policy.limit)} bytes`
  notes.info(
    '',
    `${outputs} over Codex's history budget for ${model ?? 'a model it does not know'} (${budget}): loaded as Codex sends ${them}, the middle cut out and a marker in its place; the rollout holds ${them} whole`,
  )
}

const notResult = (key: string) => key !== 'content' && key !== 'is_error'
