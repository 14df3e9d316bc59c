import { formatNumber } from '../numbers'
import type { EarlierThinking } from '../pricing/thinking-retention'
import type { NoteList } from './report'

/**
 * The least thinking a turn must have had, before its last reply, for the next prompt's report to
 * say whether it was sent: a few hundred tokens stand well clear of the error in a typed prompt's
 * estimate (its characters ÷ 4).
 */
const MIN_TURN_THINKING = 300

/** The share of the turn's thinking the prompt must fall by to show it had been sent. */
const SENT_SHARE = 0.5

/** A typed prompt's tokens, as near as its characters tell without a vocabulary. */
const CHARS_PER_TOKEN = 4

/**
 * Whether Gemini's requests held the thinking of the turn's earlier replies, as the file's own
 * reports show it at each new prompt (docs/tokens.md, "Gemini thinking the reports show was not
 * sent"). Where the turn's thinking was sent, every request of the turn held it, and the first
 * request after the next prompt does not: its reported prompt is the last request's, plus the
 * last reply (its `output`) and the prompt, less the turn's thinking. Where it was not, nothing
 * comes out. So, at each new prompt after a turn that thought at least MIN_TURN_THINKING tokens
 * before its last reply, the prompt either fell by about that thinking (sent) or did not (not
 * sent). Gemini CLI's session files do not say which (the Gemini API bills it; the sessions of
 * Code Assist, "Login with Google", show none), so the reports decide, and with no such prompt the
 * model's own rule stands.
 *
 * Fed the session's records in order: `prompt` for a typed prompt, `toolResult` for a function
 * response recorded on its own, `reply` for a reply that reports a request of its own.
 */
export class SentThinking {
  private turnThoughts = 0
  private lastThoughts = 0
  private last: { input: number; output: number } | undefined
  /** Characters typed since the last reply; undefined while the turn goes on. */
  private typed: number | undefined
  private toolResultBetween = false
  private sent = 0
  private notSent = 0

  prompt(characters: number): void {
    this.typed = (this.typed ?? 0) + characters
  }

  toolResult(): void {
    this.toolResultBetween = true
  }

  /** A reply's reported thoughts that came in a record of their own (no request of its own). */
  thoughts(count: number): void {
    this.turnThoughts += count
  }

  reply(input: number, output: number, thoughts: number): void {
    if (this.typed !== undefined) {
      const before = this.turnThoughts - this.lastThoughts
      const typed = this.typed / CHARS_PER_TOKEN
      if (this.last && !this.toolResultBetween && before >= MIN_TURN_THINKING && typed <= before) {
        const fell = this.last.input + this.last.output + typed - input
        if (fell >= SENT_SHARE * before) this.sent++
        else this.notSent++
      }
      this.turnThoughts = 0
    }
    this.turnThoughts += thoughts
    this.lastThoughts = thoughts
    this.last = { input, output }
    this.typed = undefined
    this.toolResultBetween = false
  }

  /** 'dropped' where most such prompts show no thinking was sent; a note either way. */
  verdict(notes: NoteList): EarlierThinking | undefined {
    const prompts = this.sent + this.notSent
    if (prompts === 0) return undefined
    const dropped = this.notSent > this.sent
    const of = `${formatNumber(dropped ? this.notSent : this.sent)} of ${formatNumber(prompts)}`
    if (dropped) {
      notes.info(
        '',
        `Gemini's reported prompts show its requests held none of the replies' thinking: at ${of} new prompts after a turn that thought, the prompt grew by the last reply and the new prompt alone, where the turn's thinking, had it been sent, would have come out of it; thinking is priced at 0 in every request`,
      )
      return 'dropped'
    }
    notes.info(
      '',
      `Gemini's reported prompts show its requests held the turn's thinking: at ${of} new prompts after a turn that thought, the prompt fell by about that thinking; it is priced in every request of its turn`,
    )
    return undefined
  }
}
