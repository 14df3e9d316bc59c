/*
 * Whether a log's provider-reported prompts show that a reply's thinking was sent back with the
 * next request: the one test the Gemini CLI reader (gemini-cli-new-prompts.ts) and the
 * mini-swe-agent reader (swe-agent-mini.ts) share. See docs/tokens.md, "Thinking the steps inside a
 * turn show" and "mini-swe-agent reasoning the reports show was not sent".
 */

/**
 * The least thinking a reply must have had for the next request's report to say whether it was
 * sent: a few hundred tokens stand well clear of the error in an estimate of its tool results
 * (their characters ÷ 4).
 */
export const MIN_THINKING = 300

/** The share of the thinking a request must grow by, beyond the rest, to show it was sent. */
export const SENT_SHARE = 0.5

/** Text's tokens, as near as its characters tell without a vocabulary. */
export const CHARS_PER_TOKEN = 4

/** A request that follows a reply inside a turn, and what the reports and the file say of both. */
export interface StepAfterReply {
  /** The reply's request: its reported prompt. */
  lastPrompt: number
  /** The reply's tokens besides its thinking (reported, or its output less the thinking). */
  reply: number
  /** The reply's thinking, in tokens. */
  thinking: number
  /** What was sent after the reply and before this request (its tool results), in tokens. */
  added: number
  /** This request's reported prompt. */
  prompt: number
}

/**
 * Whether the request held the last reply's thinking: a request inside a turn holds the last
 * request, the last reply and what came after it, and the reply's thinking where it was sent. So
 * it grew by at least SENT_SHARE of the thinking beyond the rest (true), or it did not (false).
 * Undefined where the thinking is too small to tell, or smaller than what came after it (whose
 * estimate's error could hide it).
 */
export function heldThinking(step: StepAfterReply): boolean | undefined {
  if (step.thinking < MIN_THINKING || step.added > step.thinking) return undefined
  const grew = step.prompt - (step.lastPrompt + step.reply + step.added)
  return grew >= SENT_SHARE * step.thinking
}

/** The requests whose reports show the last reply's thinking sent, and those that show it not. */
export class ThinkingSteps {
  held = 0
  notHeld = 0

  /** Counts the step where it tells, and says what it told (heldThinking). */
  add(step: StepAfterReply): boolean | undefined {
    const held = heldThinking(step)
    if (held === true) this.held++
    else if (held === false) this.notHeld++
    return held
  }

  get count(): number {
    return this.held + this.notHeld
  }

  /** Most of the requests that tell show the thinking was not sent. */
  get dropped(): boolean {
    return this.notHeld > this.held
  }
}
