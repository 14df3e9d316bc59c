import type { Message } from '../types'
import { isObject } from './json-shape'
import { readPayload, type PayloadParts } from './payload'
import { NoteList } from './report'

/** A message on its way out, with its index in the input and its payload decoded. */
export interface Outgoing {
  message: Message
  index: number
  parts: PayloadParts & { unknown?: string }
  /** `messages[index]`, for the export report. */
  path: string
}

/** A conversation arranged the way both provider formats need it. */
export interface ExportPlan {
  /** The instructions messages, in order: the system prompt. */
  system: Outgoing[]
  /** Every tool definition the instructions carry. */
  tools: unknown[]
  /** The rest, with the compaction summary (if any) first. */
  body: Outgoing[]
  notes: NoteList
}

/** Whether a message is a summary compaction produced. */
export const isSummary = (m: Message): boolean => m.type === 'context' && m.meta?.compacted === true

/**
 * Splits messages into system prompt, tools and body, putting the compaction summary right after
 * the system prompt: a model that reads the summary before learning who it is loses its persona.
 */
export function planExport(messages: readonly Message[], label: string): ExportPlan {
  const notes = new NoteList()
  const system: Outgoing[] = []
  const tools: unknown[] = []
  const body: Outgoing[] = []
  let summary: Outgoing | undefined
  messages.forEach((message, index) => {
    const out: Outgoing = {
      message,
      index,
      parts: readPayload(message.type, message.payload),
      path: `messages[${index}]`,
    }
    if (message.type === 'instructions') {
      if (index !== system.length) {
        notes.info(out.path, 'instructions moved to the front, where the system prompt goes')
      }
      if (out.parts.tools) tools.push(...out.parts.tools)
      system.push(out)
    } else if (summary === undefined && isSummary(message)) {
      if (body.length > 0) notes.info(out.path, 'summary moved to right after the system prompt')
      notes.info(out.path, `summary written as a user message; ${label} has no place for its meta`)
      summary = out
    } else {
      body.push(out)
    }
    if (out.parts.unwritten !== undefined) {
      notes.info(
        `${out.path}.payload.unwritten`,
        `${out.parts.unwritten.what}: its wording is not in the log, so it is not written; the message is written with its own text`,
      )
    }
    if (message.meta && out !== summary) {
      notes.info(`${out.path}.meta`, `${label} has no place for meta; not written`)
    }
  })
  return { system, tools, body: summary ? [summary, ...body] : body, notes }
}

/**
 * A message's text as sent: its text, then any payload no exporter recognises, appended with no
 * separator so that the text and the message's token count stay exactly what they were.
 */
export function sentText(out: Outgoing, notes: NoteList, label: string): string {
  if (out.parts.unknown === undefined) return out.message.text
  notes.warn(
    `${out.path}.payload`,
    `payload is not a tool call or result ${label} can hold; appended to the text so it is still sent`,
  )
  return out.message.text + out.parts.unknown
}

/** A function tool's definition, read from whichever provider's shape it came in. */
export interface FunctionTool {
  shape: 'openai' | 'openai-responses' | 'anthropic'
  name: string
  description?: string
  schema?: unknown
  /** OpenAI's strict-schema flag. */
  strict?: boolean
  /** Fields besides these, which a conversion to the other provider's shape leaves behind. */
  extra: string[]
}

const TOOL_KEYS = new Set([
  'type',
  'function',
  'name',
  'description',
  'parameters',
  'input_schema',
  'strict',
])

/**
 * A function tool's definition, whichever provider shaped it (Chat nests it under `function`,
 * Responses keeps it flat, Anthropic names the schema `input_schema`); undefined for other tools.
 */
export function functionTool(tool: unknown): FunctionTool | undefined {
  if (!isObject(tool)) return undefined
  const fn = tool.type === 'function' && isObject(tool.function) ? tool.function : undefined
  const from = fn ?? tool
  if (typeof from.name !== 'string') return undefined
  const base = {
    name: from.name,
    description: typeof from.description === 'string' ? from.description : undefined,
    strict: typeof from.strict === 'boolean' ? from.strict : undefined,
    extra: [...Object.keys(tool), ...(fn ? Object.keys(fn) : [])].filter((k) => !TOOL_KEYS.has(k)),
  }
  if (fn) return { ...base, shape: 'openai', schema: fn.parameters }
  if (tool.type === 'function')
    return { ...base, shape: 'openai-responses', schema: tool.parameters }
  if (isObject(tool.input_schema) && (tool.type === undefined || tool.type === 'custom')) {
    return { ...base, shape: 'anthropic', schema: tool.input_schema }
  }
  return undefined
}

/** Reports every tool call left without a result, which both providers reject. */
export function reportUnanswered(open: Map<string, string>, notes: NoteList, label: string): void {
  for (const [id, path] of open) {
    notes.warn(
      path,
      `tool call "${id}" has no result right after it; ${label} rejects such a request`,
    )
  }
  open.clear()
}
