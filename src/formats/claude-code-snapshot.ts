import { listOf } from '../list-words'
import { plural } from '../numbers'
import type { Message } from '../types'
import { orderMessage } from '../conversation'
import { isObject, type Json } from './json-shape'
import { toolsMessage } from './payload'
import type { NoteList } from './report'
import { shiftUsage } from './reported-usage'
import type { ReportedUsage } from './types'

/**
 * A `prompt_snapshot` attachment: Claude Code's record of the system prompt and the tool
 * definitions its requests carry (written from 2.1.260; its shape read in the compiled 2.1.332):
 * `systemPrompt`, the system prompt's blocks; `tools`, `{name, description, schema?, server?}`,
 * `schema` a tool's input schema (the whole tool in 2.1.270, see inputSchemaOf); `cliPrefix`, the
 * block Claude Code puts first. Claude Code builds
 * each request from the last snapshot in its history, so a resumed session is sent the prompt it
 * was sent before. Flags beside them (`systemTurns`, `inlineTools`, `contextRendering` and
 * others) say where these texts go in the request, not what they are.
 */
export interface PromptSnapshot {
  line: number
  sidechain: boolean
  systemPrompt: string[]
  /** The tools as Anthropic's `tools` takes them; undefined where the snapshot lists none. */
  tools?: Json[]
  cliPrefix?: string
  /** Whether the system prompt held the marker it is split at for caching (not sent). */
  boundary?: true
}

/**
 * The block Claude Code puts between the static and the dynamic parts of its system prompt
 * (`SYSTEM_PROMPT_DYNAMIC_BOUNDARY`, constants/prompts.ts), where `splitSysPromptPrefix`
 * (utils/api.ts) splits it for the prompt cache; that split skips the marker in every mode, so it
 * is never sent.
 */
const DYNAMIC_BOUNDARY = '__SYSTEM_PROMPT_DYNAMIC_BOUNDARY__'

/**
 * A snapshot's fields, or why it cannot be read: its system prompt must be a list of strings, and
 * its tools, where it has them, a list of objects with a name and a description.
 */
export function readPromptSnapshot(
  attachment: Json,
  line: number,
  sidechain: boolean,
): PromptSnapshot | string {
  const { systemPrompt, tools, cliPrefix } = attachment
  if (!Array.isArray(systemPrompt) || !systemPrompt.every((b) => typeof b === 'string')) {
    return 'its "systemPrompt" is not a list of texts'
  }
  const blocks = (systemPrompt as string[]).filter((b) => b !== DYNAMIC_BOUNDARY)
  const snapshot: PromptSnapshot = { line, sidechain, systemPrompt: blocks }
  if (blocks.length < systemPrompt.length) snapshot.boundary = true
  if (typeof cliPrefix === 'string' && cliPrefix !== '') snapshot.cliPrefix = cliPrefix
  if (tools === undefined) return snapshot
  if (!Array.isArray(tools)) return 'its "tools" is not a list'
  const read: Json[] = []
  for (const tool of tools) {
    if (!isObject(tool) || typeof tool.name !== 'string' || typeof tool.description !== 'string') {
      return 'a tool in its "tools" has no name or description'
    }
    const schema = inputSchemaOf(tool.schema)
    read.push({
      name: tool.name,
      description: tool.description,
      ...(schema !== undefined ? { input_schema: schema } : {}),
    })
  }
  snapshot.tools = read
  return snapshot
}

/**
 * A tool's input schema from its `schema`: the schema itself as the compiled 2.1.332 reads it, or,
 * as 2.1.270 writes it, the whole tool as the API takes it (`{name, description, input_schema,
 * eager_input_streaming}`), whose name and description the snapshot's tool already holds: read
 * whole, they were counted twice.
 */
function inputSchemaOf(schema: unknown): Json | undefined {
  if (!isObject(schema)) return undefined
  return isObject(schema.input_schema) && typeof schema.name === 'string'
    ? schema.input_schema
    : schema
}

/**
 * The system prompt and tools the thread's requests were sent, from the snapshot in force at its
 * first request: the last one before its first reply (the last of all, for a thread with no
 * reply), on the thread's side of the file (main or sidechain). Claude Code sends tools with every
 * request, and may record them a moment after the prompt (its first rows at a cold boot are the
 * prompt alone, then the prompt and the tools): where the snapshot in force lists none, the tools
 * are the first a later snapshot lists. They are put in front of the messages as instructions (the
 * system prompt's blocks, then the tools), and every report moves with them; a snapshot written
 * later that changes them is noted.
 */
