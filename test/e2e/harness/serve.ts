/**
 * `compaction-inspector serve` from the build (dist/cli.js), on a home folder of the test's own:
 * the page it serves is the app with sessions and live following, as a browser gets it.
 */
import { spawn } from 'node:child_process'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { FOLDERS_VARIABLE } from '../../../node/sessions/context'
import { LOCATION_VARIABLES } from '../../../node/sessions/locations'
import { launchApp, type AppSession } from './browser'
import { CLI } from './paths'

/** A running server: the page's address (with its key), and how to stop it. */
export interface ServeSession {
  url: string
  /** What the server wrote on stderr so far (its refusals and notes). */
  stderr(): string
  stop(): Promise<void>
}

/** What the server sees. */
export interface ServeOptions {
  /** The home folder the engines' sessions are found under (HOME, USERPROFILE, APPDATA, XDG_*). */
  home: string
  /** More folders to list sessions in (`--folder`). */
  folders?: string[]
}

/**
 * Starts the built CLI's `serve` on a free port with `home` as the user's home, and resolves with
 * the address it prints. Every variable node/sessions reads is set from `home` or removed, so the
 * machine's own sessions never show.
 */
export async function startServe({ home, folders = [] }: ServeOptions): Promise<ServeSession> {
  const env: NodeJS.ProcessEnv = { ...process.env }
  for (const name of [...LOCATION_VARIABLES, FOLDERS_VARIABLE]) delete env[name]
  Object.assign(env, {
    HOME: home,
    USERPROFILE: home,
    APPDATA: join(home, 'AppData', 'Roaming'),
    XDG_CONFIG_HOME: join(home, '.config'),
  })
  const args = [CLI, 'serve', '--port', '0', ...folders.flatMap((dir) => ['--folder', dir])]
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text))
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)))
  const url = await new Promise<string>((done, fail) => {
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      stdout += text
      const found = /http:\/\/127\.0\.0\.1:\d+\/\?key=[A-Za-z0-9_-]+/.exec(stdout)
      if (found) done(found[0])
    })
    void exited.then((code) =>
      fail(new Error(`serve exited (${code}) before printing its address: ${stderr.trim()}`)),
    )
  })
  return {
    url,
    stderr: () => stderr,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGINT')
      await exited
    },
  }
}

/** The app's page as `serve` serves it on `home`. */
export interface ServedApp {
  server: ServeSession
  app: AppSession
}

/** Starts `serve` on `home` and opens its page in a fresh Chromium. */
export async function serveApp(home: string, folders: string[] = []): Promise<ServedApp> {
  const server = await startServe({ home, folders })
  try {
    return { server, app: await launchApp(server.url) }
  } catch (error) {
    await server.stop()
    throw error
  }
}

/** Closes what serveApp started (whatever of it did start), then removes the fixture home. */
export async function closeServed(served: Partial<ServedApp>, home?: string): Promise<void> {
  await served.app?.close()
  await served.server?.stop()
  if (home !== undefined) await rm(home, { recursive: true, force: true })
}
