import {
  MAX_SETTINGS_BYTES,
  type Api,
  type OpenedFile,
  type Result,
  type Settings,
} from '../../electron/contract'
import { sanitizeSettings, validateSettingsWrite } from '../../electron/settings-validation'
import { createServedApi, servedKey, type ServedApi } from './served-api'

/** The hidden file input the UI renders in web mode; its change event opens the chosen file. */
export const OPEN_FILE_INPUT_ID = 'open-file-input'

/** The localStorage key the web build keeps its settings under. */
export const SETTINGS_STORAGE_KEY = 'compaction-inspector:settings'

const NO_SESSIONS =
  "This page cannot see the agents' sessions: open it with `compaction-inspector serve`, or use the desktop app."

const ok = <T>(value: T): Result<T> => ({ ok: true, value })
const failure = <T>(error: unknown): Result<T> => ({
  ok: false,
  error: error instanceof Error ? error.message : String(error),
})

/**
 * The `window.api` contract for a plain browser, where there are no paths and no native dialogs:
 * files come from a file input or a drop, exports are downloads, and there are no recent files
 * (a page cannot open a file again without the user choosing it). Menu commands come from
 * keyboard shortcuts the renderer handles itself. A page that `compaction-inspector serve` served
 * (its address holds the server's key) gets the sessions, reopening and following from it.
 */
export function createWebApi(
  doc: Document = document,
  storage: Storage | null = browserStorage(),
  log: (message: string) => void = (message) => console.warn(message),
  served: ServedApi | null = servedByServe(log),
): Api {
  const api: Api = {
    host: 'web',

    // A browser's picker cannot be awaited reliably, so this only opens it; the chosen file
    // arrives through the input's change event, which feeds the same open action as a drop.
    openFileDialog: async () => {
      const input = doc.getElementById(OPEN_FILE_INPUT_ID)
      if (!(input instanceof HTMLInputElement)) return failure('The file input is not on the page.')
      input.click()
      return ok(null)
    },

    reopenFile: async () =>
      failure(
        'A browser cannot open a file again by itself. Use Open… or drop the file on the window.',
      ),

    // The File itself goes to the store, undecoded: its reading worker decodes it. Decoding 20 MB
    // here, on the page's main thread, would freeze the window for half a second.
    openDroppedFile: async (file) => {
      const opened: OpenedFile = { token: null, path: null, name: file.name, content: file }
      return ok(opened)
    },

    initialFile: async () => ok(null),

    recentFiles: async () => [],

    clearRecentFiles: async () => {},

    saveExport: async ({ suggestedName, text }) => {
      const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }))
      try {
        const link = doc.createElement('a')
        link.href = url
        link.download = suggestedName
        link.style.display = 'none'
        doc.body.append(link)
        link.click()
        link.remove()
      } finally {
        // The click has handed the blob to the download; revoking later lets slow browsers start it.
        setTimeout(() => URL.revokeObjectURL(url), 10_000)
      }
      return ok({ status: 'downloaded', name: suggestedName })
    },

    // The same checks as main's settings.json: whatever another tab or a hand edit left is read
    // through them, and what is written is bounded.
    readSettings: async () => {
      const text = readStored(storage, log)
      if (text === null) return {}
      if (text.length > MAX_SETTINGS_BYTES) {
        log(
          `Settings: localStorage "${SETTINGS_STORAGE_KEY}" is over ${MAX_SETTINGS_BYTES} characters; using the defaults.`,
        )
        return {}
      }
      let data: unknown
      try {
        data = JSON.parse(text)
      } catch {
        log(
          `Settings: localStorage "${SETTINGS_STORAGE_KEY}" is not valid JSON; using the defaults.`,
        )
        return {}
      }
      const { settings, dropped } = sanitizeSettings(data)
      if (dropped.length > 0) {
        log(`Settings: localStorage "${SETTINGS_STORAGE_KEY}": dropped ${dropped.join('; ')}.`)
      }
      return settings
    },

    writeSettings: async (settings: Settings) => {
      const checked = validateSettingsWrite(settings)
      if (!checked.ok) return checked
      if (storage === null) return failure('This browser keeps no storage for the settings.')
      try {
        storage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(checked.value))
      } catch {
        // A full or disabled storage: the settings stay in force until the page closes.
        return failure('The browser refused to store the settings (its storage is full or off).')
      }
      return ok(undefined)
    },

    // A page from a plain server has no file system behind it; `compaction-inspector serve`
    // gives the page its sessions.
    sessions: false,
    listSessions: async () => failure(NO_SESSIONS),
    sessionCounts: async () => failure(NO_SESSIONS),
    searchSessions: async () => failure(NO_SESSIONS),
    openSession: async () => failure(NO_SESSIONS),
    followFile: async () => failure(NO_SESSIONS),
    unfollowFile: async () => {},
    onFileChange: () => () => {},
    setLiveBadge: () => {},

    onMenuCommand: () => () => {},
    onFileOpened: () => () => {},
  }
  return served === null ? api : { ...api, ...served }
}

// The server's API when its key is in the page's address; null on any other page.
function servedByServe(log: (message: string) => void): ServedApi | null {
  const key = typeof location === 'undefined' ? null : servedKey(location)
  return key === null ? null : createServedApi(key, log)
}

// Reading localStorage itself throws where the browser blocks storage for the page.
function browserStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null
  } catch {
    return null
  }
}

function readStored(storage: Storage | null, log: (message: string) => void): string | null {
  try {
    return storage?.getItem(SETTINGS_STORAGE_KEY) ?? null
  } catch {
    log('Settings: the browser storage could not be read; using the defaults.')
    return null
  }
}
