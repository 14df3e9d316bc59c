/**
 * The recent-files list: a small JSON file in the app's user-data folder, newest first. A damaged
 * store never stops the app from starting; it reads as an empty list.
 */
import { mkdir, readFile, stat } from 'node:fs/promises'
import { dirname, isAbsolute } from 'node:path'
import { writeFileAtomic } from '../node/atomic-write'

/** How many paths the list keeps. */
export const RECENT_FILES_LIMIT = 10

/** The recent-files list of one user-data folder. */
export interface RecentFiles {
  /** The remembered paths that still name files, newest first. */
  list(): Promise<string[]>
  /** Puts a path at the front (moving it if already there); returns the new list. */
  add(path: string): Promise<string[]>
  /** Forgets every path. */
  clear(): Promise<void>
}

/** Options for {@link openRecentFiles}. */
export interface RecentFilesOptions {
  /** The JSON file the list lives in, e.g. `<userData>/recent-files.json`. */
  storePath: string
  limit?: number
  /** Whether a path still names a file; the real file system by default. */
  isFile?: (path: string) => Promise<boolean>
}

/** Opens the recent-files list stored at `options.storePath`. */
export function openRecentFiles(options: RecentFilesOptions): RecentFiles {
  const { storePath } = options
  const limit = options.limit ?? RECENT_FILES_LIMIT
  const isFile = options.isFile ?? isExistingFile
  // Each operation reads, changes and writes the whole store, so they run one after another:
  // two quick opens must not both start from the old list and lose one of the paths.
  let queue: Promise<unknown> = Promise.resolve()
  const serially = <T>(operation: () => Promise<T>): Promise<T> => {
    const result = queue.then(operation, operation)
    queue = result.catch(() => undefined)
    return result
  }

  const existing = async (paths: string[]): Promise<string[]> => {
    const found = await Promise.all(paths.map((path) => isFile(path)))
    return paths.filter((_, index) => found[index])
  }

  return {
    list: () =>
      serially(async () => {
        const stored = await readStore(storePath)
        const kept = await existing(stored)
        if (kept.length !== stored.length) await writeStore(storePath, kept)
        return kept
      }),
    add: (path) =>
      serially(async () => {
        const stored = await readStore(storePath)
        const next = [path, ...stored.filter((other) => other !== path)].slice(0, limit)
        await writeStore(storePath, next)
        return next
      }),
    clear: () => serially(() => writeStore(storePath, [])),
  }
}

/** The stored paths; an absent, unreadable or malformed store reads as an empty list. */
async function readStore(storePath: string): Promise<string[]> {
  let text: string
  try {
    text = await readFile(storePath, 'utf8')
  } catch {
    return []
  }
  try {
    const data: unknown = JSON.parse(text)
    const files = (data as { files?: unknown } | null)?.files
    if (!Array.isArray(files)) return []
    const paths = files.filter(
      (path): path is string => typeof path === 'string' && isAbsolute(path),
    )
    return [...new Set(paths)]
  } catch {
    return []
  }
}

async function writeStore(storePath: string, files: string[]): Promise<void> {
  await mkdir(dirname(storePath), { recursive: true })
  await writeFileAtomic(storePath, JSON.stringify({ files }, null, 2) + '\n')
}

async function isExistingFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile()
  } catch {
    return false
  }
}
