/**
 * The kept settings: `settings.json` in the app's user-data folder, like the recent-files list.
 * It is checked as it is read (settings-validation.ts): a damaged store, or a field that is
 * mistyped or out of range, is dropped with a line in the log, and never stops the app starting.
 * Writes are atomic, so a crash mid-write leaves the previous settings whole.
 */
import { mkdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import { writeFileAtomic } from '../node/atomic-write'
import { MAX_SETTINGS_BYTES, type Settings } from './contract'
import { FileRefusal, readRegularFile } from '../node/regular-file'
import { sanitizeSettings } from './settings-validation'
import { serialQueue } from './serially'

/** The file name of the store in the user-data folder. */
export const SETTINGS_FILE = 'settings.json'

// Anything larger is refused by the reader itself, before it is all read.
const READ_LIMIT_BYTES = 1024 * 1024

/** The settings of one user-data folder. */
export interface SettingsStore {
  /** What was kept, checked; `{}` when nothing was, or nothing usable. */
  read(): Promise<Settings>
  /** Replaces what is kept (the caller has validated `settings`). */
  write(settings: Settings): Promise<void>
}

/** Options for {@link openSettingsStore}. */
export interface SettingsStoreOptions {
  /** The JSON file the settings live in, e.g. `<userData>/settings.json`. */
  storePath: string
  /** Where a damaged store or a dropped field is reported; console.warn by default. */
  log?: (message: string) => void
}

/** Opens the settings kept at `options.storePath`. */
export function openSettingsStore(options: SettingsStoreOptions): SettingsStore {
  const { storePath } = options
  const log = options.log ?? ((message: string) => console.warn(message))
  // Writes run one after another, so the last one asked for is the one left on disk.
  const serially = serialQueue()

  return {
    read: () => serially(() => readStore(storePath, log)),
    write: (settings) =>
      serially(async () => {
        await mkdir(dirname(storePath), { recursive: true })
        await writeFileAtomic(storePath, JSON.stringify(settings, null, 2) + '\n')
      }),
  }
}

async function readStore(storePath: string, log: (message: string) => void): Promise<Settings> {
  const none = (why: string): Settings => {
    log(`Settings: ${why}; starting with the defaults.`)
    return {}
  }
  let bytes: Uint8Array
  try {
    // Read past the limit, so that an oversized store is refused in bytes, not in "0.0 MB".
    bytes = await readRegularFile(storePath, READ_LIMIT_BYTES)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {}
    const reason = error instanceof FileRefusal ? error.message : String(error)
    return none(`${storePath} could not be read (${reason})`)
  }
  if (bytes.length > MAX_SETTINGS_BYTES) {
    return none(`${storePath} is ${bytes.length} bytes; settings are at most ${MAX_SETTINGS_BYTES}`)
  }
  const text = new TextDecoder().decode(bytes)
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    return none(`${storePath} is not valid JSON`)
  }
  const { settings, dropped } = sanitizeSettings(data)
  if (dropped.length > 0) log(`Settings: ${storePath}: dropped ${dropped.join('; ')}.`)
  return settings
}
