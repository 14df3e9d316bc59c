import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { DEFAULT_HOST, startServe } from '../../node/serve/server'
import { createSessionCatalog } from '../../node/sessions/catalog'
import { contextFromProcess, FOLDERS_VARIABLE, foldersFromEnv } from '../../node/sessions/context'
import { flagValue, stringValue, stringValues, type ParsedArgs } from '../args'
import type { Command } from '../command'
import { CliError } from '../errors'
import { follower } from '../../node/follower'

const COMMAND = 'serve'

/** `serve`: the app in a browser, with the sessions and live following the desktop app has. */
export const serveCommand: Command = {
  name: COMMAND,
  summary: 'Serve the app to a browser on this machine, with the sessions and live following',
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
    folder: { type: 'string', multiple: true },
    open: { type: 'boolean' },
  },
  help: `Usage: compaction-inspector serve [options]

Serves the inspector to a browser on this machine: the same app as the desktop
one, with the agents' sessions (as 'sessions' lists them) and live following of
the file that is open. It prints the address to open, which holds a random
access key made at start: only a page that has it can list or read anything.
Stop it with Ctrl+C.

Options:
  --port N             Listen on port N. Default: a free port.
  --host ADDR          Listen on ADDR. Default: ${DEFAULT_HOST}, this machine only.
                       Another address lets other machines reach the server
                       (with the key); docs/security.md says what that means.
  --folder DIR         Also list the sessions in DIR; repeatable.
                       ${FOLDERS_VARIABLE} names more.
  --open               Open the address in the default browser.
  -h, --help           Show this help.

Exit status: 0 when stopped with Ctrl+C; 2 on bad options, a port in use, or a
missing web build (run 'npm run build').`,

  async run(args, io) {
    if (args.positionals.length > 0) {
      throw new CliError(`${COMMAND}: unexpected argument ${JSON.stringify(args.positionals[0])}`)
    }
    const port = portValue(args)
    const host = stringValue(args, 'host') ?? DEFAULT_HOST
    const webDir = findWebBuild()
    const ctx = contextFromProcess()
    const folders = [...stringValues(args, 'folder'), ...foldersFromEnv(ctx.env)]
    const catalog = createSessionCatalog({ ctx, folders })
    let server
    try {
      server = await startServe({
        webDir,
        host,
        port,
        catalog,
        follow: follower,
        log: io.err,
      })
    } catch (error) {
      throw new CliError(`${COMMAND}: cannot listen on ${host}:${port}: ${listenProblem(error)}`)
    }
    io.out(`Compaction Inspector is at ${server.url}\n`)
    io.err(`${COMMAND}: open that address in a browser on this machine; Ctrl+C stops the server`)
    if (flagValue(args, 'open')) openInBrowser(server.url, io.err)
    await new Promise<void>((done) => {
      const stop = () => {
        process.off('SIGINT', stop)
        process.off('SIGTERM', stop)
        void server.close().then(done)
      }
      process.on('SIGINT', stop)
      process.on('SIGTERM', stop)
    })
    return 0
  },
}

/** The folder `npm run build` writes the web build to, relative to the package's root. */
export const WEB_BUILD = join('out', 'web')

/**
 * The web build beside this tool: dist/cli.js is one folder below the package's root, this file
 * two (when run from source), so the first folder up that holds out/web/index.html is the root.
 */
export function findWebBuild(from: string = import.meta.dirname): string {
  for (let dir = from, up = 0; up < 4; up++, dir = dirname(dir)) {
    const web = join(dir, WEB_BUILD)
    if (existsSync(join(web, 'index.html'))) return web
  }
  throw new CliError(
    `${COMMAND}: the web build (${WEB_BUILD}/index.html) is missing beside the tool: run 'npm run build'`,
  )
}

function portValue(args: ParsedArgs): number {
  const value = stringValue(args, 'port')
  if (value === undefined) return 0
  const n = Number(value)
  if (!/^\d+$/.test(value) || n > 65535) {
    throw new CliError(
      `${COMMAND}: option --port: ${JSON.stringify(value)} is not a port (0 to 65535)`,
    )
  }
  return n
}

/** Why the server could not listen, in words. */
export function listenProblem(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code
  if (code === 'EADDRINUSE') return 'the port is in use (choose another with --port, or 0 for any)'
  if (code === 'EADDRNOTAVAIL') return 'this machine has no such address'
  if (code === 'EACCES') return 'permission denied (ports below 1024 need privileges)'
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'no such host name'
  return error instanceof Error ? error.message : String(error)
}

function openInBrowser(url: string, err: (line: string) => void): void {
  const [command, ...args] =
    process.platform === 'darwin'
      ? ['open', url]
      : process.platform === 'win32'
        ? ['cmd', '/c', 'start', '""', url]
        : ['xdg-open', url]
  const child = spawn(command, args, { stdio: 'ignore', detached: true })
  child.on('error', () => err(`${COMMAND}: could not open a browser; open the address yourself`))
  child.unref()
}
