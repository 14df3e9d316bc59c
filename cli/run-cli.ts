import { version } from '../package.json'
import { FORMATS } from '../src/index'
import { parseCommandArgs } from './args'
import type { Command, Io } from './command'
import { COMMANDS } from './commands/index'
import { CliError, EXIT } from './errors'
import { LATEST_HELP } from './session-argument'
import { terminalSafe } from './terminal-text'

const TOOL = 'compaction-inspector'

function toolHelp(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length))
  const list = COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`).join('\n')
  return `${TOOL} ${version}: see what compaction does to an LLM agent's conversation.

Usage: ${TOOL} <command> FILE [options]

Commands:
${list}

FILE is a conversation; '-' reads it from stdin. Its format is detected, or
named with --format:
${FORMATS.map((f) => `  ${f.id.padEnd(18)}${f.label}`).join('\n')}
${LATEST_HELP}
The wire shape (native) is a JSON array of messages, or
{ "model": "...", "messages": [...] }; each message is
{ "id"?, "type", "text", "payload"?, "meta"? }. 'apply --to openai' or
'--to anthropic' writes the result as a request to that provider instead.

Run '${TOOL} <command> --help' for a command's options.

Exit status: 0 on success; 1 when diagnose finds an error; 2 on bad input or
bad options, with one line on stderr that names the file, the place and the
problem (a file in no known format also gets one line per format tried).
`
}

// --help wins over everything else on the line, even a bad flag, so it always answers.
const asksForHelp = (argv: string[]) => {
  const end = argv.indexOf('--')
  return (end === -1 ? argv : argv.slice(0, end)).some((a) => a === '--help' || a === '-h')
}

/** Runs the tool on its arguments (without `node` and the script) and returns the exit status. */
export async function runCli(argv: string[], terminalOrPipe: Io): Promise<number> {
  const io = terminalSafe(terminalOrPipe)
  const [name, ...rest] = argv
  if (name === undefined) {
    io.err(`${TOOL}: missing command (see '${TOOL} --help')`)
    return EXIT.badInput
  }
  if (name === '--help' || name === '-h') return print(io, toolHelp())
  if (name === '--version' || name === '-V') return print(io, `${version}\n`)
  if (name === 'help') {
    const topic = rest[0] === undefined ? undefined : findCommand(rest[0])
    if (rest[0] !== undefined && topic === undefined) return unknownCommand(io, rest[0])
    return print(io, topic ? `${topic.help}\n` : toolHelp())
  }
  const command = findCommand(name)
  if (!command) return unknownCommand(io, name)
  if (asksForHelp(rest)) return print(io, `${command.help}\n`)

  try {
    const args = parseCommandArgs(command.name, rest, command.options)
    return await command.run(args, io)
  } catch (error) {
    if (error instanceof CliError) {
      io.err(error.message)
      return error.exitCode
    }
    // A bug, not the user's input: still one line, and no stack trace.
    io.err(`${TOOL} ${command.name}: internal error: ${(error as Error)?.message ?? String(error)}`)
    return EXIT.internal
  }
}

const findCommand = (name: string): Command | undefined => COMMANDS.find((c) => c.name === name)

function print(io: Io, text: string): number {
  io.out(text)
  return EXIT.ok
}

function unknownCommand(io: Io, name: string): number {
  const names = COMMANDS.map((c) => c.name).join(', ')
  io.err(`${TOOL}: unknown command ${JSON.stringify(name)} (commands: ${names})`)
  return EXIT.badInput
}
