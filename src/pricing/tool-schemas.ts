import type { Tokenizer } from '../tokens'

/*
 * Tool schemas on OpenAI Chat Completions, by the formula of OpenAI's cookbook "How to count tokens
 * with tiktoken", section 7 (num_tokens_for_tools; openai/openai-cookbook, examples/
 * How_to_count_tokens_with_tiktoken.ipynb, commit c81359cd, read 2026-12-01). The cookbook gives
 * its constants for gpt-4o / gpt-4o-mini (o200k_base) and gpt-3.5-turbo / gpt-4 (cl100k_base); the
 * other vocabularies take o200k_base's, the newest.
 */
const FUNCTION_START: Record<string, number> = { cl100k_base: 10 }
const DEFAULT_FUNCTION_START = 7
const PROPERTIES_START = 3
const PROPERTY = 3
const ENUM_START = -3
const ENUM_ITEM = 3
const TOOLS_END = 12

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)
const withoutFinalStop = (s: string) => (s.endsWith('.') ? s.slice(0, -1) : s)

/**
 * What a Chat Completions `tools` list costs by the cookbook's formula; undefined when an entry is
 * not a `{type: 'function', function: {name, …}}` tool, whose cost the formula does not know.
 */
export function toolSchemaTokens(
  tools: readonly unknown[],
  tokenizer: Tokenizer,
): number | undefined {
  if (tools.length === 0) return 0
  let total = 0
  for (const tool of tools) {
    const fn = isObject(tool) ? tool.function : undefined
    if (!isObject(fn) || typeof fn.name !== 'string') return undefined
    total += FUNCTION_START[tokenizer.encoding] ?? DEFAULT_FUNCTION_START
    const description = typeof fn.description === 'string' ? fn.description : ''
    total += tokenizer.count(`${fn.name}:${withoutFinalStop(description)}`)
    const properties = isObject(fn.parameters) ? fn.parameters.properties : undefined
    if (!isObject(properties) || Object.keys(properties).length === 0) continue
    total += PROPERTIES_START
    for (const [key, property] of Object.entries(properties)) {
      total += PROPERTY
      const p = isObject(property) ? property : {}
      if (Array.isArray(p.enum)) {
        total += ENUM_START
        for (const item of p.enum) total += ENUM_ITEM + tokenizer.count(String(item))
      }
      const type = typeof p.type === 'string' ? p.type : ''
      const desc = typeof p.description === 'string' ? p.description : ''
      total += tokenizer.count(`${key}:${type}:${withoutFinalStop(desc)}`)
    }
  }
  return total + TOOLS_END
}
