import { mediaOf } from '../pricing/opaque-media'
import { ShapeError, isObject, type JsonPath } from './json-shape'
import type { NoteSink } from './report'

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
const REQUEST_SETTINGS = new Set([
  'max_tokens',
  'max_completion_tokens',
  'max_output_tokens',
  'max_tool_calls',
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
  // Chat Completions' {voice, format} of a spoken reply, asked for with `modalities`
  // (openai/openai-python, types/chat/chat_completion_audio_param.py)
  'audio',
  'verbosity',
  'truncation',
  'include',
  'background',
  'prompt_cache_key',
  'safety_identifier',
  'context_management',
  'container',
  // Anthropic's {effort}; one that holds a structured-output `format` is not (isRequestSetting)
  'output_config',
  'prompt_cache_retention',
])

/**
 * Whether a top-level field only tunes generation. Anthropic's `output_config` does unless it holds
 * a structured-output `format`, whose schema the model is shown and this reader does not price: that
 * one is warned as a field with no place.
 */
export function isRequestSetting(key: string, value: unknown): boolean {
  if (key === 'output_config') return !(isObject(value) && 'format' in value)
  return REQUEST_SETTINGS.has(key)
}

/** The problem noted for a request setting. */
export const SETTING_NOTE = 'request setting; not part of the conversation'

/** The problem noted for a prompt-caching hint. */
export const CACHE_NOTE = 'prompt-caching hint; not part of the conversation'

/** The problem noted for a field with nowhere to go. */
export const UNKNOWN_FIELD_NOTE = 'not a field of this format; not loaded'

const isImageType = (type: string) =>
  type === 'image' || type === 'image_url' || type === 'input_image' || type === 'inlineData'

/**
 * Notes a part kept verbatim in the payload (an image, a file, a part of unknown type). Inline media
 * (base64 data, a data URL) is priced by its provider's rule for media, not as text
 * (docs/tokens.md, "Opaque content"): an info note. An image given by reference (a URL, a file id)
 * or a part of another kind is counted as its JSON: a warning, since the count is off.
 */
export function noteAttachment(notes: NoteSink, path: string, type: string, part: unknown): void {
  const media = mediaOf(part, '')
  if (media) {
    const what = media.mediaType !== '' ? media.mediaType : isImageType(type) ? 'image' : type
    notes.info(
      path,
      `${what} kept for export; priced by the provider's rule for media, not as text`,
    )
  } else if (isImageType(type)) {
    notes.warn(
      path,
      'image by reference (a URL or file id): the file holds only its address, so it is counted as its JSON; the provider prices the image by its size',
    )
  } else if (type === 'file' || type === 'input_file' || type === 'document') {
    notes.warn(
      path,
      "file by reference (a file id or URL): the file holds only its address, so it is counted as its JSON; the provider reads the file's contents (a PDF's pages), which this file does not hold, so the count is low",
    )
  } else if (type === 'tool_reference') {
    // Tool search: a tool result's reference to a deferred tool (`defer_loading`), which the
    // Messages API expands into the tool's whole definition (docs/formats/claude-code.md).
    notes.warn(
      path,
      "a reference to a deferred tool: the API expands it into the tool's definition, which the file does not hold; counted as its JSON, so the count is low",
    )
  } else {
    notes.warn(path, `"${type}" part kept as its JSON in the payload, so it is counted`)
  }
}
