import { readFile } from 'node:fs/promises'
import { applyWal, isSqliteFile } from '../src/index'

/**
 * A file's bytes as they are read: a SQLite database (an opencode database) with its write-ahead
 * log (`<path>-wal`) laid over it, so that what its engine wrote since the last checkpoint (a
 * running session's latest turns) is there; any other file as it is. A log that cannot be read is
 * left out, as a missing one: the database file alone is still a database, and its reader says
 * what a log may hold (src/formats/opencode-db.ts).
 */
export async function withWriteAheadLog<B extends ArrayBufferLike>(
  path: string,
  bytes: Uint8Array<B>,
): Promise<Uint8Array<B | ArrayBuffer>> {
  if (!isSqliteFile(bytes)) return bytes
  let wal: Uint8Array | undefined
  try {
    wal = await readFile(`${path}-wal`)
  } catch {
    wal = undefined
  }
  return applyWal(bytes, wal).bytes
}

/** A database file read whole, with the write-ahead log beside it laid over it (withWriteAheadLog). */
export async function readDatabase(path: string): Promise<Uint8Array> {
  return withWriteAheadLog(path, await readFile(path))
}
