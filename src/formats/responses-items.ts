import { orderMessage } from '../conversation'
import type { Message } from '../types'
import {
  ShapeError,
  isObject,
  kind,
  optionalString,
  parseArguments,
  requireArray,
  requireObject,
  requireString,
  type Json,
  type JsonPath,
} from './json-shape'
import { readTextParts } from './content-parts'
import { encodePayload, toolsMessage, type ToolCall } from './payload'
import type { NoteList } from './report'
import { UNKNOWN_FIELD_NOTE } from './vocabulary'

/**
 * OpenAI Responses items, one at a time, as every format that carries them reads them: a request's
 * `input`, a stored response's `output`, an input-items list, and Codex CLI's rollouts (whose
 * `response_item` lines are these items). One rule in one place.
 */

/** What an OpenAI message of each role becomes, in Responses items and (with tool roles) Chat. */
export const ROLE_TYPES: Readonly<Record<string, string>> = {
  system: 'instructions',
  developer: 'instructions',
  user: 'user',
  assistant: 'bot',
}

/** The fields each mapped item type has; any other field is reported. */
export const ITEM_FIELDS: Record<string, readonly string[]> = {
  message: ['type', 'id', 'role', 'content', 'status', 'phase', 'end_turn', 'encrypted_content'],
  function_call: [
    'type',
    'id',
    'call_id',
    'name',
    'arguments',
    'status',
    'namespace',
    'encrypted_function_args',
  ],
  function_call_output: ['type', 'id', 'call_id', 'output', 'status', 'name', 'namespace'],
  custom_tool_call: ['type', 'id', 'call_id', 'name', 'input', 'status', 'namespace'],
  custom_tool_call_output: ['type', 'id', 'call_id', 'output', 'status', 'name'],
  local_shell_call: ['type', 'id', 'call_id', 'action', 'status'],
  local_shell_call_output: ['type', 'id', 'call_id', 'output', 'status'],
  reasoning: ['type', 'id', 'summary', 'content', 'encrypted_content', 'status'],
  compaction: ['type', 'id', 'encrypted_content'],
  // Codex 0.16x+ (ResponseItem, codex-rs/protocol/src/models.rs): a compaction item under its
  // newer name, another agent's message, and tool definitions added to the history.
  context_compaction: ['type', 'id', 'encrypted_content'],
  agent_message: ['type', 'id', 'author', 'recipient', 'content'],
  additional_tools: ['type', 'id', 'role', 'tools'],
  // Tool search (ResponseToolSearchCall, ResponseToolSearchOutputItem, openai-node 7.60.0): a
  // call the client ran has a call_id its output quotes.
  tool_search_call: ['type', 'id', 'call_id', 'arguments', 'execution', 'status', 'created_by'],
  tool_search_output: ['type', 'id', 'call_id', 'tools', 'execution', 'status', 'created_by'],
  // Tools the client runs, paired by call_id (openai-node 7.60.0: ResponseInputItem.ShellCall,
  // ShellCallOutput, ApplyPatchCall, ApplyPatchCallOutput, ComputerCallOutput, Program,
  // ProgramOutput; ResponseComputerToolCall).
  shell_call: ['type', 'id', 'call_id', 'action', 'status', 'caller', 'environment', 'created_by'],
  shell_call_output: [
    'type',
    'id',
    'call_id',
    'output',
    'max_output_length',
    'status',
    'caller',
    'created_by',
  ],
  apply_patch_call: ['type', 'id', 'call_id', 'operation', 'status', 'caller', 'created_by'],
  apply_patch_call_output: ['type', 'id', 'call_id', 'output', 'status', 'caller', 'created_by'],
  computer_call: ['type', 'id', 'call_id', 'action', 'actions', 'pending_safety_checks', 'status'],
  computer_call_output: ['type', 'id', 'call_id', 'output', 'acknowledged_safety_checks', 'status'],
  program: ['type', 'id', 'call_id', 'code', 'fingerprint'],
  program_output: ['type', 'id', 'call_id', 'result', 'status'],
}

