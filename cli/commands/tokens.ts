import { countEachMessage, MESSAGE_OVERHEAD_TOKENS } from '../../src/index'
import { CONVERSATION_OPTIONS, CONVERSATION_OPTIONS_HELP, flagValue, singleFile } from '../args'
import type { Command } from '../command'
import { EXIT } from '../errors'
import { loadConversation } from '../load'
import { describeModel, messageRows, MESSAGE_COLUMNS } from '../message-table'
import { renderTable } from '../table'
import { compareLoaded, usageTable } from '../usage-report'

/** `tokens`: what each message costs, and the total. */
export const tokensCommand: Command = {
  name: 'tokens',
  summary: "Count each message's tokens and the total",
  options: { ...CONVERSATION_OPTIONS, json: { type: 'boolean' } },
  help: `Usage: compaction-inspector tokens FILE [options]

Prints each message's index, id, type and tokens, then the total and the
encoding used. A message costs the tokens of its text and payload plus
${MESSAGE_OVERHEAD_TOKENS} tokens of chat framing. Where the log carries the provider's
reported usage, a table follows with each request's estimated prompt beside
the reported one.

Options:
${CONVERSATION_OPTIONS_HELP}
  --json               Print one JSON object instead: model, encoding, fellBack,
                       overheadPerMessage, tokens (one per message) and total;
                       where the file reports usage, also requests (each
                       reported request: request, at, prompt, estimated,
                       reported, outputTokens, ratio, incrementRatio) and
                       calibration (requests, meanRatio, minIncrementRatio,
                       maxIncrementRatio, hiddenTokens).
  -h, --help           Show this help.

Exit status: 0 on success; 2 on bad input or options.`,

  async run(args, io) {
    const path = singleFile('tokens', args.positionals)
    const loaded = await loadConversation('tokens', path, args, io)
    const { file, messages, model } = loaded
    const counts = countEachMessage(model.model, messages)
    const total = counts.reduce((a, b) => a + b, 0)
    const comparison = compareLoaded(loaded, counts)

    if (flagValue(args, 'json')) {
      const report = {
        file,
        model: model.model,
        encoding: model.encoding,
        fellBack: model.fellBack,
        overheadPerMessage: MESSAGE_OVERHEAD_TOKENS,
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
                reported: row.reported,
                ...(loaded.usage[k].outputTokens !== undefined
                  ? { outputTokens: loaded.usage[k].outputTokens }
                  : {}),
                ratio: row.ratio,
                incrementRatio: row.incrementRatio,
              })),
              calibration: comparison.calibration,
            }
          : {}),
      }
      io.out(JSON.stringify(report, null, 2) + '\n')
      return EXIT.ok
    }

    io.out(
      `${file}: ${messages.length} messages, ${describeModel(model)}\n\n` +
        renderTable(
          messageRows(messages, counts).map((row) => [...row.cells, row.preview]),
          [...MESSAGE_COLUMNS.align, 'left'],
          [...MESSAGE_COLUMNS.header, 'text'],
        ) +
        `\ntotal  ${total} tokens (${model.encoding}, ` +
        `${MESSAGE_OVERHEAD_TOKENS} of them per message for chat framing)\n` +
        (comparison.rows.length > 0 ? '\n' + usageTable(comparison) : ''),
    )
    return EXIT.ok
  },
}
