/**
 * Finding the transcript a forked Claude Code subagent's file refers to (`fork-context-ref`, read
 * by the core's forkReferenceOf), so that the import can load its parent's conversation in front of
 * its own (ImportOptions.forkParent). Claude Code keeps the parent's transcript,
 * `<parentSessionId>.jsonl`, in the project folder, and the subagent's file under
 * `<project>/<sessionId>/subagents/` (possibly a folder deeper): the folders above the file are
 * looked in, nearest first. The name comes from the file's own content and is checked to name a
 * file and nothing else (no separator, no `..`), so a path is never taken from anywhere but the
 * file the user opened.
 */
import { dirname, join } from 'node:path'
import { forkReferenceOf } from '../src/index'
import { describeFileError } from './files'
import { FileRefusal, readRegularFile } from './regular-file'

/** A parent transcript as read from disk. */
export interface ForkParentFile {
  name: string
  path: string
  content: Uint8Array<ArrayBuffer>
}

/** What looking for a file's parent transcript found. */
export type ForkParentSearch =
  /** The file refers to no parent. */
  | { kind: 'none' }
  | { kind: 'found'; parent: ForkParentFile }
  /** The file refers to a parent that is in none of the folders looked in. */
  | { kind: 'missing'; file: string; lookedIn: string[] }
  /** The parent is there and could not be read: `problem` says why, naming it. */
  | { kind: 'unreadable'; file: string; problem: string }

/** How many folders above the file's own are looked in. */
const FOLDERS_UP = 3

/** Looks for the transcript `content` (the file at `path`) refers to, and reads it. */
export async function findForkParent(
  path: string,
  content: string | Uint8Array,
  maxBytes: number,
): Promise<ForkParentSearch> {
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
          ? { kind: 'unreadable', file: candidate, problem: read }
          : { kind: 'found', parent: { name: ref.file, path: candidate, content: read } }
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
