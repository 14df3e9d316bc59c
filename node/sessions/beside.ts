/**
 * Reading a small file that sits beside a log (a Cline 4 session's manifest, a Claude Code
 * subagent's sidecar): only a regular file whose real path is in the log's own folder, so a link
 * that leads out of it is not followed, and only its first bytes.
 */
import { open, realpath, stat } from 'node:fs/promises'
import { dirname, join } from 'node:path'

/** The first MAX_BYTES of DIR/NAME (DIR a real path); undefined when it is not such a file. */
export async function readBeside(
  dir: string,
  name: string,
  maxBytes: number,
): Promise<Buffer | undefined> {
  const real = await realpath(join(dir, name)).catch(() => undefined)
  if (real === undefined || dirname(real) !== dir) return undefined
  const stats = await stat(real).catch(() => undefined)
  if (!stats?.isFile()) return undefined
  try {
    const handle = await open(real, 'r')
    try {
      const bytes = Buffer.alloc(Math.min(stats.size, maxBytes))
      await handle.read(bytes, 0, bytes.length, 0)
      return bytes
    } finally {
      await handle.close()
    }
  } catch {
    return undefined
  }
}

/**
 * DIR/NAME parsed as JSON, read as readBeside reads it; undefined when there is no such file, or
 * its first MAX_BYTES are not one JSON document (a file cut at the limit is not), or they do not
 * hold MUST_HOLD (a key the caller looks for: most files are then not parsed at all).
 */
export async function readJsonBeside(
  dir: string,
  name: string,
  maxBytes: number,
  mustHold?: string,
): Promise<unknown> {
  const bytes = await readBeside(dir, name, maxBytes)
  if (bytes === undefined || (mustHold !== undefined && !bytes.includes(mustHold))) return undefined
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown
  } catch {
    return undefined
  }
}
