import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { CLI } from './paths'

const run = promisify(execFile)

/** Runs the built CLI (`node dist/cli.js …`) and returns its standard output, byte for byte. */
export async function cli(args: readonly string[]): Promise<Buffer> {
  const { stdout } = await run(process.execPath, [CLI, ...args], {
    encoding: 'buffer',
    maxBuffer: 64 * 1024 * 1024,
  })
  return stdout
}
