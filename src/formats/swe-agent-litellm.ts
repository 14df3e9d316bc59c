import { orderMessage } from '../conversation'
import type { Message } from '../types'
import { ShapeError, isObject, kind, pathString, type Json, type JsonPath } from './json-shape'
import { encodePayload } from './payload'
import type { NoteList } from './report'
import { isCount, type UsageCounts } from './reported-usage'
import { UNKNOWN_FIELD_NOTE } from './vocabulary'

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
 * A tool call's own fields besides Chat Completions' that LiteLLM's reply carries: `index`, the
 * call's position among the reply's content blocks (`ChatCompletionToolCallChunk` in
 * litellm/types/llms/openai.py, which its Anthropic, Bedrock and Gemini translations fill), and
 * provider-specific fields. SWE-agent and mini-swe-agent record the calls as LiteLLM gives them;
 * what a provider reads of a call is its id and function.
 */
const CALL_NOTES: Record<string, string> = {
  provider_specific_fields:
    "LiteLLM's provider-specific fields of the call (a Gemini thought signature, …); not loaded",
  index: "the call's position in the reply; not part of the conversation",
}

/** A reply's tool calls, each with only the fields Chat Completions reads; the rest noted. */
export function readToolCalls(value: unknown, at: JsonPath, notes: NoteList): unknown {
  if (!Array.isArray(value)) return value
  return value.map((call: unknown, k) => {
    if (!isObject(call)) return call
    const kept: Json = {}
    for (const key of Object.keys(call)) {
      if (key === 'id' || key === 'type' || key === 'function' || key === 'custom') {
        kept[key] = call[key]
      } else if (CALL_NOTES[key] !== undefined) {
        notes.info(pathString([...at, k, key]), CALL_NOTES[key])
      } else notes.warn(pathString([...at, k, key]), UNKNOWN_FIELD_NOTE)
    }
    return kept
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
