import type { Message } from '../types'
import { planExport, reportUnanswered, sentText, functionTool, type Outgoing } from './export-plan'
import { isObject, type Json } from './json-shape'
import type { NoteList } from './report'
import { anthropicToolChoice, forcedChoiceOf } from './tool-choice'
import type { ExportOptions, ExportResult } from './types'

const LABEL = 'Anthropic Messages'
const ANTHROPIC_BLOCKS = new Set(['image', 'document', 'search_result'])

/** The `max_tokens` written when the caller gives none: Anthropic refuses a request without one. */
export const DEFAULT_MAX_TOKENS = 4096

/**
 * Writes an Anthropic Messages request body that can be sent as it is: instructions as the top-level
 * `system`, the summary as the first user message, reasoning as signed thinking blocks in front of
 * the reply they preceded, tool results grouped into the user turn after their calls.
 */
export function writeAnthropic(
  messages: readonly Message[],
  opts: ExportOptions = {},
): ExportResult {
  const { system, tools, body, notes } = planExport(messages, LABEL)
  const systemTexts: string[] = []
  let kept: unknown
  for (const s of system) {
    noteDropped(s, notes)
    kept ??= s.parts.tool_choice
    const text = sentText(s, notes, LABEL)
    if (s.parts.response_format !== undefined) {
      notes.warn(
        s.path,
        `${LABEL} has no response_format; the structured-output schema is not written`,
      )
    }
    if (text === '' && (s.parts.tools || s.parts.response_format !== undefined)) continue
    systemTexts.push(text)
  }

  const out: Json[] = []
  const open = new Map<string, string>()
  let thinking: Json[] = []
  let results: Json[] | undefined
  for (const m of body) {
    const { type, id } = m.message
    if (type === 'activity' && id !== undefined && open.has(id)) {
      open.delete(id)
      if (!results) out.push({ role: 'user', content: (results = []) })
      results.push(toolResult(m, notes))
      continue
    }
    reportUnanswered(open, notes, 'Anthropic')
    results = undefined
    noteDropped(m, notes)
    if (type === 'reasoning') {
      const block = thinkingBlock(m, notes)
      if (block) thinking.push(block)
      continue
    }
    if (type === 'bot') {
      out.push({ role: 'assistant', content: assistantContent(m, thinking, open, notes) })
      thinking = []
      continue
    }
    if (thinking.length > 0) out.push({ role: 'assistant', content: thinking })
    thinking = []
    if (type === 'activity') {
      notes.warn(m.path, 'activity answers no tool call just before it; written as a user message')
    }
    out.push({ role: 'user', content: userContent(m, notes) })
  }
  if (thinking.length > 0) out.push({ role: 'assistant', content: thinking })
  reportUnanswered(open, notes, 'Anthropic')

  const request: Json = {}
  if (opts.model) request.model = opts.model
  else notes.warn('model', 'no model named; add one before sending')
  request.max_tokens = opts.maxTokens ?? DEFAULT_MAX_TOKENS
  if (systemTexts.length === 1) request.system = systemTexts[0]
  else if (systemTexts.length > 1)
    request.system = systemTexts.map((text) => ({ type: 'text', text }))
  const written = tools.flatMap((tool, k) => toAnthropicTool(tool, k, notes))
  if (written.length > 0) request.tools = written
  // A forced tool call, in Anthropic's form of the choice (Messages API, `tool_choice`).
  const forced = forcedChoiceOf(kept)
  if (written.length > 0 && forced) request.tool_choice = anthropicToolChoice(kept, forced)
  request.messages = out
  return { text: JSON.stringify(request, null, 2) + '\n', report: notes.notes }
}

function noteDropped(m: Outgoing, notes: NoteList) {
  const activityId = m.message.type === 'activity'
  if (m.message.id !== undefined && !activityId) {
    notes.info(`${m.path}.id`, `${LABEL} messages have no id; not written`)
  }
  if (m.parts.name !== undefined)
    notes.info(`${m.path}.payload`, `${LABEL} has no place for a name; not written`)
}

