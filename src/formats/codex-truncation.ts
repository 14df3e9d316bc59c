import { listOf } from '../list-words'
import { formatNumber } from '../numbers'
import type { Message } from '../types'
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
const LIMIT = 12_000

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
  const tailStart = Math.max(0, total - right)
  // Whole characters only: a prefix of those ending within `left` bytes, a suffix of those
  // starting at or after `tailStart`, and a count of the characters between.
  let prefixEnd = 0
  let suffixStart = total
  let suffixStarted = false
  let removed = 0
  for (let i = 0; i < total;) {
    const width = utf8Width(bytes[i])
    const end = i + width
    if (end <= left) prefixEnd = end
    else if (i >= tailStart) {
      if (!suffixStarted) {
        suffixStart = i
        suffixStarted = true
      }
    } else removed++
    i = end
  }
  if (suffixStart < prefixEnd) suffixStart = prefixEnd
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
  let remaining = policy.limit
  let omitted = 0
  let changed = false
  const out: unknown[] = []
  for (const item of items) {
    if (!isObject(item) || item.type !== 'input_text' || typeof item.text !== 'string') {
      out.push(item)
      continue
    }
    const text = item.text
    if (text === '') {
      changed = true
      continue
    }
    if (remaining === 0) {
      omitted++
      continue
    }
    const size = encoder.encode(text).length
    const cost = policy.mode === 'bytes' ? size : approxTokens(size)
    if (cost <= remaining) {
      out.push(item)
      remaining -= cost
    } else {
      const snippet = truncateText(text, { mode: policy.mode, limit: remaining })
      if (snippet === '') omitted++
      else out.push({ ...item, text: snippet })
      remaining = 0
      changed = true
    }
  }
  if (omitted === 0) return changed ? out : items
  out.push({ type: 'input_text', text: `[omitted ${omitted} text items ...]` })
  return out
}

/**
 * Whether the Codex that wrote a rollout cuts outputs by its model's policy. Codex 0.4x recorded
 * outputs into the history as they came (`ConversationHistory::record_items`); the policy came
 * later, and the rollouts read for docs/formats/codex.md that show it are of 0.117 and after, so
 * a version before 0.100 (or none, as legacy rollouts have) is read whole, as before. A
 * development build says 0.0.0 and is taken as current.
 */
export function cutsByPolicy(cliVersion: string | undefined): boolean {
  if (cliVersion === undefined) return false
  const [major, minor] = cliVersion.split('.').map((n) => Number.parseInt(n, 10))
  if (!Number.isInteger(major) || !Number.isInteger(minor)) return false
  return major > 0 || minor >= 100 || (major === 0 && minor === 0)
}

/**
 * Cuts each tool output (an activity with a call id whose payload is a result's content) as Codex
 * records it into the history for `model`, the model of the rollout's last turn, which a resumed
 * session and the next request use, where the Codex that wrote the rollout does (cutsByPolicy).
 * One note says how many were cut, and which.
 */
export function truncateCodexOutputs(
  messages: Message[],
  model: string | undefined,
  cliVersion: string | undefined,
  notes: NoteList,
): void {
  if (!cutsByPolicy(cliVersion)) return
  const policy = codexTruncationPolicy(model)
  const cut: string[] = []
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i]
    if (m.type !== 'activity' || m.id === undefined || m.payload === undefined) continue
    const parts = readPayload(m.type, m.payload)
    if (Object.keys(parts).some(notResult)) continue
    const { content } = parts
    const sent =
      typeof content === 'string'
        ? truncateText(content, policy)
        : Array.isArray(content)
          ? truncateItems(content, policy)
          : content
    if (sent === content || sent === undefined) continue
    messages[i] = withResultContent(m, sent)
    cut.push(m.id)
  }
  if (cut.length === 0) return
  const budget =
    policy.mode === 'tokens'
      ? `${formatNumber(policy.limit)} tokens of four bytes`
      : `${formatNumber(policy.limit)} bytes`
  const which = listOf(cut)
  notes.info(
    '',
    `${formatNumber(cut.length)} tool output${cut.length === 1 ? '' : 's'} (${which}) over Codex's history budget for ${model ?? 'a model it does not know'} (${budget}): loaded as Codex sends ${cut.length === 1 ? 'it' : 'them'}, the middle cut out and a marker in its place; the rollout holds ${cut.length === 1 ? 'it' : 'them'} whole`,
  )
}

const notResult = (key: string) => key !== 'content' && key !== 'is_error'
