/**
 * The recent-files list: a small JSON file in the app's user-data folder, newest first. Main
 * opens these paths without asking (they are files the user chose before), so the store is
 * checked as it is read: a damaged store, or an entry that is not an absolute path, is dropped
 * with a line in the log, and never stops the app from starting.
 */
import { mkdir, stat } from 'node:fs/promises'
import { dirname } from 'node:path'
import { writeFileAtomic } from '../node/atomic-write'
import { pathProblem } from '../node/ipc-validation'
import { FileRefusal, readRegularFile } from '../node/regular-file'
import { serialQueue } from './serially'

/** How many paths the list keeps. */
export const RECENT_FILES_LIMIT = 10
/** The largest store read, in bytes: ten paths of PATH_MAX fit many times over. */
export const RECENT_STORE_MAX_BYTES = 1024 * 1024

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
  /** Where a damaged store or a dropped entry is reported; console.warn by default. */
  log?: (message: string) => void
}

/** Opens the recent-files list stored at `options.storePath`. */
export function openRecentFiles(options: RecentFilesOptions): RecentFiles {
  const { storePath } = options
  const limit = options.limit ?? RECENT_FILES_LIMIT
  const isFile = options.isFile ?? isExistingFile
  const log = options.log ?? ((message: string) => console.warn(message))
  // Each operation reads, changes and writes the whole store, so they run one after another:
  // two quick opens must not both start from the old list and lose one of the paths.
  const serially = serialQueue()

  const existing = async (paths: string[]): Promise<string[]> => {
    const found = await Promise.all(paths.map((path) => isFile(path)))
    return paths.filter((_, index) => found[index])
  }

  return {
    list: () =>
      serially(async () => {
        const stored = await readStore(storePath, limit, log)
        const kept = await existing(stored.paths)
        if (stored.damaged || kept.length !== stored.paths.length) {
          // Repairing the store is a courtesy: the list is right whether or not it is rewritten.
          await writeStore(storePath, kept).catch((error: unknown) =>
            log(`Recent files: ${storePath} could not be rewritten (${(error as Error).message}).`),
          )
        }
        return kept
      }),
    add: (path) =>
      serially(async () => {
        const stored = await readStore(storePath, limit, log)
        const next = [path, ...stored.paths.filter((other) => other !== path)].slice(0, limit)
        await writeStore(storePath, next)
        return next
      }),
    clear: () => serially(() => writeStore(storePath, [])),
  }
}

/** What the store holds that may be opened, and whether anything had to be dropped. */
interface StoredPaths {
  paths: string[]
  damaged: boolean
}

/**
 * The stored paths, newest first, at most `limit`: an absent store is an empty list, and so is
 * one that cannot be read or parsed; entries that are not absolute paths, repeats and entries
 * past `limit` are dropped. Each drop is logged, with the store's path.
 */
async function readStore(
  storePath: string,
  limit: number,
  log: (message: string) => void,
): Promise<StoredPaths> {
  const empty = (why: string): StoredPaths => {
    log(`Recent files: ${why}; starting with an empty list.`)
    return { paths: [], damaged: true }
  }
  let text: string
  try {
    text = new TextDecoder().decode(await readRegularFile(storePath, RECENT_STORE_MAX_BYTES))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { paths: [], damaged: false }
    const reason = error instanceof FileRefusal ? error.message : String(error)
    return empty(`${storePath} could not be read (${reason})`)
  }
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    return empty(`${storePath} is not valid JSON`)
  }
  const files = (data as { files?: unknown } | null)?.files
  if (!Array.isArray(files)) return empty(`${storePath} has no "files" list`)
  const paths = new Set<string>()
  const dropped: string[] = []
  let repeats = 0
  files.forEach((entry: unknown, index) => {
    const problem = pathProblem(entry, `entry ${index}`)
    // The entry itself may be huge or binary: the log names its place and fault, not its text.
    if (problem !== null) dropped.push(problem.replace(/: .*$/s, ''))
    else if (paths.has(entry as string)) repeats++
    else paths.add(entry as string)
  })
  if (dropped.length > 0) {
    const more = dropped.length > 3 ? ` and ${dropped.length - 3} more` : ''
    log(`Recent files: ${storePath}: dropped ${dropped.slice(0, 3).join('; ')}${more}.`)
  }
  const damaged = dropped.length > 0 || repeats > 0
  if (paths.size > limit) {
    log(`Recent files: ${storePath}: kept the newest ${limit} of ${paths.size} entries.`)
    return { paths: [...paths].slice(0, limit), damaged: true }
  }
  return { paths: [...paths], damaged }
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
