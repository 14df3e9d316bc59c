import {
  CODEX_EFFECTIVE_WINDOW_PERCENT,
  codexWindowFromRecorded,
  countEachMessage,
  ENGINE_IDS,
  ENGINES,
  formatNumber,
  isEngineId,
  limitsWaitedFor,
  listAnd,
  MODEL_LIMITS,
  modelLimits,
  ON_CODEX_WINDOW,
  requestOverhead,
  runEngines,
  runnableEngines,
  type EngineId,
  type EngineLimit,
  type EngineResult,
  type RecordedWindow,
  type WaitingEngine,
} from '../../src/index'
import {
  CONVERSATION_OPTIONS,
  CONVERSATION_OPTIONS_HELP,
  flagValue,
  hiddenTokensValue,
  positiveIntegerValue,
  singleFile,
  stringValue,
  type ParsedArgs,
} from '../args'
import type { Command, Io } from '../command'
import { DEFAULT_COLUMNS } from '../command'
import { CliError, EXIT } from '../errors'
import { loadConversation } from '../load'
import { loadedLine } from '../message-table'
import { renderTable } from '../table'
import { wrapText } from '../terminal-text'
import { hiddenContext } from '../usage-report'

const COMMAND = 'engines'

/** --engine's ids, comma-separated, each checked; every preset when the flag is not given. */
function engineIds(args: ParsedArgs): EngineId[] {
  const value = stringValue(args, 'engine')
  if (value === undefined) return [...ENGINE_IDS]
  const ids = value.split(',').map((id) => id.trim())
  for (const id of ids) {
    if (!isEngineId(id)) {
      throw new CliError(
        `${COMMAND}: option --engine: ${JSON.stringify(id)} is not an engine; ` +
          `the engines are ${ENGINE_IDS.join(', ')}`,
      )
    }
  }
  return [...new Set(ids)] as EngineId[]
}

/**
 * The window and max output: each the flag, else the model's row in the table; undefined where
 * neither gives it (the presets that read it then wait, runnableEngines).
 */
function limitsFor(args: ParsedArgs, model: string) {
  const windowFlag = positiveIntegerValue(COMMAND, args, 'window')
  const maxOutputFlag = positiveIntegerValue(COMMAND, args, 'max-output')
  const known = modelLimits(model)
  const window = windowFlag ?? known?.window
  const maxOutput = maxOutputFlag ?? known?.maxOutput
  if (window !== undefined && maxOutput !== undefined && maxOutput > window) {
    // A reply may fill the window (gpt-4's page gives 8,192 for both), never more. Say which of
    // the two the user gave: a window given alone meets the model's own max output.
    throw new CliError(
      maxOutputFlag !== undefined
        ? `${COMMAND}: option --max-output: ${maxOutput} is more than the window (${window})`
        : `${COMMAND}: option --window: ${window} is less than ${known!.model}'s max output ` +
            `(${maxOutput}); give --max-output too`,
    )
  }
  const from = (flag: number | undefined, name: string) =>
    flag !== undefined
      ? `given with --${name}`
      : known
        ? `${known.model}, ${known.source}`
        : unknownWhy(model)
  return {
    window,
    maxOutput,
    source: { window: from(windowFlag, 'window'), maxOutput: from(maxOutputFlag, 'max-output') },
  }
}

/** Why the table gives no limits: the model it was asked for. */
const unknownWhy = (model: string) =>
  model === '' ? 'no model is named' : `${JSON.stringify(model)} is not in the table`

/** The header's line of limits: each with where it comes from, or both unknown at once. */
function limitsLine(limits: ReturnType<typeof limitsFor>): string {
  if (limits.window === undefined && limits.maxOutput === undefined) {
    return `window and max output unknown (${limits.source.window})`
  }
  return (
    `window ${limitText(limits.window, ' tokens')} (${limits.source.window}); ` +
    `max output ${limitText(limits.maxOutput)} (${limits.source.maxOutput})`
  )
}

const LIMIT_FLAGS: Record<EngineLimit, string> = {
  window: '--window N',
  maxOutput: '--max-output N',
}

/** The flags the waiting presets need, in one list: `--window N and --max-output N`. */
function flagsFor(waiting: readonly WaitingEngine[]): string {
  return limitsWaitedFor(waiting)
    .map((limit) => LIMIT_FLAGS[limit])
    .join(' and ')
}