// Fields that describe an item rather than carry conversation.
const METADATA_FIELDS: Record<string, string> = {
  status: 'item status; not part of the conversation',
  phase: 'message phase (commentary or final answer); not part of the conversation',
  end_turn: 'end-of-turn flag; not part of the conversation',
  execution: 'where the tool search ran (client or server); not part of the conversation',
  created_by: 'the actor that created the item; not part of the conversation',
  namespace:
    "the tool's namespace, sent beside its name; not loaded (a few tokens the estimate leaves out)",
  caller:
    'who called the tool (the model, or a program it wrote); not loaded (a few tokens the estimate leaves out)',
  environment: 'where the shell runs (local or a container); not part of the conversation',
  max_output_length: "the output's length limit the client applied; not part of the conversation",
  fingerprint:
    "the program's fingerprint, sent back to OpenAI; not loaded (a few tokens the estimate leaves out)",
  pending_safety_checks:
    'safety checks OpenAI raised on the action; not loaded (a few tokens the estimate leaves out)',
  acknowledged_safety_checks:
    'safety checks the client acknowledged; not loaded (a few tokens the estimate leaves out)',
}

// Fields whose note depends on the item they are on (Codex 0.16x+).
const RESULT_NAME_NOTE =
  "the tool's name, repeated on its result; not loaded (a few tokens the estimate leaves out)"
/** The note of an agent message's recipient, wherever Codex records one. */
export const RECIPIENT_NOTE =
  'the agent the message is addressed to, sent with it; not loaded (a few tokens the estimate leaves out)'
const ITEM_FIELD_NOTES: Record<string, Readonly<Record<string, string>>> = {
  function_call_output: { name: RESULT_NAME_NOTE },
  custom_tool_call_output: { name: RESULT_NAME_NOTE },
  agent_message: { recipient: RECIPIENT_NOTE },
  additional_tools: { role: 'the role the tool definitions are sent as; not loaded' },
}

// Fields that carry content the import cannot read: sent, so a warning rather than a note.
const UNREAD_FIELDS: Record<string, string> = {
  encrypted_function_args:
    "the call's arguments, encrypted by OpenAI; sent with the call, but neither loaded nor counted",
}

// Item types whose call_id pairs a call with its result: the call half and the result half.
const CALL_ITEMS = new Set([
  'function_call',
  'custom_tool_call',
  'local_shell_call',
  'shell_call',
  'apply_patch_call',
  'computer_call',
  'program',
])
const OUTPUT_ITEMS = new Set([
  'function_call_output',
  'custom_tool_call_output',
  'local_shell_call_output',
])

/**
 * Items OpenAI runs or records itself (hosted tools, settings): one item with no call_id and no
 * output item to pair, kept whole (and counted as its JSON) as an activity. Nothing is left out, so
 * a note rather than a warning says what each is.
 */
const HOSTED_ITEMS: Readonly<Record<string, string>> = {
  web_search_call: 'a web search OpenAI ran for the model, with no result item to pair',
  file_search_call: 'a file search OpenAI ran for the model, with no result item to pair',
  code_interpreter_call:
    "code OpenAI's code interpreter ran for the model, its outputs in the same item",
  mcp_call: 'a call OpenAI made to a remote MCP server for the model, its output in the same item',
  mcp_list_tools: 'the tools a remote MCP server listed for the model',
  mcp_approval_request: "OpenAI's request that the client approve a remote MCP call",
  mcp_approval_response: "the client's answer to an approval request",
  configuration_update: "a change of the request's reasoning or text settings from here on",
  compaction_trigger: 'a marker asking OpenAI to compact the conversation here',
}

// An image OpenAI generated: hosted too, but its base64 `result` is priced as an image.
const GENERATED_IMAGE_NOTE =
  '"image_generation_call": an image OpenAI generated for the model, in the same item; kept as an activity with its JSON as payload, its image (`result`) priced as an image and the rest as that JSON'

// Responses item types with no core counterpart: kept whole (and counted) as activities.
const OTHER_ITEM_TYPES = new Set([
  ...Object.keys(HOSTED_ITEMS),
  'image_generation_call',
  'computer_call_output',
  'shell_call_output',
  'apply_patch_call_output',
  'program_output',
])

/** A tool search the client ran names its call (call_id); one the server ran may not. */
const hasCallId = (raw: Json) => typeof raw.call_id === 'string'

/** Whether a value looks like a Responses item: an object whose `type` is an item type. */
export function isItemType(type: unknown): boolean {
  return (
    typeof type === 'string' &&
    (type in ITEM_FIELDS || OTHER_ITEM_TYPES.has(type) || type === 'item_reference')
  )
}

/** Turns steps inside the file into the path a note shows (`input[3].id`, `line 7: payload.id`). */
export type Where = (steps: JsonPath) => string

