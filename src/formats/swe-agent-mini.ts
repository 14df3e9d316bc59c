import { formatNumber } from '../numbers'
import type { EarlierThinking } from '../pricing/thinking-retention'
import type { Message } from '../types'
import { ShapeError, isObject, kind, pathString, type Json, type JsonPath } from './json-shape'
import { readChatMessage } from './openai-chat'
import { noteResponseField } from './openai-responses'
import type { ReadResult } from './reader'
import type { NoteList } from './report'
import { CHARS_PER_TOKEN, ThinkingSteps } from './reported-thinking'
import { isCount, responsesUsage } from './reported-usage'
import { ResponsesItems } from './responses-items'
import { litellmChatUsage, readThinkingBlock, readToolCalls } from './swe-agent-litellm'
import type { ReportedUsage } from './types'
import { CACHE_NOTE, UNKNOWN_FIELD_NOTE } from './vocabulary'

/*
 * mini-swe-agent writes one `<instance>.traj.json` per run: `{info, messages, trajectory_format}`
 * (the SWE-bench runner adds `instance_id`). Followed: SWE-agent/mini-swe-agent at commit
 * a83fcae8 (version 2.4.6), read 2026-12-04: src/minisweagent/agents/default.py (`serialize`,
 * `run`, `query`, `execute_actions`: the `exit` message), models/litellm_model.py (`query`: the
 * reply is LiteLLM's message with `extra`; `_prepare_messages_for_api`: everything but `extra` is
 * sent), models/utils/actions_toolcall.py and actions_text.py (observations), models/
 * litellm_response_model.py and utils/actions_toolcall_response.py (the Responses API shape),
 * environments/docker.py (`_check_finished`); and tag v1.17.5, run/utils/save.py (`save_traj`) and
 * agents/default.py (1.x: every message `{role, content}`, with `timestamp` from 1.17.0, and only
 * role and content are sent). See docs/formats/swe-agent.md.
 */

/** The trajectory formats mini-swe-agent writes: 1.4 – 1.17 (1.0 – 1.3 wrote none), and 2.x. */
const FORMAT_1 = 'mini-swe-agent-1'
const FORMAT_2 = 'mini-swe-agent-1.1'

/** Which mini-swe-agent wrote the file: 1.x sends `{role, content}` only, 2.x the whole message. */
type Generation = 1 | 2

/**
 * How sure it is that a root object is a mini-swe-agent trajectory: 3 with its format tag or
 * version, 2 for the shape 1.0 – 1.3 wrote (`messages` beside `info.model_stats`), 0 not at all.
 */
export function miniSweAgentScore(root: Json): number {
  if (!Array.isArray(root.messages) || 'history' in root) return 0
  const tag = root.trajectory_format
  if (typeof tag === 'string' && tag.startsWith('mini-swe-agent')) return 3
  const info = root.info
  if (!isObject(info)) return 0
  if (typeof info.mini_version === 'string') return 3
  const stats = info.model_stats
  return isObject(stats) && 'instance_cost' in stats && 'api_calls' in stats ? 2 : 0
}

const TIMESTAMP_NOTE = 'when mini-swe-agent recorded the message; not sent'

const INFO_NOTES: Record<string, string> = {
  exit_status: 'how the run ended; not part of the conversation',
  submission: 'the patch the agent submitted; not part of the conversation',
  mini_version: 'the mini-swe-agent version that wrote the file; not part of the conversation',
  config: "the run's configuration (agent, model, environment); only the model's name is read",
  traceback: 'the error the run stopped on; not part of the conversation',
  exception_str: 'the error the run stopped on; not part of the conversation',
}

// A message's own fields besides the Chat Completions ones, as LiteLLM (or OpenRouter) returns them.
const MESSAGE_NOTES: Record<string, string> = {
  provider_specific_fields:
    "LiteLLM's provider-specific fields of the reply (citations, a copy of the thinking blocks, …); not loaded",
  annotations: 'annotations of the reply (citations); not part of the conversation',
  reasoning_details:
    "OpenRouter's structured copy of the reasoning; not loaded (its text is read from reasoning)",
  model_name:
    'the model a roulette or interleaving model picked for this reply; not part of the conversation',
}

const RESULT_NOTE =
  "the command's result before mini-swe-agent's observation template rendered it into content; the model reads content"
const END_NOTE = 'how the run ended; not part of the conversation'

