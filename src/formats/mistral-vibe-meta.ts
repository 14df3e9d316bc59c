import type { Message } from '../types'
import { isObject, kind, type Json } from './json-shape'
import { toolsMessage } from './payload'
import { formatNumber } from '../numbers'
import type { Companion } from './reader'
import type { RecordedSettings } from './types'
import type { NoteList } from './report'

/*
 * A Mistral Vibe session's meta.json, beside its messages.jsonl: what every request of the session
 * sent before its messages, which messages.jsonl leaves out. `save_interaction`
 * (vibe/core/session/session_logger.py, mistralai/mistral-vibe 2.18.4 at ac8f1a09) rewrites it
 * at every save with the session's current `system_prompt` (the system LLMMessage, dumped),
 * `tools_available` (each tool as a Chat Completions function definition: `{type: "function",
 * function: {name, description, parameters}}`) and `config` (the VibeConfig, whose `active_model`
 * is the alias of one of its `models`, `{name, provider, alias, …}`: `get_active_model`).
 */

/** The name of the file beside a Vibe session's messages that holds its system prompt and tools. */
export const VIBE_META = 'meta.json'

/** What meta.json adds to the conversation: its opening instructions, and the model. */
export interface VibeMeta {
  /** The system prompt, then the tools' definitions: what opens every request. */
  head: Message[]
  model?: string
  /** The active model's `auto_compact_threshold`, for the Vibe preset's replay. */
  engineSettings?: RecordedSettings
}

const LEFT_OUT =
  'its system prompt, its tools and its model are not in the conversation, and the estimate leaves them out'
const MISSING = `the session’s meta.json (beside the file) was not read: ${LEFT_OUT}`

/**
 * Reads `companion` as the session's meta.json; says in `notes` what it loaded, or why nothing
 * (no companion, another file, a document that is not Vibe's). Never throws: the messages load
 * without it.
 */
export function readVibeMetaCompanion(companion: Companion | undefined, notes: NoteList): VibeMeta {
  if (companion === undefined) {
    notes.warn('', MISSING)
    return { head: [] }
  }
  // By its content, not its name: a meta.json the user chose may be saved under another.
  const name = companion.name
  const meta = parsedMeta(companion.content)
  if (typeof meta === 'string') {
    notes.warn(name, `${meta}; ${LEFT_OUT}`)
    return { head: [] }
  }
  const head: Message[] = []
  const prompt = systemPromptOf(meta.system_prompt)
  if (prompt !== undefined) head.push({ type: 'instructions', text: prompt })
  else notes.warn(`${name} system_prompt`, 'no system prompt recorded; none is loaded')
  const tools = Array.isArray(meta.tools_available) ? meta.tools_available : []
  if (tools.length > 0) head.push(toolsMessage(tools))
  const active = activeModelConfig(meta.config)
  const model = nameOf(active)
  const what = [
    prompt !== undefined ? 'the system prompt' : undefined,
    tools.length > 0
      ? `${tools.length} tool definition${tools.length === 1 ? '' : 's'}`
      : undefined,
    model !== undefined ? `the model (${model})` : undefined,
  ].filter((w): w is string => w !== undefined)
  if (what.length > 0) {
    notes.info(
      name,
      `${what.join(', ')} read from the session’s metadata, as Vibe last saved it; they open every request`,
    )
  }
  // The active model's own (ModelConfig), which Vibe's AutoCompactMiddleware compares with.
  const threshold = recordThreshold(
    active?.model?.auto_compact_threshold,
    `${name} config.models[${active?.index}].auto_compact_threshold`,
    'the active model’s',
    notes,
  )
  return {
    head,
    ...(model !== undefined ? { model } : {}),
    ...(threshold !== undefined ? { engineSettings: threshold } : {}),
  }
}

/** The document, or what is wrong with it. */
function parsedMeta(content: string | Uint8Array): Json | string {
  const text = typeof content === 'string' ? content : new TextDecoder().decode(content)
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    return `not valid JSON (${error instanceof Error ? error.message : String(error)})`
  }
  if (!isObject(value)) return `${kind(value)}, not a Vibe session’s metadata`
  if (typeof value.session_id !== 'string') {
    return 'no "session_id": not a Vibe session’s metadata'
  }
  return value
}

/** The system LLMMessage's content: a string, or (an older dump) its parts' texts joined. */
function systemPromptOf(message: unknown): string | undefined {
  if (!isObject(message)) return undefined
  const content = message.content
  const text =
    typeof content === 'string'
      ? content
      : Array.isArray(content)
        ? content
            .map((p) => (isObject(p) && typeof p.text === 'string' ? p.text : ''))
            .filter((t) => t !== '')
            .join('\n')
        : ''
  return text.trim() !== '' ? text : undefined
}

/**
 * The model a meta.json's session ran: the name of the config's model whose alias is its
 * `active_model` (Vibe's `get_active_model`); else the alias itself.
 */
export function vibeActiveModel(meta: unknown): string | undefined {
  return activeModelName(isObject(meta) ? meta.config : undefined)
}

/**
 * The model a VibeConfig (`config` in a meta.json, `agent_config` in a session file before 2.0)
 * runs: the name of its model whose alias is its `active_model`; else the alias itself.
 */
export function activeModelName(config: unknown): string | undefined {
  return nameOf(activeModelConfig(config))
}

function nameOf(active: ActiveModel | undefined): string | undefined {
  if (active === undefined) return undefined
  const name = active.model?.name
  return typeof name === 'string' && name !== ''
    ? name
    : active.alias !== ''
      ? active.alias
      : undefined
}

/** The config's `active_model` alias, and the model of its `models` that has it, and where. */
type ActiveModel = { alias: string; model?: Json; index?: number }

function activeModelConfig(config: unknown): ActiveModel | undefined {
  if (!isObject(config) || typeof config.active_model !== 'string') return undefined
  const alias = config.active_model
  const models = Array.isArray(config.models) ? config.models : []
  const index = models.findIndex((m) => isObject(m) && m.alias === alias)
  return index === -1 ? { alias } : { alias, model: models[index] as Json, index }
}

/**
 * An `auto_compact_threshold` (tokens, 0 turning compaction off), which Vibe's
 * AutoCompactMiddleware compares the context with: recorded for the replay, with a note at `at`
 * naming `whose` it is; undefined when `value` is not one.
 */
export function recordThreshold(
  value: unknown,
  at: string,
  whose: string,
  notes: NoteList,
): RecordedSettings | undefined {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) return undefined
  notes.info(
    at,
    `${whose} auto-compact threshold, ${formatNumber(value)} tokens${value === 0 ? ' (compaction off)' : ''}: the Mistral Vibe engine’s replay uses it`,
  )
  return { settings: { vibeAutoCompactThreshold: value }, at }
}