/** How a format reads items beyond the Responses API's own. */
export interface ItemOptions {
  /**
   * Item types the format writes that are not Responses items: kept as activities with a warning
   * (Codex may add types), instead of rejecting the file as not Responses.
   */
  keepUnknownTypes?: boolean
  /**
   * Re-types a user, system or developer message after it is read (Codex's wrapped context), given
   * the item it was read from.
   */
  retype?: (m: Message, raw: Json) => Message
  /** Fields the format adds to any item that describe it rather than carry conversation: info. */
  metadataFields?: Readonly<Record<string, string>>
}

/** A bot turn being assembled: an assistant message and the tool calls that follow it. */
interface Turn {
  id?: string
  texts: string[]
  calls: ToolCall[]
  attachments: unknown[]
  /** The assistant message's content, encrypted by OpenAI (Codex 0.17x). */
  encrypted?: string
}

/**
 * Reads Responses items into core messages, in order. An assistant message and the calls right
 * after it (function_call, custom_tool_call, local_shell_call) are one model turn, so they become
 * one bot message whose id is the first item's, the way Chat Completions carries them; a call's
 * `call_id` is its tool call id, and an output is an activity whose id is that call_id.
 */
export class ResponsesItems {
  readonly messages: Message[] = []
  /** Each call read, by its call id: its item type and where it is, as the report names places. */
  readonly calls = new Map<string, { itemType: string; place: string }>()
  private turn?: Turn

  constructor(
    private readonly notes: NoteList,
    private readonly options: ItemOptions = {},
  ) {}

  /** Reads one item at `at` (its steps in the file); throws ShapeError when it is not an item. */
  add(raw: unknown, at: JsonPath, where: Where): void {
    if (!isObject(raw)) throw new ShapeError(`item is ${kind(raw)}, not an object`, at)
    const itemType = itemTypeOf(raw, at)
    const known = ITEM_FIELDS[itemType]
    if (!known && !OTHER_ITEM_TYPES.has(itemType) && itemType !== 'item_reference') {
      if (!this.options.keepUnknownTypes) {
        throw new ShapeError(`"${itemType}" is not a Responses item type`, [...at, 'type'])
      }
    }
    if (known) this.noteFields(raw, itemType, known, at, where)
    const id = optionalString(raw, 'id', at)
    if (itemType === 'message') return this.addMessage(raw, id, at, where)
    if (CALL_ITEMS.has(itemType) || (itemType === 'tool_search_call' && hasCallId(raw)))
      return this.addCall(raw, itemType, id, at, where)
    this.flush()
    this.messages.push(this.readOtherItem(raw, itemType, id, at, where))
  }

  /** Adds a message the format read from a record of its own, after the turn being assembled. */
  push(message: Message): void {
    this.flush()
    this.messages.push(message)
  }

  /** Closes the bot turn being assembled, if any. */
  flush(): void {
    const { turn } = this
    if (!turn) return
    const payload = encodePayload({
      ...(turn.calls.length > 0 ? { tool_calls: turn.calls } : {}),
      ...(turn.attachments.length > 0 ? { attachments: turn.attachments } : {}),
      ...(turn.encrypted !== undefined ? { encrypted_content: turn.encrypted } : {}),
    })
    this.messages.push(
      orderMessage({ id: turn.id, type: 'bot', text: turn.texts.join('\n\n'), payload }),
    )
    this.turn = undefined
  }

  private noteFields(
    raw: Json,
    itemType: string,
    known: readonly string[],
    at: JsonPath,
    where: Where,
  ): void {
    const own = ITEM_FIELD_NOTES[itemType]
    for (const key of Object.keys(raw)) {
      const note = own?.[key] ?? METADATA_FIELDS[key]
      const format = this.options.metadataFields?.[key]
      const unread = UNREAD_FIELDS[key]
      if (format !== undefined) this.notes.info(where([...at, key]), format)
      else if (!known.includes(key)) this.notes.warn(where([...at, key]), UNKNOWN_FIELD_NOTE)
      else if (unread !== undefined) this.notes.warn(where([...at, key]), unread)
      else if (note !== undefined) this.notes.info(where([...at, key]), note)
    }
  }

