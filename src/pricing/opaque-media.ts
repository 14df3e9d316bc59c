import { isObject } from '../formats/json-shape'
import type { ModelFamily } from './families'

/** A base64 image or file found inside a payload, with the provider whose shape carries it. */
export interface MediaPart {
  /** Where in the payload: `attachments[0]`, `content[2]`, `item.output`. */
  path: string
  /** The provider family whose block shape this is (Anthropic `source`, OpenAI data URL, Gemini `inlineData`). */
  shape: ModelFamily
  /** `image/png`, `application/pdf`, … as the block says; '' when it says nothing. */
  mediaType: string
  /** The base64 data, without any `data:…;base64,` prefix. */
  data: string
  /** OpenAI's `detail` (`low`, `high`, `auto`) when the block sets one. */
  detail?: string
  /** The file name a file block gives. */
  filename?: string
}

// Deep enough for a tool result inside an item inside a list; payloads this module reads are shallow.
const MAX_DEPTH = 8

/** Splits `data:image/png;base64,AAAA` into its media type and data; undefined for other strings. */
function dataUrl(url: unknown): { mediaType: string; data: string } | undefined {
  if (typeof url !== 'string' || !url.startsWith('data:')) return undefined
  const comma = url.indexOf(',')
  if (comma < 0) return undefined
  const head = url.slice(5, comma)
  if (!head.endsWith(';base64')) return undefined
  return { mediaType: head.slice(0, -7), data: url.slice(comma + 1) }
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined)

/** The media a single value is, by the providers' block shapes, or undefined when it is none. */
export function mediaOf(value: unknown, path: string): MediaPart | undefined {
  if (!isObject(value)) return undefined
  const { source } = value
  // Anthropic: {type: 'image' | 'document', source: {type: 'base64', media_type, data}}
  if (isObject(source) && source.type === 'base64' && typeof source.data === 'string') {
    return {
      path,
      shape: 'anthropic',
      mediaType: str(source.media_type) ?? '',
      data: source.data,
      filename: str(value.title),
    }
  }
  // Gemini: {inlineData: {mimeType, data}} (the REST spelling inline_data / mime_type too).
  const inline = isObject(value.inlineData) ? value.inlineData : value.inline_data
  if (isObject(inline) && typeof inline.data === 'string') {
    return {
      path,
      shape: 'google',
      mediaType: str(inline.mimeType) ?? str(inline.mime_type) ?? '',
      data: inline.data,
    }
  }
  // MCP's ImageContent and AudioContent, which pi stores as they are: {type: 'image' | 'audio',
  // data, mimeType} (modelcontextprotocol schema 2025-06-18; pi-mono packages/ai/src/types.ts).
  // Priced by the model's family; Anthropic's rule when none is known.
  if (
    (value.type === 'image' || value.type === 'audio') &&
    typeof value.data === 'string' &&
    typeof value.mimeType === 'string'
  ) {
    return { path, shape: 'anthropic', mediaType: value.mimeType, data: value.data }
  }
  // OpenAI Chat: {type: 'image_url', image_url: {url, detail}}; Responses: {type: 'input_image',
  // image_url, detail}; a computer screenshot: {type: 'computer_screenshot', image_url}.
  const imageUrl = value.image_url
  const nested = isObject(imageUrl)
  const image = dataUrl(nested ? imageUrl.url : imageUrl)
  if (image) {
    const detail = str(nested ? imageUrl.detail : value.detail)
    return { path, shape: 'openai', ...image, ...(detail ? { detail } : {}) }
  }
  // opencode's file part (MessageV2 FilePart, opencode 1.18.33): {type: 'file', mime, filename,
  // url}, an attachment's bytes in a data URL. Priced by the model's family; Anthropic's rule when
  // none is known, as for MCP's blocks.
  if (value.type === 'file' && typeof value.mime === 'string') {
    const url = dataUrl(value.url)
    if (url) {
      const filename = str(value.filename)
      return {
        path,
        shape: 'anthropic',
        mediaType: value.mime,
        data: url.data,
        ...(filename ? { filename } : {}),
      }
    }
  }
  // An image OpenAI generated (a Responses image_generation_call): its `result` is the base64
  // image, which Codex sends back as an image (`data:image/png;base64,…`; codex-rs
  // context_manager/normalize.rs clears it for a model without image input). Only `result` is the
  // media: the rest of the item is counted as its JSON (withoutMedia keeps it). The item names no
  // media type; the image's header says what it is.
  const generated = generatedImage(value)
  if (generated !== undefined) {
    return { path: `${path}.result`, shape: 'openai', mediaType: '', data: generated }
  }
  // OpenAI files: Responses {type: 'input_file', file_data, filename}; Chat {type: 'file', file: {…}}.
  // OpenAI Chat's audio input: `{type: 'input_audio', input_audio: {data, format}}`.
  const audio =
    value.type === 'input_audio' && isObject(value.input_audio) ? value.input_audio : null
  if (audio && typeof audio.data === 'string') {
    return {
      path,
      shape: 'openai',
      mediaType: `audio/${str(audio.format) ?? ''}`,
      data: audio.data,
    }
  }
  const file = value.type === 'file' && isObject(value.file) ? value.file : value
  if (
    typeof file.file_data === 'string' &&
    (value.type === 'input_file' || value.type === 'file')
  ) {
    const url = dataUrl(file.file_data)
    return {
      path,
      shape: 'openai',
      mediaType: url?.mediaType ?? '',
      data: url?.data ?? file.file_data,
      filename: str(file.filename),
    }
  }
  return undefined
}

