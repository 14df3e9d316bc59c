import { orderMessage } from '../conversation'
import type { Message } from '../types'
import { ShapeError, isObject, kind, pathString, type JsonPath } from './json-shape'
import { encodePayload } from './payload'
import type { NoteList } from './report'
import { isCount, type UsageCounts } from './reported-usage'

/*
 * What SWE-agent and mini-swe-agent share: both send their messages through LiteLLM
 * (BerriAI/litellm), and record its replies as LiteLLM gives them.
 */

/** A LiteLLM thinking block (Anthropic's shape, in `thinking_blocks`) as reasoning. */
export function readThinkingBlock(block: unknown, at: JsonPath, notes: NoteList): Message {
  if (!isObject(block)) throw new ShapeError(`thinking block is ${kind(block)}, not an object`, at)
  if (block.type === 'redacted_thinking' && typeof block.data === 'string') {
    notes.info(
      pathString(at),
      'redacted thinking: its encrypted data is the payload, and is counted',
    )
    return { type: 'reasoning', text: '', payload: encodePayload({ data: block.data }) }
  }
  const text = typeof block.thinking === 'string' ? block.thinking : ''
  const signature =
    typeof block.signature === 'string' && block.signature !== '' ? block.signature : undefined
  return orderMessage({
    type: 'reasoning',
    text,
    payload: signature ? encodePayload({ signature }) : undefined,
  })
}

/**
 * The prompt size of a Chat Completions `usage` as LiteLLM writes it. `prompt_tokens` is the
 * whole prompt, except for an Anthropic model's cache writes: LiteLLM's `calculate_usage`
 * (litellm/llms/anthropic/chat/transformation.py) always adds `cache_read_input_tokens` to
 * Anthropic's `input_tokens`, but `cache_creation_input_tokens` not in every release: it did before
 * the fix for BerriAI/litellm#9812 (April 2025), which took them out, and does again in a later
 * version. The usage does not say which, so the numbers do: the writes are inside `prompt_tokens`
 * only if it exceeds the reads by at least the writes. Where it does not, they were left out, and
 * are added.
 * Undefined unless prompt_tokens is a count.
 */
export function litellmChatUsage(usage: unknown): UsageCounts | undefined {
  if (!isObject(usage) || !isCount(usage.prompt_tokens)) return undefined
  const reads = isCount(usage.cache_read_input_tokens) ? usage.cache_read_input_tokens : 0
  const writes = isCount(usage.cache_creation_input_tokens) ? usage.cache_creation_input_tokens : 0
  const left = usage.prompt_tokens - reads < writes
  return {
    inputTokens: usage.prompt_tokens + (left ? writes : 0),
    ...(isCount(usage.completion_tokens) ? { outputTokens: usage.completion_tokens } : {}),
  }
}
