/**
 * Following a file an agent is writing: what was appended after the bytes already read, or the
 * whole file again when it was truncated, replaced or rewritten, or that it is gone. Node's file
 * watching (on the file, and on its folder for a file replaced by a rename) says when to look; a
 * stat every `pollMs` covers file systems where it says nothing (network and some container
 * mounts). A database (an opencode one, told by its first bytes) changes in place and in its
 * write-ahead log: a change to either is the whole database again, with its log, at most once a
 * `settleMs`. docs/sessions.md, "Live sessions".
 */
import { watch, type FSWatcher, type Stats } from 'node:fs'
import { stat, type FileHandle } from 'node:fs/promises'
import { basename, dirname } from 'node:path'
import { startsAsSqlite } from '../../src/sqlite/magic'
import { readConversationBytes, writeAheadLogOf } from '../write-ahead-log'
import type { FileChange } from '../../electron/contract'
import { MAX_CONVERSATION_BYTES, MAX_DATABASE_BYTES } from '../../electron/contract'
import {
  FileRefusal,
  isTooLarge,
  megabytes,
  nonRegularKind,
  openRegularFile,
  readRegularFileWithInfo,
} from '../regular-file'

/** A change as the follower sees it: FileChange without the token main adds. */
export type FollowedChange = FileChange extends infer C
  ? C extends { token: string }
    ? Omit<C, 'token'>
    : never
  : never

export interface FollowOptions {
  /** Bytes already read: the first append starts there. */
  from: number
  /** A whole-document log (JSON): every change is the whole file again ('rewritten'). */
  wholeFile?: boolean
  onChange(change: FollowedChange): void
  /**
   * A FileRefusal (its message is ready to show: not a regular file, too large) or Node's error
   * (EACCES…) for the caller to describe, as readRegularFile throws them. Following goes on:
   * the next change is looked at again.
   */
  onError(error: unknown): void
  /** How often the file's stat is polled, in case watching says nothing. Default 1000 ms. */
  pollMs?: number
  /**
   * How long a burst of changes is gathered before the file is read. Default 75 ms; for a
   * database, which is read whole every time, DATABASE_SETTLE_MS.
   */
  settleMs?: number
  /** The largest file followed. Default MAX_CONVERSATION_BYTES. */
  maxBytes?: number
  /** false: the poll alone (as on a file system where watching never fires). Default true. */
  watch?: boolean
}

/** How many leading bytes are compared to tell a rewrite from an append. */
export const HEAD_BYTES = 4096

/**
 * How long a database's changes are gathered: its engine writes a reply's parts as they stream,
 * and every look reads the whole database again.
 */
export const DATABASE_SETTLE_MS = 1000

/** A database written this recently when following starts is read again at once. */
const RECENTLY_WRITTEN_MS = 10_000

/** What the follower knows of the file as last read. */
interface Known {
  ino: number
  dev: number
  size: number
  mtimeMs: number
  /** Its first min(HEAD_BYTES, size) bytes. */
  head: Uint8Array
}

/**
 * Follows `path` from `options.from`. Changes arrive in order, one at a time, each after the
 * burst that made it has settled; the bytes of one never mix two versions of the file. `ready`
 * settles once the file's identity and first bytes are taken: a change before then is measured
 * against the file as it is then (the caller read it just before, so the gap is short).
 */
export function followFile(
  path: string,
  options: FollowOptions,
): { close(): void; ready: Promise<void> } {
  return new Follower(path, options)
}

class Follower {
  private readonly pollMs: number
  private readonly settleMs: number
  private readonly maxBytes: number
  private known?: Known
  private gone = false
  private closed = false
  private settling?: NodeJS.Timeout
  private poll?: NodeJS.Timeout
  private running = false
  private again = false
  private fileWatcher?: FSWatcher
  private folderWatcher?: FSWatcher
  /** What the last look's stat saw (null: no file): the poll looks again when it moves. */
  private seen?: string | null
  /** A database (its first bytes say so), followed whole with its write-ahead log. */
  private database = false
  /** A database's and its log's stats when it was last read. */
  private databaseRead?: string
  readonly ready: Promise<void>

  constructor(
    private readonly path: string,
    private readonly options: FollowOptions,
  ) {
    this.pollMs = options.pollMs ?? 1000
    this.settleMs = options.settleMs ?? 75
    this.maxBytes = options.maxBytes ?? MAX_CONVERSATION_BYTES
    this.folderWatcher = this.tryWatch(dirname(path), (name) => {
      // Events name the file that changed in the folder, or nothing on some systems.
      const log = this.database && name === basename(writeAheadLogOf(path))
      if (name === null || name === basename(path) || log) this.changed()
    })
    this.ready = this.begin()
  }

