import { orderMessage } from '../conversation'
import type { Wire } from '../pricing/wire'
import type { Message } from '../types'
import { ShapeError, isObject, kind, pathString, type Json, type JsonPath } from './json-shape'
import type { ReadInput, ReadResult } from './reader'
import { NoteList } from './report'
import { firstObjects, rootObject } from './sniff-shapes'
import type { FormatDescriptor, ReportedUsage } from './types'
import {
  isCompactionRequest,
  isFinishedSummary,
  sendableMessages,
  type OcMessage,
} from './opencode-compaction'
import { noteInfo, readAssistant, readUser } from './opencode-message'

/*
 * opencode (anomalyco/opencode, formerly sst/opencode) keeps its sessions in a SQLite database;
 * `opencode export <session id>` writes one as JSON, `{info, messages: [{info, parts}]}`, and its
 * share pages and server hand out the same messages. Followed: the compiled opencode 1.18.33 (npm
 * opencode-linux-x64): the export and import commands (cli/cmd/export.ts, import.ts), the
 * MessageV2 schemas (UserMessage, AssistantMessage and the Part union), toModelMessages and
 * filterCompacted (session/message-v2.ts) and Session.getUsage; read 2026-12-04. See
 * docs/formats/opencode.md.
 */

// The session's own fields (Session.Info), none of them sent.
const SESSION_NOTE =
  "the session's metadata (title, directory, cost, …); not part of the conversation"

/**
 * Reads an opencode session: the JSON `opencode export` writes (`{info, messages}`), its list of
 * messages alone (`[{info, parts}]`, as the server's `/session/:id/message` returns it), or a
 * share's data (`[{type: "session" | "message" | "part", data}]`, which `opencode import` reads).
 * Like opencode, it loads what the next request sends: after a compaction, its summary and the
 * tail it kept, and none of the failed replies.
 */
export function readOpencode(input: ReadInput): ReadResult {
  const notes = new NoteList()
  return readOpencodeMessages(messagesOf(input.json(), notes), notes)
}

/**
 * A session's messages, oldest first, as opencode stores them (an export's, or a database's rows:
 * opencode-db.ts), read as the next request sends them. `notes` may already hold the notes of where
 * they came from.
 */
