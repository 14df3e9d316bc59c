import type { OptionSpec, ParsedArgs } from './args'

/** Where a command writes: stdout takes the result exactly as given; stderr takes whole lines. */
export interface Io {
  out(text: string): void
  err(line: string): void
  /** Which of the two is a terminal: what goes there has its control characters escaped. */
  isTTY?: { out?: boolean; err?: boolean }
  /** The terminal's width in columns, when stdout is one (or COLUMNS says); text wraps to it. */
  columns?: number
}

/** The width prose wraps to when no terminal says otherwise. */
export const DEFAULT_COLUMNS = 80

/** One subcommand of the tool. */
export interface Command {
  name: string
  /** One line for the tool's own --help. */
  summary: string
  /** The full text of `<command> --help`. */
  help: string
  options: OptionSpec
  /** Runs the command and returns its exit status; throws CliError on bad input. */
  run(args: ParsedArgs, io: Io): Promise<number>
}
