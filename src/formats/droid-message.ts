import { orderMessage } from '../conversation'
import type { Message } from '../types'
import { readAnthropicMessage, type BlockContext } from './anthropic-content'
import { ShapeError, isObject, kind, optionalString, type Json, type JsonPath } from './json-shape'
import { encodePayload } from './payload'
import type { NoteRecord } from './report'
import { SETTING_NOTE, UNKNOWN_FIELD_NOTE } from './vocabulary'

/*
 * One `message` event of a Factory Droid session, read as it is parsed. The message is Anthropic's
 * shape with Droid's fields beside it (the CLI's FactoryDroidMessage: role, content, modelId,
 * apiProvider, visibility, the OpenAI reasoning fields, the hook fields). See docs/formats/droid.md.
 */

/** What a message event reads as, and the notes it made (paths inside the line). */
export interface DroidEvent {
  line: number
  id: string | undefined
  messages: Message[]
  /** Why Droid keeps it out of the conversation (a hook's run, a notice shown to the user only). */
  sideband: string | undefined
  /**
   * Its content holds a tool result: Droid takes the message for a tool's (its role becomes
   * `tool` in memory), and does not start a compaction's kept tail on one.
   */
  holdsResults: boolean
  model: string | undefined
  provider: string | undefined
  notes: readonly unknown[]
}

// Droid's own fields on an event, around the message.
const EVENT_NOTES: Record<string, string> = {
  timestamp: 'session metadata; not part of the conversation',
  parentId: "the message before it, which Droid's session view orders by; read in file order",
  tokens: "Droid's own count of the message; not a provider's report, not read",
  compactionSummaryId: 'the compaction the message was added after; not part of the conversation',
}

// Droid's fields on a message, beyond {role, content}: what each is, and why it is not counted.
const MESSAGE_NOTES: Record<string, string> = {
  modelId: "the model that wrote this message; read as the file's model",
  apiProvider: 'the provider the message went through; read as the wire the session is priced by',
  reasoningEffort: SETTING_NOTE,
  interactionMode: SETTING_NOTE,
  routerId: SETTING_NOTE,
  userMessageSource: 'where the prompt was typed; not part of the conversation',
  visibility: 'whether Droid shows the message, sends it, or both; read',
  isUserVisible: 'display metadata; not part of the conversation',
  hiddenFromUserViews: 'display metadata; not part of the conversation',
  isError: 'display metadata; not part of the conversation',
  isParallelExecution: 'display metadata; not part of the conversation',
  parallelGroupId: 'display metadata; not part of the conversation',
  openaiMessageId: "OpenAI's id of the reply; not part of the conversation",
  openaiPhase: "OpenAI's phase of the reply (commentary, final answer); not counted",
  openaiMessageStatus: "OpenAI's status of the reply; not counted",
  openaiReasoningId: "OpenAI's id of the reasoning item; not counted",
  openaiReasoningSummary: 'read as the text of the reasoning item it belongs to',
  openaiEncryptedContent:
    "OpenAI's encrypted reasoning, sent back with the turn: kept for export, priced by OpenAI's rule",
  chatCompletionReasoningField: 'the field the reasoning is sent back in; not counted',
  chatCompletionReasoningContent:
    'the reasoning again, as Droid sends it back to a Chat Completions provider; counted once, in the thinking block',
  geminiThoughtSignature: 'a Gemini thought signature (an older place for it); not counted',
}

const HOOK_FIELD = /^hook[A-Z]/

// Fields Droid adds to Anthropic's content blocks (its content block schemas).
const BLOCK_NOTES: Record<string, string> = {
  id: "Droid's id of the block; not sent",
  thoughtSignature: 'a Gemini thought signature on a tool call; not counted',
  namespace: 'the namespace Droid files the tool under; not sent',
  scriptExecution: 'the script run the call was made from; not sent',
  generated: 'marks an image a tool generated; not sent',
}

/** Reads a message event; a message whose shape is wrong loses only itself, with a warning. */
export function readMessageEvent(
  line: number,
  event: Json,
  record: NoteRecord,
  where: (steps: JsonPath) => string,
): DroidEvent {
  const id = typeof event.id === 'string' ? event.id : undefined
  for (const key of Object.keys(event)) {
    if (key === 'type' || key === 'id' || key === 'message') continue
    record.info(where([key]), EVENT_NOTES[key] ?? UNKNOWN_FIELD_NOTE)
  }
  try {
    const raw = event.message
    if (!isObject(raw))
      throw new ShapeError(`"message" is ${kind(raw)}, not an object`, ['message'])
    return read(line, id, raw, record, where)
  } catch (error) {
    if (!(error instanceof ShapeError)) throw error
    record.warn(where(error.steps), `${error.problem}; message skipped`)
    return event_(line, id, [], undefined, false, undefined, undefined, record)
  }
}

