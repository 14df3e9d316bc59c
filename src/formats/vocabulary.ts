import { ShapeError, type JsonPath } from './json-shape'

/** The provider APIs whose content parts the formats share: every format's content is one of these. */
export type ContentFamily = 'openai' | 'openai-responses' | 'anthropic'

// Content part and block types only one provider format uses. A reader that meets another
// format's type rejects the file rather than guessing, so detection can tell formats apart and a
// forced format that does not fit says why. Types no format here knows are reported, not rejected.
const OWNER: Record<string, ContentFamily> = {
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
 * A content part of another provider's API. Its problem names the owner by id; detection, which
 * knows every format's label, words it for a person (`"tool_use" is a part type of Anthropic
 * Messages, not of OpenAI Chat Completions`).
 */
export class ForeignPartError extends ShapeError {
  constructor(
    readonly partType: string,
    readonly owner: ContentFamily,
    steps: JsonPath,
  ) {
    super(`"${partType}" is a part type of ${owner}`, steps)
    this.name = 'ForeignPartError'
  }
}

/**
 * Throws when a part type belongs to another provider's API than `family`, the one whose content
 * the format carries (Claude Code and Cline carry Anthropic's). `at` is the part's path; the error
 * points at its `type`.
 */
export function rejectForeignType(type: string, family: ContentFamily, at: JsonPath): void {
  const owner = OWNER[type]
  if (owner !== undefined && owner !== family) {
    throw new ForeignPartError(type, owner, [...at, 'type'])
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
  'function_call',
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
