import type { Stats } from 'node:fs'
import { MAX_DATABASE_BYTES } from '../electron/contract'
import { applyWal, isSqliteFile, isWalMode, pageSizeOf } from '../src/index'
import { SQLITE_MAGIC, startsAsSqlite } from '../src/sqlite/magic'
import { openRegularFile, readRegularFile, readRegularFileWithInfo } from './regular-file'

/**
 * A file's bytes as they are read: a SQLite database (an opencode database) with its write-ahead
 * log (`<path>-wal`) laid over it, so that what its engine wrote since the last checkpoint (a
 * running session's latest turns) is there; any other file as it is. The log is read as the
 * database is, as a regular file only (a FIFO or a device named like a log is never waited on). No
 * log beside the file: the file is the whole database, and says so, unless it is a single page in
 * WAL mode, which holds no table: left as it is, so its reader says where they are. A log that is
 * there but cannot be read is left out, and the bytes still say the database is in WAL mode, so its
 * reader says what the log may hold (src/formats/opencode-db.ts).
 */
export async function withWriteAheadLog<B extends ArrayBufferLike>(
  path: string,
  bytes: Uint8Array<B>,
): Promise<Uint8Array<B | ArrayBuffer>> {
  if (!isSqliteFile(bytes)) return bytes
  let wal: Uint8Array | undefined
  try {
    wal = await readRegularFile(writeAheadLogOf(path), MAX_DATABASE_BYTES)
  } catch (error) {
    if ((error as NodeJS.ErrnoException | null)?.code !== 'ENOENT') return bytes
    // No log: a database closed cleanly is whole in its file. But one of a single page in WAL
    // mode (a new database, copied without its log) holds no table at all: its tables are in a
    // log that is not here, and its reader says so rather than that it has none.
    if (isWalMode(bytes) && bytes.length <= pageSizeOf(bytes)) return bytes
    wal = undefined
  }
  return applyWal(bytes, wal).bytes
}

/** Where a database's write-ahead log is: beside it, its name with `-wal` added. */
export const writeAheadLogOf = (path: string): string => `${path}-wal`

/** A database file read whole, with the write-ahead log beside it laid over it (withWriteAheadLog). */
export async function readDatabase(path: string): Promise<Uint8Array> {
  return withWriteAheadLog(path, await readRegularFile(path, MAX_DATABASE_BYTES))
}

/**
 * A conversation file as every host reads it: a log of at most `maxBytes`, or a database (told by
 * its first bytes) of at most MAX_DATABASE_BYTES with its write-ahead log; with what the open
 * file's stat said. Throws as readRegularFile does.
 */
export async function readConversationBytes(
  path: string,
  maxBytes: number,
): Promise<{ bytes: Uint8Array<ArrayBuffer>; info: Stats }> {
  const limit = (await isDatabaseFile(path)) ? Math.max(maxBytes, MAX_DATABASE_BYTES) : maxBytes
  const { bytes, info } = await readRegularFileWithInfo(path, limit)
  return { bytes: (await withWriteAheadLog(path, bytes)) as Uint8Array<ArrayBuffer>, info }
}

/**
 * Whether a regular file starts as a SQLite database does (its first 16 bytes), which may be
 * larger than a log (MAX_DATABASE_BYTES). Throws as readRegularFile does for what is not a file.
 */
export async function isDatabaseFile(path: string): Promise<boolean> {
  const { handle } = await openRegularFile(path, Number.POSITIVE_INFINITY)
  try {
    const head = new Uint8Array(SQLITE_MAGIC.length)
    const { bytesRead } = await handle.read(head, 0, head.length, 0)
    return bytesRead === head.length && startsAsSqlite(head)
  } finally {
    await handle.close()
  }
}