// `extra`, mini-swe-agent's own record on a message: never sent (1.x sends role and content,
// 2.x drops `extra` in `_prepare_messages_for_api`).
const EXTRA_NOTES: Record<string, string> = {
  response:
    "the provider's raw reply, as LiteLLM returned it; its usage is the request's reported usage",
  cost: "the request's cost as LiteLLM priced it; not part of the conversation",
  timestamp: TIMESTAMP_NOTE,
  actions: 'the commands mini-swe-agent parsed from the reply; the model reads the reply itself',
  raw_output: RESULT_NOTE,
  returncode: RESULT_NOTE,
  exception_info: RESULT_NOTE,
  interrupt_type:
    'why mini-swe-agent interrupted the run (a format error, the user); not part of the conversation',
  n_actions: 'how many commands the unparsable reply held; not part of the conversation',
  model_response:
    'the reply mini-swe-agent could not parse: not kept in the conversation, so never sent again',
  exit_status: END_NOTE,
  submission: 'the patch the agent submitted; not part of the conversation',
  exception_str: END_NOTE,
  traceback: END_NOTE,
}
const EXTRA_NOTE = "mini-swe-agent's own record on the message; never sent"
const FAILED_REPLY_NOTE =
  "the reply mini-swe-agent could not parse, as the provider gave it: not kept in the conversation, so never sent again; its usage is the request's reported usage"

/**
 * Reads a mini-swe-agent trajectory: `messages` are what mini-swe-agent sent and received, in
 * order (Chat Completions messages, or with a Responses model its inputs and stored responses),
 * each with mini-swe-agent's `extra`; `info` is the run's outcome, cost and configuration.
 */
export function readMiniSweAgent(root: Json, notes: NoteList): ReadResult {
  const generation = generationOf(root, notes)
  const info = isObject(root.info) ? root.info : {}
  for (const key of Object.keys(root)) {
    if (key === 'messages' || key === 'trajectory_format') continue
    if (key === 'info') readInfo(root.info, notes)
    else if (key === 'instance_id') {
      notes.info(key, 'the SWE-bench instance the run worked on; not part of the conversation')
    } else notes.warn(key, UNKNOWN_FIELD_NOTE)
  }
  const list = root.messages as unknown[]
  const responses = list.some((m) => isObject(m) && (m.object === 'response' || 'type' in m))
  const read = responses
    ? readResponsesMessages(list, notes)
    : readChatMessages(list, generation, info, notes)
  const model = configuredModel(info) ?? read.picked ?? read.usage.findLast((u) => u.model)?.model
  return {
    ...(model !== undefined ? { model } : {}),
    ...(responses ? { wire: 'openai-responses' as const } : {}),
    messages: read.messages,
    notes,
    ...(read.usage.length > 0 ? { usage: read.usage } : {}),
    ...(read.thinking ? { thinking: read.thinking } : {}),
  }
}

function generationOf(root: Json, notes: NoteList): Generation {
  const tag = root.trajectory_format
  if (tag === undefined) return 1
  if (tag === FORMAT_1) {
    notes.info(
      'trajectory_format',
      "mini-swe-agent 1.x's trajectory format; not part of the conversation",
    )
    return 1
  }
  if (tag === FORMAT_2) {
    notes.info(
      'trajectory_format',
      "mini-swe-agent 2.x's trajectory format; not part of the conversation",
    )
    return 2
  }
  notes.warn(
    'trajectory_format',
    `${JSON.stringify(tag)} is a trajectory format this reader does not know (${FORMAT_1}, ${FORMAT_2}); read as ${FORMAT_2}`,
  )
  return 2
}

/** The run's outcome, totals and configuration: every field noted. */
function readInfo(info: unknown, notes: NoteList): void {
  if (!isObject(info)) {
    notes.info('info', 'run metadata; not part of the conversation')
    return
  }
  for (const key of Object.keys(info)) {
    const value = info[key]
    const at = `info.${key}`
    if (key === 'model_stats' && isObject(value)) {
      const parts = [
        typeof value.instance_cost === 'number' ? `cost $${String(value.instance_cost)}` : '',
        typeof value.api_calls === 'number'
          ? `${String(value.api_calls)} API call${value.api_calls === 1 ? '' : 's'}`
          : '',
      ].filter((p) => p !== '')
      notes.info(
        at,
        `the run's totals as mini-swe-agent counted them${parts.length > 0 ? ` (${parts.join(', ')})` : ''}; not part of the conversation`,
      )
    } else notes.info(at, INFO_NOTES[key] ?? 'run metadata; not part of the conversation')
  }
}

/**
 * The model the run was configured with (`info.config.model.model_name`, LiteLLM's name); none for
 * a roulette or interleaving model (models/extra/roulette.py), whose `model_kwargs` list the
 * models it picks from and whose name is only "roulette" or "interleaving".
 */