  private addMessage(raw: Json, id: string | undefined, at: JsonPath, where: Where): void {
    const role = requireString(raw, 'role', at)
    const type = ROLE_TYPES[role]
    if (type === undefined) {
      throw new ShapeError(`role "${role}" is not a Responses message role`, [...at, 'role'])
    }
    // A message whose content OpenAI encrypted may have none in the clear (Codex 0.17x).
    const encrypted = optionalString(raw, 'encrypted_content', at)
    const content =
      raw.content === undefined && (type === 'bot' || encrypted !== undefined) ? [] : raw.content
    const { text, attachments } = readContent(content, [...at, 'content'], this.notes, where)
    if (type === 'bot') {
      // An assistant message opens a new turn; the calls after it join that turn.
      this.flush()
      this.turn = { id, texts: [text], calls: [], attachments, encrypted }
      return
    }
    this.flush()
    const payload = encodePayload({
      ...(attachments.length > 0 ? { attachments } : {}),
      ...(encrypted !== undefined ? { encrypted_content: encrypted } : {}),
    })
    const message = orderMessage({ id, type, text, payload })
    this.messages.push(this.options.retype ? this.options.retype(message, raw) : message)
  }

  private addCall(
    raw: Json,
    itemType: string,
    id: string | undefined,
    at: JsonPath,
    where: Where,
  ): void {
    const call = readCall(raw, itemType, id, at)
    if (call.id !== undefined) this.calls.set(call.id, { itemType, place: where(at) })
    this.turn ??= { id, texts: [], calls: [], attachments: [] }
    if (id !== undefined && id !== this.turn.id) {
      this.notes.info(
        where([...at, 'id']),
        'item id not kept: the call is part of the bot message before it',
      )
    }
    this.turn.calls.push(call)
  }

  private readOtherItem(
    raw: Json,
    itemType: string,
    id: string | undefined,
    at: JsonPath,
    where: Where,
  ): Message {
    if (OUTPUT_ITEMS.has(itemType)) return this.readOutput(raw, id, at, where)
    if (itemType === 'tool_search_output' && hasCallId(raw)) {
      // The tools it loaded, as JSON: how Codex sends this output to a Chat Completions backend.
      const tools = requireArray(raw, 'tools', at)
      return this.resultOf(raw.call_id as string, id, JSON.stringify(tools), false, at, where)
    }
    const output = readClientOutput(raw, itemType, at)
    if (output) {
      const callId = requireString(raw, 'call_id', at)
      return this.resultOf(callId, id, output.content, output.isError, at, where)
    }
    if (itemType === 'reasoning') return this.readReasoning(raw, id, at, where)
    if (itemType === 'agent_message') return this.readAgentMessage(raw, id, at, where)
    if (itemType === 'additional_tools') {
      // Tool definitions added to the history mid-thread: sent, and priced, as tools.
      return orderMessage({ ...toolsMessage(requireArray(raw, 'tools', at)), id })
    }
    if (itemType === 'compaction' || itemType === 'context_compaction') {
      // An earlier compaction's summary, encrypted by OpenAI: counted as its ciphertext.
      const encrypted = optionalString(raw, 'encrypted_content', at)
      return orderMessage({
        id,
        type: 'context',
        text: '',
        payload:
          encrypted !== undefined ? encodePayload({ encrypted_content: encrypted }) : undefined,
        meta: { compacted: true, droppedCount: 0 },
      })
    }
    if (itemType === 'item_reference') {
      this.notes.warn(
        where(at),
        'refers to an item stored by OpenAI; its content is not in this file',
      )
    } else if (HOSTED_ITEMS[itemType] !== undefined) {
      this.notes.info(
        where(at),
        `"${itemType}": ${HOSTED_ITEMS[itemType]}; kept as an activity with its JSON as payload, counted as that JSON`,
      )
    } else if (itemType === 'image_generation_call') {
      this.notes.info(where(at), GENERATED_IMAGE_NOTE)
    } else {
      this.notes.warn(
        where(at),
        `"${itemType}" item has no mapping; kept as an activity with its JSON as payload`,
      )
    }
    return orderMessage({ id, type: 'activity', text: '', payload: encodePayload({ item: raw }) })
  }