  close(): void {
    this.closed = true
    clearTimeout(this.settling)
    clearInterval(this.poll)
    this.fileWatcher?.close()
    this.folderWatcher?.close()
  }

  /** What the file is at `from`: its identity, and the head an append must leave as it was. */
  private async begin(): Promise<void> {
    try {
      // A database may be larger than a log (MAX_DATABASE_BYTES); a log over maxBytes is said
      // when it next grows.
      const limit = Math.max(this.maxBytes, MAX_DATABASE_BYTES)
      const { handle, info } = await openRegularFile(this.path, limit)
      try {
        const head = await readRange(handle, 0, Math.min(HEAD_BYTES, this.options.from, info.size))
        this.known = { ...identity(info), size: this.options.from, head }
        this.database = startsAsSqlite(head)
        if (this.database) this.databaseRead = await this.databaseReadAt()
      } finally {
        await handle.close()
      }
    } catch (error) {
      // Gone already: the first look says so. Anything else is said now.
      if (!isGone(error)) this.fail(error)
    }
    if (this.closed) return
    this.watchFile()
    this.poll = setInterval(() => void this.polled(), this.pollMs)
    // The file may have changed between the caller's read and now.
    this.changed()
  }

  private watchFile(): void {
    this.fileWatcher?.close()
    this.fileWatcher = this.tryWatch(this.path, () => this.changed())
  }

  /** A watcher, or none where watching is refused (too many watches, an odd file system). */
  private tryWatch(target: string, listener: (name: string | null) => void): FSWatcher | undefined {
    if (this.options.watch === false) return undefined
    try {
      const watcher = watch(target, { persistent: false }, (_event, name) =>
        listener(name === null ? null : String(name)),
      )
      // A watcher that fails later (its file deleted on some systems) leaves the poll to it.
      watcher.on('error', () => watcher.close())
      return watcher
    } catch {
      return undefined
    }
  }

  /** The poll: a stat, and a look only when it differs from what the last look saw. */
  private async polled(): Promise<void> {
    let now: string | null
    try {
      now = this.database ? await this.databaseSignature() : signature(await stat(this.path))
    } catch {
      now = null
    }
    if (now !== this.seen) this.changed()
  }

  /** Something happened: look once the burst has settled (a burst is one look, not many). */
  private changed(): void {
    if (this.closed || this.settling) return
    const settleMs = this.database ? (this.options.settleMs ?? DATABASE_SETTLE_MS) : this.settleMs
    this.settling = setTimeout(() => {
      this.settling = undefined
      void this.look()
    }, settleMs)
  }

  private async look(): Promise<void> {
    if (this.running) {
      this.again = true
      return
    }
    this.running = true
    try {
      do {
        this.again = false
        await this.lookOnce()
      } while (this.again && !this.closed)
    } finally {
      this.running = false
    }
  }

  private async lookOnce(): Promise<void> {
    let info: Stats
    try {
      info = await stat(this.path)
      this.seen = signature(info)
    } catch (error) {
      this.seen = null
      if (isGone(error)) {
        if (!this.gone) {
          this.gone = true
          this.emit({ kind: 'gone' })
        }
      } else this.fail(error)
      return
    }
    const kind = nonRegularKind(info)
    if (kind !== null)
      return this.fail(new FileRefusal(`${this.path}: ${kind}, not a regular file`))
    if (this.database) return this.lookAtDatabase()
    const known = this.known
    if (this.gone || known === undefined || known.ino !== info.ino || known.dev !== info.dev) {
      // Back after it was gone, or another file now has its name (renamed over it).
      if (this.gone || known !== undefined) return this.reset('replaced')
      return this.reset('rewritten')
    }
    if (info.size === known.size && info.mtimeMs === known.mtimeMs) return
    if (this.options.wholeFile) return this.reset('rewritten')
    if (info.size < known.size) return this.reset('truncated')
    if (info.size > this.maxBytes) {
      // It will not shrink back by itself: say so once, and stop.
      this.fail(this.tooLarge(info.size))
      return this.close()
    }
    await this.append(known, info.size)
  }

  /** A database: read whole again, with its log, when it or its log changed since it was read. */
  private async lookAtDatabase(): Promise<void> {
    let now: string
    try {
      now = await this.databaseSignature()
    } catch (error) {
      return isGone(error) ? this.lookLater() : this.fail(error)
    }
    this.seen = now
    if (!this.gone && now === this.databaseRead) return
    // Taken before the read: a write during it is a change the next look reads.
    this.databaseRead = now
    await this.reset(this.gone ? 'replaced' : 'rewritten')
  }

  /**
   * What a database was when the caller read it, as far as the follower can tell: as it is now,
   * unless it or its log changed in the last RECENTLY_WRITTEN_MS, when a write may have come
   * between the caller's read and now (undefined: the first look reads it again).
   */
  private async databaseReadAt(): Promise<string | undefined> {
    const stats = await this.databaseStats()
    return Date.now() - stats.written < RECENTLY_WRITTEN_MS ? undefined : stats.signature
  }

