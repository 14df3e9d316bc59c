import { formatNumber } from '../numbers'
import type { Message } from '../types'
import { ShapeError, isObject, kind, pathString, type Json, type JsonPath } from './json-shape'
import { readChatMessage } from './openai-chat'
import type { ReadInput, ReadResult } from './reader'
import { NoteList } from './report'
import { firstObjects, rootObject } from './sniff-shapes'
import { readThinkingBlock, readToolCalls } from './swe-agent-litellm'
import { miniSweAgentScore, readMiniSweAgent } from './swe-agent-mini'
import type { FormatDescriptor } from './types'
import { CACHE_NOTE, UNKNOWN_FIELD_NOTE } from './vocabulary'

/*
 * SWE-agent writes one `<instance>.traj` per run. Followed: SWE-agent/SWE-agent,
 * sweagent/types.py (HistoryItem, TrajectoryStep, AgentInfo), sweagent/agent/agents.py
 * (get_trajectory_data, add_step_to_history, _add_templated_messages_to_history,
 * forward_with_handling and attempt_autosubmission_after_error: the exit step) and
 * sweagent/agent/models.py (_history_to_messages: what reaches the model), commit 3ea751c0
 * (version 1.1.0), read 2026-12-01, and tag v1.0.1 (6aff2155: `step` and `run`, the end of a run),
 * read 2026-12-07. Legacy 0.x trajectories have the same top level with text-only
 * history items. mini-swe-agent's `.traj.json` ({info, messages, trajectory_format}) is read by
 * swe-agent-mini.ts. See docs/formats/swe-agent.md.
 */

/** The history item fields the model receives (models.py `_history_to_messages`). */
const SENT_FIELDS = new Set(['role', 'content', 'tool_calls', 'tool_call_ids', 'thinking_blocks'])

const ITEM_NOTES: Record<string, string> = {
  agent: 'the SWE-agent agent that owns the item; not sent',
  message_type: "SWE-agent's kind of item (system_prompt, observation, action, …); not sent",
  thought: "SWE-agent's parse of the reply; the model reads content and tool_calls",
  action: "SWE-agent's parse of the reply; the model reads content and tool_calls",
  is_demo: 'a demonstration; sent to the model as part of the prompt',
  tags: "tags for SWE-agent's history processors; not sent",
  cache_control: CACHE_NOTE,
}

const INFO_NOTES: Record<string, string> = {
  submission: 'the patch the agent submitted; not part of the conversation',
  exit_status: 'how the run ended; not part of the conversation',
}

/**
 * Reads a SWE-agent trajectory: `history` holds the messages as SWE-agent sends them (OpenAI Chat
 * Completions messages, with a tool result's call id in `tool_call_ids`), `trajectory` the same
 * steps as SWE-agent saw them, `info` the run's outcome and cost, `replay_config` its settings.
 * A mini-swe-agent trajectory (`messages` instead of `history`) goes to readMiniSweAgent.
 */
export function readSweAgent(input: ReadInput): ReadResult {
  const notes = new NoteList()
  const root = input.json()
  if (!isObject(root)) {
    throw new ShapeError(`expected a SWE-agent trajectory object, found ${kind(root)}`, [])
  }
  if (miniSweAgentScore(root) > 0) return readMiniSweAgent(root, notes)
  // A retry loop that chose no attempt saves only {attempts: [...]}: the last one is read.
  const attempts = root.attempts
  const last = Array.isArray(attempts) ? attempts[attempts.length - 1] : undefined
  if (!('history' in root) && Array.isArray(attempts) && isObject(last)) {
    notes.info(
      'attempts',
      `${attempts.length} attempt(s) of a retry loop and none chosen; the last one is read`,
    )
    return readTrajectory(last, ['attempts', attempts.length - 1], notes)
  }
  return readTrajectory(root, [], notes)
}