  /**
   * Another agent's message to this one (Codex's multi-agent threads): `{author, recipient,
   * content}`, whose parts are `input_text` or `encrypted_content`. The model reads it as input it
   * did not write, like a sub-agent's notification, so it is context; its author is the message's
   * name. Codex joins the plain parts with a newline (`plaintext_agent_message_content`).
   */
  private readAgentMessage(raw: Json, id: string | undefined, at: JsonPath, where: Where): Message {
    const author = requireString(raw, 'author', at)
    const parts = requireArray(raw, 'content', at)
    const texts: string[] = []
    const ciphertexts: string[] = []
    parts.forEach((p, k) => {
      const here = [...at, 'content', k]
      if (isObject(p) && p.type === 'input_text' && typeof p.text === 'string') texts.push(p.text)
      else if (isObject(p) && p.type === 'encrypted_content')
        ciphertexts.push(requireString(p, 'encrypted_content', here))
      else this.notes.warn(where(here), 'agent message part this reader does not know; not loaded')
    })
    const encrypted = ciphertexts.length > 0 ? ciphertexts.join('') : undefined
    return agentMessage(id, author, texts.join('\n'), encrypted)
  }

  private readOutput(raw: Json, id: string | undefined, at: JsonPath, where: Where): Message {
    const callId = requireString(raw, 'call_id', at)
    const output = raw.output
    let content: string | unknown[]
    let isError = false
    if (typeof output === 'string') content = output
    else if (Array.isArray(output)) {
      const read = readContent(output, [...at, 'output'], this.notes, where)
      content = read.attachments.length > 0 ? output : read.text
    } else if (isObject(output) && typeof output.content === 'string') {
      // Early Codex rollouts wrote an output as {content, success}.
      content = output.content
      isError = output.success === false
      for (const key of Object.keys(output)) {
        if (key !== 'content' && key !== 'success')
          this.notes.warn(where([...at, 'output', key]), UNKNOWN_FIELD_NOTE)
      }
    } else
      throw new ShapeError(`"output" is ${kind(output)}, not a string or a list`, [...at, 'output'])
    return this.resultOf(callId, id, content, isError, at, where)
  }

  /** A tool result: an activity whose id is the call_id it answers (the item's own id is noted). */
  private resultOf(
    callId: string,
    id: string | undefined,
    content: string | unknown[],
    isError: boolean,
    at: JsonPath,
    where: Where,
  ): Message {
    if (id !== undefined) {
      this.notes.info(where([...at, 'id']), "item id not kept: an activity's id is its call_id")
    }
    return orderMessage({
      id: callId,
      type: 'activity',
      text: '',
      payload: encodePayload({ content, ...(isError ? { is_error: true } : {}) }),
    })
  }

  private readReasoning(raw: Json, id: string | undefined, at: JsonPath, where: Where): Message {
    const texts = [
      ...this.textsOf(raw.summary, ['summary_text'], [...at, 'summary'], where),
      // Codex writes raw reasoning as reasoning_text, and older builds as text.
      ...this.textsOf(raw.content, ['reasoning_text', 'text'], [...at, 'content'], where),
    ]
    const encrypted = optionalString(raw, 'encrypted_content', at)
    const payload =
      encrypted !== undefined ? encodePayload({ encrypted_content: encrypted }) : undefined
    return orderMessage({ id, type: 'reasoning', text: texts.join('\n\n'), payload })
  }

  private textsOf(list: unknown, partTypes: string[], at: JsonPath, where: Where): string[] {
    if (list === undefined || list === null) return []
    if (!Array.isArray(list)) throw new ShapeError(`is ${kind(list)}, not a list of parts`, at)
    const texts: string[] = []
    list.forEach((p, k) => {
      if (isObject(p) && partTypes.includes(p.type as string) && typeof p.text === 'string') {
        texts.push(p.text)
      } else {
        this.notes.warn(
          where([...at, k]),
          'reasoning part with no text this reader knows; not loaded',
        )
      }
    })
    return texts
  }
}

/** A call item as a tool call: its call_id, name and arguments (a custom tool's raw input). */
function readCall(raw: Json, itemType: string, id: string | undefined, at: JsonPath): ToolCall {
  if (itemType === 'function_call') {
    const args = requireString(raw, 'arguments', at)
    return {
      id: requireString(raw, 'call_id', at),
      name: requireString(raw, 'name', at),
      arguments: parseArguments(args, [...at, 'arguments']),
    }
  }
  if (itemType === 'tool_search_call') {
    return { id: raw.call_id as string, name: 'tool_search', arguments: raw.arguments ?? {} }
  }
  if (itemType === 'custom_tool_call') {
    return {
      id: requireString(raw, 'call_id', at),
      name: requireString(raw, 'name', at),
      arguments: requireString(raw, 'input', at),
    }
  }
  const clientCall = CLIENT_CALLS[itemType]
  if (clientCall) {
    return {
      id: requireString(raw, 'call_id', at),
      name: clientCall.name,
      arguments: clientCall.arguments(raw, at),
    }
  }
  // local_shell_call: the call_id its output quotes (the item id in Chat-style logs).
  const callId = optionalString(raw, 'call_id', at) ?? id
  if (callId === undefined) throw new ShapeError('missing "call_id"', [...at, 'call_id'])
  return { id: callId, name: 'local_shell', arguments: requireObject(raw, 'action', at) }
}

