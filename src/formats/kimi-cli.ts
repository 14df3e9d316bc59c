import type { Message } from '../types'
import { ShapeError, isObject, kind, type Json } from './json-shape'
import {
  latestPrompt,
  linesNotes,
  type RecordedPrompt,
  LocatedError,
  type ReadInput,
  type ReadResult,
  type SkippedLine,
} from './reader'
import { NoteList, NoteRecord } from './report'
import { isCount, shiftUsage } from './reported-usage'
import { lineObjects } from './sniff-shapes'
import type { FormatDescriptor, ReportedUsage } from './types'
import { isCompactionSummary, readKimiMessage } from './kimi-cli-message'
import { pathsInside } from './line-paths'

/*
 * Kimi CLI (Moonshot AI) keeps what it sends the model as <share>/sessions/<md5 of the working
 * folder>/<session id>/context.jsonl: one record per line, in the order it appends them. Followed:
 * kimi-cli 1.49.0 (github.com/MoonshotAI/kimi-cli): src/kimi_cli/soul/context.py (the records and
 * how a session is restored from them), soul/kimisoul.py (when each is written) and
 * soul/compaction.py (what a compaction leaves). See docs/formats/kimi-cli.md.
 */

// Kimi CLI's own records, beside the messages: their role starts with an underscore.
const SYSTEM_PROMPT = '_system_prompt'
const CHECKPOINT = '_checkpoint'
const USAGE = '_usage'
/** The roles of Kimi CLI's own records, beside the messages. */
export const OWN_RECORDS: ReadonlySet<string> = new Set([SYSTEM_PROMPT, CHECKPOINT, USAGE])

const NOTES = {
  checkpoint: 'a checkpoint the session can be reverted to; not sent',
  total:
    "the reply's input and output tokens together, as Kimi CLI records them after a reply; its output read as the reply's",
  unpaired:
    'input and output tokens together after a reply whose prompt size the file does not record; not a prompt size, not read',
  estimate:
    "Kimi CLI's own estimate after a compaction (the summary's output tokens and the kept messages' characters ÷ 4); not a provider's report, not read",
  pending:
    'a prompt size reported for a reply the file does not hold (the turn was cut off, or is still running); not read',
  movedPrompt:
    'the system prompt, after the first record (Kimi CLI writes it first); loaded first, as Kimi CLI sends it',
  kept: "thinking as Kimi's API returns it (no signature, nothing encrypted): Kimi CLI sends each reply's thinking back with it, as reasoning_content, in every later request, so it is counted there",
  headless: (role: string) =>
    `the first message is ${role === 'tool' ? "a tool's result" : "the model's reply"}, where Kimi CLI starts a context with the user's message or a compaction's summary: its beginning may be missing, and what its first request held beyond the file may be earlier conversation, not only the system prompt and tools`,
} as const

/** The reply just read, and the prompt size reported for it, if one was. */
interface Reply {
  report: ReportedUsage | undefined
}

/**
 * Reads a Kimi CLI context file as Kimi CLI restores it: every message record in file order, the
 * latest system prompt first. The provider's prompt size is the `_usage` record written just
 * before a reply (the step's input tokens), and its output the next one less it.
 */