function readTrajectory(root: Json, prefix: JsonPath, notes: NoteList): ReadResult {
  const here = (...steps: (string | number)[]) => pathString([...prefix, ...steps])
  if (!('history' in root)) {
    throw new ShapeError('no "history" (a SWE-agent trajectory has one)', prefix)
  }
  if (!Array.isArray(root.history)) {
    throw new ShapeError(`"history" is ${kind(root.history)}, not an array`, [...prefix, 'history'])
  }
  let model: string | undefined
  for (const key of Object.keys(root)) {
    const value = root[key]
    if (key === 'history') continue
    if (key === 'info') readInfo(value, here(key), notes)
    else if (key === 'replay_config') model = readReplayConfig(value, here(key), notes)
    else if (key === 'trajectory' && Array.isArray(value)) {
      notes.info(
        here(key),
        `${value.length} step(s) that repeat the history as SWE-agent saw them (action, observation, thought, response); not loaded again`,
      )
    } else if (key === 'attempts' && Array.isArray(value)) {
      notes.info(
        here(key),
        `${value.length} attempt(s) of a retry loop; the history read is the chosen attempt's`,
      )
    } else if (key === 'environment') {
      notes.info(here(key), 'the environment the run used; not part of the conversation')
    } else notes.warn(here(key), UNKNOWN_FIELD_NOTE)
  }
  const items = root.history
  const main = items.find((h) => isObject(h) && typeof h.agent === 'string') as Json | undefined
  const agent = main?.agent as string | undefined
  const messages: Message[] = []
  const others = new Map<string, number>()
  const mine = (raw: unknown) =>
    isObject(raw) && (agent === undefined || typeof raw.agent !== 'string' || raw.agent === agent)
  const status = isObject(root.info) ? root.info.exit_status : undefined
  const exit = exitStep(items, mine, status)
  items.forEach((raw, i) => {
    const at = [...prefix, 'history', i]
    if (!isObject(raw)) throw new ShapeError(`history item is ${kind(raw)}, not an object`, at)
    if (!mine(raw)) {
      const name = raw.agent as string
      others.set(name, (others.get(name) ?? 0) + 1)
      return
    }
    if (i === exit.reply) {
      notes.info(
        pathString(at),
        `SWE-agent's own message that the run ended (${String(status)}), recorded as a reply: the model never wrote it, and no request held it; not loaded`,
      )
      return
    }
    if (i === exit.last) {
      notes.info(
        pathString(at),
        `the observation of the step that ended the run (${String(status)}), which SWE-agent writes once the last request has been answered: never sent to the model; not loaded`,
      )
      return
    }
    if (i === exit.observation) {
      notes.info(
        pathString(at),
        "SWE-agent's observation of the submission it attempted itself after the run ended: never sent to the model; not loaded",
      )
      return
    }
    messages.push(...readItem(raw, at, notes))
  })
  for (const [name, count] of others) {
    notes.info(
      here('history'),
      `${count} item(s) of agent "${name}": SWE-agent sends each agent only its own items; the first agent's ("${agent}") are read`,
    )
  }
  return { model, messages, notes }
}

/** An exit status SWE-agent sets when it ends a run on an error, autosubmitted or not. */
const ERROR_EXIT = /^(?:submitted \()?(exit_[a-z_]+)\)?$/

/**
 * The items of the step that ended the run, which no request held. SWE-agent 1.x's `step` adds
 * each step to the history once it has run (`add_step_to_history`: the reply, then the templated
 * observation, `message_type` "observation"), and the run loop (`while not step_output.done`)
 * sends the history again only while the run goes on. So the step that ends the run leaves its
 * observation unsent: a submission's (`handle_submission` sets the observation to the patch and
 * `done`), the `exit` command's ("Exited"), an error's. Its reply is the last request's answer,
 * and stays, unless it is SWE-agent's own: where it ends a run on an error (a full context window,
 * the cost limit, repeated format errors, …), `forward_with_handling` answers the error with a step
 * of its own (`handle_error_with_autosubmission`: its output and thought are its "Exit due to …"
 * text, no action, no tool calls) and `attempt_autosubmission_after_error` submits the patch
 * ("Exited (autosubmitted)", or no output): no request held either. 0.x recorded that reply alone,
 * its action the exit status (`forward_with_error_check`), and never recorded a last observation
 * (`forward_model` added each observation only before the next request). The indexes in the
 * history of SWE-agent's own reply (`reply`), of its autosubmission's observation (`observation`),
 * and of the last step's observation after a reply the model wrote (`last`).
 */
