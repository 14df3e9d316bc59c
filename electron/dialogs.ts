/**
 * Electron's native dialogs behind the small interfaces files.ts and ipc-handlers.ts use, so that
 * tests can answer the dialogs themselves.
 */
import type { BaseWindow, Dialog } from 'electron'
import type { ExportDialogs } from '../node/files'

/** Every dialog the window's requests may show. */
export interface FileDialogs extends ExportDialogs {
  /** Asks for a conversation file to open; null when the user cancels. */
  chooseFileToOpen(): Promise<string | null>
}

const JSON_FILTERS = [
  { name: 'Conversation (JSON)', extensions: ['json'] },
  { name: 'All files', extensions: ['*'] },
]

// Opening also takes JSONL, such as a Claude Code session, and opencode's and Crush's databases;
// exports are always JSON.
const OPEN_FILTERS = [
  { name: 'Conversation (JSON, JSONL, opencode.db, crush.db)', extensions: ['json', 'jsonl', 'db'] },
  { name: 'All files', extensions: ['*'] },
]

/** Electron's dialogs, attached to `window` (sheet-style on macOS) when there is one. */
export function electronFileDialogs(
  dialog: Pick<Dialog, 'showOpenDialog' | 'showSaveDialog' | 'showMessageBox'>,
  window: BaseWindow | null,
): FileDialogs {
  return {
    async chooseFileToOpen() {
      const options = {
        title: 'Open conversation',
        filters: OPEN_FILTERS,
        properties: ['openFile' as const],
      }
      const { canceled, filePaths } = window
        ? await dialog.showOpenDialog(window, options)
        : await dialog.showOpenDialog(options)
      return canceled || filePaths.length === 0 ? null : filePaths[0]
    },
    async chooseSavePath(defaultPath) {
      const options = {
        title: 'Export compacted conversation',
        defaultPath,
        filters: JSON_FILTERS,
        properties: ['createDirectory' as const, 'showOverwriteConfirmation' as const],
      }
      const { canceled, filePath } = window
        ? await dialog.showSaveDialog(window, options)
        : await dialog.showSaveDialog(options)
      return canceled || !filePath ? null : filePath
    },
    async confirmReplaceSource(path) {
      const options = {
        type: 'warning' as const,
        title: 'Replace the open conversation?',
        message: 'Replace the conversation you opened with the export?',
        detail: `${path}\n\nThe original messages in this file will be gone.`,
        buttons: ['Cancel', 'Replace'],
        defaultId: 0,
        cancelId: 0,
      }
      const { response } = window
        ? await dialog.showMessageBox(window, options)
        : await dialog.showMessageBox(options)
      return response === 1
    },
  }
}
