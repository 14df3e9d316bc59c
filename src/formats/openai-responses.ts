import type { Message } from '../types'
import { ShapeError, isObject, kind, optionalString, pathString, type Json } from './json-shape'
import type { ReadInput, ReadResult } from './reader'
import { readRequestBody, type BodyShape } from './request-body'
import { responsesUsage } from './reported-usage'
import { NoteList } from './report'
import { ResponsesItems, isItemType, type ItemOptions } from './responses-items'
import { firstObjects, listIn, rootObject, someHas } from './sniff-shapes'
import type { FormatDescriptor } from './types'
import { SETTING_NOTE, UNKNOWN_FIELD_NOTE, isRequestSetting } from './vocabulary'

const BODY: BodyShape = {
  listKey: 'input',
  listMayBeText: true,
  missing: 'no "input" (a Responses request body has one, or a stored "prompt")',
  listStandIn: 'prompt',
  expected: 'expected an array of input items or a request body',
  fields: new Set(['model', 'input', 'instructions', 'tools', 'text']),
  keepsForcedChoice: true,
  keepsRequiredChoice: true,
  warnings: {
    previous_response_id:
      'continues a conversation stored by OpenAI; its earlier turns are not in this file',
    prompt:
      'a prompt template stored by OpenAI: its text is not in this file, and is not counted; the values of its variables are loaded as context',
  },
  readOwn: (body, notes) => [...instructionsOf(body), ...promptVariables(body, notes)],
  formatOf: textFormat,
}

/**
 * A Responses body's `text`: `format` (`{type: 'json_schema', name, schema, description, strict}`,
 * or `text`, `json_object`) and `verbosity` (OpenAI API reference, "Create a model response",
 * `text`). A JSON schema is structured output, which the model is shown as Chat Completions'
 * `response_format` is (docs/tokens.md), so it is returned in that shape to join the tools; the
 * rest is a request setting.
 */
function textFormat(body: Json, notes: NoteList): Json | undefined {
  const text = body.text
  if (text === undefined) return undefined
  const format = isObject(text) ? text.format : undefined
  if (!isObject(text) || !isObject(format) || format.type !== 'json_schema') {
    notes.info('text', SETTING_NOTE)
    return undefined
  }
  for (const key of Object.keys(text)) if (key !== 'format') notes.info(`text.${key}`, SETTING_NOTE)
  const spec = Object.fromEntries(Object.entries(format).filter(([key]) => key !== 'type'))
  return { type: 'json_schema', json_schema: spec }
}

const LIST_NOTES: Record<string, string> = {
  object: 'list envelope; not part of the conversation',
  first_id: 'list envelope; not part of the conversation',
  last_id: 'list envelope; not part of the conversation',
}

// A stored response's fields that describe the call rather than carry conversation (`model`,
// `instructions` that are not a string, and `previous_response_id`, where a reader does not
// read them first).
const RESPONSE_METADATA = new Set([
  'object',
  'id',
  'created_at',
  'completed_at',
  'status',
  'error',
  'incomplete_details',
  'output_text',
  'billing',
  'conversation',
  'prompt',
  'text',
  'top_logprobs',
  // A gpt-5.5 response recorded in 2026 carries it beside `status`: the call's moderation result.
  'moderation',
  // Azure OpenAI's responses carry their content filter's results (vercel/ai's recorded Azure
  // responses, 2026).
  'content_filters',
  'model',
  'instructions',
  'previous_response_id',
])

const USAGE_NOTE = 'provider-reported usage; read by the usage view'

/**
 * Notes a stored response's field that carries no conversation, at `here`: its usage, its
 * metadata, a request setting it echoes, or a field with no place.
 */
export function noteResponseField(key: string, value: unknown, here: string, notes: NoteList) {
  if (key === 'usage') notes.info(here, USAGE_NOTE)
  else if (RESPONSE_METADATA.has(key))
    notes.info(here, 'response metadata; not part of the conversation')
  else if (isRequestSetting(key, value)) notes.info(here, SETTING_NOTE)
  else notes.warn(here, UNKNOWN_FIELD_NOTE)
}