export function withSnapshot(
  snapshots: readonly PromptSnapshot[],
  sidechain: boolean,
  firstReply: number | undefined,
  messages: Message[],
  usage: ReportedUsage[],
  notes: NoteList,
): { messages: Message[]; usage: ReportedUsage[]; head: number } {
  const own = snapshots.filter((s) => s.sidechain === sidechain)
  const before = own.filter((s) => firstReply === undefined || s.line < firstReply)
  const inForce = before[before.length - 1]
  if (inForce === undefined) {
    for (const s of own) noteLater(s, undefined, notes)
    return { messages, usage, head: 0 }
  }
  const toolsAt =
    inForce.tools !== undefined ? inForce : own.find((s) => s.line > inForce.line && s.tools)
  // The row that brings the tools at a cold boot may bring the CLI's prefix block too (2.1.270):
  // with the same system prompt, it is the prefix those requests were sent, not a change.
  const cliPrefix =
    inForce.cliPrefix ??
    (toolsAt && toolsAt !== inForce && samePromptBlocks(toolsAt, inForce)
      ? toolsAt.cliPrefix
      : undefined)
  const read: PromptSnapshot = { ...inForce, tools: toolsAt?.tools, cliPrefix }
  const head = headOf(read)
  const blocks = (read.cliPrefix !== undefined ? 1 : 0) + read.systemPrompt.length
  const tools = read.tools?.length ?? 0
  const recorded = toolsAt && toolsAt !== inForce ? ` (recorded at line ${toolsAt.line})` : ''
  notes.info(
    `line ${inForce.line}`,
    `what Claude Code recorded its requests were sent: the system prompt (${plural(blocks, 'block')}) and ${plural(tools, 'tool definition')}${recorded}, read as instructions in front of the messages`,
  )
  if (inForce.boundary) {
    notes.info(
      `line ${inForce.line}: attachment.systemPrompt`,
      `${DYNAMIC_BOUNDARY}: the marker Claude Code splits its system prompt at for the prompt cache, never sent; not loaded`,
    )
  }
  for (const s of own) if (s.line > inForce.line) noteLater(s, read, notes)
  return {
    messages: [...head, ...messages],
    usage: shiftUsage(usage, head.length),
    head: head.length,
  }
}

function headOf(snapshot: PromptSnapshot): Message[] {
  const texts = [
    ...(snapshot.cliPrefix !== undefined ? [snapshot.cliPrefix] : []),
    ...snapshot.systemPrompt,
  ].filter((text) => text !== '')
  const head = texts.map((text) => orderMessage({ type: 'instructions', text }))
  if (snapshot.tools !== undefined && snapshot.tools.length > 0) {
    head.push(toolsMessage(snapshot.tools))
  }
  return head
}

/**
 * A snapshot after the one read: the requests after it were sent its system prompt and tools.
 * One that changes the system prompt is a warning, since those requests are estimated with the
 * first; one that changes the tools alone is an info note (a tool ToolSearch loaded is derived
 * from the reports, docs/tokens.md).
 */
function noteLater(s: PromptSnapshot, inForce: PromptSnapshot | undefined, notes: NoteList): void {
  const at = `line ${s.line}`
  if (inForce === undefined) {
    notes.warn(
      at,
      'a record of the system prompt and tools written after the first request: the requests before it were sent one the file does not hold, so it is not read as theirs',
    )
    return
  }
  const samePrompt = s.cliPrefix === inForce.cliPrefix && samePromptBlocks(s, inForce)
  const names = (x: PromptSnapshot) => new Set((x.tools ?? []).map((t) => String(t.name)))
  const was = names(inForce)
  const now = names(s)
  const added = [...now].filter((n) => !was.has(n))
  const removed = [...was].filter((n) => !now.has(n))
  const toolWords = [
    added.length > 0 ? `${listOf(added)} added` : '',
    removed.length > 0 ? `${listOf(removed)} removed` : '',
  ]
    .filter((w) => w !== '')
    .join(', ')
  if (!samePrompt) {
    notes.warn(
      at,
      `Claude Code recorded another system prompt here${toolWords ? ` (tools: ${toolWords})` : ''}: the requests after it were sent it, and are estimated with the one read at line ${inForce.line}`,
    )
  } else if (toolWords) {
    notes.info(
      at,
      `Claude Code recorded its tools again here (${toolWords}): the requests after it were sent them; the instructions hold those read at line ${inForce.line}`,
    )
  }
}

function samePromptBlocks(a: PromptSnapshot, b: PromptSnapshot): boolean {
  return (
    a.systemPrompt.length === b.systemPrompt.length &&
    a.systemPrompt.every((block, k) => block === b.systemPrompt[k])
  )
}
