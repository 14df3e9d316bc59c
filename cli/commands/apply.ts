import { realpath, stat } from 'node:fs/promises'
import {
  formatNumber,
  applySummary,
  countMessagesTokens,
  requestOverhead,
  EXPORT_FORMATS,
  exportConversationWithReport,
  SummaryError,
} from '../../src/index'
import { NotRegularFileError, writeFileAtomic } from '../../node/atomic-write'
import { CHECK_OPTIONS, CHECK_OPTIONS_HELP, choiceValue, flagValue, stringValue } from '../args'
import type { Command } from '../command'
import { CliError, describeFsError, EXIT } from '../errors'
import { reportNotes } from '../load'
import { checkFile, declined } from '../run-check'
import { readSummary, summarySource } from '../summary-source'

/** `apply`: the conversation with the condensed messages replaced by a summary. */
export const applyCommand: Command = {
  name: 'apply',
  summary: 'Replace the condensed messages with a summary and print the result',
  options: {
    ...CHECK_OPTIONS,
    summary: { type: 'string' },
    'summary-file': { type: 'string' },
    output: { type: 'string', short: 'o' },
    force: { type: 'boolean' },
    to: { type: 'string' },
  },
  help: `Usage: compaction-inspector apply FILE (--summary TEXT | --summary-file F) [--max-tokens N] [options]

Runs the same check as 'check', then replaces the messages it would condense
with the summary, and prints the compacted conversation in the wire shape:
the instructions first, then the summary (a context message whose meta records
what it replaced), then the kept messages. With --to openai or --to anthropic
it prints a request body that provider accepts as it is instead: the system
prompt, then the summary as a user message, then the kept messages.

When the check declines there is nothing to replace: nothing is printed or
written, the reason goes to stderr, and the exit status is 2.

Options:
  --summary TEXT       The summary text, used verbatim.
  --summary-file F     Read the summary from file F ('-' for stdin), used verbatim.
${CHECK_OPTIONS_HELP}
  -o, --output OUT     Write to OUT instead of stdout, atomically (a temp file in
                       the same directory, then a rename; interrupted, it leaves
                       neither). OUT is a regular file or a new path; '-' (or
                       /dev/stdout) is stdout. Refuses to overwrite FILE itself.
  --force              Allow -o to overwrite FILE.
  --to F               Write format F: native (the wire shape; the default),
                       openai (an OpenAI Chat Completions request) or
                       anthropic (an Anthropic Messages request), naming the
                       model of --model, else FILE's. What F has no place for
                       (ids, meta; reasoning in openai) is counted on stderr;
                       --verbose lists it.
  -h, --help           Show this help.

Exit status: 0 on success; 2 on bad input or options, or when the check declines.`,

  async run(args, io) {
    const source = summarySource('apply', args)
    if (source === undefined) {
      throw new CliError('apply: missing --summary TEXT or --summary-file F (the summary to apply)')
    }
    const to = choiceValue('apply', args, 'to', EXPORT_FORMATS, 'native')
    const checked = await checkFile('apply', args, io)
    const summaryText = await readSummary(source)
    if (!checked.check.shouldCompact) throw declined(checked, 'nothing to apply')

    const { messagesToKeep, messagesToSummarize } = checked.check
    let compacted
    try {
      compacted = applySummary(messagesToKeep, summaryText, messagesToSummarize)
    } catch (error) {
      if (error instanceof SummaryError) {
        throw new CliError(`${source.name}: ${error.message.replace(/^summary: /, '')}`)
      }
      throw error
    }
    // Native stays the bare array it always was; a provider's request names the model.
    const model = to === 'native' ? undefined : checked.model.model || undefined
    const { text, report } = exportConversationWithReport(compacted, to, { model })
    const verbose = flagValue(args, 'verbose')

    const output = stringValue(args, 'output')
    if (output === undefined || STDOUT_NAMES.has(output)) {
      io.out(text)
      reportNotes('<stdout>', 'export', report, verbose, io)
      return EXIT.ok
    }
    if (!flagValue(args, 'force') && (await sameFile(checked.path, output))) {
      throw new CliError(
        `${output}: refusing to overwrite the input file ${checked.file}; ` +
          'pass --force to replace it',
      )
    }
    try {
      await writeFileAtomic(output, text)
    } catch (error) {
      if (error instanceof NotRegularFileError) {
        throw new CliError(
          `${output}: refusing to write: it is ${error.kind}, not a regular file ` +
            "(-o takes a regular file or a new path; '-' is standard output)",
        )
      }
      throw new CliError(`${output}: cannot write: ${describeFsError(error)}`)
    }
    reportNotes(output, 'export', report, verbose, io)
    const after = countMessagesTokens(checked.spec, compacted) + requestOverhead(checked.spec)
    io.err(
      `${output}: wrote ${formatNumber(compacted.length)} messages (was ${formatNumber(checked.messages.length)}), ` +
        `${formatNumber(after)} tokens (was ${formatNumber(checked.check.estimatedTokens)})`,
    )
    return EXIT.ok
  },
}

// Standard output by name: written as without -o. Opened as a path instead, /dev/stdout would be
// a pipe or a terminal, which is not a file to replace.
const STDOUT_NAMES = new Set(['-', '/dev/stdout', '/dev/fd/1', '/proc/self/fd/1'])

// Compares the files themselves, so a symlink, a hard link or another spelling of the path to
// FILE is caught too. An output that does not exist yet cannot be FILE, nor can stdin.
async function sameFile(input: string, output: string): Promise<boolean> {
  if (input === '-') return false
  const [a, b] = await Promise.all([stat(input), stat(output).catch(() => undefined)])
  if (b === undefined) return false
  if (a.dev === b.dev && a.ino === b.ino) return true
  return (await realpath(input)) === (await realpath(output))
}