export function readKimiCli(input: ReadInput): ReadResult {
  if (input.isOneDocument()) {
    throw new LocatedError(
      'one JSON document, not JSONL with one Kimi CLI context record per line',
      '',
    )
  }
  const later = new NoteList()
  const record = new NoteRecord()
  const where = pathsInside()
  const messages: Message[] = []
  const usage: ReportedUsage[] = []
  const inLine: SkippedLine[] = []
  const prompts: RecordedPrompt[] = []
  let records = 0
  let firstRecord: number | undefined
  // The first message read, which a context Kimi CLI wrote whole opens with a user's message.
  let firstMessage: { line: number; role: string } | undefined
  // The first record that was not read (a role Kimi CLI does not write, a message it would not
  // take): what a file of no readable record is refused for.
  let firstUnread: SkippedLine | undefined
  // The latest `_usage` since the last message, waiting for the reply it was the prompt of.
  let pending: { line: number; tokens: number; estimate: boolean } | undefined
  // The last record was a reply (its report, if it had one): a `_usage` now is its total.
  let reply: Reply | undefined
  // Since a compaction's summary, before any `_usage`: Kimi CLI's own estimate comes next.
  let estimateDue = false
  // The first reply whose thinking is Kimi's API's (a think part with nothing encrypted), and
  // whether any thinking carries another provider's signature or encrypted content.
  let kimiThinking: number | undefined
  let otherThinking = false

  const broken = input.eachJsonLine((value, line) => {
    if (!isObject(value) || typeof value.role !== 'string') {
      inLine.push({
        line,
        problem: `${isObject(value) ? 'an object with no "role"' : kind(value)}, not a Kimi CLI context record`,
      })
      return
    }
    firstRecord ??= line
    const role = value.role
    if (role.startsWith('_')) {
      if (OWN_RECORDS.has(role)) records++
      ownRecord(value, role, line)
      return
    }
    const read = readMessage(value, line)
    if (read === undefined) return
    records++
    firstMessage ??= { line, role }
    // Kimi CLI's estimate is never directly followed by a reply in a file that records its system
    // prompt (1.21.0 on): its steps write their own `_usage` first.
    if (pending?.estimate && (role !== 'assistant' || prompts.length > 0)) {
      later.addOnLine('info', pending.line, '', NOTES.estimate)
      pending = undefined
    }
    if (role === 'assistant') {
      const report =
        pending !== undefined
          ? { prompt: messages.length, inputTokens: pending.tokens, at: `line ${pending.line}` }
          : undefined
      if (report) usage.push(report)
      reply = { report }
    } else {
      if (pending !== undefined) later.addOnLine('info', pending.line, '', NOTES.pending)
      reply = undefined
    }
    pending = undefined
    if (isCompactionSummary(value)) {
      estimateDue = true
      const summary = read[0]
      read[0] = { ...summary, type: 'context', meta: { compacted: true, droppedCount: 0 } }
      later.addOnLine(
        'info',
        line,
        '',
        "the summary of Kimi CLI's compaction; the messages it replaced are in the context file it rotated (context_N.jsonl), not in this one",
      )
    }
    // Gemini's thinking comes with no encrypted value: its signature rides on the tool call.
    if (geminiSigned(value)) otherThinking = true
    for (const m of read) {
      if (m.type === 'reasoning') {
        if (m.payload === undefined) kimiThinking ??= line
        else otherThinking = true
      }
      messages.push(m)
    }
  })

  function ownRecord(value: Json, role: string, line: number): void {
    switch (role) {
      case SYSTEM_PROMPT:
        if (typeof value.content !== 'string') {
          later.addOnLine('warning', line, 'content', 'not a string; skipped, as Kimi CLI skips it')
          return
        }
        prompts.push({ line, text: value.content })
        return
      case CHECKPOINT:
        if (!Number.isInteger(value.id)) {
          later.addOnLine('warning', line, 'id', 'not an integer; skipped, as Kimi CLI skips it')
          return
        }
        later.addOnLine('info', line, '', NOTES.checkpoint)
        return
      case USAGE: {
        const tokens = value.token_count
        if (!isCount(tokens)) {
          later.addOnLine(
            'warning',
            line,
            'token_count',
            'not a count of tokens; skipped, as Kimi CLI skips it',
          )
          return
        }
        if (estimateDue) {
          // Kimi CLI's estimate, written once the compaction's messages are (1.16.0 on), or in an
          // older file the next step's prompt size: which one, the next record says.
          estimateDue = false
          reply = undefined
          pending = { line, tokens, estimate: true }
          return
        }
        if (reply !== undefined) {
          const report = reply.report
          if (report && tokens >= report.inputTokens) {
            report.outputTokens = tokens - report.inputTokens
            later.addOnLine('info', line, '', NOTES.total)
          } else later.addOnLine('info', line, '', NOTES.unpaired)
          reply = undefined
          return
        }
        if (pending !== undefined) {
          later.addOnLine(
            'info',
            pending.line,
            '',
            pending.estimate ? NOTES.estimate : NOTES.pending,
          )
        }
        pending = { line, tokens, estimate: false }
        return
      }
      default: {
        const problem = `"${role}" is not a record Kimi CLI writes (${[...OWN_RECORDS].join(', ')})`
        firstUnread ??= { line, problem }
        later.addOnLine('warning', line, 'role', `${problem}; not loaded`)
      }
    }
  }

  function readMessage(value: Json, line: number): Message[] | undefined {
    try {
      const read = readKimiMessage(value, record, where)
      later.addRecordOnLine(record.take(), line)
      return read
    } catch (error) {
      if (!(error instanceof ShapeError)) throw error
      record.take()
      firstUnread ??= { line, problem: error.problem }
      later.addOnLine(
        'warning',
        line,
        where(error.steps),
        `${error.problem}; message skipped, as Kimi CLI skips it`,
      )
      return undefined
    }
  }

  if (pending !== undefined) {
    later.addOnLine('info', pending.line, '', pending.estimate ? NOTES.estimate : NOTES.pending)
  }
  // A context opens with the user's first message, or after a compaction with its summary, a user
  // message too (soul/compaction.py): one that opens with a reply or a result was cut.
  if (
    firstMessage !== undefined &&
    firstMessage.role !== 'user' &&
    firstMessage.role !== 'system'
  ) {
    later.addOnLine('warning', firstMessage.line, 'role', NOTES.headless(firstMessage.role))
  }
  const what = 'a Kimi CLI context record (a message, or _system_prompt, _checkpoint, _usage)'
  const notes = linesNotes({ what, read: records, broken, inLine, firstUnread, later })

  let reported = usage
  const prompt = latestPrompt(prompts, notes)
  if (prompt !== undefined) {
    if (prompt.line !== firstRecord) notes.info(`line ${prompt.line}`, NOTES.movedPrompt)
    messages.unshift({ type: 'instructions', text: prompt.text })
    reported = shiftUsage(usage, 1)
  }
  // Kimi's provider sends every assistant message's think parts back as reasoning_content
  // (kosong chat_provider/kimi.py, _convert_message), and the reported prompts hold them. Thinking
  // with a signature or encrypted content came from another provider, whose own rule stands.
  const keptThinking = kimiThinking !== undefined && !otherThinking
  if (keptThinking) notes.info(`line ${kimiThinking}: content`, NOTES.kept)
  return {
    messages,
    notes,
    ...(keptThinking ? { thinking: 'sent' as const } : {}),
    ...(reported.length > 0 ? { usage: reported } : {}),
    ...(prompt !== undefined ? { systemPromptRecorded: true as const } : {}),
  }
}

/** Whether a message's tool call carries Gemini's thought signature (kosong google_genai.py). */
function geminiSigned(value: Json): boolean {
  const calls = value.tool_calls
  return (
    Array.isArray(calls) &&
    calls.some((c) => isObject(c) && isObject(c.extras) && 'thought_signature_b64' in c.extras)
  )
}

/** Kimi CLI: a JSONL context file of kosong messages and Kimi CLI's own `_`-role records. */
export const kimiCliFormat = {
  id: 'kimi-cli',
  label: 'Kimi CLI context (JSONL)',
  shape:
    'JSONL, one record per line: {role, content, tool_calls?, tool_call_id?}, and {"role":"_system_prompt" | "_checkpoint" | "_usage", …}',
  detect(sniff) {
    const own = lineObjects(sniff).some(
      (o) => typeof o.role === 'string' && OWN_RECORDS.has(o.role),
    )
    return own ? 3 : 0
  },
  read: readKimiCli,
} as const satisfies FormatDescriptor
