import type { EncodingName } from '../tokens'
import { dashedClaudeVersion } from './claude-name'
import type { OpenEncoding } from './open-vocabularies'

/**
 * How a model generation without a public tokenizer is counted: with a vocabulary (OpenAI's, or
 * Gemma 3's for Gemini, which Google says is Gemini's), times a factor measured against the prompt
 * sizes the provider reported. scripts/calibrate.ts measures it; docs/tokens.md ("Calibration
 * data") gives the table and the logs it was measured on.
 */
export interface Calibration {
  family: 'anthropic' | 'google'
  /** e.g. 'Claude 4.x (before Opus 4.7)', 'Claude Opus 4.7', 'Gemini 2.5/3' */
  generation: string
  /** model names this generation covers */
  matches: (model: string) => boolean
  /** the vocabulary counted with, then multiplied by factor */
  encoding: EncodingName | OpenEncoding
  factor: number
  /**
   * A tool result's text is multiplied by this instead of `factor`, where it was measured apart:
   * tool output (code, paths, command output) tokenizes otherwise than conversation.
   */
  resultFactor?: number
  /**
   * Tokens added for each Han character before the factor, where the provider's tokenizer was
   * measured to split Chinese text finer than the vocabulary counted with (docs/tokens.md,
   * "Chinese text").
   */
  hanTokens?: number
  /**
   * Tokens added for each Hangul syllable before the factor, where the provider's tokenizer was
   * measured to split Korean text finer than the vocabulary counted with (docs/tokens.md, "Korean
   * text").
   */
  hangulTokens?: number
  /**
   * Measured: |estimate/report − 1| ≤ withinPct/100 on WITHIN_SHARE of `requests` provider-reported
   * requests, each estimated as the app estimates it with the context not in the file included.
   */
  withinPct: number
  /** 0 while no measurement is stated: the words say "not yet measured" */
  requests: number
}

/**
 * The share of the measured requests that `withinPct` bounds. Public sessions hold requests that
 * carried content their file never recorded (reminders, attachments, deferred tool definitions):
 * the largest errors are those, not the count, and a bound over every request would say more about
 * them than about the count. `scripts/measure-targets.ts whole` measures it (docs/tokens.md,
 * "How close, on a thousand public sessions").
 */
export const WITHIN_SHARE = 0.9

/**
 * The tokens per message, counted before the factor, that the factors were measured with: a
 * message's cost is `factor × (tokens(text + billed payload) + this)`. Anthropic's wire frames
 * every block (tool calls and results carry their ids): on the Claude Code and pi transcripts of
 * the Claude entry below, 16 keeps every session's growth within [0.85, 1.15] (0.869–1.118),
 * where today's 4 left Claude Code's early requests at 0.73 (12: 0.829). Gemini, counted with
 * its own vocabulary, adds nothing: on 1,527 reported requests of public Gemini CLI sessions the
 * estimate of the text alone is a median 0.1% under the reports (docs/tokens.md).
 */
export const CALIBRATED_MESSAGE_TOKENS: Readonly<Record<Calibration['family'], number>> = {
  anthropic: 16,
  google: 0,
}

/**
 * The system prompt Anthropic adds to a request that offers tools, in tokens: 346 with
 * tool_choice auto or none (313 with any or tool), as Anthropic's tool-use documentation lists it
 * for its Claude 4 models ("Tool use system prompt token count", docs.anthropic.com, read
 * 2026-12-01). Added after the factor, once a request, with the tool schemas (cost.ts).
 */
export const ANTHROPIC_TOOL_USE_PROMPT_TOKENS = 346

/**
 * The same prompt when the request's `tool_choice` forces a tool call (`any`, or one named
 * `tool`), which the import keeps with the tools: 313, from the same table. It stands for the
 * choice as well; the choice's JSON is not priced as text.
 */
export const ANTHROPIC_FORCED_TOOL_USE_PROMPT_TOKENS = 313

