/**
 * Subagents' transcripts, and the session each belongs to. docs/sessions.md ("Subagents") gives
 * the sources. Claude Code:
 *
 * - from 2.1.2, `<project>/<sessionId>/subagents/agent-<agentId>.jsonl`, a workflow's agents a
 *   folder or two deeper (`subagents/workflows/<runId>/`), each beside an
 *   `agent-<agentId>.meta.json` that says its type and the task it was given;
 * - before, `<project>/agent-<agentId>.jsonl`, beside the sessions, each event naming its session
 *   in `sessionId`.
 *
 * Codex CLI: a thread another spawned (its multi-agent tools) writes a rollout of its own beside
 * the others, whose `session_meta` names the spawning thread
 * (`source.subagent.thread_spawn.parent_thread_id`). Gemini CLI: a subagent's chat is in a folder
 * named for its parent session, beside that session's chat. Kimi CLI: a subagent's context is in
 * its session's folder, under `subagents/<agent id>/`. Factory Droid: a subagent's session is
 * beside its caller's, and its settings name the caller. Cline 4's are in find.ts.
 *
 * A subagent's file is a conversation of its own (what the subagent was sent and answered); the
 * Sessions view and `sessions --subagents` list it under its session.
 */
import { basename, dirname, join, sep } from 'node:path'
import { readJsonBeside } from './beside'
import { firstLine, nestedStringField, stringField } from './byte-scan'

/** How a subagent's transcript is named; the group is its agent id. */
export const SUBAGENT_FILE = /^agent-(.+)\.jsonl$/

/** The folder, in a session's own folder, that holds its subagents' transcripts. */
export const SUBAGENTS_FOLDER = 'subagents'

/** How many folders below `subagents/` transcripts are looked for: a workflow run's are two down. */
export const FOLDERS_BELOW_SUBAGENTS = 2

/** The most of a subagent's description kept, in characters; the table shows less. */
const MAX_DESCRIPTION = 300

/** The most of a `.meta.json` sidecar read, in bytes: a few short fields. */
const MAX_META_BYTES = 16 * 1024

/** A subagent's transcript, as the list knows it. */
export interface SubagentOf {
  /** Its agent's id: Claude Code's `agent-<agentId>.jsonl`, Codex's thread id, and so on. */
  agentId: string
  /**
   * The session it belongs to, by its key (sessionKey in find.ts): the path of its transcript,
   * where that would be, and for a session in a database (an opencode one) its id there too.
   * Once listed, set only when that session is in the same listing.
   */
  parentKey?: string
  /** Its type: Claude Code's sidecar's `agentType` ("Explore", …), Codex's role, Cline's agent. */
  agentType?: string
  /** What names it further: Claude Code's sidecar's `description` (its task), Codex's nickname. */
  description?: string
  /**
   * A Codex subagent's spawning thread, by its id: the listing finds that thread's rollout, sets
   * `parentKey` to it, and drops this.
   */
  parentThread?: string
  /** A Gemini CLI subagent's parent session, by its id: resolved and dropped as `parentThread`. */
  parentSession?: string
}

/**
 * Whether the Gemini CLI chat at PATH is a subagent's (chatRecordingService.ts): its first record
 * says `kind: "subagent"`, and it is `chats/<parent session id>/<its session id>.jsonl`. Its
 * session is the project's `chats/session-<time>-<first 8 of the parent's id>.jsonl`, which the
 * listing looks for (`parentSession`).
 */
export function geminiSubagentOf(path: string, head: Uint8Array): SubagentOf | undefined {
  const first = firstLine(head)
  if (stringField(first, 'kind') !== 'subagent') return undefined
  const agentId = stringField(first, 'sessionId') ?? basename(path, '.jsonl')
  return { agentId, parentSession: basename(dirname(path)) }
}

// A Codex thread id (a UUID) at the end of its rollout's name, `rollout-<time>-<id>.jsonl`.
const ROLLOUT_ID = /-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.jsonl$/i

/** The thread id a Codex rollout's name ends with; undefined for another name. */
export const codexThreadId = (path: string): string | undefined =>
  ROLLOUT_ID.exec(basename(path))?.[1]?.toLowerCase()

/**
 * Whether the Codex rollout at PATH is a spawned thread's, from its `session_meta` line (the first
 * line of HEAD, the file's first bytes): `source: {"subagent": {"thread_spawn": {parent_thread_id,
 * depth, agent_path?, agent_nickname?, agent_role?}}}`. Its type is its role, its name the
 * nickname Codex gave it (or its path among the agents). A review or another internal thread
 * names no parent and is not taken for one.
 */
export function codexSubagentOf(path: string, head: Uint8Array): SubagentOf | undefined {
  const meta = firstLine(head)
  const spawn = (key: string) => nestedStringField(meta, 'thread_spawn', key)
  const parentThread = spawn('parent_thread_id')
  if (parentThread === undefined) return undefined
  const agentId = codexThreadId(path) ?? stringField(meta, 'id') ?? basename(path)
  const out: SubagentOf = { agentId, parentThread: parentThread.toLowerCase() }
  const role = spawn('agent_role') ?? stringField(meta, 'agent_role')
  const name = spawn('agent_nickname') ?? stringField(meta, 'agent_nickname') ?? spawn('agent_path')
  const agentType = nameLine(role)
  const description = nameLine(name)
  if (agentType !== undefined) out.agentType = agentType
  if (description !== undefined) out.description = description
  return out
}

