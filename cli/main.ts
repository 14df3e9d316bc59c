#!/usr/bin/env node
import { runCli } from './run-cli'

// A reader that stops early (`| head`) closes the pipe; that is not an error worth a trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0)
  throw error
})

// exitCode rather than exit(): let stdout drain into a pipe before the process ends.
process.exitCode = await runCli(process.argv.slice(2), {
  out: (text) => void process.stdout.write(text),
  err: (line) => void process.stderr.write(`${line}\n`),
  isTTY: { out: process.stdout.isTTY === true, err: process.stderr.isTTY === true },
  columns: terminalColumns(),
})

/** stdout's width when it is a terminal, else COLUMNS when set to a sensible number. */
function terminalColumns(): number | undefined {
  if (process.stdout.isTTY && process.stdout.columns > 0) return process.stdout.columns
  const columns = Number(process.env.COLUMNS)
  return Number.isInteger(columns) && columns >= 20 ? columns : undefined
}
