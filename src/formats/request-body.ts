import type { Message } from '../types'
import {
  ShapeError,
  isObject,
  kind,
  optionalString,
  requireArray,
  type Json,
  type JsonPath,
} from './json-shape'
import { toolsMessage } from './payload'
import { REQUIRED_CHOICE, forcedChoiceOf } from './tool-choice'
import type { NoteList } from './report'
import { SETTING_NOTE, UNKNOWN_FIELD_NOTE, isRequestSetting } from './vocabulary'

/** How one provider's request body is laid out at its top level. */
export interface BodyShape {
  /** The field that holds the conversation: `messages`, or Responses' `input`. */
  listKey: string
  /** Whether that field may be a string instead (Responses' `input` may be one user turn). */
  listMayBeText?: boolean
  /** Why a body without it is not this format. */
  missing: string
  /** A field that may stand in for the list (Responses' stored `prompt`): a body with it may lack one. */
  listStandIn?: string
  /** What the format's top level is, for a file that is neither an array nor an object. */
  expected: string
  /** The top-level fields the reader reads itself; the rest are reported. */
  fields: ReadonlySet<string>
  /** Fields that deserve their own warning rather than "unknown". */
  warnings?: Readonly<Record<string, string>>
  /**
   * Whether a `tool_choice` that forces a tool call is kept with the tools (Chat Completions,
   * Anthropic): the prompt then holds more, or other. Any other choice, and any choice where this
   * is unset, is a setting.
   */
  keepsForcedChoice?: boolean
  /**
   * Whether `"required"` is kept as well (the Responses API, where the prompt then holds more);
   * Chat Completions' `"required"` changes nothing the reported counts show, and is a setting.
   */
  keepsRequiredChoice?: boolean
  /** Reads the format's own top-level messages (a system prompt, instructions), after the tools. */
  readOwn?: (body: Json, notes: NoteList) => Message[]
  /**
   * The structured-output format a body of this shape asks for, in Chat Completions'
   * `response_format` shape, and notes on the rest of the field it sits in; Chat's own
   * `response_format` is read when this is absent.
   */
  formatOf?: (body: Json, notes: NoteList) => Json | undefined
}

/** What every provider reader takes from the top level: a bare array, or a request body. */
export interface RequestBody {
  /** The messages or items. */
  list: unknown[]
  /** The list field's text instead, where the shape allows one (then `list` is empty). */
  text?: string
  /** The list's path: [] for a bare array, [listKey] in a body. */
  prefix: JsonPath
  model?: string
  /**
   * The messages the top level holds, in order: the tool definitions and structured-output format
   * (one instructions message, when there are any), then what `readOwn` read.
   */
  head: Message[]
}

/**
 * Reads a provider file's top level: a bare array of messages, or a request body whose model,
 * list and tools are read and whose other fields are reported (generation settings as info,
 * anything else as a warning). Throws ShapeError when the top level is not this format's.
 */
export function readRequestBody(root: unknown, shape: BodyShape, notes: NoteList): RequestBody {
  if (Array.isArray(root)) return { list: root, prefix: [], head: [] }
  if (!isObject(root)) throw new ShapeError(`${shape.expected}, found ${kind(root)}`, [])
  const { listKey } = shape
  const standIn = shape.listStandIn !== undefined && isObject(root[shape.listStandIn])
  if (!(listKey in root) && !standIn) throw new ShapeError(shape.missing, [])
  const value = root[listKey]
  const text = shape.listMayBeText && typeof value === 'string' ? value : undefined
  const list = text === undefined && listKey in root ? requireArray(root, listKey, []) : []
  const model = optionalString(root, 'model', [])
  // `"tools": null` is how some clients (LiteLLM, for one) say "no tools"; the API accepts it.
  const tools = [
    ...(root.tools === undefined || root.tools === null ? [] : requireArray(root, 'tools', [])),
    ...(shape.fields.has('functions') ? legacyFunctions(root, notes) : []),
  ]
  // Structured output's schema is rendered into the prompt (docs/tokens.md): it goes with the tools.
  const format = shape.formatOf
    ? shape.formatOf(root, notes)
    : shape.fields.has('response_format')
      ? root.response_format
      : undefined
  const responseFormat = isObject(format) ? format : undefined
  const choice = root.tool_choice
  const keeps = choice === REQUIRED_CHOICE ? shape.keepsRequiredChoice : shape.keepsForcedChoice
  const forced = keeps && tools.length > 0 && forcedChoiceOf(choice) ? choice : undefined
  const head = [
    ...(tools.length > 0 || responseFormat ? [toolsMessage(tools, responseFormat, forced)] : []),
    ...(shape.readOwn?.(root, notes) ?? []),
  ]
  for (const key of Object.keys(root)) {
    if (shape.fields.has(key) || (key === 'tool_choice' && forced !== undefined)) continue
    const warning = shape.warnings?.[key]
    if (warning !== undefined) notes.warn(key, warning)
    else if (isRequestSetting(key, root[key])) notes.info(key, SETTING_NOTE)
    else notes.warn(key, UNKNOWN_FIELD_NOTE)
  }
  return {
    list,
    ...(text !== undefined ? { text } : {}),
    prefix: [listKey],
    model,
    head,
  }
}

/**
 * Chat Completions' legacy `functions` list, as the function tools it was replaced by: each
 * definition becomes `{type: "function", function}`, which the model reads the same way (the
 * tools namespace, docs/tokens.md), and the export writes as `tools`. Noted once.
 */
function legacyFunctions(root: Json, notes: NoteList): unknown[] {
  if (root.functions === undefined || root.functions === null) return []
  const functions = requireArray(root, 'functions', [])
  if (functions.length > 0) {
    notes.info('functions', 'legacy functions; read as function tools')
  }
  return functions.map((fn) => ({ type: 'function', function: fn }))
}
