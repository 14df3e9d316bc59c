import { orderMessage } from '../conversation'
import type { Message } from '../types'
import {
  ShapeError,
  isObject,
  kind,
  optionalList,
  optionalString,
  requireString,
  type Json,
} from './json-shape'
import { encodePayload, opaqueThinking, type PayloadParts, type ToolCall } from './payload'

/*
 * One event of a GitHub Copilot CLI session (`events.jsonl`) read into messages, by the schema the
 * Copilot SDK generates its types from (github.com/github/copilot-sdk at cc0438d,
 * nodejs/src/generated/session-events.ts, for @github/copilot 1.0.81 and later; see
 * docs/formats/copilot-cli.md). Each event is {type, data, id, timestamp, parentId, agentId?,
 * ephemeral?}; these are the ones that hold what the model is sent.
 */

/** The events whose data become messages, and what each holds. */
export const MESSAGE_EVENTS = {
  system: 'system.message',
  user: 'user.message',
  reasoning: 'assistant.reasoning',
  reply: 'assistant.message',
  result: 'tool.execution_complete',
  notification: 'system.notification',
  // "Full content of the skill file, injected into the conversation for the model"
  // (SkillInvokedData.content); the tool call that loaded it is answered only "loaded".
  skill: 'skill.invoked',
} as const

/** A system.message of role "system": the system prompt, which the reader puts first. */
export interface SystemPrompt {
  text: string
}

/**
 * Reads a message event's data. `system.message` of role "system" is the system prompt (returned
 * apart); of role "developer", an instructions message in place. Throws ShapeError where the
 * schema's required fields are missing.
 */
export function readEventMessages(type: string, data: Json): Message[] | SystemPrompt {
  switch (type) {
    case MESSAGE_EVENTS.system: {
      const role = requireString(data, 'role', ['data'])
      const text = requireString(data, 'content', ['data'])
      if (role === 'system') return { text }
      if (role !== 'developer') {
        throw new ShapeError(`role "${role}" is not system or developer`, ['data', 'role'])
      }
      return [{ type: 'instructions', text }]
    }
    case MESSAGE_EVENTS.user: {
      // "Transformed version of the message sent to the model, with XML wrapping, timestamps, and
      // other augmentations"; `content` is the text the timeline shows.
      const shown = requireString(data, 'content', ['data'])
      const sent = data.transformedContent
      return [{ type: 'user', text: typeof sent === 'string' ? sent : shown }]
    }
    case MESSAGE_EVENTS.reasoning:
      return [{ type: 'reasoning', text: requireString(data, 'content', ['data']) }]
    case MESSAGE_EVENTS.reply:
      return readReply(data)
    case MESSAGE_EVENTS.result:
      return [readResult(data)]
    case MESSAGE_EVENTS.notification:
    case MESSAGE_EVENTS.skill:
      return [{ type: 'context', text: requireString(data, 'content', ['data']) }]
    default:
      return []
  }
}

/**
 * An assistant.message: its thinking, when the event carries it and no assistant.reasoning event
 * did (`reasoningText`, with Anthropic's opaque `reasoningOpaque` or OpenAI's `encryptedContent`,
 * kept for export and never priced as text), then the reply with its tool requests.
 */
function readReply(data: Json): Message[] {
  const text = requireString(data, 'content', ['data'])
  const out: Message[] = []
  // An empty one is none.
  const thinking = optionalString(data, 'reasoningText', ['data']) || undefined
  const opaque = optionalString(data, 'reasoningOpaque', ['data']) || undefined
  const encrypted = optionalString(data, 'encryptedContent', ['data']) || undefined
  if (thinking !== undefined || opaque !== undefined || encrypted !== undefined) {
    const text = thinking ?? ''
    const parts = opaqueThinking(text, { openai: encrypted, anthropic: opaque })
    out.push({ type: 'reasoning', text, payload: encodePayload(parts) })
  }
  const parts: PayloadParts = {}
  const calls = toolRequests(data)
  if (calls.length > 0) parts.tool_calls = calls
  out.push(orderMessage({ type: 'bot', text, payload: encodePayload(parts) }))
  return out
}