function configuredModel(info: Json): string | undefined {
  const config = info.config
  const model = isObject(config) ? config.model : undefined
  if (!isObject(model) || Array.isArray(model.model_kwargs)) return undefined
  return typeof model.model_name === 'string' ? model.model_name : undefined
}

interface ReadMessages {
  messages: Message[]
  usage: ReportedUsage[]
  /** The last model a roulette or interleaving model picked (a reply's `model_name`). */
  picked?: string
  /** 'dropped' where the reports show no request held an earlier reply's reasoning. */
  thinking?: EarlierThinking
}

/** Chat Completions messages (every 1.x file; 2.x with a Chat Completions model). */
function readChatMessages(
  list: readonly unknown[],
  generation: Generation,
  info: Json,
  notes: NoteList,
): ReadMessages {
  const messages: Message[] = []
  const usage: ReportedUsage[] = []
  const steps = new SentReasoning()
  let calls = false
  let picked: string | undefined
  list.forEach((raw, i) => {
    const at: JsonPath = ['messages', i]
    if (!isObject(raw)) throw new ShapeError(`message is ${kind(raw)}, not an object`, at)
    if (raw.role === 'exit') return noteExit(raw, at, notes)
    if (generation === 1 && i === list.length - 1 && isEndRecord(raw, info)) {
      notes.info(
        pathString(at),
        `mini-swe-agent 1.x's record of how the run ended (${String(info.exit_status)}), written after the last request: never sent to the model; not loaded`,
      )
      return
    }
    const reported = replyUsage(raw, at, messages.length)
    if (reported) usage.push(reported)
    if (Array.isArray(raw.tool_calls) && raw.tool_calls.length > 0) calls = true
    if (typeof raw.model_name === 'string') picked = raw.model_name
    const read = readChatItem(raw, at, notes)
    steps.message(raw, read, reported)
    messages.push(...read)
  })
  if (calls && generation === 2) {
    notes.info(
      'messages',
      "mini-swe-agent 2.x sends its bash tool's definition with every request; the file does not record it, so its tokens are not counted",
    )
  }
  const thinking = steps.verdict(notes)
  return {
    messages,
    usage,
    ...(picked !== undefined ? { picked } : {}),
    ...(thinking ? { thinking } : {}),
  }
}

/**
 * What the reported prompts say of the replies' reasoning. mini-swe-agent 2.x sends every field of
 * a reply but `extra` (`_prepare_messages_for_api`), its reasoning text included, and LiteLLM
 * passes it on to an OpenAI-compatible provider as it is; whether the provider puts it in the
 * model's context and bills it, the file does not say. A request after a reply and its tool
 * results holds the last request, the reply and the results, and the reply's reasoning where it
 * was read (heldThinking). A run has one user message, so without this every reply's reasoning is
 * priced as sent at each request after it.
 */
class SentReasoning {
  private readonly steps = new ThinkingSteps()
  /** The last reply with reported usage, while only tool results have followed it. */
  private last: { lastPrompt: number; reply: number; thinking: number } | undefined
  /** The tool results' tokens since the last reply (characters ÷ 4). */
  private added = 0
  /** Where the first request that showed the reasoning not held reported its usage. */
  private firstNotHeld: string | undefined

  /** One message of the file, as read, with the usage of the request it answers, if any. */
  message(raw: Json, read: readonly Message[], reported: ReportedUsage | undefined): void {
    if (raw.role === 'tool') {
      this.added += textLength(raw.content) / CHARS_PER_TOKEN
      return
    }
    if (raw.role === 'assistant' && reported) {
      if (this.last) {
        const held = this.steps.add({
          ...this.last,
          added: this.added,
          prompt: reported.inputTokens,
        })
        if (held === false) this.firstNotHeld ??= reported.at
      }
      const thinking = reasoningTokens(raw, read)
      this.last =
        reported.outputTokens !== undefined
          ? {
              lastPrompt: reported.inputTokens,
              reply: Math.max(0, reported.outputTokens - thinking),
              thinking,
            }
          : undefined
      this.added = 0
      return
    }
    // A user message (a format error, a text action's observation) or a reply without usage: the
    // arithmetic does not hold across it.
    this.last = undefined
  }

