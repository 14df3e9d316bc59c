import { formatNumber } from '../numbers'
import type { EarlierThinking } from '../pricing/thinking-retention'
import type { NoteList } from './report'
import type { Ctx } from './gemini-cli-shared'
import { CHARS_PER_TOKEN, MIN_THINKING, SENT_SHARE, ThinkingSteps } from './reported-thinking'

/**
 * How much more than the last request, its reply and the new prompt a request must report before
 * the import says it held content the file does not record: well above a typed prompt's error.
 */
const MIN_UNRECORDED = 1000

/**
 * What the reports say at each new prompt, where the file's messages are known to the token: the
 * first request after a prompt holds the last request, the last reply (its reported `output`) and
 * the prompt, and nothing else unless the turn's thinking was sent (then it comes out) or the
 * request held content the file does not record (then it is larger). And inside a turn: a request
 * holds the last one, the last reply and its tool results, and the reply's thinking where it was
 * sent.
 *
 * - **Whether the turn's thinking was sent** (docs/tokens.md, "Gemini thinking the reports show
 *   was not sent"). Where it was, every request of the turn held it and the next prompt's does
 *   not: after a turn that thought at least MIN_THINKING tokens before its last reply, the
 *   prompt falls by about that thinking, or it does not. Gemini CLI's session files do not say
 *   which (the Gemini API bills it; the sessions of Code Assist, "Login with Google", show none),
 *   so the reports decide, and with no such prompt the model's own rule stands. A session of one
 *   prompt has no new prompt to tell: there the steps inside a turn do, after a reply that thought
 *   MIN_THINKING tokens or more and whose results' estimate (characters ÷ 4) is smaller than
 *   that thinking. The request grew by at least half the thinking, or it did not. Where the steps
 *   show none sent, none was, whatever the prompts show; where they show it sent, the model's rule
 *   stands, though the new prompts show it did not come out (gemini-3.5-flash, in one public
 *   session, kept some of it: no rule is drawn from one session).
 * - **Content the file does not record** (docs/formats/gemini-cli.md, "Tool calls the file does
 *   not record"): a request MIN_UNRECORDED tokens or more larger than that sum, and larger than
 *   twice the prompt's estimate, held something the file does not. Gemini CLI 0.4 – 0.8 recorded
 *   no tool calls, nor a reply of calls alone, so a turn's calls and results show only here; and
 *   before 0.44 it did not record the output of a shell command (`!cmd`) it added to the
 *   conversation (`addShellCommandToGeminiHistory`, recorded from google-gemini/gemini-cli
 *   055e0f6452).
 *
 * Fed the session's records in order: `prompt` for a typed prompt, `other` for anything else sent
 * between replies, `thoughts` for a reply's part that reports no request of its own, `reply` for a
 * reply that does.
 */
/** The last reply that reported a request: its prompt and output, and its tool results' characters. */
interface LastReply {
  input: number
  output: number
  results: number
}

export class NewPrompts {
  private turnThoughts = 0
  private lastThoughts = 0
  private last: LastReply | undefined
  /** Characters typed since the last reply; undefined while the turn goes on. */
  private typed: number | undefined
  private otherBetween = false
  private sent = 0
  private notSent = 0
  /** Steps inside a turn whose growth shows the last reply's thinking was sent, or was not. */
  private readonly inTurn = new ThinkingSteps()

  prompt(characters: number): void {
    this.typed = (this.typed ?? 0) + characters
  }

  /**
   * A record sent with the next request that is not a typed prompt (a function response recorded
   * on its own, context Gemini CLI adds): the arithmetic at the next prompt does not hold across it.
   */
  other(): void {
    this.otherBetween = true
  }

  thoughts(count: number): void {
    this.turnThoughts += count
  }

  /**
   * A reply that reports a request of its own: its prompt and output, its thinking, and the
   * characters of the tool results recorded with it (sent with the next request).
   */
  reply(input: number, output: number, thoughts: number, results: number, ctx: Ctx): void {
    if (this.typed !== undefined) {
      if (this.last && !this.otherBetween) this.newPrompt(input, this.last, ctx)
      this.turnThoughts = 0
    } else if (this.last && !this.otherBetween) {
      // Inside a turn: the last request, the last reply (its `output`) and its tool results, and
      // the reply's thinking where it was sent.
      this.inTurn.add({
        lastPrompt: this.last.input,
        reply: this.last.output,
        thinking: this.lastThoughts,
        added: this.last.results / CHARS_PER_TOKEN,
        prompt: input,
      })
    }
    this.turnThoughts += thoughts
    this.lastThoughts = thoughts
    this.last = { input, output, results }
    this.typed = undefined
    this.otherBetween = false
  }

  private newPrompt(input: number, last: LastReply, ctx: Ctx): void {
    const typed = (this.typed ?? 0) / CHARS_PER_TOKEN
    const grew = input - (last.input + last.output + typed)
    const before = this.turnThoughts - this.lastThoughts
    if (before >= MIN_THINKING && typed <= before) {
      if (-grew >= SENT_SHARE * before) this.sent++
      else this.notSent++
    }
    if (grew >= MIN_UNRECORDED && grew > typed) {
      ctx.notes.warn(
        ctx.where(['tokens', 'input']),
        `the reported prompt is about ${formatNumber(Math.round(grew))} tokens larger than the last request, its reply and the new prompt: the request held content the file does not record (Gemini CLI 0.4 – 0.8 recorded no tool calls, and before 0.44 no shell command's output it added to the conversation), so it and the later ones are counted low`,
      )
    }
  }

  /**
   * 'dropped' where most steps inside a turn, or else most new prompts, show no thinking was sent;
   * the model's rule (undefined) where the steps show it was, whatever the new prompts show; a
   * note either way.
   */
  verdict(notes: NoteList): EarlierThinking | undefined {
    const { held: heldInTurn, notHeld: notHeldInTurn, count: steps } = this.inTurn
    const prompts = this.sent + this.notSent
    const promptsSayDropped = prompts > 0 && this.notSent > this.sent
    if (steps > 0 && notHeldInTurn > heldInTurn && !promptsSayDropped) {
      notes.info(
        '',
        `Gemini's reported prompts show its requests held none of the replies' thinking: at ${formatNumber(notHeldInTurn)} of ${formatNumber(steps)} requests inside a turn after a reply that thought, the prompt grew by the reply and its tool results alone; thinking is priced at 0 in every request`,
      )
      return 'dropped'
    }
    if (prompts === 0) return undefined
    if (heldInTurn > notHeldInTurn && promptsSayDropped) {
      notes.info(
        '',
        `Gemini's reported prompts show its requests held the replies' thinking: at ${formatNumber(heldInTurn)} of ${formatNumber(steps)} requests inside a turn the prompt grew by the last reply's thinking, though at ${formatNumber(this.notSent)} of ${formatNumber(prompts)} new prompts it did not fall by the turn's; it is priced in every request of its turn, as the model's rule has it`,
      )
      return undefined
    }
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
