import { MAX_DATABASE_BYTES } from '../electron/contract'
import { applyWal, isSqliteFile } from '../src/index'
import { readRegularFile } from './regular-file'

/**
 * A file's bytes as they are read: a SQLite database (an opencode database) with its write-ahead
 * log (`<path>-wal`) laid over it, so that what its engine wrote since the last checkpoint (a
 * running session's latest turns) is there; any other file as it is. The log is read as the
 * database is, as a regular file only (a FIFO or a device named like a log is never waited on). No
 * log beside the file: the file is the whole database, and says so. A log that is there but
 * cannot be read is left out, and the bytes still say the database is in WAL mode, so its reader
 * says what the log may hold (src/formats/opencode-db.ts).
 */
export async function withWriteAheadLog<B extends ArrayBufferLike>(
  path: string,
  bytes: Uint8Array<B>,
): Promise<Uint8Array<B | ArrayBuffer>> {
  if (!isSqliteFile(bytes)) return bytes
  let wal: Uint8Array | undefined
  try {
    wal = await readRegularFile(`${path}-wal`, MAX_DATABASE_BYTES)
  } catch (error) {
    if ((error as NodeJS.ErrnoException | null)?.code !== 'ENOENT') return bytes
    wal = undefined
  }
  return applyWal(bytes, wal).bytes
}

/** A database file read whole, with the write-ahead log beside it laid over it (withWriteAheadLog). */
export async function readDatabase(path: string): Promise<Uint8Array> {
  return withWriteAheadLog(path, await readRegularFile(path, MAX_DATABASE_BYTES))
}
