/**
 * Which conversation a launch asks for. `npm start -- path/to/conversation.json` runs
 * `electron . path/to/conversation.json`, a packaged app runs `app path/to/conversation.json`, and a
 * second launch forwards its own command line to the first instance.
 */
import { statSync } from 'node:fs'
import { resolve } from 'node:path'

/** A launch's command line and the directory its relative paths are relative to. */
export interface LaunchRequest {
  argv: string[]
  cwd: string
}

/** How to read a command line. */
export interface ArgvContext {
  /**
   * True when Electron runs an app folder given on its own command line (`electron . file`,
   * `process.defaultApp`): the first positional argument is then the app, not a file to open.
   */
  defaultApp: boolean
  /** Whether a path names an existing regular file; the real file system by default. */
  isFile?: (path: string) => boolean
}

/**
 * The first argument after the executable that is not a flag and names an existing file, as an
 * absolute path; null when there is none.
 */
export function fileFromArgv(request: LaunchRequest, context: ArgvContext): string | null {
  const isFile = context.isFile ?? isExistingFile
  // Chromium and Node take their switches as `--name` or `--name=value`, so anything starting
  // with a dash is theirs (or the `--` npm passes through), never a conversation.
  const positionals = request.argv.slice(1).filter((arg) => arg !== '' && !arg.startsWith('-'))
  const candidates = context.defaultApp ? positionals.slice(1) : positionals
  for (const arg of candidates) {
    const path = resolve(request.cwd, arg)
    if (isFile(path)) return path
  }
  return null
}

/**
 * Reads the launch request a second instance sends as `additionalData`; null when it is not one.
 * Chromium may reorder or add to the `argv` it reports for a second instance, so the instance
 * sends its own `process.argv` too, and this data comes from another process: check its shape.
 */
export function launchRequestFrom(data: unknown): LaunchRequest | null {
  if (typeof data !== 'object' || data === null) return null
  const { argv, cwd } = data as Record<string, unknown>
  if (!Array.isArray(argv) || !argv.every((arg) => typeof arg === 'string')) return null
  if (typeof cwd !== 'string' || cwd === '') return null
  return { argv: argv as string[], cwd }
}

function isExistingFile(path: string): boolean {
  try {
    return statSync(path).isFile()
  } catch {
    return false
  }
}