  /** 'dropped', with a note, where most requests that tell show the reasoning not held. */
  verdict(notes: NoteList): EarlierThinking | undefined {
    const { notHeld, count } = this.steps
    if (!this.steps.dropped) return undefined
    notes.info(
      'messages',
      `the provider's reported prompts show its requests held none of the replies' reasoning, though mini-swe-agent sends it back: at ${formatNumber(notHeld)} of ${formatNumber(count)} requests after a reply that reasoned (the first at ${String(this.firstNotHeld)}), the prompt grew by the reply and its tool results alone; reasoning is priced at 0 in every request`,
    )
    return 'dropped'
  }
}

/**
 * A reply's reasoning in tokens: as the provider reported it (`completion_tokens_details
 * .reasoning_tokens`), else its text's characters ÷ 4.
 */
function reasoningTokens(raw: Json, read: readonly Message[]): number {
  const text = read.reduce((n, m) => n + (m.type === 'reasoning' ? m.text.length : 0), 0)
  if (text === 0) return 0
  const response = isObject(raw.extra) ? raw.extra.response : undefined
  const usage = isObject(response) ? response.usage : undefined
  const details = isObject(usage) ? usage.completion_tokens_details : undefined
  const reported = isObject(details) ? details.reasoning_tokens : undefined
  return isCount(reported) && reported > 0 ? reported : text / CHARS_PER_TOKEN
}

/** The characters of a message's text: a string, or its text parts'. */
function textLength(content: unknown): number {
  if (typeof content === 'string') return content.length
  if (!Array.isArray(content)) return 0
  return content.reduce(
    (n: number, part) =>
      n + (isObject(part) && typeof part.text === 'string' ? part.text.length : 0),
    0,
  )
}

/**
 * 1.x ends a run by appending the exception's text as a user message (`run`: Submitted's is the
 * submission, LimitsExceeded's is empty) and returning: the file's `exit_status` and `submission`
 * are that exception's name and text.
 */
function isEndRecord(raw: Json, info: Json): boolean {
  return (
    raw.role === 'user' &&
    typeof raw.content === 'string' &&
    typeof info.exit_status === 'string' &&
    info.exit_status !== '' &&
    raw.content === info.submission
  )
}

/** 2.x's `exit` message, which ends the run: never sent. */
function noteExit(raw: Json, at: JsonPath, notes: NoteList): void {
  const status = isObject(raw.extra) ? raw.extra.exit_status : undefined
  notes.info(
    pathString(at),
    `mini-swe-agent's record of how the run ended${typeof status === 'string' ? ` (${status})` : ''}: never sent to the model; not loaded`,
  )
}

/** One Chat Completions message, with the reasoning LiteLLM recorded on it before it. */
function readChatItem(raw: Json, at: JsonPath, notes: NoteList): Message[] {
  const wire: Json = { role: raw.role, content: raw.content ?? null }
  for (const key of Object.keys(raw)) {
    const value = raw[key]
    const here = pathString([...at, key])
    if (key === 'role' || key === 'content') continue
    if (key === 'tool_calls') {
      if (value !== null) wire.tool_calls = readToolCalls(value, [...at, key], notes)
    } else if (key === 'tool_call_id' || key === 'name') wire[key] = value
    else if (key === 'refusal' || key === 'function_call') {
      if (value !== null) wire[key] = value
    } else if (key === 'thinking_blocks' || key === 'reasoning_content' || key === 'reasoning') {
      continue
    } else if (key === 'extra') noteExtra(value, [...at, key], raw.role === 'assistant', notes)
    else if (key === 'timestamp') notes.info(here, TIMESTAMP_NOTE)
    else if (key === 'cache_control') notes.info(here, CACHE_NOTE)
    else if (MESSAGE_NOTES[key] !== undefined) notes.info(here, MESSAGE_NOTES[key])
    else notes.warn(here, UNKNOWN_FIELD_NOTE)
  }
  const out = reasoningOf(raw, at, notes)
  // LiteLLM passes cache_control on text parts to Anthropic.
  out.push(readChatMessage(wire, at, notes, { cacheHints: true }))
  return out
}

/**
 * The reply's reasoning: LiteLLM's `thinking_blocks` (Anthropic's, sent back with their
 * signatures), else its `reasoning_content` or OpenRouter's `reasoning` text.
 */
