import { buildSummaryPrompt } from '../../src/index'
import { CHECK_OPTIONS, CHECK_OPTIONS_HELP } from '../args'
import type { Command } from '../command'
import { EXIT } from '../errors'
import { checkFile, declined } from '../run-check'

/** `prompt`: the summary prompt for the messages a compaction would condense. */
export const promptCommand: Command = {
  name: 'prompt',
  summary: 'Print the summary prompt for the messages a compaction would condense',
  options: CHECK_OPTIONS,
  help: `Usage: compaction-inspector prompt FILE [--max-tokens N] [options]

Runs the same check as 'check' and prints the summary prompt for the messages
it would condense, exactly, on stdout, and nothing else: pipe it to a model,
then give the model's answer to 'apply --summary-file'. Only user, bot and
context messages reach the prompt.

When the check declines (below the threshold, too few messages, or nothing but
instructions to condense) there is no prompt to print: stdout stays empty, the
reason goes to stderr, and the exit status is 2, so a pipeline stops there.

Options:
${CHECK_OPTIONS_HELP}
  -h, --help           Show this help.

Exit status: 0 when the prompt is printed; 2 on bad input or options, or when
the check declines.`,

  async run(args, io) {
    const checked = await checkFile('prompt', args, io)
    if (!checked.check.shouldCompact) throw declined(checked, 'no summary prompt')
    io.out(buildSummaryPrompt(checked.check.messagesToSummarize))
    return EXIT.ok
  },
}
