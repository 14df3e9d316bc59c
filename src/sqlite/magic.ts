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

/**
 * Whether `bytes` start as a SQLite write-ahead log does (the `-wal` file beside a database in WAL
 * mode): its 32-bit big-endian magic, 0x377f0682 or 0x377f0683, then format version 3007000
 * (sqlite.org/fileformat2.html, "The WAL File Format").
 */
export function startsAsWriteAheadLog(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 32 &&
    bytes[0] === 0x37 &&
    bytes[1] === 0x7f &&
    bytes[2] === 0x06 &&
    (bytes[3] === 0x82 || bytes[3] === 0x83) &&
    bytes[4] === 0x00 &&
    bytes[5] === 0x2d &&
    bytes[6] === 0xe2 &&
    bytes[7] === 0x18
  )
}