function exitStep(
  items: readonly unknown[],
  mine: (raw: unknown) => boolean,
  status: unknown,
): { reply?: number; observation?: number; last?: number } {
  // Each step sets the status; it is none until a step ends the run.
  if (typeof status !== 'string' || status === '') return {}
  const own: number[] = []
  items.forEach((raw, i) => {
    if (mine(raw)) own.push(i)
  })
  const last = own[own.length - 1]
  const before = own[own.length - 2]
  const bare = ERROR_EXIT.exec(status)?.[1]
  if (bare !== undefined) {
    const isReply = (i: number | undefined, action: string): boolean => {
      const raw = i === undefined ? undefined : items[i]
      if (!isObject(raw) || raw.role !== 'assistant' || raw.action !== action) return false
      const calls = raw.tool_calls
      if (calls !== undefined && calls !== null && !(Array.isArray(calls) && calls.length === 0)) {
        return false
      }
      return (
        typeof raw.content === 'string' &&
        raw.content === raw.thought &&
        /^Exit(?:ing)? due to /.test(raw.content)
      )
    }
    const observation = items[last]
    if (
      isObject(observation) &&
      observation.role === 'user' &&
      (observation.tool_call_ids === undefined || observation.tool_call_ids === null) &&
      isReply(before, '')
    ) {
      return { reply: before, observation: last }
    }
    if (isReply(last, bare)) return { reply: last }
  }
  // 1.x: the observation of the step that ended the run, after the model's reply.
  const observation = items[last]
  const reply = items[before]
  if (
    isObject(observation) &&
    observation.message_type === 'observation' &&
    (observation.role === 'user' || observation.role === 'tool') &&
    isObject(reply) &&
    reply.role === 'assistant' &&
    reply.message_type === 'action'
  ) {
    return { last }
  }
  return {}
}

/** One history item: the message SWE-agent sends for it, with its thinking blocks before it. */
function readItem(raw: Json, at: JsonPath, notes: NoteList): Message[] {
  const wire: Json = { role: raw.role, content: raw.content ?? null }
  if (raw.tool_calls !== undefined && raw.tool_calls !== null) {
    wire.tool_calls = readToolCalls(raw.tool_calls, [...at, 'tool_calls'], notes)
  }
  for (const key of Object.keys(raw)) {
    if (SENT_FIELDS.has(key)) continue
    const note = ITEM_NOTES[key]
    if (note !== undefined && key !== 'is_demo') notes.info(pathString([...at, key]), note)
    else if (key === 'is_demo') {
      if (raw.is_demo === true) notes.info(pathString(at), note)
    } else notes.warn(pathString([...at, key]), UNKNOWN_FIELD_NOTE)
  }
  const ids = raw.tool_call_ids
  if (ids !== undefined && ids !== null) {
    if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string')) {
      throw new ShapeError(`"tool_call_ids" is ${kind(ids)}, not a list of ids`, [
        ...at,
        'tool_call_ids',
      ])
    }
    if (raw.role === 'tool' && ids.length > 0) wire.tool_call_id = ids[0]
    if (ids.length > 1) {
      notes.warn(
        pathString([...at, 'tool_call_ids']),
        `${ids.length} call ids on one observation; SWE-agent sends only the first, so the rest pair with nothing`,
      )
    } else if (raw.role !== 'tool' && ids.length > 0) {
      notes.warn(
        pathString([...at, 'tool_call_ids']),
        `call ids on a ${String(raw.role)} item; not loaded`,
      )
    }
  }
  if (raw.role === 'tool' && wire.tool_call_id === undefined) {
    throw new ShapeError('a tool observation with no "tool_call_ids"', [...at, 'tool_call_ids'])
  }
  const out: Message[] = []
  const blocks = raw.thinking_blocks
  if (Array.isArray(blocks)) {
    blocks.forEach((block, k) =>
      out.push(readThinkingBlock(block, [...at, 'thinking_blocks', k], notes)),
    )
  }
  // SWE-agent sends its history through LiteLLM, whose text parts may carry cache_control.
  out.push(readChatMessage(wire, at, notes, { cacheHints: true }))
  return out
}

