import type { Message } from '../types'
import { isObject, kind, pathString, ShapeError, type Json, type JsonPath } from './json-shape'
import { activeModelName, recordThreshold } from './mistral-vibe-meta'
import { readVibeMessage, type NoteAt } from './mistral-vibe-message'
import { toolsMessage } from './payload'
import type { ReadResult, Sniff } from './reader'
import { NoteList } from './report'
import { rootObject } from './sniff-shapes'
import type { RecordedSettings, ReportedUsage } from './types'
import { isCount } from './reported-usage'

/*
 * Mistral Vibe before 2.0 (1.x, December 2025 to January 2026) logged a session to one file,
 * <VIBE_HOME, else ~/.vibe>/logs/session/session_<YYYYmmdd_HHMMSS>_<first 8 of its id>.json,
 * written whole at every save: {metadata, messages}. `metadata` is the session's (session_id,
 * start and end times, git, username, environment) with its `stats` (AgentStats), `total_messages`,
 * `tools_available` (Chat Completions function definitions) and `agent_config` (the VibeConfig);
 * `messages` is every message the agent holds, its system prompt first, each
 * `model_dump(exclude_none=True)`. Followed: mistralai/mistral-vibe at fa15fc9 (its first public
 * commit, 9 December 2025), vibe/core/interaction_logger.py (save_interaction) and
 * vibe/core/agent.py (the stats, compact); 2.0.0 (d33db9f, 27 January 2026) replaced the file
 * with a session folder (mistral-vibe.ts). See docs/formats/mistral-vibe.md.
 */

/** A Vibe 1.x session file: its metadata, and its messages. */
export interface VibeSessionDocument {
  metadata: Json
  messages: unknown[]
}

/** The document, when the input is a Vibe 1.x session file: `{metadata: {session_id, …}, messages}`. */
export function vibeSessionDocument(sniff: Sniff): VibeSessionDocument | undefined {
  const root = rootObject(sniff)
  if (!root || !isObject(root.metadata) || !Array.isArray(root.messages)) return undefined
  const metadata = root.metadata
  const vibe =
    typeof metadata.session_id === 'string' &&
    (isObject(metadata.agent_config) || Array.isArray(metadata.tools_available))
  return vibe ? { metadata, messages: root.messages } : undefined
}

const NOTES = {
  metadata: 'the session’s metadata (times, git, username, stats); not sent',
  config: 'Vibe’s configuration: its active model and auto-compact threshold are read; not sent',
  tools: (n: number) =>
    `${n} tool definition${n === 1 ? '' : 's'}, sent with every request: priced as the request's tools`,
  usage:
    'the last request’s prompt as the provider reported it (Vibe keeps only the last one): shown beside the estimate',
  ensured:
    'a reply Vibe added itself after a tool result ("Understood."), not the model’s: the last reported prompt is not compared, since the file does not say which request it was',
} as const

/** Reads a Vibe 1.x session file: its messages, with its tools after its system prompt. */
export function readVibeSessionDocument(document: VibeSessionDocument): ReadResult {
  const { metadata } = document
  const notes = new NoteList()
  const read: Message[] = []
  // Where each raw assistant message's reply starts among `read`.
  let lastReply: { at: number; raw: Json; before: unknown } | undefined
  document.messages.forEach((raw, i) => {
    const at: JsonPath = ['messages', i]
    if (!isObject(raw) || typeof raw.role !== 'string') {
      const what = isObject(raw) ? 'an object with no "role"' : kind(raw)
      notes.warn(pathString(at), `${what}, not a Vibe message; skipped`)
      return
    }
    const note: NoteAt = (severity, field, problem) =>
      notes.add({ severity, path: pathString(field === '' ? at : [...at, field]), problem })
    try {
      const start = read.length
      read.push(...readVibeMessage(raw, note))
      if (raw.role === 'assistant') lastReply = { at: start, raw, before: document.messages[i - 1] }
    } catch (error) {
      if (!(error instanceof ShapeError)) throw error
      notes.warn(pathString([...at, ...error.steps]), `${error.problem}; message skipped`)
    }
  })
  for (const key of Object.keys(metadata)) {
    if (key === 'agent_config') notes.info('metadata.agent_config', NOTES.config)
    else if (key !== 'tools_available') notes.info(`metadata.${key}`, NOTES.metadata)
  }

  // Every request sent the tools after the system prompt (Chat Completions' `tools`).
  const tools = Array.isArray(metadata.tools_available) ? metadata.tools_available : []
  const head = read.findIndex((m) => m.type !== 'instructions')
  const split = head === -1 ? read.length : head
  const messages =
    tools.length > 0 ? [...read.slice(0, split), toolsMessage(tools), ...read.slice(split)] : read
  if (tools.length > 0) notes.info('metadata.tools_available', NOTES.tools(tools.length))
  const shift = tools.length > 0 ? 1 : 0

  const model = activeModelName(metadata.agent_config)
  const usage = lastUsage(metadata, lastReply, shift, model, notes)
  const engineSettings = threshold(metadata, notes)
  // Vibe's system prompt is the first message; a file saved before it had one has none.
  const recorded = messages.some((m) => m.type === 'instructions' && m.text !== '')
  return {
    messages,
    notes,
    ...(recorded ? { systemPromptRecorded: true as const } : {}),
    ...(model !== undefined ? { model } : {}),
    ...(usage !== undefined ? { usage: [usage] } : {}),
    ...(engineSettings !== undefined ? { engineSettings } : {}),
  }
}

/**
 * The last request's reported prompt (`stats.last_turn_prompt_tokens`, set from each reply's
 * usage): the request of the last assistant message, the last thing the model wrote. A reply Vibe
 * makes up itself (`_ensure_assistant_after_tools` appends "Understood." after a trailing tool
 * result) is not a request's, and then which request it was is not known: none is compared.
 */
function lastUsage(
  metadata: Json,
  reply: { at: number; raw: Json; before: unknown } | undefined,
  shift: number,
  model: string | undefined,
  notes: NoteList,
): ReportedUsage | undefined {
  const stats = isObject(metadata.stats) ? metadata.stats : undefined
  const prompt = stats?.last_turn_prompt_tokens
  if (reply === undefined || !isCount(prompt) || prompt === 0) return undefined
  const ensured =
    reply.raw.content === 'Understood.' &&
    reply.raw.tool_calls === undefined &&
    isObject(reply.before) &&
    reply.before.role === 'tool'
  if (ensured) {
    notes.info('metadata.stats.last_turn_prompt_tokens', NOTES.ensured)
    return undefined
  }
  notes.info('metadata.stats.last_turn_prompt_tokens', NOTES.usage)
  const output = stats?.last_turn_completion_tokens
  return {
    prompt: reply.at + shift,
    inputTokens: prompt,
    ...(isCount(output) ? { outputTokens: output } : {}),
    at: 'metadata.stats.last_turn_prompt_tokens',
    ...(model !== undefined ? { model } : {}),
  }
}

/** Vibe 1.x's `auto_compact_threshold`, the config's own (2.x moved it to each model). */
function threshold(metadata: Json, notes: NoteList): RecordedSettings | undefined {
  const config = metadata.agent_config
  const value = isObject(config) ? config.auto_compact_threshold : undefined
  return recordThreshold(value, 'metadata.agent_config.auto_compact_threshold', 'the', notes)
}
