import { randomBytes } from 'node:crypto'
import { chmod, open, realpath, rename, rm, stat, type FileHandle } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'

/**
 * Writes a file so that readers see either the old contents or the new, never a mix: the data goes
 * to a uniquely named temp file in the same directory, is flushed to disk, then renamed over the
 * target. On failure the temp file is removed and the target is untouched.
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  // Write through a symlink rather than replacing the link with a plain file.
  const target = await realpath(path).catch(() => path)
  const existingMode = await stat(target).then(
    (s) => s.mode & 0o7777,
    () => undefined,
  )
  // Same directory, because rename is only atomic within one file system.
  const temp = join(
    dirname(target),
    `.${basename(target)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`,
  )
  let handle: FileHandle | undefined
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
  }
  await syncDirectory(dirname(target))
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