export function readOpencodeMessages(all: OcMessage[], notes: NoteList): ReadResult {
  const sent = sendableMessages(all)
  const dropped = all.length - sent.length
  if (dropped > 0) {
    const kept = new Set(sent)
    const first = all.find((m) => !kept.has(m)) as OcMessage
    notes.add({
      severity: 'info',
      path: pathString(first.at.slice(0, -1)),
      problem: `${dropped} message${dropped === 1 ? '' : 's'} before the latest compaction: replaced by its summary; not loaded, as opencode no longer sends ${dropped === 1 ? 'it' : 'them'}`,
    })
  }
  // A reply from before the latest compaction was measured with what its summary replaced.
  const order = new Map(all.map((m, i) => [m, i]))
  const summary = sent.find(isFinishedSummary)
  const compactedAt = summary ? (order.get(summary) ?? -1) : -1
  const unmeasured: ReportedUsage[] = []
  const messages: Message[] = []
  const usage: ReportedUsage[] = []
  let model: string | undefined
  let provider: string | undefined
  // The model the latest user message picked (UserMessage's `model`), for a file whose replies
  // name none: the only reply failed, or none was written yet.
  let picked: { modelID: string; providerID?: string } | undefined
  // opencode's system prompt ends with the `system` of the turn's user message (LLMRequestPrep).
  const lastUser = sent.findLast((m) => m.info.role === 'user')
  let system: string | undefined
  let summaries = 0
  const reasoning = new OtherReasoning()
  for (const m of sent) {
    noteInfo(m, notes)
    // A reply that failed is named as one, whether or not it wrote any part before it failed.
    if (m.info.role === 'assistant' && failed(m)) {
      notes.warn(
        pathString([...m.at, 'error']),
        'a reply that failed: opencode leaves it out of later requests; not loaded',
      )
      continue
    }
    if (m.parts.length === 0) {
      notes.info(pathString(m.at), 'a message with no parts; opencode sends nothing for it')
      continue
    }
    if (m.info.role === 'user') {
      const pick = m.info.model
      if (isObject(pick) && typeof pick.modelID === 'string' && pick.modelID !== '') {
        const providerID = typeof pick.providerID === 'string' ? pick.providerID : undefined
        picked = { modelID: pick.modelID, ...(providerID ? { providerID } : {}) }
      }
      if (typeof m.info.system === 'string' && m.info.system !== '') {
        if (m === lastUser) system = m.info.system
        else
          notes.info(
            pathString([...m.at, 'system']),
            "a system prompt addition sent with its own turn's requests: opencode sends the latest user message's; not loaded",
          )
      }
      if (isCompactionRequest(m)) notes.info(pathString(m.at), 'a compaction request')
      messages.push(...readUser(m, notes))
      continue
    }
    if (m.info.role !== 'assistant') {
      throw new ShapeError(`"role" is ${JSON.stringify(m.info.role)}, not "user" or "assistant"`, [
        ...m.at,
        'role',
      ])
    }
    if (typeof m.info.modelID === 'string') model = m.info.modelID
    if (typeof m.info.providerID === 'string') provider = m.info.providerID
    if (isFinishedSummary(m)) {
      // The latest compaction's summary replaced what was dropped; an earlier one in its tail, none.
      messages.push(summaryOf(m, summaries++ === 0 ? dropped : 0, notes))
      continue
    }
    const read = readAssistant(m, messages.length, notes)
    const writer = `${String(m.info.providerID)}/${String(m.info.modelID)}`
    const reports = read.usage.map((u) => withOtherReasoning(u, writer, reasoning))
    read.messages.forEach((r, j) => {
      // opencode sends another model's reasoning only where it has text (toModelMessages).
      if (r.type === 'reasoning' && r.text.trim() !== '')
        reasoning.push({ index: messages.length + j, writer })
    })
    messages.push(...read.messages)
    if ((order.get(m) ?? 0) < compactedAt) unmeasured.push(...reports)
    else usage.push(...reports)
  }
  if (unmeasured.length > 0) {
    const n = unmeasured.length
    notes.info(
      unmeasured[0].at,
      `${n} reported prompt size${n === 1 ? '' : 's'} from before the latest compaction: ${n === 1 ? 'its prompt' : 'their prompts'} held the messages its summary replaced, no longer loaded; not compared`,
    )
  }
  if (system !== undefined) {
    messages.unshift(orderMessage({ type: 'instructions', text: system }))
    // Each shared list moves once, and stays shared.
    const moved = new Map<readonly number[], readonly number[]>()
    for (const u of usage) {
      u.prompt += 1
      if (u.asText === undefined) continue
      let list = moved.get(u.asText)
      if (!list) moved.set(u.asText, (list = u.asText.map((i) => i + 1)))
      u.asText = list
    }
  }
  if (model === undefined && picked !== undefined) {
    model = picked.modelID
    provider ??= picked.providerID
  }
  const wire = provider !== undefined ? wireOf(provider) : undefined
  const thinking = keepsGlmThinking(sent) ? { thinking: 'kept' as const } : {}
  return {
    ...(model !== undefined ? { model } : {}),
    ...(wire !== undefined ? { wire } : {}),
    ...thinking,
    messages,
    notes,
    ...(usage.length > 0 ? { usage } : {}),
  }
}

/**
 * opencode's providers of GLM's Coding Plan (models.dev ids): their Chat Completions endpoint keeps
 * earlier turns' reasoning for GLM-4.7 and later (docs/tokens.md, "Earlier turns' thinking").
 */
const GLM_CODING_PLAN = new Set(['zai-coding-plan', 'zhipuai-coding-plan'])

/**
 * Whether the file's requests keep every earlier reply's reasoning: some reply came from GLM's
 * Coding Plan, and opencode sends each earlier assistant message's reasoning back as
 * `reasoning_content` for a model whose models.dev entry names that field (`interleaved`, every
 * GLM-4.7 and later there; ProviderTransform.message). The pricing keeps it for GLM-4.7 and later
 * only (thinking-retention.ts). A file with a Claude reply as well is left to the models' own rule:
 * the mark would keep an older Claude's earlier thinking, which Anthropic's API drops.
 */