/** The error when presets asked for cannot run: what the model lacks, and how to give it. */
function limitsError(file: string, model: string, waiting: readonly WaitingEngine[]): CliError {
  const named = model === '' ? unknownWhy(model) : `the model ${unknownWhy(model)}`
  return new CliError(
    `${file}: ${COMMAND}: ${named}, so its limits are unknown; give ${flagsFor(waiting)}, ` +
      `which ${listIds(waiting)} ${waiting.length === 1 ? 'reads' : 'read'} ` +
      `(or --model one of the ${MODEL_LIMITS.length} models the table in docs/engines.md ` +
      `lists, "Model limits")`,
  )
}

const limitText = (n: number | undefined, unit = '') =>
  n === undefined ? 'unknown' : `${formatNumber(n)}${unit}`

/** The presets that did not run, and the flags that would run them; '' when every one ran. */
function notRunLines(waiting: readonly WaitingEngine[], columns: number): string {
  if (waiting.length === 0) return ''
  const line = `not run: ${listIds(waiting)}, which read the model's limits; give ${flagsFor(waiting)}`
  return '\n' + hanging(line, columns)
}

/** A line wrapped to the terminal, its continuation lines indented; with its newline. */
const hanging = (line: string, columns: number) =>
  wrapText(line, columns, '    ')
    .map((l, i) => (i === 0 ? l.trimStart() : l))
    .join('\n') + '\n'

const listIds = (waiting: readonly WaitingEngine[]) => listAnd(waiting.map((w) => w.id))

/** Says which window the Codex presets ran on, when the log records one and one of them ran. */
function codexWindowLine(
  recorded: RecordedWindow | undefined,
  ids: readonly EngineId[],
  columns: number,
): string {
  const on = ids.filter((id) => ON_CODEX_WINDOW.includes(id))
  if (recorded === undefined || on.length === 0) return ''
  const line =
    `${on.join(' and ')}: Codex's window ${formatNumber(codexWindowFromRecorded(recorded.tokens))} ` +
    `tokens, from the window the log records (${recorded.at}: ${formatNumber(recorded.tokens)}, ` +
    `${CODEX_EFFECTIVE_WINDOW_PERCENT}% of it)`
  return hanging(line, columns)
}

const list = (indexes: readonly number[]) => (indexes.length === 0 ? '—' : String(indexes.length))

function renderHuman(results: readonly EngineResult[], columns: number): string {
  const rows = results.map((r) => [
    r.id,
    formatNumber(r.trigger),
    r.firesAfter === null ? 'never' : `#${r.firesAfter}`,
    list(r.keep),
    list(r.summarize),
    list(r.cleared),
    formatNumber(r.nextRequestTokens),
    r.cutsToolExchange ? 'yes' : 'no',
  ])
  const table = renderTable(
    rows,
    ['left', 'right', 'right', 'right', 'right', 'right', 'right', 'left'],
    [
      'engine',
      'trigger',
      'fires after',
      'kept',
      'summarised',
      'cleared',
      'next request',
      'cuts a tool exchange',
    ],
  )
  const details = results.flatMap((r) => {
    const what =
      r.declined !== undefined
        ? `reaches its trigger but changes nothing: ${r.declined}.`
        : `puts back: ${r.putsBack}.`
    return [
      `${r.id}: ${ENGINES[r.id].label}`,
      ...wrapText(what, columns, '    '),
      ...wrapText(`source: ${ENGINES[r.id].source}`, columns, '    '),
    ]
  })
  return `${table}\n${details.join('\n')}\n`
}