function reasoningOf(raw: Json, at: JsonPath, notes: NoteList): Message[] {
  const blocks = raw.thinking_blocks
  const texts = (['reasoning_content', 'reasoning'] as const).filter(
    (key) => typeof raw[key] === 'string' && raw[key] !== '',
  )
  if (Array.isArray(blocks) && blocks.length > 0) {
    for (const key of texts) {
      notes.info(pathString([...at, key]), "the thinking blocks' text again; not loaded twice")
    }
    return blocks.map((b, k) => readThinkingBlock(b, [...at, 'thinking_blocks', k], notes))
  }
  if (blocks !== undefined && blocks !== null && !Array.isArray(blocks)) {
    notes.warn(pathString([...at, 'thinking_blocks']), `is ${kind(blocks)}, not a list; not loaded`)
  }
  if (texts.length === 0) return []
  if (texts.length > 1) {
    notes.info(pathString([...at, texts[1]]), `the ${texts[0]} text again; not loaded twice`)
  }
  return [{ type: 'reasoning', text: raw[texts[0]] as string }]
}

/** mini-swe-agent's `extra`, key by key; on a message that is not a reply, its `response` failed. */
function noteExtra(extra: unknown, at: JsonPath, reply: boolean, notes: NoteList): void {
  if (!isObject(extra)) {
    notes.info(pathString(at), EXTRA_NOTE)
    return
  }
  for (const key of Object.keys(extra)) {
    const note = key === 'response' && !reply ? FAILED_REPLY_NOTE : EXTRA_NOTES[key]
    notes.info(pathString([...at, key]), note ?? EXTRA_NOTE)
  }
}

/**
 * The usage of the request a message answers, from the provider's reply kept in its
 * `extra.response` (a reply; or, on a format error's message, the reply that failed to parse):
 * its prompt was the messages before it.
 */
function replyUsage(raw: Json, at: JsonPath, prompt: number): ReportedUsage | undefined {
  const extra = raw.extra
  if (!isObject(extra) || !isObject(extra.response)) return undefined
  return reportedUsage(extra.response, [...at, 'extra', 'response'], prompt)
}

/** A reply's usage: a stored Responses response's, or a Chat Completions one's. */
function reportedUsage(response: Json, at: JsonPath, prompt: number): ReportedUsage | undefined {
  const counts =
    response.object === 'response'
      ? responsesUsage(response.usage)
      : litellmChatUsage(response.usage)
  if (!counts) return undefined
  const model = typeof response.model === 'string' ? response.model : undefined
  return { prompt, ...counts, at: pathString([...at, 'usage']), ...(model ? { model } : {}) }
}

/**
 * 2.x with a Responses API model (litellm_response, openrouter_response, portkey_response): the
 * system prompt and task as `{role, content}`, each reply the stored response itself (`object:
 * "response"`, whose `output` items are sent back), each observation a `function_call_output`.
 */
function readResponsesMessages(list: readonly unknown[], notes: NoteList): ReadMessages {
  const reader = new ResponsesItems(notes)
  const usage: ReportedUsage[] = []
  list.forEach((raw, i) => {
    const at: JsonPath = ['messages', i]
    if (!isObject(raw)) throw new ShapeError(`message is ${kind(raw)}, not an object`, at)
    if (raw.role === 'exit') return noteExit(raw, at, notes)
    reader.flush()
    const prompt = reader.messages.length
    if (raw.object === 'response') {
      const reported = reportedUsage(raw, at, prompt)
      if (reported) usage.push(reported)
      return readResponse(raw, at, reader, notes)
    }
    const reported = replyUsage(raw, at, prompt)
    if (reported) usage.push(reported)
    const item: Json = {}
    for (const key of Object.keys(raw)) {
      if (key === 'extra') noteExtra(raw.extra, [...at, key], false, notes)
      else item[key] = raw[key]
    }
    reader.add(item, at, pathString)
  })
  reader.flush()
  return { messages: reader.messages, usage }
}

/** A stored response: its output items are the reply, sent back as they are. */
function readResponse(raw: Json, at: JsonPath, reader: ResponsesItems, notes: NoteList): void {
  const output = raw.output
  if (!Array.isArray(output)) {
    throw new ShapeError(`"output" is ${kind(output)}, not an array of items`, [...at, 'output'])
  }
  output.forEach((item, k) => reader.add(item, [...at, 'output', k], pathString))
  for (const key of Object.keys(raw)) {
    const value = raw[key]
    const here = pathString([...at, key])
    if (key === 'output') continue
    if (key === 'extra') noteExtra(value, [...at, key], true, notes)
    else if (key === 'tools') {
      notes.info(
        here,
        "the request's tool definitions (mini-swe-agent's bash tool), echoed back: sent with every request, but not loaded, so their tokens are not counted",
      )
    } else if (key === 'instructions' && typeof value === 'string') {
      notes.warn(here, "the request's instructions, echoed back; not loaded")
    } else noteResponseField(key, value, here, notes)
  }
}
