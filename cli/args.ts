import { parseArgs } from 'node:util'
import { FORMATS, OptionError, validateOptions, type Options } from '../src/index'
import { CliError } from './errors'

/** The flags a command accepts, in node:util parseArgs' shape. */
export type OptionSpec = Record<
  string,
  { type: 'string' | 'boolean'; short?: string; multiple?: boolean }
>

/** A command's parsed command line. */
export interface ParsedArgs {
  values: Record<string, string | boolean | string[] | undefined>
  positionals: string[]
}

/** Where to look for a command's usage, for the end of an error line. */
export const helpHint = (command: string): string => `'compaction-inspector ${command} --help'`

/** Flags every command takes. */
export const COMMON_OPTIONS = {
  help: { type: 'boolean', short: 'h' },
} satisfies OptionSpec

/** Flags of every command that reads a conversation. */
export const CONVERSATION_OPTIONS = {
  model: { type: 'string' },
  format: { type: 'string' },
  request: { type: 'string' },
  session: { type: 'string' },
  'fork-parent': { type: 'string' },
  verbose: { type: 'boolean' },
} satisfies OptionSpec

/** Flags of the compaction check, shared by the commands that run one. */
export const CHECK_OPTIONS = {
  ...CONVERSATION_OPTIONS,
  'max-tokens': { type: 'string' },
  'keep-recent': { type: 'string' },
  'trigger-ratio': { type: 'string' },
} satisfies OptionSpec

/** The --help lines for CONVERSATION_OPTIONS. */
export const CONVERSATION_OPTIONS_HELP = `  --model M            Count with model M's vocabulary: a model such as gpt-4o, or
                       an encoding such as cl100k_base. Default: the file's
                       "model", else o200k_base. An unknown name falls back to
                       o200k_base, with a warning.
  --format F           Read FILE as format F instead of detecting it:
${FORMATS.map((f) => `                         ${f.id.padEnd(17)}${f.label}`).join('\n')}
                       Default: auto.
  --request N          In an API traffic log, read request N (1 is the file's
                       first). Default: the main thread, the latest request
                       with the longest message list. The import report lists
                       how many requests the file has.
  --session ID         In an opencode or Kilo database (opencode.db, kilo.db),
                       read session ID. Default: the session updated last that
                       is not a subagent's. With --verbose, every session is
                       listed.
  --fork-parent P      For a forked Claude Code subagent's file, read its parent's
                       conversation from transcript P. Default: the parent's
                       transcript where Claude Code keeps it, in a folder above
                       the file.
  --verbose            Also say on stderr which format FILE was read as, and
                       list the import report: every field set aside and every
                       line skipped. Without it, warnings are only counted.`

/** The --help lines for CHECK_OPTIONS. */
export const CHECK_OPTIONS_HELP = `  --max-tokens N       The context budget in tokens, a positive integer. Default:
                       the window the log says its engine ran with (a Codex
                       rollout's), else the model's context window, when it is
                       known (stderr says which).
  --keep-recent N      Keep the last N messages verbatim. Default: a quarter of the
                       messages, at least 1.
  --trigger-ratio R    Compact at R × max-tokens, R in (0, 1]. Default: 0.9.
${CONVERSATION_OPTIONS_HELP}`

/**
 * Parses a command's arguments strictly: an unknown flag, a missing value or a flag given twice is
 * a CliError naming the flag, so a typo never silently changes what the command does.
 */
export function parseCommandArgs(command: string, argv: string[], spec: OptionSpec): ParsedArgs {
  const options: OptionSpec = { ...COMMON_OPTIONS, ...spec }
  let parsed
  try {
    parsed = parseArgs({ args: argv, options, strict: true, allowPositionals: true, tokens: true })
  } catch (error) {
    throw new CliError(`${command}: ${describeParseArgsError(error)} (see ${helpHint(command)})`)
  }
  const seen = new Set<string>()
  for (const token of parsed.tokens) {
    if (token.kind !== 'option' || options[token.name]?.multiple) continue
    if (seen.has(token.name))
      throw new CliError(`${command}: option --${token.name} is given twice`)
    seen.add(token.name)
  }
  return { values: parsed.values as ParsedArgs['values'], positionals: parsed.positionals }
}

function describeParseArgsError(error: unknown): string {
  const { code, message } = error as { code?: string; message: string }
  // Node names the flag in quotes, as "'--max-tokens <value>'" or "'-o, --output <value>'".
  const flag = /'(-[^' ,]+)/.exec(message)?.[1] ?? 'an option'
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `unknown option ${flag}`
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    if (message.includes('does not take an argument')) return `option ${flag} takes no value`
    if (message.includes('ambiguous')) {
      return `option ${flag} needs a value (for one that starts with '-', write ${flag}=VALUE)`
    }
    return `option ${flag} needs a value`
  }
  return message.split('\n')[0]
}

/** The one FILE argument a command takes; a CliError when it is missing or followed by more. */
export function singleFile(command: string, positionals: string[]): string {
  if (positionals.length === 0) {
    throw new CliError(`${command}: missing FILE (see ${helpHint(command)})`)
  }
  if (positionals.length > 1) {
    throw new CliError(`${command}: unexpected argument ${JSON.stringify(positionals[1])}`)
  }
  return positionals[0]
}

