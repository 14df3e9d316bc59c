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
