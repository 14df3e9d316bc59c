import type { Message } from '../types'
import { ShapeError, isObject, pathString, type Json, type JsonPath } from './json-shape'
import { NoteList } from './report'
import { isCount } from './reported-usage'
import type { RecordedWindow, ReportedUsage } from './types'
import { Pairing, readParts } from './gemini-cli-parts'
import type { Ctx } from './gemini-cli-shared'

/*
 * What Qwen Code sends from a session's chain of records: its model-facing history, rebuilt as
 * its SessionApiHistoryAccumulator rebuilds it on resume (@qwen-code/qwen-code 0.24.4,
 * packages/core/src/services/session-api-history.ts): the latest chat compression's history,
 * then each later record's message. See docs/formats/qwen-code.md.
 */

/** One record on the chain, its fragments (records of one uuid) merged, with what is read of it. */
export interface ChainRecord {
  line: number
  uuid: string
  type: string
  subtype: string | undefined
  /** The API content (`{role, parts}`) the record holds, if any. */
  message: Json | undefined
  model: string | undefined
  usage: Json | undefined
  /** The model's context window, as the reply records it (`contextWindowSize`). */
  window: number | undefined
  /** A chat compression's history (`systemPayload.compressedHistory`). */
  compressed: unknown[] | undefined
  /** A slash command record's payload, for the rule that takes an unsent command back out. */
  command: Json | undefined
}

/** One content of the history, with where it came from. */
interface Turn {
  content: Json
  at: JsonPath
  ctx: Ctx
  record: ChainRecord | undefined
  /** The id its first message takes: the record's uuid, or the compression's for its summary. */
  id: string | undefined
  /** The compression's summary, which opens the history it rebuilt. */
  summaryOf?: number
}

/** Messages read from the chain, the reports of the requests they hold, and the model. */
export interface History {
  messages: Message[]
  usage: ReportedUsage[]
  model: string | undefined
  /** The window the latest reply that records one was served in. */
  window: RecordedWindow | undefined
}

/** Builds the history Qwen Code sends next from the chain, and reads it as core messages. */
export function historyOf(chain: readonly ChainRecord[], notes: NoteList): History {
  let turns: Turn[] = []
  let previous: ChainRecord | undefined
  let model: string | undefined
  let window: RecordedWindow | undefined
  const lineCtx = (line: number): Ctx => ({
    notes,
    where: (steps) => `line ${line}${steps.length > 0 ? `: ${pathString(steps)}` : ''}`,
  })
  for (const r of chain) {
    if (r.type === 'system') {
      if (r.subtype === 'chat_compression' && r.compressed) {
        const dropped = countMessages(turns)
        const ctx = lineCtx(r.line)
        turns = r.compressed.filter(isObject).map((content, i) => ({
          content,
          at: ['systemPayload', 'compressedHistory', i],
          ctx,
          record: undefined,
          id: i === 0 ? r.uuid : undefined,
          ...(i === 0 ? { summaryOf: dropped } : {}),
        }))
        notes.info(
          `line ${r.line}`,
          'a chat compression: its history (the summary, then what it kept) replaces everything before it, as Qwen Code sends it',
        )
        previous = undefined
      } else if (r.subtype === 'slash_command') {
        notes.info(
          `line ${r.line}`,
          "a slash command's record (its invocation or its result, for Qwen Code's own view); not sent to the model",
        )
        if (unsentCommand(r, previous)) {
          turns.pop()
          notes.info(
            `line ${previous!.line}`,
            'a slash command Qwen Code answered itself; not sent to the model, not loaded',
          )
        }
        if (previous?.type === 'user') previous = undefined
      } else {
        const kind = r.subtype === undefined ? '' : ` ("${r.subtype}")`
        notes.info(`line ${r.line}`, `Qwen Code's own system record${kind}; not sent to the model`)
      }
      continue
    }
    if (r.model !== undefined) model = r.model
    if (r.window !== undefined)
      window = { tokens: r.window, at: `line ${r.line}: contextWindowSize` }
    if (!r.message) continue
    if (r.subtype === 'realtime_message') {
      notes.info(`line ${r.line}`, 'a realtime voice transcript; not sent, not loaded')
      continue
    }
    const last = turns[turns.length - 1]
    if (r.subtype === 'mid_turn_user_message' && last?.content.role === 'user') {
      // Typed while a turn ran: sent as more parts of the user turn before it.
      const parts = [...partsOf(last.content), ...partsOf(r.message)]
      last.content = { ...last.content, parts }
      notes.info(`line ${r.line}`, 'typed during a turn; sent with the user turn before it')
    } else {
      turns.push({
        content: r.message,
        at: ['message'],
        ctx: lineCtx(r.line),
        record: r,
        id: r.uuid,
      })
    }
    previous = r
  }
  return { ...read(turns), model, window }
}

