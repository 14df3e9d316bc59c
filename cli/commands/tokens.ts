import { countEachMessage, requestOverhead, WIRE_FRAMING } from '../../src/index'
import { CONVERSATION_OPTIONS, CONVERSATION_OPTIONS_HELP, flagValue, singleFile } from '../args'
import type { Command } from '../command'
import { EXIT } from '../errors'
import { loadConversation } from '../load'
import { describeMethod, describeModel, messageRows, MESSAGE_COLUMNS } from '../message-table'
import { renderTable } from '../table'

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
native format; OpenAI Chat adds 3 a request (see docs/tokens.md).

Options:
${CONVERSATION_OPTIONS_HELP}
  --json               Print one JSON object instead: model, encoding, fellBack,
                       family, method, wire, overheadPerMessage, overheadPerRequest,
                       tokens (one per message) and total.
  -h, --help           Show this help.

Exit status: 0 on success; 2 on bad input or options.`,

  async run(args, io) {
    const path = singleFile('tokens', args.positionals)
    const { file, messages, model, spec, counting } = await loadConversation(
      'tokens',
      path,
      args,
      io,
    )
    const counts = countEachMessage(spec, messages)
    const perRequest = requestOverhead(spec)
    const total = counts.reduce((a, b) => a + b, perRequest)
    const perMessage = WIRE_FRAMING[spec.wire].perMessage

    if (flagValue(args, 'json')) {
      const report = {
        file,
        model: model.model,
        encoding: model.encoding,
        fellBack: model.fellBack,
        family: counting.family,
        method: counting.method,
        wire: spec.wire,
        overheadPerMessage: perMessage,
        overheadPerRequest: perRequest,
        tokens: counts,
        total,
      }
      io.out(JSON.stringify(report, null, 2) + '\n')
      return EXIT.ok
    }

    const framing =
      `${perMessage} of them per message` +
      (perRequest > 0 ? ` and ${perRequest} per request` : '') +
      ' for framing'
    io.out(
      `${file}: ${messages.length} messages, ${describeModel(model)}\n` +
        `${describeMethod(counting)}\n\n` +
        renderTable(
          messageRows(messages, counts).map((row) => [...row.cells, row.preview]),
          [...MESSAGE_COLUMNS.align, 'left'],
          [...MESSAGE_COLUMNS.header, 'text'],
        ) +
        `\ntotal  ${total} tokens (${model.encoding}, ${framing})\n`,
    )
    return EXIT.ok
  },
}