/**
 * The values a request's stored prompt (`prompt: {id, version, variables}`) puts into its template:
 * strings, or input parts (text, an image, a file), by name (OpenAI API reference, "Create a model
 * response", `prompt`). The template is OpenAI's; each value is sent, as a context message.
 */
function promptVariables(body: Json, notes: NoteList): Message[] {
  const prompt = body.prompt
  if (!isObject(prompt) || !isObject(prompt.variables)) return []
  const reader = new ResponsesItems(notes)
  for (const [name, v] of Object.entries(prompt.variables)) {
    const part = typeof v === 'string' ? { type: 'input_text', text: v } : v
    reader.add(
      { type: 'message', role: 'user', content: [part] },
      ['prompt', 'variables', name],
      pathString,
    )
  }
  reader.flush()
  return reader.messages.map((m) => (m.type === 'user' ? { ...m, type: 'context' } : m))
}

function instructionsOf(body: Json): Message[] {
  const instructions = optionalString(body, 'instructions', [])
  return instructions !== undefined ? [{ type: 'instructions', text: instructions }] : []
}

/** Reads items in order into messages, with notes at their JSON paths. */
function readItems(
  items: readonly unknown[],
  prefix: readonly (string | number)[],
  notes: NoteList,
  options?: ItemOptions,
) {
  const reader = new ResponsesItems(notes, options)
  items.forEach((raw, i) => reader.add(raw, [...prefix, i], pathString))
  reader.flush()
  return reader.messages
}

/**
 * Reads OpenAI Responses input in every shape a user saves: an array of items, a request body
 * `{ model, instructions, input, tools }`, an input-items list `{ object: "list", data }` (GET
 * /responses/{id}/input_items), or a stored response `{ object: "response", output, … }`.
 */
export function readOpenAIResponses(input: ReadInput): ReadResult {
  const root = input.json()
  if (isObject(root) && root.object === 'list') return readInputItemsList(root)
  if (isObject(root) && (root.object === 'response' || root.object === 'response.compaction'))
    return readStoredResponse(root)
  const notes = new NoteList()
  const { list: items, text, prefix, model, head } = readRequestBody(root, BODY, notes)
  const messages: Message[] = head
  if (text !== undefined) {
    messages.push({ type: 'user', text })
    return { model, messages, notes }
  }
  messages.push(...readItems(items, prefix, notes))
  return { model, messages, notes }
}

/**
 * An input-items list. The API lists newest first unless asked for `order=asc`, and the list does
 * not say which it holds, so the order is read from the items: an output listed before its call
 * means newest first, and the items are read reversed.
 */
function readInputItemsList(root: Json): ReadResult {
  const notes = new NoteList()
  if (!Array.isArray(root.data)) {
    throw new ShapeError(`"data" is ${kind(root.data)}, not an array of items`, ['data'])
  }
  for (const key of Object.keys(root)) {
    if (key === 'data') continue
    if (key === 'has_more') {
      if (root.has_more === true)
        notes.warn(
          key,
          'the list continues on another page; the items after it are not in this file',
        )
      else notes.info(key, 'list envelope; not part of the conversation')
    } else if (LIST_NOTES[key] !== undefined) notes.info(key, LIST_NOTES[key])
    else notes.warn(key, UNKNOWN_FIELD_NOTE)
  }
  const order = listOrder(root.data)
  const indexed = root.data.map((item, i) => ({ item, i }))
  if (order === 'desc') {
    indexed.reverse()
    notes.info('data', 'listed newest first (an output before its call); read oldest first')
  } else if (order === 'unknown' && root.data.length > 1) {
    notes.warn(
      'data',
      'no call and output tell the list order; read as listed (the API lists newest first unless asked for order=asc)',
    )
  }
  const reader = new ResponsesItems(notes)
  for (const { item, i } of indexed) reader.add(item, ['data', i], pathString)
  reader.flush()
  return { messages: reader.messages, notes }
}