function thinkingBlock(m: Outgoing, notes: NoteList): Json | undefined {
  const { signature, data } = m.parts
  if (data !== undefined) return { type: 'redacted_thinking', data }
  if (signature !== undefined) return { type: 'thinking', thinking: m.message.text, signature }
  notes.warn(m.path, 'reasoning without an Anthropic signature cannot be sent back; not written')
  return undefined
}

function blocksOf(m: Outgoing, notes: NoteList): Json[] {
  return (m.parts.attachments ?? []).filter((block, k) => {
    const ok = isObject(block) && typeof block.type === 'string' && ANTHROPIC_BLOCKS.has(block.type)
    if (!ok) notes.warn(`${m.path}.payload.attachments[${k}]`, `not an ${LABEL} block; not written`)
    return ok
  }) as Json[]
}

function userContent(m: Outgoing, notes: NoteList): string | Json[] {
  let text = sentText(m, notes, LABEL)
  const { content } = m.parts
  if (m.message.type === 'activity' && content !== undefined) {
    text += typeof content === 'string' ? content : JSON.stringify(content)
  }
  const blocks = blocksOf(m, notes)
  if (text === '' && blocks.length === 0)
    notes.warn(m.path, 'empty message; Anthropic rejects empty content')
  if (blocks.length === 0) return text
  return [...(text !== '' ? [{ type: 'text', text }] : []), ...blocks]
}

function assistantContent(
  m: Outgoing,
  thinking: Json[],
  open: Map<string, string>,
  notes: NoteList,
): string | Json[] {
  const text = sentText(m, notes, LABEL)
  const calls = (m.parts.tool_calls ?? []).map((call, k) => {
    const path = `${m.path}.payload.tool_calls[${k}]`
    if (call.id === undefined) notes.warn(path, 'tool call has no id; Anthropic needs one')
    else open.set(call.id, path)
    let input = call.arguments
    if (!isObject(input)) {
      notes.warn(
        path,
        'arguments are not a JSON object; written as {"arguments": "<the raw text>"}',
      )
      input = { arguments: input }
    }
    return { type: 'tool_use', id: call.id, name: call.name, input }
  })
  const blocks = [
    ...thinking,
    ...(text !== '' ? [{ type: 'text', text }] : []),
    ...calls,
    ...blocksOf(m, notes),
  ]
  if (blocks.length === 1 && thinking.length === 0 && calls.length === 0 && text !== '') return text
  if (blocks.length === 0) notes.warn(m.path, 'empty message; Anthropic rejects empty content')
  return blocks.length === 0 ? '' : blocks
}

function toolResult(m: Outgoing, notes: NoteList): Json {
  const { content, is_error, attachments } = m.parts
  if (attachments) notes.warn(`${m.path}.payload`, 'attachments on a tool result; not written')
  const block: Json = { type: 'tool_result', tool_use_id: m.message.id }
  if (content !== undefined && content !== '') block.content = content
  if (is_error) block.is_error = true
  return block
}

function toAnthropicTool(tool: unknown, k: number, notes: NoteList): Json[] {
  const fn = functionTool(tool)
  if (fn?.shape === 'anthropic') return [tool as Json]
  if (fn) {
    const out: Json = { name: fn.name }
    if (fn.description !== undefined) out.description = fn.description
    out.input_schema = isObject(fn.schema) ? fn.schema : { type: 'object', properties: {} }
    const dropped = fn.strict !== undefined ? ['strict', ...fn.extra] : fn.extra
    for (const key of dropped)
      notes.warn(`tools[${k}].${key}`, `${LABEL} tools have no "${key}"; not written`)
    return [out]
  }
  if (isObject(tool) && typeof tool.type === 'string' && typeof tool.name === 'string') {
    return [tool] // an Anthropic server tool such as web_search: kept as it came
  }
  notes.warn(`tools[${k}]`, `not a tool definition ${LABEL} can hold; not written`)
  return []
}