/**
 * Whether the Claude Code log at PATH is a subagent's, and whose: the session's transcript is
 * `<project>/<sessionId>.jsonl` beside the `<sessionId>` folder that holds `subagents/`, or, for
 * a transcript beside the sessions (before 2.1.2), the session its first event names. HEAD is
 * the file's first bytes. Undefined for a file not named as a subagent's.
 */
export function subagentOf(path: string, head: Uint8Array): SubagentOf | undefined {
  const agentId = SUBAGENT_FILE.exec(basename(path))?.[1]
  if (agentId === undefined) return undefined
  const parts = dirname(path).split(sep)
  const at = parts.lastIndexOf(SUBAGENTS_FOLDER)
  if (at >= 2 && parts.length - at - 1 <= FOLDERS_BELOW_SUBAGENTS) {
    const sessionFolder = parts.slice(0, at).join(sep)
    return {
      agentId,
      parentKey: join(dirname(sessionFolder), basename(sessionFolder) + '.jsonl'),
    }
  }
  const sessionId = stringField(head, 'sessionId')
  return sessionId !== undefined && /^[\w-]+$/.test(sessionId)
    ? { agentId, parentKey: join(dirname(path), sessionId + '.jsonl') }
    : { agentId }
}

/**
 * Whether the Kimi CLI context at PATH is a subagent's (kimi-cli 1.49.0,
 * src/kimi_cli/subagents/store.py): `<session>/subagents/<agent id>/context.jsonl` (or a context it
 * rotated aside, `context_<n>.jsonl`). Its session's is `<session>/context.jsonl`. Beside it,
 * `meta.json` (`AgentInstanceRecord`) says its `subagent_type` and the `description` of its task.
 */
export async function kimiSubagentOf(path: string): Promise<SubagentOf | undefined> {
  const folder = dirname(path)
  if (basename(dirname(folder)) !== SUBAGENTS_FOLDER) return undefined
  const session = dirname(dirname(folder))
  return {
    agentId: basename(folder),
    parentKey: join(session, 'context.jsonl'),
    ...(await readAgentMeta(path, 'meta.json', 'subagent_type')),
  }
}

/** The most of a Droid session's settings file read, in bytes: it can hold the system prompt. */
const MAX_SETTINGS_BYTES = 1024 * 1024

/**
 * Whether the Factory Droid session at PATH is a subagent's (the CLI as it ships,
 * `@factory/cli-linux-x64` 0.225.2): a session the Task tool started carries the tag
 * `{name: "subagent", metadata: {callingSessionId, callingToolUseId}}` in its settings, which
 * Droid keeps beside the session as `<id>.settings.json`. Its session is the calling session's
 * `<callingSessionId>.jsonl` in the same folder; its row is named by its title (HEAD's
 * `session_start` line).
 */
export async function droidSubagentOf(
  path: string,
  head: Uint8Array,
): Promise<SubagentOf | undefined> {
  const id = basename(path, '.jsonl')
  // Every Droid session has its settings; only a subagent's name the tag, so only those are parsed.
  const settings = await readJsonBeside(
    dirname(path),
    `${id}.settings.json`,
    MAX_SETTINGS_BYTES,
    '"subagent"',
  )
  const tags = (settings as { tags?: unknown } | undefined)?.tags
  if (!Array.isArray(tags)) return undefined
  const tag = (tags as unknown[]).find(
    (t): t is { metadata?: { callingSessionId?: unknown } } =>
      typeof t === 'object' && t !== null && (t as { name?: unknown }).name === 'subagent',
  )
  const parent = tag?.metadata?.callingSessionId
  if (typeof parent !== 'string' || !/^[\w-]+$/.test(parent)) return undefined
  const title = nameLine(
    stringField(firstLine(head), 'sessionTitle') ?? stringField(firstLine(head), 'title'),
  )
  return {
    agentId: id,
    parentKey: join(dirname(path), `${parent}.jsonl`),
    ...(title !== undefined ? { description: title } : {}),
  }
}

/**
 * The type and task of the subagent whose transcript is at PATH (a real path), from its sidecar
 * NAME (Claude Code's `agent-<agentId>.meta.json`, the default), its type in TYPE_KEY: only a
 * regular file in the same folder (a link that leads out of it is not followed), its first
 * MAX_META_BYTES. Nothing when there is none, or it is not the JSON object the engine writes.
 */
export async function readAgentMeta(
  path: string,
  name = basename(path).replace(/\.jsonl$/, '.meta.json'),
  typeKey = 'agentType',
): Promise<Pick<SubagentOf, 'agentType' | 'description'>> {
  // A sidecar past MAX_META_BYTES is cut, and so is no JSON.
  const meta = await readJsonBeside(dirname(path), name, MAX_META_BYTES)
  if (typeof meta !== 'object' || meta === null) return {}
  const { [typeKey]: agentType, description } = meta as Record<string, unknown>
  const out: Pick<SubagentOf, 'agentType' | 'description'> = {}
  const type = nameLine(agentType)
  const task = nameLine(description)
  if (type !== undefined) out.agentType = type
  if (task !== undefined) out.description = task
  return out
}

/** A sidecar's or a title's text on one line, cut at MAX_DESCRIPTION characters (never inside a surrogate pair). */
/** A name a log gives (a title, a description): one line of it, or undefined for none or blank. */
export function nameLine(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? oneLine(value) : undefined
}

export function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  const points = [...flat]
  return points.length <= MAX_DESCRIPTION ? flat : points.slice(0, MAX_DESCRIPTION).join('') + '…'
}