/** The run's outcome and cost: every field reported, model_stats as provider-reported usage. */
function readInfo(info: unknown, at: string, notes: NoteList): void {
  if (!isObject(info)) {
    notes.info(at, 'run metadata; not part of the conversation')
    return
  }
  for (const key of Object.keys(info)) {
    const value = info[key]
    if (key === 'model_stats' && isObject(value)) {
      const n = (k: string) => (typeof value[k] === 'number' ? (value[k] as number) : undefined)
      // A count is grouped, as every count shown; the cost stays as the log wrote it.
      const said = (k: string, words: (v: string) => string) => {
        const v = n(k)
        return v === undefined ? '' : words(k === 'instance_cost' ? String(v) : formatNumber(v))
      }
      const parts = [
        said('instance_cost', (v) => `cost $${v}`),
        said('tokens_sent', (v) => `${v} tokens sent`),
        said('tokens_received', (v) => `${v} received`),
        said('api_calls', (v) => `${v} API calls`),
      ].filter((p) => p !== '')
      notes.info(
        `${at}.${key}`,
        `provider-reported usage${parts.length > 0 ? ` (${parts.join(', ')})` : ''}; read by the usage view, not counted here`,
      )
    } else {
      notes.info(`${at}.${key}`, INFO_NOTES[key] ?? 'run metadata; not part of the conversation')
    }
  }
}

/** The run's configuration (a JSON string in 1.x): its model is the conversation's model. */
function readReplayConfig(value: unknown, at: string, notes: NoteList): string | undefined {
  if (value === null || value === undefined) return undefined
  let config: unknown = value
  if (typeof value === 'string') {
    try {
      config = JSON.parse(value)
    } catch {
      notes.warn(at, 'not JSON; the model it names is not read')
      return undefined
    }
  }
  notes.info(at, "the run's configuration; only its model is read")
  if (!isObject(config) || !isObject(config.agent)) return undefined
  const agent = config.agent
  const model = isObject(agent.model)
    ? agent.model
    : Array.isArray(agent.agent_configs) &&
        isObject(agent.agent_configs[0]) &&
        isObject(agent.agent_configs[0].model)
      ? agent.agent_configs[0].model
      : undefined
  if (!model || typeof model.name !== 'string') return undefined
  const host = servedElsewhere(model.api_base)
  if (host !== undefined) {
    notes.warn(
      `${at}: agent.model.api_base`,
      `the model is served at ${host}, not by its provider's own API: "${model.name}" may be the name that server gives a model of its own; counted as ${model.name} (choose the model that ran to count as it)`,
    )
  }
  return model.name
}

/** The providers' own API hosts, which serve the models their names say. */
const PROVIDER_HOSTS =
  /(?:^|\.)(?:api\.openai\.com|openai\.azure\.com|api\.anthropic\.com|googleapis\.com)$/

/**
 * The host of a LiteLLM `api_base` that is not a provider's own API (a server of the user's, a
 * proxy), or undefined. SWE-agent passes `api_base` to LiteLLM with the model's name, and a
 * self-hosted server (vLLM, for one) answers to whatever name it was started with.
 */
function servedElsewhere(apiBase: unknown): string | undefined {
  if (typeof apiBase !== 'string' || apiBase.trim() === '') return undefined
  let host: string
  try {
    host = new URL(apiBase).hostname
  } catch {
    return apiBase
  }
  return PROVIDER_HOSTS.test(host) ? undefined : host
}

/** A SWE-agent trajectory (.traj), or a mini-swe-agent one (.traj.json). */
export const sweAgentFormat = {
  id: 'swe-agent',
  label: 'SWE-agent or mini-swe-agent trajectory',
  shape:
    "JSON {history: [{role, content, agent, message_type, …}], trajectory, info, replay_config}, or mini-swe-agent's {info, messages, trajectory_format}",
  detect(sniff) {
    let root = rootObject(sniff)
    const mini = root ? miniSweAgentScore(root) : 0
    if (mini > 0) return mini
    const attempts = root?.attempts
    if (root && !('history' in root) && Array.isArray(attempts) && isObject(attempts[0])) {
      root = attempts[0]
    }
    if (!root || !Array.isArray(root.history)) return 0
    const items = firstObjects(root.history)
    if (!items.some((o) => typeof o.role === 'string' && !('parts' in o))) return 0
    if (isObject(root.info) || Array.isArray(root.trajectory)) return 3
    return items.some((o) => 'agent' in o || 'message_type' in o) ? 2 : 1
  },
  read: readSweAgent,
} as const satisfies FormatDescriptor
