import type { Message } from '../types'
import { planExport, reportUnanswered, sentText, functionTool, type Outgoing } from './export-plan'
import { isObject, type Json } from './json-shape'
import type { NoteList } from './report'
import { chatToolChoice, forcedChoiceOf } from './tool-choice'
import type { ExportOptions, ExportResult } from './types'

const LABEL = 'Chat Completions'
const OPENAI_PARTS = new Set(['image_url', 'input_audio', 'file'])

/**
 * Writes an OpenAI Chat Completions request body that can be sent as it is: system messages first,
 * then the summary as a user message, tool calls and results rebuilt from their payloads.
 */
export function writeOpenAIChat(
  messages: readonly Message[],
  opts: ExportOptions = {},
): ExportResult {
  const { system, tools, body, notes } = planExport(messages, LABEL)
  const out: Json[] = []
  let responseFormat: unknown
  let toolChoice: unknown
  for (const s of system) {
    const text = sentText(s, notes, LABEL)
    dropAttachments(s, notes)
    noteId(s, notes)
    responseFormat ??= s.parts.response_format
    toolChoice ??= s.parts.tool_choice
    const request = s.parts.tools ?? s.parts.response_format
    if (text === '' && request !== undefined && s.parts.name === undefined) continue
    out.push({ role: 'system', ...nameOf(s), content: text })
  }

  const open = new Map<string, string>()
  for (const m of body) {
    const { type } = m.message
    if (type === 'activity' && m.message.id !== undefined && open.has(m.message.id)) {
      open.delete(m.message.id)
      out.push(toolResult(m, notes))
      continue
    }
    reportUnanswered(open, notes, 'OpenAI')
    noteId(m, notes)
    if (type === 'reasoning') {
      notes.warn(m.path, `${LABEL} has no place for reasoning; not written`)
    } else if (type === 'bot') {
      out.push(assistant(m, open, notes))
    } else {
      if (type === 'activity') {
        notes.warn(
          m.path,
          'activity answers no tool call just before it; written as a user message',
        )
      }
      out.push({ role: 'user', ...nameOf(m), content: userContent(m, notes) })
    }
  }
  reportUnanswered(open, notes, 'OpenAI')

  const request: Json = {}
  if (opts.model) request.model = opts.model
  else notes.warn('model', 'no model named; add one before sending')
  const written = tools.flatMap((tool, k) => toOpenAITool(tool, k, notes))
  if (written.length > 0) request.tools = written
  // A forced tool call, in Chat's form of the choice (an Anthropic one converted).
  const forced = forcedChoiceOf(toolChoice)
  if (written.length > 0 && forced) request.tool_choice = chatToolChoice(forced)
  if (responseFormat !== undefined) request.response_format = responseFormat
  request.messages = out
  return { text: JSON.stringify(request, null, 2) + '\n', report: notes.notes }
}

function nameOf(m: Outgoing): { name?: string } {
  return m.parts.name !== undefined ? { name: m.parts.name } : {}
}

function noteId(m: Outgoing, notes: NoteList) {
  if (m.message.id !== undefined)
    notes.info(`${m.path}.id`, `${LABEL} messages have no id; not written`)
}

function dropAttachments(m: Outgoing, notes: NoteList) {
  if (m.parts.attachments) {
    notes.warn(`${m.path}.payload`, `${LABEL} has no place for attachments here; not written`)
  }
}

function userContent(m: Outgoing, notes: NoteList): string | Json[] {
  const text = sentText(m, notes, LABEL) + activityText(m)
  const attachments = (m.parts.attachments ?? []).filter((part, k) => {
    const ok = isObject(part) && typeof part.type === 'string' && OPENAI_PARTS.has(part.type)
    if (!ok) notes.warn(`${m.path}.payload.attachments[${k}]`, `not a ${LABEL} part; not written`)
    return ok
  }) as Json[]
  if (attachments.length === 0) return text
  return [...(text !== '' ? [{ type: 'text', text }] : []), ...attachments]
}

// An activity that answers no tool call still costs what it held: its result goes in as text.
function activityText(m: Outgoing): string {
  if (m.message.type !== 'activity' || m.parts.content === undefined) return ''
  return typeof m.parts.content === 'string' ? m.parts.content : JSON.stringify(m.parts.content)
}

function assistant(m: Outgoing, open: Map<string, string>, notes: NoteList): Json {
  dropAttachments(m, notes)
  const text = sentText(m, notes, LABEL)
  const calls = m.parts.tool_calls ?? []
  const message: Json = {
    role: 'assistant',
    ...nameOf(m),
    content: text === '' && calls.length > 0 ? null : text,
  }
  if (calls.length > 0) {
    message.tool_calls = calls.map((call, k) => {
      const args =
        typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments)
      if (call.id === undefined) {
        notes.warn(`${m.path}.payload.tool_calls[${k}]`, 'tool call has no id; OpenAI needs one')
      } else {
        open.set(call.id, `${m.path}.payload.tool_calls[${k}]`)
      }
      return { id: call.id, type: 'function', function: { name: call.name, arguments: args } }
    })
  }
  return message
}

function toolResult(m: Outgoing, notes: NoteList): Json {
  const { content, is_error, name } = m.parts
  if (is_error) notes.warn(`${m.path}.payload`, `${LABEL} has no place for is_error; not written`)
  if (name !== undefined)
    notes.info(`${m.path}.payload`, `${LABEL} tool messages have no name; not written`)
  let written: string | Json[] = ''
  if (typeof content === 'string') {
    written = content
  } else if (content !== undefined) {
    const textOnly = content.every(
      (p) => isObject(p) && p.type === 'text' && typeof p.text === 'string',
    )
    if (textOnly) {
      written = content.map((p) => ({ type: 'text', text: (p as Json).text }))
    } else {
      notes.warn(
        `${m.path}.payload`,
        `${LABEL} tool results hold only text; the blocks are written as JSON`,
      )
      written = JSON.stringify(content)
    }
  }
  return { role: 'tool', tool_call_id: m.message.id, content: written }
}

function toOpenAITool(tool: unknown, k: number, notes: NoteList): Json[] {
  const fn = functionTool(tool)
  if (fn?.shape === 'openai') return [tool as Json]
  if (fn) {
    const out: Json = { name: fn.name }
    if (fn.description !== undefined) out.description = fn.description
    if (fn.schema !== undefined) out.parameters = fn.schema
    if (fn.strict !== undefined) out.strict = fn.strict
    for (const key of fn.extra)
      notes.warn(`tools[${k}].${key}`, `${LABEL} tools have no "${key}"; not written`)
    return [{ type: 'function', function: out }]
  }
  notes.warn(`tools[${k}]`, `not a function tool; ${LABEL} cannot hold it, not written`)
  return []
}