/** Whether calls come before their outputs (asc), after them (desc), or nothing tells. */
function listOrder(data: readonly unknown[]): 'asc' | 'desc' | 'unknown' {
  const seen = new Map<string, 'call' | 'output'>()
  for (const item of data) {
    if (!isObject(item) || typeof item.call_id !== 'string' || typeof item.type !== 'string')
      continue
    const half = item.type.endsWith('_output') ? 'output' : 'call'
    const first = seen.get(item.call_id)
    if (first === undefined) seen.set(item.call_id, half)
    else if (first !== half) return first === 'call' ? 'asc' : 'desc'
  }
  return 'unknown'
}

/**
 * A stored response (POST /responses' answer, or GET /responses/{id}): its `output` items are the
 * model's turn; `instructions` and `tools` are the request's, echoed back. Its input is not in it.
 */
function readStoredResponse(root: Json): ReadResult {
  const notes = new NoteList()
  if (!Array.isArray(root.output)) {
    throw new ShapeError(`"output" is ${kind(root.output)}, not an array of items`, ['output'])
  }
  const model = optionalString(root, 'model', [])
  const messages: Message[] = []
  if (root.tools !== undefined) {
    const { head } = readRequestBody({ input: [], tools: root.tools }, BODY, notes)
    messages.push(...head)
  }
  messages.push(...instructionsOf(root))
  for (const key of Object.keys(root)) {
    if (['output', 'model', 'instructions', 'tools'].includes(key)) continue
    if (key === 'previous_response_id' && root[key] !== null)
      notes.warn(key, BODY.warnings!.previous_response_id)
    else noteResponseField(key, root[key], key, notes)
  }
  notes.info(
    '',
    root.object === 'response.compaction'
      ? 'a compaction (POST /responses/compact): its output is the compacted history, the input of the next request'
      : "a stored response holds the model's output only; its input items are listed by GET /responses/{id}/input_items",
  )
  // The usage counts the whole input, of which the file holds only the instructions and tools.
  const prompt = messages.length
  const counts = responsesUsage(root.usage)
  // A stored response is one by its `object`, whatever its items: an item type of another
  // provider's Responses API (xAI's `x_search_call`) or a newer one is kept, with a warning.
  messages.push(...readItems(root.output, ['output'], notes, { keepUnknownTypes: true }))
  const usage = counts
    ? [{ prompt, ...counts, at: 'usage', ...(model !== undefined ? { model } : {}) }]
    : undefined
  return { model, messages, notes, ...(usage ? { usage } : {}) }
}

/** OpenAI Responses: input items, a request body, an input-items list or a stored response. */
export const openaiResponsesFormat = {
  id: 'openai-responses',
  label: 'OpenAI Responses',
  shape:
    'a JSON array of input items, a request body {model, instructions, input, tools}, an input-items list {object: "list", data} or a stored response {object: "response", output}',
  detect(sniff) {
    const root = rootObject(sniff)
    if (
      (root?.object === 'response' || root?.object === 'response.compaction') &&
      Array.isArray(root.output)
    )
      return 3
    if (root?.object === 'list' && Array.isArray(root.data)) {
      const data = firstObjects(root.data)
      return data.length === 0 || data.some((o) => isItemType(o.type) || 'role' in o) ? 3 : 0
    }
    if (root?.input !== undefined) return 2
    // A request that fills a stored prompt instead: OpenAI's prompt ids start `pmpt_`.
    if (isObject(root?.prompt) && String(root.prompt.id).startsWith('pmpt_')) return 2
    const objects = firstObjects(listIn(sniff))
    if (objects.some((o) => isItemType(o.type) && o.type !== 'message')) return 2
    return someHas(objects, 'role') ? 1 : 0
  },
  read: readOpenAIResponses,
} as const satisfies FormatDescriptor
