import { FORMAT_LABELS } from './errors'
import { ShapeError, type JsonPath } from './json-shape'
import type { FormatId } from './types'

// Content part and block types only one provider format uses. A reader that meets another
// format's type rejects the file rather than guessing, so detection can tell formats apart and a
// forced format that does not fit says why. Types no format here knows are reported, not rejected.
const OWNER: Record<string, FormatId> = {
  image_url: 'openai',
  input_audio: 'openai',
  file: 'openai',
  input_text: 'openai-responses',
  output_text: 'openai-responses',
  input_image: 'openai-responses',
  input_file: 'openai-responses',
  summary_text: 'openai-responses',
  reasoning_text: 'openai-responses',
  tool_use: 'anthropic',
  tool_result: 'anthropic',
  thinking: 'anthropic',
  redacted_thinking: 'anthropic',
  image: 'anthropic',
  document: 'anthropic',
  server_tool_use: 'anthropic',
  web_search_tool_result: 'anthropic',
  search_result: 'anthropic',
}

/**
 * Throws when a part type belongs to another format than `self` (Claude Code shares Anthropic's).
 * `at` is the part's path; the error points at its `type`.
 */
export function rejectForeignType(type: string, self: FormatId, at: JsonPath): void {
  const owner = OWNER[type]
  const mine = self === 'claude-code' ? 'anthropic' : self
  if (owner !== undefined && owner !== mine) {
    throw new ShapeError(
      `"${type}" is a part type of ${FORMAT_LABELS[owner]}, not of ${FORMAT_LABELS[self]}`,
      [...at, 'type'],
    )
  }
}

/** Top-level request fields that tune generation and never reach the model as content. */
export const REQUEST_SETTINGS = new Set([
  'max_tokens',
  'max_completion_tokens',
  'max_output_tokens',
  'temperature',
  'top_p',
  'top_k',
  'n',
  'stream',
  'stream_options',
  'stop',
  'stop_sequences',
  'seed',
  'user',
  'metadata',
  'store',
  'service_tier',
  'tool_choice',
  'parallel_tool_calls',
  'logprobs',
  'top_logprobs',
  'logit_bias',
  'presence_penalty',
  'frequency_penalty',
  'reasoning_effort',
  'reasoning',
  'thinking',
  'modalities',
  'verbosity',
  'truncation',
  'include',
  'background',
  'prompt_cache_key',
  'safety_identifier',
  'context_management',
  'container',
])

/** The problem noted for a request setting. */
export const SETTING_NOTE = 'request setting; not part of the conversation'

/** The problem noted for a prompt-caching hint. */
export const CACHE_NOTE = 'prompt-caching hint; not part of the conversation'

/** The problem noted for a field with nowhere to go. */
export const UNKNOWN_FIELD_NOTE = 'field has no place in the wire shape; not loaded'

/** The problem noted for an image, file or unknown part kept as JSON. */
export function attachmentNote(type: string): string {
  return type === 'image' || type === 'image_url' || type === 'input_image'
    ? 'image counted as its JSON (the provider prices an image by its size, usually far lower)'
    : `"${type}" part kept as its JSON in the payload, so it is counted`
}