  /** A database's stat and its write-ahead log's (none, when it has none). */
  private async databaseSignature(): Promise<string> {
    return (await this.databaseStats()).signature
  }

  /** The database's and its log's stats as one signature, and when either was last written. */
  private async databaseStats(): Promise<{ signature: string; written: number }> {
    const file = await stat(this.path)
    const log = await stat(writeAheadLogOf(this.path)).catch(() => null)
    return {
      signature: `${signature(file)}|${log ? signature(log) : '-'}`,
      written: Math.max(file.mtimeMs, log?.mtimeMs ?? 0),
    }
  }

  /** The bytes after those read, unless the head changed (then the whole file, rewritten). */
  private async append(known: Known, size: number): Promise<void> {
    let bytes: Uint8Array<ArrayBuffer>
    let info: Stats
    try {
      const opened = await openRegularFile(this.path, this.maxBytes)
      try {
        info = opened.info
        if (info.ino !== known.ino || info.dev !== known.dev) return this.reset('replaced')
        const head = await readRange(opened.handle, 0, known.head.length)
        if (!sameBytes(head, known.head)) return this.reset('rewritten')
        bytes = await readRange(opened.handle, known.size, Math.max(size, info.size))
      } finally {
        await opened.handle.close()
      }
    } catch (error) {
      return isGone(error) ? this.lookLater() : this.fail(error)
    }
    if (bytes.length === 0) {
      // Touched, or rewritten with as many bytes: the head says which.
      known.mtimeMs = info.mtimeMs
      return
    }
    let head = known.head
    if (head.length < HEAD_BYTES) {
      const more = bytes.subarray(0, HEAD_BYTES - head.length)
      head = new Uint8Array(head.length + more.length)
      head.set(known.head)
      head.set(more, known.head.length)
    }
    this.known = { ...identity(info), size: known.size + bytes.length, head }
    this.emit({ kind: 'append', bytes })
  }

  /** The whole file again, read in one go: never part of one version and part of another. */
  private async reset(reason: 'truncated' | 'replaced' | 'rewritten'): Promise<void> {
    let read: Awaited<ReturnType<typeof readRegularFileWithInfo>>
    try {
      read = this.database
        ? await readConversationBytes(this.path, this.maxBytes)
        : await readRegularFileWithInfo(this.path, this.maxBytes)
    } catch (error) {
      if (isGone(error)) return this.lookLater()
      this.fail(error)
      // Grown past what is read (a database read whole at each change, a file rewritten): it will
      // not shrink back by itself, so it is said once and followed no further, as an append is.
      if (isTooLarge(error)) this.close()
      return
    }
    const { bytes, info } = read
    const replaced = this.known !== undefined && this.known.ino !== info.ino
    this.known = {
      ...identity(info),
      size: bytes.length,
      head: bytes.slice(0, HEAD_BYTES),
    }
    this.gone = false
    if (replaced || reason === 'replaced') this.watchFile()
    this.emit({ kind: 'reset', reason, bytes })
  }

  private lookLater(): void {
    this.again = true
  }

  private tooLarge(size: number): FileRefusal {
    return new FileRefusal(
      `EFBIG: ${this.path}: the file is now ${megabytes(size)}; the inspector follows files up to ${megabytes(this.maxBytes)}`,
    )
  }

  private emit(change: FollowedChange): void {
    if (!this.closed) this.options.onChange(change)
  }

  private fail(error: unknown): void {
    if (!this.closed) this.options.onError(error)
  }
}

const signature = (info: Stats) =>
  `${info.dev}:${info.ino}:${info.size}:${info.mtimeMs}:${info.mode}`

const identity = (info: Stats) => ({
  ino: info.ino,
  dev: info.dev,
  size: info.size,
  mtimeMs: info.mtimeMs,
})

const isGone = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException | null)?.code
  return code === 'ENOENT' || code === 'ENOTDIR'
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

/**
 * Bytes [from, to) by positioned reads, in memory the result owns (it may cross IPC); fewer when
 * the file ends sooner.
 */
async function readRange(
  handle: FileHandle,
  from: number,
  to: number,
): Promise<Uint8Array<ArrayBuffer>> {
  const want = Math.max(0, to - from)
  const buffer = Buffer.allocUnsafeSlow(want)
  let length = 0
  while (length < want) {
    const { bytesRead } = await handle.read(buffer, length, want - length, from + length)
    if (bytesRead === 0) break
    length += bytesRead
  }
  const bytes = new Uint8Array(buffer.buffer as ArrayBuffer, 0, length)
  return length === want ? bytes : bytes.slice()
}