/**
 * OpenAI's tools the client runs, each a call named for its tool: its arguments are what the model
 * asked for (the shell's commands, the patch, the computer action, the program's code).
 */
const CLIENT_CALLS: Readonly<
  Record<string, { name: string; arguments: (raw: Json, at: JsonPath) => unknown }>
> = {
  shell_call: { name: 'shell', arguments: (raw, at) => requireObject(raw, 'action', at) },
  apply_patch_call: {
    name: 'apply_patch',
    arguments: (raw, at) => requireObject(raw, 'operation', at),
  },
  // One action, or (computer use's later shape) a list of them.
  computer_call: {
    name: 'computer',
    arguments: (raw, at) =>
      raw.action === undefined && Array.isArray(raw.actions)
        ? { actions: raw.actions }
        : requireObject(raw, 'action', at),
  },
  program: { name: 'program', arguments: (raw, at) => requireString(raw, 'code', at) },
}

/**
 * The result of a tool the client ran: a shell's outputs (stdout, stderr and outcome of each
 * command) as JSON, a patch's output text (`status: 'failed'` an error), a computer's screenshot as
 * a content part (a data URL is priced as an image), a program's result. Undefined for other items.
 */
function readClientOutput(
  raw: Json,
  itemType: string,
  at: JsonPath,
): { content: string | unknown[]; isError: boolean } | undefined {
  switch (itemType) {
    case 'shell_call_output':
      return { content: JSON.stringify(requireArray(raw, 'output', at)), isError: false }
    case 'apply_patch_call_output':
      return {
        content: optionalString(raw, 'output', at) ?? '',
        isError: raw.status === 'failed',
      }
    case 'computer_call_output':
      return { content: [requireObject(raw, 'output', at)], isError: false }
    case 'program_output':
      return { content: requireString(raw, 'result', at), isError: false }
    default:
      return undefined
  }
}

function itemTypeOf(raw: Json, at: JsonPath): string {
  if ('tool_calls' in raw || raw.role === 'tool') {
    throw new ShapeError(
      '"tool_calls" and role "tool" belong to Chat Completions, not Responses',
      at,
    )
  }
  if (raw.type === undefined && 'role' in raw) return 'message'
  const type = requireString(raw, 'type', at)
  // Codex once named the compaction item compaction_summary.
  return type === 'compaction_summary' ? 'compaction' : type
}

/** Content as text (text parts joined by a blank line) and any other parts, kept verbatim. */
export function readContent(
  content: unknown,
  at: JsonPath,
  notes: NoteList,
  where: Where,
): { text: string; attachments: unknown[] } {
  return readTextParts(content, at, notes, {
    family: 'openai-responses',
    textKeyOf: (type, here) => {
      if (type === 'text') {
        throw new ShapeError('"text" is not a Responses part type (input_text, output_text)', [
          ...here,
          'type',
        ])
      }
      return type === 'refusal'
        ? 'refusal'
        : type === 'input_text' || type === 'output_text'
          ? 'text'
          : undefined
    },
    noteField: (key, here) => {
      if (key === 'annotations' || key === 'logprobs')
        notes.info(where([...here, key]), `${key}; not part of the conversation`)
      else notes.warn(where([...here, key]), UNKNOWN_FIELD_NOTE)
    },
    where,
  })
}

/**
 * Another agent's message as the model reads it (Codex's multi-agent threads): context, its
 * author as the message's name, its ciphertext (when it was sent encrypted) kept for pricing.
 */
export function agentMessage(
  id: string | undefined,
  author: string,
  text: string,
  encrypted: string | undefined,
): Message {
  const payload = encodePayload({
    name: author,
    ...(encrypted !== undefined ? { encrypted_content: encrypted } : {}),
  })
  return orderMessage({ id, type: 'context', text, payload })
}