/** A Responses image_generation_call's base64 image, when it holds one. */
function generatedImage(value: Record<string, unknown>): string | undefined {
  const { result } = value
  return value.type === 'image_generation_call' && typeof result === 'string' && result !== ''
    ? result
    : undefined
}

/** Every media part inside `value` (a list of blocks, an item), outermost first. */
export function findMedia(
  value: unknown,
  path: string,
  out: MediaPart[] = [],
  depth = 0,
): MediaPart[] {
  if (depth > MAX_DEPTH) return out
  const media = mediaOf(value, path)
  if (media) {
    out.push(media)
    return out
  }
  if (Array.isArray(value)) {
    value.forEach((v, k) => findMedia(v, `${path}[${k}]`, out, depth + 1))
  } else if (isObject(value)) {
    for (const key of Object.keys(value)) findMedia(value[key], `${path}.${key}`, out, depth + 1)
  }
  return out
}

const REMOVED = Symbol('removed')

/**
 * `value` without its media parts: removed from lists, and their keys from objects. Returns the
 * value itself when it holds none, so that unchanged parts are not copied.
 */
export function withoutMedia(value: unknown, depth = 0): unknown {
  const out = strip(value, depth)
  return out === REMOVED ? undefined : out
}

function strip(value: unknown, depth: number): unknown {
  if (depth > MAX_DEPTH) return value
  if (isObject(value) && generatedImage(value) !== undefined) {
    // The image is the item's `result` alone; its id, status and prompt are text.
    const { result, ...rest } = value
    void result
    return rest
  }
  if (mediaOf(value, '')) return REMOVED
  if (Array.isArray(value)) {
    let changed = false
    const kept: unknown[] = []
    for (const v of value) {
      const s = strip(v, depth + 1)
      if (s !== v) changed = true
      if (s !== REMOVED) kept.push(s)
    }
    return changed ? kept : value
  }
  if (isObject(value)) {
    let changed = false
    const kept: Record<string, unknown> = {}
    for (const key of Object.keys(value)) {
      const v = value[key]
      const s = strip(v, depth + 1)
      if (s !== v) changed = true
      if (s !== REMOVED) kept[key] = s
    }
    return changed ? kept : value
  }
  return value
}
