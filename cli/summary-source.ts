import { stringValue, type ParsedArgs } from './args'
import { CliError } from './errors'
import { displayName, readTextFile } from './load'

/** Where a summary comes from: `--summary TEXT`, or `--summary-file F` read later. */
export type SummarySource = { name: string; text: string } | { name: string; file: string }

/**
 * The summary a command was given, or undefined when neither flag was. Both at once, or FILE and
 * the summary both on stdin, is a CliError: checked before any file is read.
 */
export function summarySource(command: string, args: ParsedArgs): SummarySource | undefined {
  const text = stringValue(args, 'summary')
  const file = stringValue(args, 'summary-file')
  if (text !== undefined && file !== undefined) {
    throw new CliError(`${command}: give either --summary or --summary-file, not both`)
  }
  if (text !== undefined) return { name: '--summary', text }
  if (file === undefined) return undefined
  if (file === '-' && args.positionals[0] === '-') {
    throw new CliError(`${command}: FILE and --summary-file cannot both be stdin`)
  }
  return { name: displayName(file), file }
}

/** The summary's text, verbatim: the flag's value, or the whole file. */
export async function readSummary(source: SummarySource): Promise<string> {
  return 'text' in source ? source.text : readTextFile(source.file)
}
