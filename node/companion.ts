/**
 * The file a log needs beside it (OpenedFile.companion, ReadChoice.companion), found where its
 * engine keeps it, so that every host hands the import the same file:
 *
 * - A forked Claude Code subagent's parent transcript (`fork-context-ref`, read by the core's
 *   forkReferenceOf): Claude Code keeps it, `<parentSessionId>.jsonl`, in the project folder, and
 *   the subagent's file under `<project>/<sessionId>/subagents/` (possibly a folder deeper), so
 *   the folders above the file are looked in, nearest first. The name comes from the file's own
 *   content and is checked to name a file and nothing else (no separator, no `..`), so a path is
 *   never taken from anywhere but the file the user opened.
 * - A Mistral Vibe session's `meta.json`, in the folder of its `messages.jsonl` (a regular file
 *   whose real path is in that folder: a link out of it is not followed).
 */
import { basename, dirname, join } from 'node:path'
import { realpath } from 'node:fs/promises'
import { forkReferenceOf, VIBE_META } from '../src/index'
import { describeFileError } from './files'
import { FileRefusal, readRegularFile } from './regular-file'
import { readBeside } from './sessions/beside'
import { VIBE_MESSAGES } from './sessions/headers'

/** A companion file as read from disk. */
export interface CompanionFile {
  name: string
  path: string
  content: Uint8Array<ArrayBuffer>
}

/** What looking for a file's companion found. */
export type CompanionSearch =
  /** The file needs none (or, for a Vibe session, none is beside it: the import says so). */
  | { kind: 'none' }
  | { kind: 'found'; companion: CompanionFile }
  /** The file refers to a parent transcript that is in none of the folders looked in. */
  | { kind: 'missing'; file: string; lookedIn: string[] }
  /** The companion is there and could not be read: `problem` says why, naming it. */
  | { kind: 'unreadable'; file: string; what: string; problem: string }

/** The largest Vibe meta.json read: its tools' schemas make it tens of KB. */
export const VIBE_META_MAX_BYTES = 16 * 1024 * 1024

/** Looks for the file `content` (the file at `path`) needs beside it, and reads it. */
export async function findCompanion(
  path: string,
  content: string | Uint8Array,
  maxBytes: number,
): Promise<CompanionSearch> {
  const fork = await findForkParent(path, content, maxBytes)
  if (fork.kind !== 'none' || basename(path) !== VIBE_MESSAGES) return fork
  return findVibeMeta(path)
}

/** A Vibe session's meta.json, beside its messages; none when there is no such file. */
async function findVibeMeta(path: string): Promise<CompanionSearch> {
  const dir = await realpath(dirname(path)).catch(() => undefined)
  if (dir === undefined) return { kind: 'none' }
  const metaPath = join(dir, VIBE_META)
  const bytes = await readBeside(dir, VIBE_META, VIBE_META_MAX_BYTES + 1)
  if (bytes === undefined) return { kind: 'none' }
  if (bytes.length > VIBE_META_MAX_BYTES) {
    const problem = `${metaPath}: over ${VIBE_META_MAX_BYTES / 1024 / 1024} MB, not a Vibe session's metadata`
    return { kind: 'unreadable', file: VIBE_META, what: "the session's meta.json", problem }
  }
  const owned = new Uint8Array(bytes.length)
  owned.set(bytes)
  return { kind: 'found', companion: { name: VIBE_META, path: metaPath, content: owned } }
}

/** How many folders above the file's own are looked in. */
const FOLDERS_UP = 3

/** Looks for the transcript `content` (the file at `path`) refers to, and reads it. */
export async function findForkParent(
  path: string,
  content: string | Uint8Array,
  maxBytes: number,
): Promise<CompanionSearch> {
  const ref = forkReferenceOf(content)
  if (!ref) return { kind: 'none' }
  const lookedIn: string[] = []
  for (let dir = dirname(path), up = 0; up <= FOLDERS_UP; up++) {
    lookedIn.push(dir)
    const candidate = join(dir, ref.file)
    if (candidate !== path) {
      const read = await readParent(candidate, maxBytes)
      if (read !== 'absent') {
        return typeof read === 'string'
          ? { kind: 'unreadable', file: candidate, what: 'the parent transcript', problem: read }
          : { kind: 'found', companion: { name: ref.file, path: candidate, content: read } }
      }
    }
    const above = dirname(dir)
    if (above === dir) break
    dir = above
  }
  return { kind: 'missing', file: ref.file, lookedIn }
}

/** The file's bytes; 'absent' when nothing is at the path; else why it cannot be read. */
async function readParent(
  path: string,
  maxBytes: number,
): Promise<Uint8Array<ArrayBuffer> | 'absent' | string> {
  try {
    return await readRegularFile(path, maxBytes)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException | null)?.code
    if (code === 'ENOENT' || code === 'ENOTDIR') return 'absent'
    return error instanceof FileRefusal ? error.message : describeFileError(error, path)
  }
}