function keepsGlmThinking(sent: readonly OcMessage[]): boolean {
  let coding = false
  for (const m of sent) {
    if (m.info.role !== 'assistant') continue
    if (typeof m.info.modelID === 'string' && /claude/i.test(m.info.modelID)) return false
    if (typeof m.info.providerID === 'string' && GLM_CODING_PLAN.has(m.info.providerID))
      coding = true
  }
  return coding
}

/**
 * The reasoning messages read so far, each with the provider and model that wrote it, and the
 * list each writer's requests send as plain text, kept while no new reasoning joins it: reports
 * that share one share one list.
 */
class OtherReasoning {
  private all: { index: number; writer: string }[] = []
  private lists = new Map<string, { count: number; list: readonly number[] }>()

  push(r: { index: number; writer: string }): void {
    this.all.push(r)
  }

  /** The reasoning before `prompt` that another provider or model than `writer` wrote. */
  otherThan(writer: string, prompt: number): readonly number[] {
    let count = 0
    while (count < this.all.length && this.all[count].index < prompt) count++
    const known = this.lists.get(writer)
    if (known && known.count === count) return known.list
    const list = this.all.slice(0, count).flatMap((r) => (r.writer === writer ? [] : [r.index]))
    const kept = known && sameList(known.list, list) ? known.list : list
    this.lists.set(writer, { count, list: kept })
    return kept
  }
}

const sameList = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((x, i) => x === b[i])

/**
 * A report with the reasoning its request sent as plain text: opencode's toModelMessages sends
 * the reasoning of a reply whose provider and model are not the request's as a text part, without
 * its provider metadata (opencode 1.15.4 and 1.18.33; docs/formats/opencode.md).
 */
function withOtherReasoning(
  u: ReportedUsage,
  writer: string,
  reasoning: OtherReasoning,
): ReportedUsage {
  const asText = reasoning.otherThan(writer, u.prompt)
  return asText.length > 0 ? { ...u, asText } : u
}

/**
 * A reply opencode leaves out of every later request: one that ended in an error, unless it was
 * aborted after it had written something beyond its reasoning (toModelMessages).
 */
function failed(m: OcMessage): boolean {
  const error = m.info.error
  if (error === undefined || error === null) return false
  const aborted = isObject(error) && error.name === 'MessageAbortedError'
  return !(aborted && m.parts.some((p) => p.type !== 'step-start' && p.type !== 'reasoning'))
}

/** A compaction's summary reply: its text, as an earlier summary of what it replaced. */
function summaryOf(m: OcMessage, dropped: number, notes: NoteList): Message {
  const texts: string[] = []
  m.parts.forEach((p, k) => {
    if (p.type === 'text' && typeof p.text === 'string') texts.push(p.text)
    else if (p.type !== 'step-start' && p.type !== 'step-finish')
      notes.info(
        pathString(m.partAt[k]),
        `a ${String(p.type)} part of a compaction summary; not loaded`,
      )
  })
  return orderMessage({
    id: typeof m.info.id === 'string' ? m.info.id : undefined,
    type: 'context',
    text: texts.join('\n\n'),
    meta: { compacted: true, droppedCount: dropped },
  })
}

/**
 * The wire a provider's requests go over, by opencode's provider id: Anthropic's Messages API,
 * OpenAI's Responses API (opencode's `openai` provider), Google's Gemini API; every other provider
 * (OpenRouter, opencode's own, a local server, …) is OpenAI-compatible Chat Completions.
 */
function wireOf(provider: string): Wire {
  if (/anthropic|bedrock/.test(provider)) return 'anthropic'
  if (provider === 'openai' || provider === 'azure') return 'openai-responses'
  if (/^google/.test(provider)) return 'gemini'
  return 'openai-chat'
}

/** The file's messages, in the order opencode stored them, from any of the three shapes. */
function messagesOf(root: unknown, notes: NoteList): OcMessage[] {
  if (isObject(root)) {
    if (!Array.isArray(root.messages)) {
      throw new ShapeError(
        root.messages === undefined
          ? 'missing "messages" (an opencode export is {info, messages})'
          : `"messages" is ${kind(root.messages)}, not a list`,
        ['messages'],
      )
    }
    for (const key of Object.keys(root)) {
      if (key === 'messages') continue
      if (key === 'info') notes.info('info', SESSION_NOTE)
      else notes.warn(key, 'not a field of an opencode export; not loaded')
    }
    return root.messages.map((m, i) => withParts(m, ['messages', i]))
  }
  if (!Array.isArray(root)) {
    throw new ShapeError(`expected an opencode export {info, messages}, found ${kind(root)}`, [])
  }
  if (root.some((e) => isObject(e) && 'data' in e && typeof e.type === 'string')) {
    return shareMessages(root, notes)
  }
  return root.map((m, i) => withParts(m, [i]))
}

