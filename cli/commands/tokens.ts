import { countEachMessage, MESSAGE_OVERHEAD_TOKENS } from '../../src/index'
import { CONVERSATION_OPTIONS, CONVERSATION_OPTIONS_HELP, flagValue, singleFile } from '../args'
import type { Command } from '../command'
import { EXIT } from '../errors'
import { loadConversation } from '../load'
import { describeModel, messageRows, MESSAGE_COLUMNS } from '../message-table'
import { renderTable } from '../table'

/** `tokens`: what each message costs, and the total. */
export const tokensCommand: Command = {
  name: 'tokens',
  summary: "Count each message's tokens and the total",
  options: { ...CONVERSATION_OPTIONS, json: { type: 'boolean' } },
  help: `Usage: compaction-inspector tokens FILE [options]

Prints each message's index, id, type and tokens, then the total and the
encoding used. A message costs the tokens of its text and payload plus
${MESSAGE_OVERHEAD_TOKENS} tokens of chat framing.

Options:
${CONVERSATION_OPTIONS_HELP}
  --json               Print one JSON object instead: model, encoding, fellBack,
                       overheadPerMessage, tokens (one per message) and total.
  -h, --help           Show this help.

Exit status: 0 on success; 2 on bad input or options.`,

  async run(args, io) {
    const path = singleFile('tokens', args.positionals)
    const { file, messages, model } = await loadConversation('tokens', path, args, io)
    const counts = countEachMessage(model.model, messages)
    const total = counts.reduce((a, b) => a + b, 0)

    if (flagValue(args, 'json')) {
      const report = {
        file,
        model: model.model,
        encoding: model.encoding,
        fellBack: model.fellBack,
        overheadPerMessage: MESSAGE_OVERHEAD_TOKENS,
        tokens: counts,
        total,
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
        `${MESSAGE_OVERHEAD_TOKENS} of them per message for chat framing)\n`,
    )
    return EXIT.ok
  },
}
