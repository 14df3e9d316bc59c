/*
 * How a SQLite database file starts, alone in a module with no side effects: the desktop app's
 * preload reads a dropped file's first bytes with it, and bundles nothing else of the reader.
 */

/** The 16 bytes every SQLite database file starts with. */
export const SQLITE_MAGIC = 'SQLite format 3\u0000'

/** Whether `bytes` start with SQLite's 16-byte magic (a file's head, read to tell what it is). */
export function startsAsSqlite(bytes: Uint8Array): boolean {
  if (bytes.length < SQLITE_MAGIC.length) return false
  for (let i = 0; i < SQLITE_MAGIC.length; i++) {
    if (bytes[i] !== SQLITE_MAGIC.charCodeAt(i)) return false
  }
  return true
}

/** A write-ahead log's first four bytes, big-endian: its frames' checksums little- or big-endian. */
export const WAL_MAGIC_LE = 0x377f0682
export const WAL_MAGIC_BE = 0x377f0683

/** The write-ahead log format version its header's next four bytes hold. */
const WAL_FORMAT = 3007000

/**
 * Whether `bytes` start as a SQLite write-ahead log does (the `-wal` file beside a database in WAL
 * mode): its magic, then format version 3007000 (sqlite.org/fileformat2.html, "The WAL File
 * Format"), within a header of 32 bytes.
 */
export function startsAsWriteAheadLog(bytes: Uint8Array): boolean {
  if (bytes.length < 32) return false
  const view = new DataView(bytes.buffer, bytes.byteOffset, 8)
  const magic = view.getUint32(0)
  return (magic === WAL_MAGIC_LE || magic === WAL_MAGIC_BE) && view.getUint32(4) === WAL_FORMAT
}