function read(
  line: number,
  id: string | undefined,
  raw: Json,
  record: NoteRecord,
  where: (steps: JsonPath) => string,
): DroidEvent {
  const at = ['message']
  const model = optionalString(raw, 'modelId', at)
  const provider = optionalString(raw, 'apiProvider', at)
  const content = raw.content
  const holdsResults =
    Array.isArray(content) && content.some((b) => isObject(b) && b.type === 'tool_result')
  const hook = typeof raw.hookEventName === 'string' ? raw.hookEventName : undefined
  const sideband =
    hook !== undefined
      ? `a ${hook} hook's run, which Droid shows in its session view; not sent as a message`
      : raw.visibility === 'user_only' && !holdsResults
        ? 'shown to the user only (visibility "user_only"); Droid does not send it'
        : undefined
  if (sideband) return event_(line, id, [], sideband, holdsResults, model, provider, record)
  const role = raw.role
  if (role !== 'user' && role !== 'assistant') {
    throw new ShapeError(
      `role ${typeof role === 'string' ? `"${role}"` : kind(role)} is not a Droid message role (user, assistant)`,
      [...at, 'role'],
    )
  }
  for (const key of Object.keys(raw)) {
    if (key === 'role' || key === 'content') continue
    if (HOOK_FIELD.test(key)) record.info(where([...at, key]), 'a hook field; not sent')
    else record.info(where([...at, key]), MESSAGE_NOTES[key] ?? UNKNOWN_FIELD_NOTE)
  }
  const encrypted = optionalString(raw, 'openaiEncryptedContent', at)
  const ctx: BlockContext = {
    notes: record,
    where,
    self: 'anthropic',
    ownBlock: (block, _k, here) =>
      block.type === 'thinking' ? thinking(block, here, encrypted, record, where) : undefined,
  }
  const blocks = droidBlocks(content, at, record, where)
  const messages = readAnthropicMessage(
    blocks === content ? raw : { role, content: blocks },
    at,
    ctx,
    id,
  )
  if (encrypted !== undefined) {
    // Droid sends OpenAI one reasoning item before the reply: the encrypted content and the
    // summary (its request builder), in place of the thinking blocks.
    const summary = optionalString(raw, 'openaiReasoningSummary', at) ?? ''
    const item = orderMessage({
      type: 'reasoning',
      text: summary,
      payload: encodePayload({ encrypted_content: encrypted }),
    })
    const first = messages[0]
    // The reply's id stays on the reply, as a thinking block before it would leave it.
    messages.unshift(first?.id === id ? item : { ...item, id })
  }
  return event_(line, id, messages, undefined, holdsResults, model, provider, record)
}

/**
 * A thinking block, by whose signature it carries (`signatureProvider`): Anthropic's is an opaque
 * signature sent back with it; another provider's is a marker (`reasoning_content`), OpenAI's
 * reasoning item as JSON, or a Gemini thought signature, none of which is sent as the block's
 * signature. Undefined to read it as Anthropic's.
 */
function thinking(
  block: Json,
  here: JsonPath,
  encrypted: string | undefined,
  record: NoteRecord,
  where: (steps: JsonPath) => string,
): Message[] | undefined {
  const provider = typeof block.signatureProvider === 'string' ? block.signatureProvider : undefined
  const signature = typeof block.signature === 'string' ? block.signature : ''
  const anthropic =
    provider === 'anthropic' || (provider === undefined && !signature.startsWith('{'))
  if (block.durationMs !== undefined)
    record.info(where([...here, 'durationMs']), 'how long the model thought; not sent')
  if (provider !== undefined)
    record.info(where([...here, 'signatureProvider']), 'whose signature it is; read')
  if (anthropic && block.durationMs === undefined && provider === undefined) return undefined
  const text = typeof block.thinking === 'string' ? block.thinking : ''
  if (typeof block.thinking !== 'string')
    throw new ShapeError(`"thinking" is ${kind(block.thinking)}, not a string`, [
      ...here,
      'thinking',
    ])
  if (anthropic) {
    return [
      { type: 'reasoning', text, payload: signature ? encodePayload({ signature }) : undefined },
    ]
  }
  if (encrypted !== undefined) {
    record.info(
      where([...here]),
      "OpenAI's reasoning, read from the message's openaiEncryptedContent and openaiReasoningSummary, as Droid sends it",
    )
    return []
  }
  if (signature)
    record.info(
      where([...here, 'signature']),
      provider === 'google'
        ? 'a Gemini thought signature; not counted'
        : `${provider ? `${provider}'s` : 'a'} marker, not a signature Anthropic checks; not counted`,
    )
  return [{ type: 'reasoning', text }]
}

/** The content without the fields Droid adds to blocks, each noted; the same array when none has one. */
function droidBlocks(
  content: unknown,
  at: JsonPath,
  record: NoteRecord,
  where: (steps: JsonPath) => string,
): unknown {
  if (!Array.isArray(content)) return content
  let out: unknown[] | undefined
  content.forEach((block: unknown, k) => {
    if (!isObject(block)) return
    let clean: Json | undefined
    for (const key of Object.keys(block)) {
      const note = BLOCK_NOTES[key]
      // A tool_use block's own id is Anthropic's: the call's id.
      if (note === undefined || (key === 'id' && block.type === 'tool_use')) continue
      record.info(where([...at, 'content', k, key]), note)
      clean ??= { ...block }
      delete clean[key]
    }
    if (clean) (out ??= [...content])[k] = clean
  })
  return out ?? content
}

// Every event in one shape, every field written.
const event_ = (
  line: number,
  id: string | undefined,
  messages: Message[],
  sideband: string | undefined,
  holdsResults: boolean,
  model: string | undefined,
  provider: string | undefined,
  record: NoteRecord,
): DroidEvent => ({
  line,
  id,
  messages,
  sideband,
  holdsResults,
  model,
  provider,
  notes: record.take(),
})
