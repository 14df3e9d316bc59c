/**
 * The recent-files list: a small JSON file in the app's user-data folder, newest first. Main
 * opens these paths without asking (they are files the user chose before), so the store is
 * checked as it is read: a damaged store, or an entry that is not an absolute path, is dropped
 * with a line in the log, and never stops the app from starting. An entry of a database (an
 * opencode one, which keeps every session in one file) also names the session last shown, so that
 * reopening it shows that one and not the database's latest: one entry per file, as the OS's.
 * An entry keeps the title its session had when it was last opened, where its engine keeps one
 * (node/sessions/titles.ts), for the menu to name it by: session logs are named by ids.
 */
import { mkdir, stat } from 'node:fs/promises'
import { dirname } from 'node:path'
import { writeFileAtomic } from '../node/atomic-write'
import { pathProblem, storedSessionProblem } from '../node/ipc-validation'
import { FileRefusal, readRegularFile } from '../node/regular-file'
import { serialQueue } from './serially'

/** How many paths the list keeps. */
export const RECENT_FILES_LIMIT = 10
/** The largest store read, in bytes: ten paths of PATH_MAX fit many times over. */
export const RECENT_STORE_MAX_BYTES = 1024 * 1024

/** The longest title kept, in characters: a title is one line, cut at 300 code points. */
export const RECENT_TITLE_MAX_LENGTH = 1000

/**
 * A remembered file: its path, for a database the session last shown (its id there), and the
 * session's title when it was last opened.
 */
export interface RecentEntry {
  path: string
  session?: string
  title?: string
}

/** The recent-files list of one user-data folder. */
export interface RecentFiles {
  /** The remembered files that still exist, newest first. */
  list(): Promise<RecentEntry[]>
  /**
   * Puts a file at the front (moving it if already there, with the session given now or none,
   * and its title as `titleOf` reads it now); returns the new list.
   */
  add(entry: Omit<RecentEntry, 'title'>): Promise<RecentEntry[]>
  /** Forgets every file. */
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
  /**
   * The title of the session an entry shows, read when it is added (in turn with the list's other
   * operations, so a list asked for after an open has it); none by default, and none when it
   * fails.
   */
  titleOf?: (entry: RecentEntry) => Promise<string | undefined>
}

/** Opens the recent-files list stored at `options.storePath`. */
export function openRecentFiles(options: RecentFilesOptions): RecentFiles {
  const { storePath } = options
  const limit = options.limit ?? RECENT_FILES_LIMIT
  const isFile = options.isFile ?? isExistingFile
  const log = options.log ?? ((message: string) => console.warn(message))
  const titleOf = options.titleOf ?? (() => Promise.resolve(undefined))
  // Each operation reads, changes and writes the whole store, so they run one after another:
  // two quick opens must not both start from the old list and lose one of the paths.
  const serially = serialQueue()

  const existing = async (entries: RecentEntry[]): Promise<RecentEntry[]> => {
    const found = await Promise.all(entries.map((entry) => isFile(entry.path)))
    return entries.filter((_, index) => found[index])
  }

  return {
    list: () =>
      serially(async () => {
        const stored = await readStore(storePath, limit, log)
        const kept = await existing(stored.entries)
        if (stored.damaged || kept.length !== stored.entries.length) {
          // Repairing the store is a courtesy: the list is right whether or not it is rewritten.
          await writeStore(storePath, kept).catch((error: unknown) =>
            log(`Recent files: ${storePath} could not be rewritten (${(error as Error).message}).`),
          )
        }
        return kept
      }),
    add: (entry) =>
      serially(async () => {
        const stored = await readStore(storePath, limit, log)
        const place: RecentEntry = {
          path: entry.path,
          ...(entry.session !== undefined ? { session: entry.session } : {}),
        }
        const title = await titleOf(place).catch(() => undefined)
        const added = isTitle(title) ? { ...place, title } : place
        const others = stored.entries.filter((other) => other.path !== entry.path)
        const next = [added, ...others].slice(0, limit)
        await writeStore(storePath, next)
        return next
      }),
    clear: () => serially(() => writeStore(storePath, [])),
  }
}

/** What the store holds that may be opened, and whether anything had to be dropped. */
interface StoredEntries {
  entries: RecentEntry[]
  damaged: boolean
}

/**
 * The stored entries, newest first, at most `limit`: an absent store is an empty list, and so is
 * one that cannot be read or parsed; entries that are not absolute paths (a path alone, as
 * stores before sessions were kept hold, or `{path, session?, title?}`), repeats of a path and
 * entries past `limit` are dropped, and so is a title that is not one line of text (its entry is
 * kept). Each drop is logged, with the store's path.
 */
async function readStore(
  storePath: string,
  limit: number,
  log: (message: string) => void,
): Promise<StoredEntries> {
  const empty = (why: string): StoredEntries => {
    log(`Recent files: ${why}; starting with an empty list.`)
    return { entries: [], damaged: true }
  }
  let text: string
  try {
    text = new TextDecoder().decode(await readRegularFile(storePath, RECENT_STORE_MAX_BYTES))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { entries: [], damaged: false }
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
  const entries = new Map<string, RecentEntry>()
  const dropped: string[] = []
  let repeats = 0
  files.forEach((stored: unknown, index) => {
    const entry = entryOf(stored, `entry ${index}`)
    // The entry itself may be huge or binary: the log names its place and fault, not its text.
    if (typeof entry === 'string') dropped.push(entry.replace(/: .*$/s, ''))
    else if (entries.has(entry.path)) repeats++
    else {
      entries.set(entry.path, entry)
      const title = (stored as { title?: unknown } | null)?.title
      if (title !== undefined && entry.title === undefined) dropped.push(`entry ${index}'s title`)
    }
  })
  if (dropped.length > 0) {
    const more = dropped.length > 3 ? ` and ${dropped.length - 3} more` : ''
    log(`Recent files: ${storePath}: dropped ${dropped.slice(0, 3).join('; ')}${more}.`)
  }
  const damaged = dropped.length > 0 || repeats > 0
  if (entries.size > limit) {
    log(`Recent files: ${storePath}: kept the newest ${limit} of ${entries.size} entries.`)
    return { entries: [...entries.values()].slice(0, limit), damaged: true }
  }
  return { entries: [...entries.values()], damaged }
}

/** A stored entry as one to open, or what is wrong with it. */
function entryOf(stored: unknown, what: string): RecentEntry | string {
  if (typeof stored === 'object' && stored !== null && !Array.isArray(stored)) {
    const { path, session, title } = stored as {
      path?: unknown
      session?: unknown
      title?: unknown
    }
    const problem = pathProblem(path, `${what}'s path`)
    if (problem !== null) return problem
    const sessionProblem =
      session === undefined ? null : storedSessionProblem(session, `${what}'s session`)
    if (sessionProblem !== null) return sessionProblem
    return {
      path: path as string,
      ...(session !== undefined ? { session: session as string } : {}),
      ...(isTitle(title) ? { title } : {}),
    }
  }
  return pathProblem(stored, what) ?? { path: stored as string }
}

/** A title as stored: one line of text, neither blank nor longer than the limit. */
function isTitle(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.trim() !== '' &&
    value.length <= RECENT_TITLE_MAX_LENGTH &&
    !/[\n\r]/.test(value)
  )
}

/** Each entry as stored: a file's path alone, or with the session last shown and its title. */
async function writeStore(storePath: string, entries: RecentEntry[]): Promise<void> {
  const files = entries.map((e) => (e.session === undefined && e.title === undefined ? e.path : e))
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
