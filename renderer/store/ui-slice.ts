import type { SliceCreator } from './types'

/** A short message in the corner: export outcomes, failures that are not about a file. */
export interface Toast {
  id: number
  kind: 'info' | 'error'
  text: string
}

export interface UiSlice {
  /** Which host implements window.api: the browser gets a file input and keyboard shortcuts for menu commands. */
  host: 'electron' | 'web'
  /** Indexes of messages shown in full. */
  expanded: Readonly<Record<number, true>>
  /** The message last clicked or focused, by index. */
  selected: number | null
  toasts: readonly Toast[]
  helpOpen: boolean
  toggleExpanded(index: number): void
  select(index: number | null): void
  notify(kind: Toast['kind'], text: string): void
  dismissToast(id: number): void
  setHelpOpen(open: boolean): void
  /**
   * Listens to the host: menu commands and files it opens by itself. Focusing the summary is the
   * caller's, since the store knows no elements; the store opens its tab first. Returns the
   * unsubscribe function.
   */
  subscribeToHost(focusSummary: () => void): () => void
}

/** What a newly opened conversation resets: indexes of the old one mean nothing in the new. */
export const uiConversationDefaults = {
  expanded: {},
  selected: null,
}

// Information fades by itself; an error waits until it is read and dismissed.
const INFO_TOAST_MS = 4000
let nextToastId = 1

export const createUiSlice: SliceCreator<UiSlice> = (deps) => (set, get) => ({
  host: deps.api.host,
  ...uiConversationDefaults,
  toasts: [],
  helpOpen: false,

  toggleExpanded: (index) => {
    const expanded = { ...get().expanded }
    if (expanded[index]) delete expanded[index]
    else expanded[index] = true
    set({ expanded, selected: index })
  },

  select: (selected) => set({ selected }),

  notify: (kind, text) => {
    const id = nextToastId++
    set({ toasts: [...get().toasts, { id, kind, text }] })
    if (kind === 'info') setTimeout(() => get().dismissToast(id), INFO_TOAST_MS)
  },

  dismissToast: (id) => set({ toasts: get().toasts.filter((t) => t.id !== id) }),

  setHelpOpen: (helpOpen) => set({ helpOpen }),

  subscribeToHost: (focusSummary) => {
    const offMenu = deps.api.onMenuCommand((command) => {
      const state = get()
      if (command === 'open') void state.openDialog()
      else if (command === 'sessions') {
        if (state.sessionsOpen) state.closeSessions()
        else state.openSessions()
      } else if (command === 'export') void state.exportApplied()
      else if (command === 'apply-summary') state.applySummary()
      else if (command === 'focus-summary') {
        state.setLayout({ sideTab: 'summary' })
        focusSummary()
      }
    })
    const offFile = deps.api.onFileOpened((result) => get().receiveFile(result))
    return () => {
      offMenu()
      offFile()
    }
  },
})