/** A flag's string value, or undefined when it was not given. */
export function stringValue(args: ParsedArgs, name: string): string | undefined {
  const value = args.values[name]
  return typeof value === 'string' ? value : undefined
}

/** Every value of a repeatable flag, in order; empty when it was not given. */
export function stringValues(args: ParsedArgs, name: string): string[] {
  const value = args.values[name]
  return Array.isArray(value) ? value : typeof value === 'string' ? [value] : []
}

/** Whether a boolean flag was given. */
export function flagValue(args: ParsedArgs, name: string): boolean {
  return args.values[name] === true
}

// The flag that sets each of the core's options, for the words of an OptionError.
const OPTION_FLAGS: Record<string, string> = {
  maxTokens: '--max-tokens',
  keepRecentCount: '--keep-recent',
  triggerRatio: '--trigger-ratio',
  hiddenTokens: '--hidden-tokens',
  model: '--model',
}

/** The core's OptionError in the command line's words: the flag, not the API's field name. */
export const optionErrorLine = (command: string, error: OptionError): string =>
  `${command}: option ${OPTION_FLAGS[error.option] ?? error.label}: ${error.problem}`

// The command, the flag, the value and what it should have been.
const badValue = (command: string, flag: string, value: string, expected: string) =>
  new CliError(`${command}: option --${flag}: ${JSON.stringify(value)} is not ${expected}`)

function integerValue(command: string, flag: string, value: string, min: number): number {
  const expected = min > 0 ? 'a positive integer' : 'a non-negative integer'
  const n = Number(value)
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < min) {
    throw badValue(command, flag, value, expected)
  }
  return n
}

/** A flag's value as a positive integer, or undefined when the flag was not given. */
export function positiveIntegerValue(
  command: string,
  args: ParsedArgs,
  flag: string,
): number | undefined {
  const value = stringValue(args, flag)
  return value === undefined ? undefined : integerValue(command, flag, value, 1)
}

/** `--hidden-tokens N|auto`: a count, 'auto' (derive it from the file's usage), or unset. */
export function hiddenTokensValue(command: string, args: ParsedArgs): number | 'auto' | undefined {
  const value = stringValue(args, 'hidden-tokens')
  if (value === undefined || value === 'auto') return value
  if (!/^\d+$/.test(value)) {
    throw badValue(command, 'hidden-tokens', value, "a non-negative integer or 'auto'")
  }
  return integerValue(command, 'hidden-tokens', value, 0)
}

/** --request's value: a positive integer, or undefined when the flag was not given. */
export function requestValue(command: string, args: ParsedArgs): number | undefined {
  const value = stringValue(args, 'request')
  return value === undefined ? undefined : integerValue(command, 'request', value, 1)
}

/** A flag's value, which must be one of `choices`; `fallback` when the flag was not given. */
export function choiceValue<T extends string>(
  command: string,
  args: ParsedArgs,
  flag: string,
  choices: readonly T[],
  fallback: T,
): T {
  const value = stringValue(args, flag)
  if (value === undefined) return fallback
  if (!(choices as readonly string[]).includes(value)) {
    throw badValue(command, flag, value, `one of ${choices.join(', ')}`)
  }
  return value as T
}

// A flag's text as the number it spells: a decimal integer a number holds exactly, or (`decimals`)
// a plain decimal fraction; anything else is handed on as written, for the core's rules to refuse.
// Number() alone would also take '0x1', '1e-1' and ' 0.5 '.
function numberOrText(value: string, decimals = false): number | string {
  const n = Number(value)
  if (/^\d+$/.test(value)) return Number.isSafeInteger(n) ? n : value
  return decimals && /^(\d+(\.\d*)?|\.\d+)$/.test(value) ? n : value
}

/**
 * The check's options from the command line: the flags' text made numbers, then checked by the
 * core's rules (validateOptions), whose refusal names the flag and the text as it was given.
 */
export function checkOptions(command: string, args: ParsedArgs): Omit<Options, 'model'> {
  const maxTokens = stringValue(args, 'max-tokens')
  if (maxTokens === undefined) {
    throw new CliError(`${command}: missing --max-tokens N (the context budget in tokens)`)
  }
  const keepRecent = stringValue(args, 'keep-recent')
  const triggerRatio = stringValue(args, 'trigger-ratio')
  // Text that spells no number stays text until the core refuses it, just below.
  const options = {
    maxTokens: numberOrText(maxTokens),
    ...(keepRecent !== undefined ? { keepRecentCount: numberOrText(keepRecent) } : {}),
    ...(triggerRatio !== undefined ? { triggerRatio: numberOrText(triggerRatio, true) } : {}),
  } as Options
  try {
    validateOptions(options)
  } catch (error) {
    if (!(error instanceof OptionError)) throw error
    const flag = OPTION_FLAGS[error.option]?.slice(2)
    const given = flag && stringValue(args, flag)
    if (!flag || given === undefined) throw new CliError(optionErrorLine(command, error))
    throw badValue(command, flag, given, error.expected)
  }
  return options
}
