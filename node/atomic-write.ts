import { randomBytes } from 'node:crypto'
import { rmSync, type Stats } from 'node:fs'
import { chmod, open, realpath, rename, rm, stat, type FileHandle } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'

/** The target exists and is not a regular file: replacing it would destroy a pipe, a device, a socket. */
export class NotRegularFileError extends Error {
  constructor(
    readonly path: string,
    /** What it is instead, in words: `a FIFO (named pipe)`, `a character device`, … */
    readonly kind: string,
  ) {
    super(`${path} is ${kind}, not a regular file`)
    this.name = 'NotRegularFileError'
  }
}

/** What a file that is not a regular one is, in words. */
export function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return 'a directory'
  if (stats.isFIFO()) return 'a FIFO (named pipe)'
  if (stats.isCharacterDevice()) return 'a character device'
  if (stats.isBlockDevice()) return 'a block device'
  if (stats.isSocket()) return 'a socket'
  return stats.isFile() ? 'a regular file' : 'not a regular file'
}

/**
 * Writes a file so that readers see either the old contents or the new, never a mix: the data goes
 * to a uniquely named temp file in the same directory, is flushed to disk, then renamed over the
 * target. On failure the temp file is removed and the target is untouched; so it is when SIGINT,
 * SIGTERM or SIGHUP ends the process mid-write (it then exits with 128 + the signal's number).
 * Only a regular file or a new path is written: anything else is a NotRegularFileError.
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  // Write through a symlink rather than replacing the link with a plain file.
  const target = await realpath(path).catch(() => path)
  const existing = await stat(target).catch(() => undefined)
  // A rename would put a regular file where a FIFO, a device (/dev/null, as root) or a socket was.
  if (existing && !existing.isFile()) throw new NotRegularFileError(path, kindOf(existing))
  const existingMode = existing ? existing.mode & 0o7777 : undefined
  // Same directory, because rename is only atomic within one file system.
  const temp = join(
    dirname(target),
    `.${basename(target)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`,
  )
  let handle: FileHandle | undefined
  removeOnSignal(temp)
  try {
    handle = await open(temp, 'wx', 0o666)
    await handle.writeFile(data)
    await handle.sync()
    await handle.close()
    handle = undefined
    // Replacing a file should not change who may read it; open's mode is filtered by the umask.
    if (existingMode !== undefined) await chmod(temp, existingMode)
    await rename(temp, target)
  } catch (error) {
    await handle?.close().catch(() => {})
    await rm(temp, { force: true }).catch(() => {})
    throw error
  } finally {
    settled(temp)
  }
  await syncDirectory(dirname(target))
}

// The temp files being written, removed if a signal ends the process first. One handler for all
// of them, installed only while there is one: outside a write, signals keep their usual effect.
const inFlight = new Set<string>()
const EXIT_ON: Record<'SIGINT' | 'SIGTERM' | 'SIGHUP', number> = {
  SIGHUP: 128 + 1,
  SIGINT: 128 + 2,
  SIGTERM: 128 + 15,
}
const signals = Object.keys(EXIT_ON) as (keyof typeof EXIT_ON)[]

function onSignal(signal: keyof typeof EXIT_ON): void {
  // Synchronously: the process ends before any promise could settle.
  for (const temp of inFlight) {
    try {
      rmSync(temp, { force: true })
    } catch {
      // Nothing more can be done on the way out.
    }
  }
  process.exit(EXIT_ON[signal])
}

function removeOnSignal(temp: string): void {
  if (inFlight.size === 0) for (const s of signals) process.on(s, onSignal)
  inFlight.add(temp)
}

function settled(temp: string): void {
  inFlight.delete(temp)
  if (inFlight.size === 0) for (const s of signals) process.off(s, onSignal)
}

// Makes the rename itself durable. Best effort: some platforms cannot open a directory for sync.
async function syncDirectory(dir: string): Promise<void> {
  let handle: FileHandle | undefined
  try {
    handle = await open(dir, 'r')
    await handle.sync()
  } catch {
    // The data is already safely in place; only a power cut's ordering guarantee is lost.
  } finally {
    await handle?.close().catch(() => {})
  }
}
