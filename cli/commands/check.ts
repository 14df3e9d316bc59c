import { describeReason, formatNumber, orderMessage } from '../../src/index'
import { CHECK_OPTIONS, CHECK_OPTIONS_HELP, flagValue } from '../args'
import type { Command } from '../command'
import { EXIT } from '../errors'
import { describeMethod, loadedLine, messageTable } from '../message-table'
import { renderTable } from '../table'
import { checkFile } from '../run-check'
import { describeHidden } from '../usage-report'

const sum = (ns: number[]) => ns.reduce((a, b) => a + b, 0)

/** `check`: whether FILE needs compacting, and where each message goes. */
export const checkCommand: Command = {
  name: 'check',
  summary: 'Decide whether FILE needs compacting and show where each message goes',
  options: { ...CHECK_OPTIONS, 'hidden-tokens': { type: 'string' }, json: { type: 'boolean' } },
  help: `Usage: compaction-inspector check FILE [--max-tokens N] [options]

Decides whether the conversation in FILE needs compacting, and prints each
message's index, id, type, tokens and bucket:
  summarize  condensed into the summary
  keep       kept verbatim (the recent tail; every message when nothing fires)
  hoisted    instructions moved from the head to the front of the kept messages
then the total, the threshold, the decision and why.

Options:
${CHECK_OPTIONS_HELP}
  --hidden-tokens N|auto
                       Add N tokens the file does not hold (the system prompt
                       and tool schemas an agent's log leaves out) to the
                       estimate the decision compares. auto: the amount the
                       file's first provider-reported request held beyond the
                       estimate of its prompt, with what later requests were
                       sent that the file does not record (a Claude Code
                       subagent's context from its first tool result on, the
                       definitions of deferred tools a ToolSearch result
                       loaded); an error on a file with no reported usage.
                       Default: 0.
  --json               Print one JSON object instead: shouldCompact, reason, why,
                       estimatedTokens, threshold, hiddenTokens, tokens and
                       buckets (one per message), messagesToSummarize,
                       messagesToKeep, and the model, encoding, fellBack,
                       family, method, wire and thinking used.
  -h, --help           Show this help.

Exit status: 0 whatever the decision; 2 on bad input or options.`,

  async run(args, io) {
    const checked = await checkFile('check', args, io)
    const { file, messages, model, options, counts, plan, check, counting, spec, hidden } = checked
    const { buckets } = plan.layout
    const { triggerRatio } = plan

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
        maxTokens: options.maxTokens,
        triggerRatio,
        keepRecentCount: options.keepRecentCount ?? null,
        shouldCompact: check.shouldCompact,
        reason: check.reason,
        why: describeReason(check.reason),
        estimatedTokens: check.estimatedTokens,
        threshold: check.threshold,
        hiddenTokens: hidden?.tokens ?? 0,
        ...(hidden ? { hiddenTokensSource: hidden.source } : {}),
        tokens: counts,
        buckets,
        messagesToSummarize: check.messagesToSummarize.map(orderMessage),
        messagesToKeep: check.messagesToKeep.map(orderMessage),
      }
      io.out(JSON.stringify(report, null, 2) + '\n')
      return EXIT.ok
    }

    const tokensIn = (bucket: string) => sum(counts.filter((_, i) => buckets[i] === bucket))
    const count = (bucket: string) => buckets.filter((b) => b === bucket).length
    const hoisted = count('hoisted')
    const budget = `max tokens ${formatNumber(options.maxTokens)} × trigger ratio ${triggerRatio}`
    const decision = check.shouldCompact
      ? `compact: summarise ${formatNumber(count('summarize'))} messages (${formatNumber(tokensIn('summarize'))} tokens), ` +
        `keep ${formatNumber(check.messagesToKeep.length)} (${formatNumber(tokensIn('keep') + tokensIn('hoisted'))} tokens` +
        `${hoisted > 0 ? `, ${formatNumber(hoisted)} of them hoisted instructions` : ''})`
      : `do not compact (${check.reason})`
    io.out(
      `${loadedLine(file, messages.length, model)}\n` +
        `${describeMethod(counting, spec)}\n\n` +
        messageTable(checked.format, messages, counts, buckets) +
        '\n' +
        renderTable(
          [
            [
              'total',
              `${formatNumber(check.estimatedTokens)} tokens${hidden ? `; ${describeHidden(hidden)}` : ''}`,
            ],
            ['threshold', `${formatNumber(check.threshold)} (${budget})`],
            ['decision', decision],
            ['why', describeReason(check.reason)],
          ],
          ['left', 'left'],
        ),
    )
    return EXIT.ok
  },
}
