import type { Api, OpenedFile, Result } from '../../electron/contract'

/** The hidden file input the UI renders in web mode; its change event opens the chosen file. */
export const OPEN_FILE_INPUT_ID = 'open-file-input'

const ok = <T>(value: T): Result<T> => ({ ok: true, value })
const failure = <T>(error: unknown): Result<T> => ({
  ok: false,
  error: error instanceof Error ? error.message : String(error),
})

/**
 * The `window.api` contract for a plain browser, where there are no paths and no native dialogs:
 * files come from a file input or a drop, exports are downloads, and there are no recent files
 * (a page cannot open a file again without the user choosing it). Menu commands come from
 * keyboard shortcuts the renderer handles itself.
 */
export function createWebApi(doc: Document = document): Api {
  return {
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

    onMenuCommand: () => () => {},
    onFileOpened: () => () => {},
  }
}