/** `engines`: when each engine's compaction would fire on FILE, and what it would keep. */
export const enginesCommand: Command = {
  name: COMMAND,
  summary: 'Replay the engines: when each would compact FILE, and what it would keep',
  options: {
    ...CONVERSATION_OPTIONS,
    window: { type: 'string' },
    'max-output': { type: 'string' },
    engine: { type: 'string' },
    'hidden-tokens': { type: 'string' },
    json: { type: 'boolean' },
  },
  help: `Usage: compaction-inspector engines FILE [--window N] [--max-output N]
                                  [--engine ID[,ID…]] [--json] [options]

Replays the compaction rule of each engine on the conversation in FILE, with
the model's context window and maximum output, and prints one row per engine:
the tokens at which it fires (its trigger), the message after which the
running estimate first reaches it (#index, or never), how many messages it
keeps verbatim, summarises and clears, the size of the next request after it
has run (the current estimate when it does not fire), and whether it leaves a
tool call and its result on different sides. Then, for each, what it puts
back and the source its rule follows. Every rule, its version and what it
does not model: docs/engines.md.

Engines: ${ENGINE_IDS.join(', ')}.

Options:
  --window N           The context window in tokens. Default: the model's, from
                       the table in docs/engines.md. For a model not in it,
                       the engines that read the window wait for it: they are
                       listed as not run (an error if --engine names one). On
                       a Codex rollout the codex and openai-compaction rows
                       run on the window it records Codex ran its model with,
                       whatever this says.
  --max-output N       The model's maximum output tokens, at most the window.
                       Default: the model's, from the same table; the engines
                       that read it wait for it as for the window.
  --engine ID[,ID…]    Only these engines, in the order given. Default: all.
  --hidden-tokens N|auto
                       Add N tokens the file does not hold (the system prompt
                       and tool schemas a log leaves out) to every estimate,
                       as 'check' does. Default: 0.
${CONVERSATION_OPTIONS_HELP}
  --json               Print one JSON object instead: { "engines": [ { id,
                       trigger, firesAfter, keep, summarize, cleared,
                       nextRequestTokens, cutsToolExchange } ] }, with
                       firesAfter a message index or null and keep, summarize
                       and cleared lists of message indexes; and "notRun":
                       [ { id, needs } ] when some did not run, needs listing
                       "window" and "maxOutput".
  -h, --help           Show this help.

Exit status: 0 on success; 2 on bad input or options.`,

  async run(args, io: Io) {
    const path = singleFile(COMMAND, args.positionals)
    // Every flag is checked before the file is read.
    const ids = engineIds(args)
    positiveIntegerValue(COMMAND, args, 'window')
    positiveIntegerValue(COMMAND, args, 'max-output')
    const hiddenFlag = hiddenTokensValue(COMMAND, args)
    const loaded = await loadConversation(COMMAND, path, args, io)
    const limits = limitsFor(args, loaded.spec.model)
    const counts = countEachMessage(loaded.spec, loaded.messages)
    const hidden = hiddenContext(COMMAND, hiddenFlag, loaded, counts)
    const recorded = loaded.recordedWindow
    const input = {
      messages: loaded.messages,
      counts,
      ...(limits.window !== undefined ? { window: limits.window } : {}),
      ...(limits.maxOutput !== undefined ? { maxOutput: limits.maxOutput } : {}),
      spec: loaded.spec,
      hiddenTokens: hidden?.tokens ?? 0,
      ...(recorded !== undefined ? { recordedWindow: recorded.tokens } : {}),
      // The file's own engine settings (a Vibe session's threshold) replace that preset's defaults.
      ...(loaded.engineSettings !== undefined ? { settings: loaded.engineSettings.settings } : {}),
    }
    // The presets the user named must all run; of all of them, those that can.
    const { runnable, waiting } = runnableEngines(input, ids)
    if (waiting.length > 0 && (stringValue(args, 'engine') !== undefined || runnable.length === 0))
      throw limitsError(loaded.file, loaded.spec.model, waiting)
    const results = runEngines(input, runnable)

    if (flagValue(args, 'json')) {
      const engines = results.map((r) => ({
        id: r.id,
        trigger: r.trigger,
        firesAfter: r.firesAfter,
        keep: r.keep,
        summarize: r.summarize,
        cleared: r.cleared,
        nextRequestTokens: r.nextRequestTokens,
        cutsToolExchange: r.cutsToolExchange,
      }))
      const notRun = waiting.map((w) => ({ id: w.id, needs: w.missing }))
      io.out(JSON.stringify({ engines, ...(notRun.length > 0 ? { notRun } : {}) }, null, 2) + '\n')
      return EXIT.ok
    }

    let estimate = requestOverhead(loaded.spec) + (hidden?.tokens ?? 0)
    for (const c of counts) estimate += c
    io.out(
      `${loadedLine(loaded.file, loaded.messages.length, loaded.model)}\n` +
        `${limitsLine(limits)}\n` +
        codexWindowLine(recorded, ids, io.columns ?? DEFAULT_COLUMNS) +
        `estimate now ${formatNumber(estimate)} tokens` +
        `${hidden ? `, ${formatNumber(hidden.tokens)} of them hidden context (${hidden.source})` : ''}\n\n` +
        renderHuman(results, io.columns ?? DEFAULT_COLUMNS) +
        notRunLines(waiting, io.columns ?? DEFAULT_COLUMNS),
    )
    return EXIT.ok
  },
}
