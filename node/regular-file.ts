/**
 * Reading a file that must be a regular file, without ever waiting on one that is not. Opening a
 * FIFO for reading blocks until something writes to it, and a device may never end: either would
 * hold one of Node's few file-system threads for good, and every later file operation of main
 * (opens, exports, the recent list) would queue behind it.
 */
import { constants, type Stats } from 'node:fs'
import { open, stat, type FileHandle } from 'node:fs/promises'

/** A refusal whose message is ready to show: it names the path and what is wrong with it. */
export class FileRefusal extends Error {
  override name = 'FileRefusal'
}

/** How a path that is not a regular file is described: "is a FIFO (named pipe)"; null for a file. */
export function nonRegularKind(info: Stats): string | null {
  if (info.isFile()) return null
  if (info.isDirectory()) return 'is a directory'
  if (info.isFIFO()) return 'is a FIFO (named pipe)'
  if (info.isCharacterDevice()) return 'is a character device'
  if (info.isBlockDevice()) return 'is a block device'
  if (info.isSocket()) return 'is a socket'
  return 'is not a regular file'
}

// Where O_NONBLOCK exists (everywhere but Windows), an open of a FIFO returns at once.
const READ_WITHOUT_WAITING = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0)
const CHUNK_BYTES = 1024 * 1024

/**
 * A regular file's bytes, at most `maxBytes` of them, in memory the result owns. Throws a
 * {@link FileRefusal} for anything else (a directory, FIFO, device or socket, named as such; a
 * file over the limit) and Node's own errors (ENOENT, EACCES) for the caller to describe.
 *
 * The path is checked before it is opened, so a device is never opened at all, and the open file
 * is checked again, because the path may have been replaced in between; the open itself does not
 * wait on a FIFO. The read stops past `maxBytes` whatever the file's size said, since files in
 * /proc say 0 and a file may grow while it is read.
 */
export async function readRegularFile(
  path: string,
  maxBytes: number,
): Promise<Uint8Array<ArrayBuffer>> {
  return (await readRegularFileWithInfo(path, maxBytes)).bytes
}

/** readRegularFile, with what the open file's stat said (its inode, size and times). */
export async function readRegularFileWithInfo(
  path: string,
  maxBytes: number,
): Promise<{ bytes: Uint8Array<ArrayBuffer>; info: Stats }> {
  const { handle, info } = await openRegularFile(path, maxBytes)
  try {
    const bytes = await readAtMost(handle, info.size, maxBytes)
    if (bytes === null) throw tooLarge(path, `more than ${megabytes(maxBytes)}`, maxBytes)
    return { bytes, info }
  } finally {
    await handle.close()
  }
}

/**
 * Opens a regular file of at most `maxBytes` for reading, checked by its path and again once
 * open (as readRegularFile does); the caller closes the handle.
 */
export async function openRegularFile(
  path: string,
  maxBytes: number,
): Promise<{ handle: FileHandle; info: Stats }> {
  checkRegular(path, await stat(path), maxBytes)
  const handle = await open(path, READ_WITHOUT_WAITING)
  try {
    const info = await handle.stat()
    checkRegular(path, info, maxBytes)
    return { handle, info }
  } catch (error) {
    await handle.close()
    throw error
  }
}

function checkRegular(path: string, info: Stats, maxBytes: number): void {
  const kind = nonRegularKind(info)
  if (kind !== null) throw new FileRefusal(`${path}: ${kind}, not a regular file`)
  if (info.size > maxBytes) throw tooLarge(path, megabytes(info.size), maxBytes)
}

/** Whether an error is a refusal of a file over the size read (tooLarge's). */
export const isTooLarge = (error: unknown): boolean =>
  error instanceof FileRefusal && error.message.startsWith('EFBIG:')

export function tooLarge(path: string, size: string, maxBytes: number): FileRefusal {
  return new FileRefusal(
    `EFBIG: ${path}: the file is ${size}; the inspector opens files up to ${megabytes(maxBytes)}`,
  )
}

/**
 * Reads to the end; null once more than `maxBytes` arrived. The usual file is read into one
 * buffer of the size it said it has, which becomes the result as it is: IPC sends the whole memory
 * under a view, so the result must not sit in a larger buffer (or Node's shared pool).
 */
async function readAtMost(
  handle: FileHandle,
  expected: number,
  maxBytes: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  const first = Buffer.allocUnsafeSlow(Math.min(expected, maxBytes))
  let length = 0
  while (length < first.length) {
    const { bytesRead } = await handle.read(first, length, first.length - length, null)
    if (bytesRead === 0) return owned(first.subarray(0, length))
    length += bytesRead
  }
  const chunks: Buffer[] = [first]
  let total = length
  for (;;) {
    const chunk = Buffer.allocUnsafe(CHUNK_BYTES)
    const { bytesRead } = await handle.read(chunk, 0, CHUNK_BYTES, null)
    if (bytesRead === 0) break
    total += bytesRead
    if (total > maxBytes) return null
    chunks.push(chunk.subarray(0, bytesRead))
  }
  return owned(chunks.length === 1 ? first : Buffer.concat(chunks, total))
}

function owned(bytes: Buffer): Uint8Array<ArrayBuffer> {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
    ? new Uint8Array(bytes.buffer as ArrayBuffer)
    : new Uint8Array(bytes)
}

export function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}