function toolRequests(data: Json): ToolCall[] {
  return optionalList(data, 'toolRequests', ['data']).map((request, k) => {
    const here = ['data', 'toolRequests', k]
    if (!isObject(request)) throw new ShapeError(`request is ${kind(request)}, not an object`, here)
    return {
      id: requireString(request, 'toolCallId', here),
      name: requireString(request, 'name', here),
      arguments: request.arguments ?? {},
    }
  })
}

/**
 * A tool.execution_complete: the result the model is sent, as an activity whose id is the call's.
 * `result.content` is "concise tool result text sent to the LLM" (`detailedContent` is the UI's);
 * a failed call sends its error's message.
 */
function readResult(data: Json): Message {
  const id = requireString(data, 'toolCallId', ['data'])
  const result = data.result
  const error = data.error
  let content = ''
  if (isObject(result) && typeof result.content === 'string') content = result.content
  else if (isObject(error) && typeof error.message === 'string') content = error.message
  else if (result !== undefined && result !== null && !isObject(result)) {
    throw new ShapeError(`"result" is ${kind(result)}, not an object`, ['data', 'result'])
  }
  return orderMessage({ id, type: 'activity', text: '', payload: encodePayload({ content }) })
}

/**
 * A session.binary_asset: the bytes of an attachment, stored once and named by a content-addressed
 * `assetId` ("Canonical bytes for a content-addressed binary asset shared by reference across
 * events", BinaryAssetData: `assetId`, `type` image | resource, `mimeType`, `byteLength`, `data`
 * base64). Throws ShapeError where a required field is missing.
 */
export interface BinaryAsset {
  id: string
  image: boolean
  mimeType: string
  data: string
}

export function readBinaryAsset(data: Json): BinaryAsset {
  const id = requireString(data, 'assetId', ['data'])
  const mimeType = requireString(data, 'mimeType', ['data'])
  const bytes = requireString(data, 'data', ['data'])
  const image = data.type === 'image' || (data.type === undefined && mimeType.startsWith('image/'))
  return { id, image, mimeType, data: bytes }
}

/**
 * A file the model is sent as bytes, as a base64 block priced by the media rules: an image as an
 * image, anything else (a PDF Copilot CLI sends natively) as a document.
 */
export function mediaBlock(image: boolean, mimeType: string, data: string): unknown {
  return {
    type: image ? 'image' : 'document',
    source: { type: 'base64', media_type: mimeType, data },
  }
}

/** What one of a user.message's `attachments` sends as bytes: an asset it names, or inline data. */
export type AttachedBytes =
  | { at: number; asset: string }
  | { at: number; inline: { image: boolean; mimeType: string; data: string } }

/**
 * The attachments of a user.message whose bytes are sent to the model: those naming a
 * session.binary_asset (`assetId`, "the session.binary_asset event holding this attachment's
 * model-facing bytes"; on a file or a blob attachment) and blobs that still hold their base64
 * `data`. The others (a path in <tagged_files>, a selection, a GitHub reference) are text already
 * in `transformedContent`.
 */
export function attachedBytes(data: Json): AttachedBytes[] {
  const out: AttachedBytes[] = []
  optionalList(data, 'attachments', ['data']).forEach((a, at) => {
    if (!isObject(a)) return
    if (typeof a.assetId === 'string' && a.assetId !== '') out.push({ at, asset: a.assetId })
    else if (a.type === 'blob' && typeof a.data === 'string' && typeof a.mimeType === 'string') {
      const image = a.mimeType.startsWith('image/')
      out.push({ at, inline: { image, mimeType: a.mimeType, data: a.data } })
    }
  })
  return out
}
