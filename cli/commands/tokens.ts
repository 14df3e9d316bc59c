import {
  countEachMessage,
  formatNumber,
  messageFraming,
  requestOverhead,
  hanWords,
  WIRE_FRAMING,
} from '../../src/index'
import { CONVERSATION_OPTIONS, CONVERSATION_OPTIONS_HELP, flagValue, singleFile } from '../args'
import type { Command } from '../command'
import { EXIT } from '../errors'
import { loadConversation } from '../load'
import { describeMethod, loadedLine, messageTable } from '../message-table'
import { compareLoaded, usageTable } from '../usage-report'

/**
 * A part of the context not in the file as `--json` gives it: where it was derived (request, at),
 * not the message index the chart places it at.
 */
const withoutPrompt = <T extends { prompt: number }>({ prompt: _prompt, ...part }: T) => part

/** `tokens`: what each message costs, and the total. */
export const tokensCommand: Command = {
  name: 'tokens',
  summary: "Count each message's tokens and the total",
  options: { ...CONVERSATION_OPTIONS, json: { type: 'boolean' } },
  help: `Usage: compaction-inspector tokens FILE [options]

Prints each message's index, id, type and tokens, then the total, the
encoding used and how the model's family is counted (exact, or approximate
within a measured error). A message costs the tokens of its text and payload
plus the framing of the wire format FILE is sent in: ${WIRE_FRAMING.native.perMessage} tokens a message in the
native format; OpenAI Chat adds 3 a request. Claude is counted times a
calibration factor, with ${messageFraming({ model: 'claude-sonnet-4-5', wire: 'anthropic' }).calibrated} tokens a message for framing before it; Gemini
with Gemma 3's vocabulary, which is Gemini's (see docs/tokens.md).
Where the log carries the provider's reported usage, a table follows with each
request's estimated prompt beside the reported one, each estimated as the model
that served it counts, with the tool results Claude Code sent cleared priced as
sent (the placeholder in their place) and the thinking it took out at 0. What a Claude Code
subagent was sent from its first tool result on without its file recording it
is derived from that request, as the system prompt is from the first. Requests
that another backend answered under a Claude model's name (their replies' ids
are not of Anthropic's form) are counted and named under the table. Where the
file's requests asked Anthropic to keep earlier thinking (Claude Code 2.1.84 –
2.1.85, 2.1.101 and later), that thinking is priced as sent, and a line under
the method says so. Where a Gemini CLI session's reported prompts show that its
requests held none of the replies' thinking, every reply's thinking is priced at
0, and the line says that instead. So it is where a Cline or Roo Code task sent
its tool results as the user's text (each request a new turn) and the model
keeps only the current turn's thinking. A Kimi CLI context's thinking from Kimi's
API is sent back in every later request, and priced as sent there.

Options:
${CONVERSATION_OPTIONS_HELP}
  --json               Print one JSON object instead: model, encoding, fellBack,
                       family, method, wire, thinking ('kept' where the file's
                       requests keep earlier thinking, 'dropped' where its
                       reports show they held none, 'new-turn' where each
                       request begins a new turn, 'sent' where its reports
                       show every reply's thinking in later requests, else
                       'model'),
                       overheadPerMessage, overheadPerRequest (and, for a
                       family counted with a calibration factor,
                       calibratedPerMessage: the framing a message is counted
                       with before that factor, factor, resultFactor where a
                       tool result's text has a factor of its own, and
                       hanTokens and hangulTokens where each Han character or
                       Hangul syllable adds tokens before it),
                       tokens (one per message) and total; where the file reports
                       usage, also requests (each reported request: request, at,
                       prompt, estimated, cleared where the request was sent
                       tool results cleared (how many), stripped where it was
                       sent without earlier thinking (how many), apiCleared
                       where Anthropic's context editing cleared tokens from
                       it (how many, taken off estimated), pricedAs where the
                       model that served it counts otherwise than the model in
                       force, otherBackend where a backend other than
                       Anthropic's answered it under a Claude model's name,
                       reported, unrecorded where the request was sent
                       context its file does not record (tokens, in its
                       growth), toolsLoaded where it was sent deferred tools'
                       definitions a ToolSearch result loaded (tokens, in
                       its growth), modelChanged where another model served
                       it or a request before it (how much the context not
                       in the file changed, in its growth), outputTokens,
                       ratio, incrementRatio),
                       calibration (requests, meanRatio, minIncrementRatio,
                       maxIncrementRatio, hiddenTokens), for such a
                       subagent's file, unrecorded (tokens, request, at),
                       and where tools were loaded so, toolsLoaded (each
                       load: tools, tokens, request, at); where models
                       changed, modelChanges (each: model, tokens, request,
                       at); attachmentsUnrecorded
                       where the Claude Code version that wrote the file kept
                       most attachments it sent out of it (1.0.60 – 2.1.96).
  -h, --help           Show this help.

Exit status: 0 on success; 2 on bad input or options.`,

  async run(args, io) {
    const path = singleFile('tokens', args.positionals)
    const loaded = await loadConversation('tokens', path, args, io)
    const { file, messages, model, spec, counting } = loaded
    const counts = countEachMessage(spec, messages)
    const perRequest = requestOverhead(spec)
    const total = counts.reduce((a, b) => a + b, perRequest)
    const framed = messageFraming(spec)
    const perMessage = framed.fixed
    const comparison = compareLoaded(loaded, counts)

    if (flagValue(args, 'json')) {
      const report = {
        file,
        model: model.model,
        encoding: model.encoding,
        fellBack: model.fellBack,
        family: counting.family,
        method: counting.method,
        wire: spec.wire,
        thinking: spec.thinking,
        overheadPerMessage: perMessage,
        ...(framed.calibrated > 0
          ? {
              calibratedPerMessage: framed.calibrated,
              factor: framed.factor,
              ...(counting.resultFactor !== counting.factor
                ? { resultFactor: counting.resultFactor }
                : {}),
              ...(counting.hanTokens > 0 ? { hanTokens: counting.hanTokens } : {}),
              ...(counting.hangulTokens > 0 ? { hangulTokens: counting.hangulTokens } : {}),
            }
          : {}),
        overheadPerRequest: perRequest,
        tokens: counts,
        total,
        // Only a file that reports usage has requests to compare.
        ...(comparison.rows.length > 0
          ? {
              requests: comparison.rows.map((row, k) => ({
                request: row.request,
                at: row.at,
                prompt: row.prompt,
                estimated: row.estimated,
                ...(row.cleared !== undefined ? { cleared: row.cleared } : {}),
                ...(row.stripped !== undefined ? { stripped: row.stripped } : {}),
                ...(row.apiCleared !== undefined ? { apiCleared: row.apiCleared } : {}),
                ...(row.pricedAs !== undefined ? { pricedAs: row.pricedAs } : {}),
                ...(row.otherBackend === true ? { otherBackend: true } : {}),
                reported: row.reported,
                ...(row.unrecorded !== undefined ? { unrecorded: row.unrecorded } : {}),
                ...(row.toolsLoaded !== undefined ? { toolsLoaded: row.toolsLoaded } : {}),
                ...(row.modelChanged !== undefined ? { modelChanged: row.modelChanged } : {}),
                ...(loaded.usage[k].outputTokens !== undefined
                  ? { outputTokens: loaded.usage[k].outputTokens }
                  : {}),
                ratio: row.ratio,
                incrementRatio: row.incrementRatio,
              })),
              calibration: comparison.calibration,
              ...(comparison.unrecorded
                ? { unrecorded: withoutPrompt(comparison.unrecorded) }
                : {}),
              ...(comparison.toolsLoaded.length > 0
                ? { toolsLoaded: comparison.toolsLoaded.map(withoutPrompt) }
                : {}),
              ...(comparison.modelChanges.length > 0
                ? { modelChanges: comparison.modelChanges.map(withoutPrompt) }
                : {}),
            }
          : {}),
        ...(loaded.attachmentsUnrecorded ? { attachmentsUnrecorded: true } : {}),
      }
      io.out(JSON.stringify(report, null, 2) + '\n')
      return EXIT.ok
    }

    // A calibrated family's framing is counted with the text, before its factor (messageFraming).
    const perRequestWords = perRequest > 0 ? ` and ${perRequest} per request` : ''
    const han = hanWords(counting)
    const counted =
      framed.calibrated > 0
        ? `${counting.encoding} × ${framed.factor}, ${han ? `${han} and ` : ''}` +
          `${framed.calibrated} a message for framing before the factor` +
          (perMessage > 0 ? ` and ${perMessage} after it` : '') +
          perRequestWords
        : `${model.encoding}, ${perMessage} of them per message${perRequestWords} for framing`
    io.out(
      `${loadedLine(file, messages.length, model)}\n` +
        `${describeMethod(counting, spec)}\n\n` +
        messageTable(loaded.format, messages, counts) +
        `\ntotal  ${formatNumber(total)} tokens (${counted})\n` +
        (comparison.rows.length > 0
          ? '\n' +
            usageTable(
              comparison,
              spec.model,
              loaded.systemPromptUnrecorded,
              loaded.attachmentsUnrecorded,
            )
          : ''),
    )
    return EXIT.ok
  },
}