/**
 * Opus 4.7 and later Opus, and any Claude 5, whatever its family's name: Anthropic's new
 * tokenizer. A family named otherwise than Opus, Sonnet or Haiku (`claude-fable-5`, in public
 * Claude Code sessions of December 2026) grew at 0.47 – 0.64 of the reports when counted as the
 * older generation, and at 0.92 – 1.01 as this one (docs/tokens.md). Read in Anthropic's spelling
 * (dashedClaudeVersion: `claude-opus-4.7` as Copilot writes it is `claude-opus-4-7`).
 */
const NEW_CLAUDE_TOKENIZER = /claude-(?:opus-4-(?:[7-9]|\d{2,})|[a-z]+-(?:[5-9]|\d{2,}))(?!\d)/

export const CALIBRATIONS: readonly Calibration[] = [
  {
    // Derived from Anthropic's published figure, then checked on small requests. Anthropic's Opus
    // 4.7 notes say its new tokenizer uses "roughly 1× to 1.35×" the tokens of earlier models for
    // the same text; independent count_tokens measurements of Claude Code content put it at about
    // 1.32×: 1.14 × 1.32 ≈ 1.50. The only public reported counts found are 11 small requests
    // (13–586 tokens; claude-opus-4-7, -4-8, -5, claude-sonnet-5 in pydantic/pydantic-ai
    // tests/models/cassettes/test_anthropic/*.yaml @4fda3898), where a least-squares fit gives
    // 1.566 and 4.9 tokens per message. Too few and too small to state an error: `requests` is 0
    // and the band is wide enough for prose (to ~1.46×) and CJK (1.00×). One public Claude Code
    // session of claude-opus-4-7 (21 reported requests, LAF-US/IDAHO-VAULT @c1c3fe9) grows at
    // 0.88 – 0.96 of the reports with this factor, once ExitPlanMode's recorded plans are read as
    // sent (docs/tokens.md). `scripts/measure-targets.ts whole` (4 December 2026) found 83
    // reported requests of this generation in public sessions, one person's, so no error was
    // stated. On 6 December it measured 5,166 reported requests of 146 public Claude Code
    // transcripts that warn of nothing, from five people (Opus 4.7, 4.8, 5 and Sonnet 5; Claude
    // Code 2.1.114 – 2.1.232), each estimated with the context not in the file included: 90%
    // within ±4.38%, the median −0.9%. The factor holds there: steps with no tool result grow at
    // a median of 1.011 of the reports (1,126 steps). Steps of tool results grow at 0.951 (1,480):
    // a factor of their own (1.55 to 1.6) would bring the stated error to ±3.8 – 4.0% and put 4 to
    // 7 fewer of the 257 transcripts within the growth target, so there is none (docs/tokens.md,
    // "The new tokenizer on more people's sessions").
    family: 'anthropic',
    generation: 'Claude Opus 4.7',
    matches: (model) => NEW_CLAUDE_TOKENIZER.test(dashedClaudeVersion(model.toLowerCase())),
    encoding: 'o200k_base',
    factor: 1.5,
    withinPct: 5,
    requests: 5_166,
  },
  {
    // Measured by scripts/calibrate.ts (16 tokens per message, see above) on 946 provider-reported
    // requests: 17 whole requests of 1,000 tokens or more (system prompt, tools and messages;
    // Claude Sonnet 4; one claude-trace log: badlogic/lemmy apps/claude-trace/test/
    // test-traffic.jsonl @c7f61d87), +0.8% to +3.9% with Anthropic's documented 346-token tool-use
    // prompt added; and 929 requests of five sessions, −7.2% to +3.9% with the context not in the
    // file taken from each run's first request: two pi sessions (Claude Opus 4.5 and Sonnet 4.5:
    // badlogic/pi-mono packages/coding-agent/test/fixtures/{before-compaction,large-session}.jsonl
    // @83378aad) and three Claude Code sessions (Claude Sonnet 4, Claude Code 1.0.98 and 1.0.108:
    // d-kimuson/claude-code-viewer mock-global-claude-dir/projects/sample-project/*.jsonl
    // @9367cf00). The fit gives 1.142; o200k_base measures closer than cl100k_base.
    family: 'anthropic',
    generation: 'Claude before Opus 4.7',
    matches: (model) => model.toLowerCase().includes('claude'),
    // Tool results apart (docs/tokens.md, "Tool results"): on 618 steps of public Claude Code
    // sessions that are 80% or more one tool result (181 transcripts), the reported growth over
    // o200k_base's has a median of 1.175. With it, the 946 whole prompts above are within −5.0% to
    // +4.8% (they were −7.2% to +3.9% at 1.14 throughout), and 312 of 395 public transcripts meet
    // the growth target where 297 did.
    //
    // The error the app states is measured on far more (`scripts/measure-targets.ts whole`, 4
    // December 2026): 16,790 reported requests of 833 public Claude Code transcripts whose import
    // warns of nothing (12 repositories, Claude Code 1.0 – 2.1, Haiku 4.5 to Opus 4.6), each
    // estimated with the context not in the file included: 90% within ±11.3%, the median −1.6%.
    // The factors hold there: on 2,543 steps that are 80% or more one tool result, the estimate's
    // growth over the reported growth has a median of 0.994 and 1.010 on the two draws.
    encoding: 'o200k_base',
    factor: 1.14,
    resultFactor: 1.175,
    // Chinese text (docs/tokens.md, "Chinese text"): on 3,858 steps of public Claude Code sessions
    // from one request to the next (2.66 million Han characters, nearly all of one person's
    // sessions), the reported growth fits 0.965 × the estimate + 0.227 tokens a Han character
    // (0.190 in the steps that are tool results, 0.241 in the rest): o200k_base's 0.71 tokens a
    // Han character, times the factor, fall a fifth short. Of 0.12, 0.15, 0.17 and 0.2 before the
    // factor, 0.15 puts the most of 836 public transcripts within the growth target (706; 693
    // without it).
    hanTokens: 0.15,
    // Korean text (docs/tokens.md, "Korean text"): on 346 steps of public Claude Code sessions in
    // Korean (96,534 Hangul syllables; Sonnet 4.6 and Haiku 4.5), the reported growth fits 0.960 ×
    // the estimate + 0.69 tokens a Hangul syllable, and the steps that are mostly Korean grew at a
    // median 0.82 of the reports. Of 0.3, 0.45, 0.5 and 0.6 before the factor, every one puts 81
    // of 96 Korean transcripts within the growth target (71 without); 0.5 gives the closest whole
    // requests (90% of 521 within ±2.68%, median −0.2%; ±3.88% and −1.2% without). Opus 4.7 and
    // later need none: their mostly Korean steps grew at a median 0.97 of the reports.
    hangulTokens: 0.5,
    withinPct: 12,
    requests: 16_790,
  },
  {
    // Gemma 3's own vocabulary, no factor (7 December 2026; docs/tokens.md, "Gemini counted with
    // Gemma 3's vocabulary"). Gemma 3's technical report says Gemma 3 uses Gemini 2.0's tokenizer
    // (SentencePiece, split digits, 262k entries), and Gemini's reports agree: Gemma 3 counts 154
    // of 165 replies of public Gemini CLI sessions of 2026 exactly as Gemini reported them. Gemma
    // models share the tokenizer and are counted so. Before, o200k_base × 1.1 (tool results
    // × 1.15, a token a digit), derived from the two vocabularies' ratio on agent conversations.
    // The error the app states (`scripts/measure-targets.ts whole`, 7 December 2026): 4,376
    // reported requests of the 120 public Gemini CLI sessions whose import warns of nothing (of
    // 259 from 21 repositories, one file per session), with the context not in the file included
    // and each session's thinking priced as its reports show it was sent, at new prompts and
    // inside a turn: 90% within ±1.54%, the median +0.3% (docs/tokens.md, "Thinking the steps
    // inside a turn show"; ±5.67% with o200k_base × 1.1, on the 3,708 requests of the 105 that
    // are not one-prompt benchmark copies).
    family: 'google',
    generation: 'Gemini 2.5/3',
    matches: (model) => /gemini|gemma/.test(model.toLowerCase()),
    encoding: 'gemma3',
    factor: 1,
    withinPct: 2,
    requests: 4_376,
  },
]

/** The calibration a model name falls under, if any: the first that matches. */
export function calibrationFor(model: string): Calibration | undefined {
  return CALIBRATIONS.find((c) => c.matches(model))
}
