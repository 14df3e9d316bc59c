import { orderMessage } from '../conversation'
import type { Message } from '../types'
import { isObject } from './json-shape'
import { decodePayload, encodePayload } from './payload'
import type { NoteList } from './report'
import type { Entry, EntryReading } from './pi-shared'

/**
 * pi answers a tool call that was left without a result itself, in every request after it: when
 * the next reply or the next message the model reads as the user's comes, it sends a result of
 * its own, an error saying "No result provided" (`transformMessages`,
 * packages/ai/src/providers/transform-messages.ts, pi-ai 0.58.3 and 0.73.1). The file has no such
 * result, so the import adds it where pi sends it, and notes it there: the call is not cut from a
 * result, and the request costs that result too.
 */
export const SYNTHETIC_RESULT = 'No result provided'

const SYNTHETIC_NOTE =
  'pi sends its own error result ("No result provided") for each earlier tool call left without one; added before this entry, as sent'
const TRAILING_NOTE =
  'a tool call with no result at the end of the branch: pi 0.73 and later send an error result of their own for it with the next request; not added'

/**
 * The calls of the latest reply still waiting for their results. Results are counted, and the
 * reply's calls read from its payload only when fewer came than it made: pi writes a reply's
 * results right after it, so in almost every session the count settles it without a parse.
 */
export class PendingCalls {
  private reply: Message | undefined
  private expected = 0
  private answered: string[] = []

  constructor(private readonly notes: NoteList) {}

  /**
   * Before an entry's messages are placed: a reply, or a message the model reads as the user's,
   * first gets the synthetic results of the calls left open.
   */
  before(line: number, role: LlmRole, messages: Message[]): void {
    if (this.expected === 0) return
    if (role !== 'assistant' && role !== 'user') return
    const open = this.open()
    if (open.length > 0) {
      for (const id of open) messages.push(syntheticResult(id))
      this.notes.info(`line ${line}`, SYNTHETIC_NOTE)
    }
    this.expected = 0
  }

  /** After: a reply's calls wait for their results (a failed reply's are never sent); a result answers one. */
  after(role: LlmRole, read: EntryReading): void {
    if (role === 'toolResult') {
      if (this.expected > 0) for (const m of read.messages) if (m.id) this.answered.push(m.id)
    } else if (role === 'assistant' && read.calls > 0) {
      this.reply = read.messages[read.messages.length - 1]
      this.expected = read.calls
      this.answered = []
    }
  }

  /** The ids of the reply's calls that no result has answered. */
  private open(): string[] {
    if (this.expected === 0 || this.answered.length >= this.expected) return []
    const open: string[] = []
    for (const { id } of decodePayload(this.reply?.payload)?.tool_calls ?? []) {
      if (id !== undefined && !this.answered.includes(id)) open.push(id)
    }
    return open
  }

  /** At the end of the branch: a call still open is noted, not answered (pi before 0.73 did not). */
  end(lastLine: number | undefined): void {
    if (lastLine === undefined) return
    if (this.open().length > 0) {
      this.notes.info(`line ${lastLine}`, TRAILING_NOTE)
    }
  }
}

/** The role an entry has in the request pi builds (convertToLlm, core/messages.ts), if any. */
export type LlmRole = 'assistant' | 'toolResult' | 'user' | null

/** An entry's LlmRole, given what it read as. */
export function llmRole(e: Entry, read: readonly Message[]): LlmRole {
  if (read.length === 0) return null
  const v = e.value
  if (v.type === 'message' && isObject(v.message)) {
    if (v.message.role === 'assistant') return 'assistant'
    if (v.message.role === 'toolResult') return 'toolResult'
    return 'user'
  }
  // A custom message and a branch summary are sent as the user's (convertToLlm).
  return v.type === 'custom_message' || v.type === 'branch_summary' ? 'user' : null
}

function syntheticResult(callId: string): Message {
  return orderMessage({
    id: callId,
    type: 'activity',
    text: '',
    payload: encodePayload({ content: SYNTHETIC_RESULT, is_error: true }),
  })
}