function withParts(raw: unknown, at: JsonPath): OcMessage {
  if (!isObject(raw)) throw new ShapeError(`message is ${kind(raw)}, not an object`, at)
  const info = raw.info
  if (!isObject(info)) {
    throw new ShapeError(
      info === undefined ? 'missing "info"' : `"info" is ${kind(info)}, not an object`,
      [...at, 'info'],
    )
  }
  if (!Array.isArray(raw.parts)) {
    throw new ShapeError(
      raw.parts === undefined ? 'missing "parts"' : `"parts" is ${kind(raw.parts)}, not a list`,
      [...at, 'parts'],
    )
  }
  const parts = raw.parts.map((p, k) => objectPart(p, [...at, 'parts', k]))
  return {
    info,
    parts,
    at: [...at, 'info'],
    partAt: parts.map((_, k) => [...at, 'parts', k]),
  }
}

function objectPart(p: unknown, at: JsonPath): Json {
  if (!isObject(p)) throw new ShapeError(`part is ${kind(p)}, not an object`, at)
  return p
}

/**
 * A share's data (opencode's share sync, which `opencode import <url>` reads): entries of type
 * session, message and part, each part naming its message by `messageID`. A later entry for the
 * same message replaces the earlier, as opencode's import does.
 */
function shareMessages(root: unknown[], notes: NoteList): OcMessage[] {
  const byId = new Map<unknown, OcMessage>()
  const parts: { part: Json; at: JsonPath }[] = []
  root.forEach((e, i) => {
    if (!isObject(e)) throw new ShapeError(`entry is ${kind(e)}, not an object`, [i])
    const data = e.data
    if (e.type === 'message') {
      if (!isObject(data))
        throw new ShapeError(`"data" is ${kind(data)}, not an object`, [i, 'data'])
      byId.set(data.id, { info: data, parts: [], at: [i, 'data'], partAt: [] })
    } else if (e.type === 'part') {
      parts.push({ part: objectPart(data, [i, 'data']), at: [i, 'data'] })
    } else if (e.type === 'session') {
      notes.info(pathString([i, 'data']), SESSION_NOTE)
    } else {
      notes.info(
        pathString([i]),
        `a share entry of type ${JSON.stringify(e.type)}; not part of the conversation`,
      )
    }
  })
  for (const { part, at } of parts) {
    const owner = byId.get(part.messageID)
    if (!owner) {
      notes.warn(pathString(at), 'a part of a message the share does not hold; not loaded')
      continue
    }
    owner.parts.push(part)
    owner.partAt.push(at)
  }
  return [...byId.values()]
}

const isMessageEntry = (o: Json) =>
  isObject(o.info) && typeof o.info.role === 'string' && Array.isArray(o.parts)

/** opencode: a session as `opencode export` writes it, its messages alone, or a share's data. */
export const opencodeFormat = {
  id: 'opencode',
  label: 'opencode session (export)',
  shape:
    'JSON {info, messages: [{info, parts}]} as `opencode export` writes it, the bare [{info, parts}], or share data [{type, data}]',
  detect(sniff) {
    const root = rootObject(sniff)
    if (root && isObject(root.info) && Array.isArray(root.messages)) {
      const first = firstObjects(root.messages)
      return first.some(isMessageEntry) || (root.messages.length === 0 && 'slug' in root.info)
        ? 3
        : 0
    }
    const first = firstObjects(Array.isArray(sniff.json) ? sniff.json : undefined)
    if (first.some(isMessageEntry)) return 3
    const share = first.some(
      (o) =>
        (o.type === 'message' || o.type === 'part') &&
        isObject(o.data) &&
        typeof o.data.id === 'string',
    )
    return share ? 3 : 0
  },
  read: readOpencode,
} as const satisfies FormatDescriptor
