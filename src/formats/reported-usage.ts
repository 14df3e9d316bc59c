import { isObject } from './json-shape'
import type { ReportedUsage } from './types'

/** A prompt size and reply size read from a provider's usage object. */
export interface UsageCounts {
  inputTokens: number
  outputTokens?: number
  /** What the provider's context editing cleared from the prompt first (ContextEdits.tokens). */
  apiCleared?: number
}

/**
 * What Anthropic's context editing cleared from a request before the model read it, as the
 * response's `context_management.applied_edits` says (Anthropic, "Context editing"; the SDKs'
 * BetaContextManagementResponse): `clear_tool_uses_20250919` edits give `cleared_tool_uses` and
 * `cleared_input_tokens`, `clear_thinking_20251015` edits `cleared_thinking_turns` and
 * `cleared_input_tokens`. The usage counts the prompt as edited.
 */
export interface ContextEdits {
  tokens: number
  toolUses: number
  thinkingTurns: number
}

/** The edits a response's `context_management` says cleared something; undefined when none did. */
export function contextEdits(contextManagement: unknown): ContextEdits | undefined {
  if (!isObject(contextManagement) || !Array.isArray(contextManagement.applied_edits))
    return undefined
  const edits: ContextEdits = { tokens: 0, toolUses: 0, thinkingTurns: 0 }
  for (const edit of contextManagement.applied_edits) {
    if (!isObject(edit)) continue
    edits.tokens += part(edit.cleared_input_tokens)
    edits.toolUses += part(edit.cleared_tool_uses)
    edits.thinkingTurns += part(edit.cleared_thinking_turns)
  }
  return edits.tokens > 0 ? edits : undefined
}

/** Whether a usage field holds a token count: a non-negative integer. */
export const isCount = (v: unknown): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0
const part = (v: unknown) => (isCount(v) ? v : 0)
const output = (v: unknown) => (isCount(v) ? { outputTokens: v } : {})

/**
 * Anthropic Messages `usage`: the prompt is input_tokens + cache_creation_input_tokens +
 * cache_read_input_tokens (input_tokens counts only what follows the last cache breakpoint).
 * Undefined unless input_tokens is a count.
 */
export function anthropicUsage(usage: unknown): UsageCounts | undefined {
  if (!isObject(usage) || !isCount(usage.input_tokens)) return undefined
  return {
    inputTokens:
      usage.input_tokens +
      part(usage.cache_creation_input_tokens) +
      part(usage.cache_read_input_tokens),
    ...output(usage.output_tokens),
  }
}

/**
 * OpenAI Chat Completions `usage`: prompt_tokens is the whole prompt (its cached_tokens are a part
 * of it, not added). Undefined unless prompt_tokens is a count.
 */
export function chatUsage(usage: unknown): UsageCounts | undefined {
  if (!isObject(usage) || !isCount(usage.prompt_tokens)) return undefined
  return { inputTokens: usage.prompt_tokens, ...output(usage.completion_tokens) }
}

/**
 * OpenAI Responses `usage` (and Codex's TokenUsage): input_tokens is the whole prompt, its
 * cached tokens a part of it. Undefined unless input_tokens is a count.
 */
export function responsesUsage(usage: unknown): UsageCounts | undefined {
  if (!isObject(usage) || !isCount(usage.input_tokens)) return undefined
  return { inputTokens: usage.input_tokens, ...output(usage.output_tokens) }
}

/** Whichever of the three shapes `usage` is in: Anthropic's, Chat Completions', or Responses'. */
export function anyUsage(usage: unknown): UsageCounts | undefined {
  if (!isObject(usage)) return undefined
  if ('prompt_tokens' in usage) return chatUsage(usage)
  if ('cache_creation_input_tokens' in usage || 'cache_read_input_tokens' in usage)
    return anthropicUsage(usage)
  return responsesUsage(usage)
}

/**
 * Reports of requests whose prompts now start `by` messages later (messages put in front of the
 * ones they were read with): every message index they hold moves with them.
 */
export function shiftUsage(usage: readonly ReportedUsage[], by: number): ReportedUsage[] {
  const shift = (list: readonly number[] | undefined) => list?.map((i) => i + by)
  return usage.map((u) => {
    const cleared = shift(u.cleared)
    const stripped = shift(u.stripped)
    const asText = shift(u.asText)
    return {
      ...u,
      prompt: u.prompt + by,
      ...(cleared ? { cleared } : {}),
      ...(stripped ? { stripped } : {}),
      ...(asText ? { asText } : {}),
    }
  })
}
