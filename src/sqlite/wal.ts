import { pageSizeOf, u32 } from './database'
import { WAL_MAGIC_BE as MAGIC_BE, WAL_MAGIC_LE as MAGIC_LE } from './magic'

/*
 * A database in WAL mode keeps its latest commits in a write-ahead log beside it (`<file>-wal`)
 * until a checkpoint copies them into the file ("Database File Format", section 4, "The Write-Ahead
 * Log", https://www.sqlite.org/fileformat2.html#walformat). A reader that opened the file alone
 * would miss them: a running agent's last turns. applyWal lays the log's committed frames over the
 * file's pages, as SQLite's own readers see the database.
 */

/** What a write-ahead log added to a database. */
export interface WalApplied<B extends ArrayBufferLike = ArrayBufferLike> {
  /** The database as SQLite reads it: the file's pages with the log's committed frames over them. */
  bytes: Uint8Array<B>
  /** Committed frames applied. */
  frames: number
  /** Frames after the last commit, or past a checksum or salt that does not match: not applied. */
  ignored: number
}

const WAL_HEADER = 32
const FRAME_HEADER = 24

/**
 * The database `db` with the write-ahead log `wal` applied (`wal` undefined: the file has no log
 * beside it): every frame up to the last valid commit
 * frame, a later frame of a page replacing an earlier. A log whose header is not one, or whose page
 * size is not the database's, is not applied (frames 0). A frame is valid when its salts are the
 * header's and its checksum follows on from the frame before it, as SQLite checks on recovery.
 * The result's header says the database is not in WAL mode (its read and write versions 1), as
 * after a checkpoint: its reader then knows the log was read. When the log adds nothing, the result
 * is `db` itself, its header changed in place.
 */
export function applyWal<B extends ArrayBufferLike>(
  db: Uint8Array<B>,
  wal: Uint8Array | undefined,
): WalApplied<B | ArrayBuffer> {
  const applied = laidOver(db, wal)
  // The image holds its log now (or there was none): its header says so, as a checkpoint leaves it.
  applied.bytes[18] = 1
  applied.bytes[19] = 1
  return applied
}

/**
 * Why `wal` is not a write-ahead log applyWal can lay over `db`, in words; undefined when it is
 * one (whether or not any of its frames commit). Its header must be a log's, with its own
 * checksum, for pages of the database's size.
 */
export function walProblem(db: Uint8Array, wal: Uint8Array): string | undefined {
  if (wal.length < WAL_HEADER) {
    return `${wal.length} bytes, shorter than a write-ahead log's ${WAL_HEADER}-byte header`
  }
  const magic = u32(wal, 0)
  if (magic !== MAGIC_LE && magic !== MAGIC_BE) {
    return 'it does not start as a SQLite write-ahead log does'
  }
  const pageSize = u32(wal, 8)
  const dbPageSize = pageSizeOf(db)
  if (pageSize !== dbPageSize) {
    return `its pages are ${pageSize} bytes and the database's ${dbPageSize}: the log of another database`
  }
  const [s0, s1] = checksum(wal, 0, 24, 0, 0, magic === MAGIC_BE)
  if (s0 !== u32(wal, 24) || s1 !== u32(wal, 28)) return "its header's checksum does not match"
  return undefined
}

function laidOver<B extends ArrayBufferLike>(
  db: Uint8Array<B>,
  wal: Uint8Array | undefined,
): WalApplied<B | ArrayBuffer> {
  const none = { bytes: db, frames: 0, ignored: 0 }
  if (wal === undefined || walProblem(db, wal) !== undefined) return none
  const bigEndian = u32(wal, 0) === MAGIC_BE
  const pageSize = u32(wal, 8)
  let [s0, s1] = checksum(wal, 0, 24, 0, 0, bigEndian)
  const salt1 = u32(wal, 16)
  const salt2 = u32(wal, 20)
  const frameSize = FRAME_HEADER + pageSize
  const total = Math.floor((wal.length - WAL_HEADER) / frameSize)
  // The frames of the transaction being read, and those of every committed one, by page.
  let pending = new Map<number, number>()
  const committed = new Map<number, number>()
  let pages = 0
  let frames = 0
  for (let i = 0; i < total; i++) {
    const at = WAL_HEADER + i * frameSize
    if (u32(wal, at + 8) !== salt1 || u32(wal, at + 12) !== salt2) break
    ;[s0, s1] = checksum(wal, at, 8, s0, s1, bigEndian)
    ;[s0, s1] = checksum(wal, at + FRAME_HEADER, pageSize, s0, s1, bigEndian)
    if (s0 !== u32(wal, at + 16) || s1 !== u32(wal, at + 20)) break
    pending.set(u32(wal, at), at + FRAME_HEADER)
    const commitSize = u32(wal, at + 4)
    if (commitSize !== 0) {
      for (const [page, offset] of pending) committed.set(page, offset)
      frames = i + 1
      pages = commitSize
      pending = new Map()
    }
  }
  if (frames === 0) return { ...none, ignored: total }
  const bytes = new Uint8Array(pages * pageSize)
  bytes.set(db.subarray(0, Math.min(db.length, bytes.length)))
  for (const [page, offset] of committed) {
    if (page >= 1 && page <= pages) {
      bytes.set(wal.subarray(offset, offset + pageSize), (page - 1) * pageSize)
    }
  }
  return { bytes, frames, ignored: total - frames }
}

/** SQLite's WAL checksum of `length` bytes at `from` (a multiple of 8), continuing from s0, s1. */
function checksum(
  b: Uint8Array,
  from: number,
  length: number,
  s0: number,
  s1: number,
  bigEndian: boolean,
): [number, number] {
  const view = new DataView(b.buffer, b.byteOffset + from, length)
  for (let i = 0; i < length; i += 8) {
    s0 = (s0 + view.getUint32(i, !bigEndian) + s1) >>> 0
    s1 = (s1 + view.getUint32(i + 4, !bigEndian) + s0) >>> 0
  }
  return [s0, s1]
}
