import { diagnose, exitCodeFor, formatNumber, summarizeFindings } from '../../src/index'
import { CHECK_OPTIONS, CHECK_OPTIONS_HELP, flagValue } from '../args'
import type { Command } from '../command'
import { CliError } from '../errors'
import { countOf } from '../../src/diagnose/findings'
import { renderFindings } from '../findings-report'
import { loadedLine } from '../message-table'
import { checkFile } from '../run-check'
import { readSummary, summarySource } from '../summary-source'

/** `diagnose`: what compacting FILE loses, and why, as findings; exit 1 when one is an error. */
export const diagnoseCommand: Command = {
  name: 'diagnose',
  summary: 'Find what a compaction of FILE (and a pasted summary) would lose, and why',
  options: {
    ...CHECK_OPTIONS,
    summary: { type: 'string' },
    'summary-file': { type: 'string' },
    json: { type: 'boolean' },
  },
  help: `Usage: compaction-inspector diagnose FILE [--max-tokens N] [options]

Runs the same check as 'check', then looks for what the compaction would lose
or break: instructions missing or out of place, content that never reaches the
summary prompt, tool exchanges cut by the boundary, a tail that starts mid-turn,
earlier summaries, special tokens, unknown models and types, duplicate ids. With
a summary, also what it drops or costs. Findings about the split need the check
to compact; when it declines, a compaction-declined finding says why.

Findings are grouped by severity (errors, warnings, info). Each has a line with
its severity, code, tokens and the messages concerned (#index and id);
then, indented and wrapped to the terminal's width (COLUMNS when piped, else 80),
one sentence on what happened and what to do, the identifiers or special tokens
involved, and a --keep-recent checked to mend a cut. docs/diagnostics.md lists
every code.

Options:
  --summary TEXT       Judge TEXT as the summary that replaces the condensed
                       messages: identifiers it drops, its cost, the result's.
  --summary-file F     The same, read from file F ('-' for stdin). An empty or
                       whitespace-only summary is bad input.
${CHECK_OPTIONS_HELP}
  --json               Print one JSON object instead: file, model, encoding,
                       findings (each with code, severity, indexes, ids, tokens,
                       message and its code's detail) and counts (per severity).
  -h, --help           Show this help.

Exit status: 0 when no finding is an error; 1 when one is; 2 on bad input or
options, including an empty summary.`,

  async run(args, io) {
    const source = summarySource('diagnose', args)
    const checked = await checkFile('diagnose', args, io)
    let summaryText: string | undefined
    if (source !== undefined) {
      summaryText = await readSummary(source)
      // diagnose reads a blank summary as none; given on purpose, it is a mistake worth saying.
      if (summaryText.trim() === '') {
        const flag = 'text' in source ? '--summary' : '--summary-file'
        throw new CliError(
          `${source.name}: the summary is empty or only whitespace; ` +
            `give one, or leave out ${flag} to diagnose without a summary`,
        )
      }
    }
    const { file, messages, model, options, counts, systemPromptUnrecorded } = checked
    const findings = diagnose({ messages, options, counts, summaryText, systemPromptUnrecorded })
    const counted = summarizeFindings(findings)

    if (flagValue(args, 'json')) {
      const report = {
        file,
        model: model.model,
        encoding: model.encoding,
        findings,
        counts: counted,
      }
      io.out(JSON.stringify(report, null, 2) + '\n')
      return exitCodeFor(findings)
    }

    const tally =
      findings.length === 0
        ? 'no findings'
        : `${formatNumber(findings.length)} finding${findings.length === 1 ? '' : 's'}: ` +
          `${countOf(counted.error, 'error')}, ${countOf(counted.warning, 'warning')}, ` +
          `${countOf(counted.info, 'info')}`
    io.out(
      `${loadedLine(file, messages.length, model)}\n` +
        `${tally}\n` +
        renderFindings(findings, io.columns),
    )
    return exitCodeFor(findings)
  },
}