/** The turns as core messages, with the reports of the requests whose replies they hold. */
function read(turns: readonly Turn[]): Omit<History, 'model' | 'window'> {
  const messages: Message[] = []
  const usage: ReportedUsage[] = []
  const pairing = new Pairing()
  turns.forEach((t, i) => {
    const role = t.content.role === 'model' ? 'model' : 'user'
    const prompt = messages.length
    let read: Message[]
    try {
      read = readParts(t.content.parts, role, [...t.at, 'parts'], t.ctx, pairing, i)
    } catch (error) {
      if (!(error instanceof ShapeError)) throw error
      t.ctx.notes.warn(t.ctx.where(error.steps), `${error.problem}; turn skipped`)
      return
    }
    if (t.summaryOf !== undefined) {
      read = read.map((m, k) =>
        k === 0
          ? { ...m, type: 'context', meta: { compacted: true, droppedCount: t.summaryOf! } }
          : m,
      )
    }
    const id = t.id
    if (id !== undefined && read[0] && read[0].id === undefined) read[0] = { ...read[0], id }
    for (const m of read) messages.push(m)
    const reported = t.record && role === 'model' ? reportOf(t.record, prompt) : undefined
    if (reported) usage.push(reported)
  })
  return { messages, usage }
}

/**
 * A reply's `usageMetadata` (the Gemini API's shape, which Qwen Code fills from every provider):
 * `promptTokenCount` is the request's prompt, cached tokens included. Zero is no report.
 */
function reportOf(r: ChainRecord, prompt: number): ReportedUsage | undefined {
  const u = r.usage
  if (!u || !isCount(u.promptTokenCount) || u.promptTokenCount === 0) return undefined
  const output = isCount(u.candidatesTokenCount) ? u.candidatesTokenCount : undefined
  return {
    prompt,
    inputTokens: u.promptTokenCount,
    ...(output !== undefined ? { outputTokens: output } : {}),
    at: `line ${r.line}: usageMetadata`,
    ...(r.model !== undefined ? { model: r.model } : {}),
  }
}

/**
 * Qwen Code's rule for a slash command it answered itself: when the command's result was not sent
 * to the model and is the assistant's only output, the plain user turn that typed the command is
 * taken back out of the history.
 */
function unsentCommand(r: ChainRecord, previous: ChainRecord | undefined): boolean {
  const c = r.command
  if (!c || c.phase !== 'result' || c.sentToModel === true) return false
  const items = c.outputHistoryItems
  if (!Array.isArray(items) || items.length === 0) return false
  if (!items.every((item) => isObject(item) && item.type === 'assistant')) return false
  if (previous?.type !== 'user' || previous.subtype !== undefined) return false
  const parts = previous.message ? partsOf(previous.message) : []
  const only = parts.length === 1 && isObject(parts[0]) ? parts[0] : undefined
  return (
    previous.message?.role === 'user' &&
    only !== undefined &&
    Object.keys(only).length === 1 &&
    only.text === c.rawCommand
  )
}

const partsOf = (content: Json): unknown[] => (Array.isArray(content.parts) ? content.parts : [])

/** How many core messages the turns read as: what a compression replaced. */
function countMessages(turns: readonly Turn[]): number {
  if (turns.length === 0) return 0
  // Read again only to be counted: its notes are made where the turns are read, if they are.
  const scratch: Ctx = { notes: new NoteList(), where: () => '' }
  const pairing = new Pairing()
  let n = 0
  for (const t of turns) {
    const role = t.content.role === 'model' ? 'model' : 'user'
    try {
      n += readParts(t.content.parts, role, [], scratch, pairing).length
    } catch {
      n += 1
    }
  }
  return n
}
