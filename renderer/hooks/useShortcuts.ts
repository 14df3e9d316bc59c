import { useEffect } from 'react'
import { MODEL_SEARCH_ID, focusById } from '../dom-ids'
import { useAppStore } from '../store'
import { SIDE_TABS } from '../store/layout-slice'

/** The shortcuts, as the help dialog lists them. */
export const SHORTCUTS: readonly { keys: string; action: string }[] = [
  { keys: 'Ctrl/Cmd + O', action: 'Open a conversation' },
  { keys: 'Ctrl/Cmd + Shift + O', action: "Open the agents' sessions" },
  { keys: 'Ctrl/Cmd + E', action: 'Export the applied conversation' },
  { keys: 'Ctrl/Cmd + Enter', action: 'Apply the pasted summary' },
  { keys: '/  or  Ctrl/Cmd + K', action: 'Search models' },
  { keys: 'Enter  or  Space', action: 'Expand the focused message' },
  {
    keys: 'Alt + 1 / 2 / 3 / 4',
    action: 'Show Findings, the Prompt, the Summary and result, or the Engines',
  },
  { keys: '?', action: 'Show these shortcuts' },
  { keys: 'Esc', action: 'Close this help, or clear the highlighted finding' },
]

const isEditable = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))

/**
 * Window-wide keyboard shortcuts. In Electron, Open and Export are menu accelerators that arrive as
 * menu commands, so handling them here too would run them twice; in the browser there is no menu.
 */
export function useShortcuts() {
  const store = useAppStore()
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const state = store.getState()
      const mod = event.ctrlKey || event.metaKey
      const key = event.key.toLowerCase()
      const run = (action: () => void) => {
        event.preventDefault()
        action()
      }
      // Before Open's: Shift+O is the Sessions view (the desktop app's File menu sends it there).
      if (mod && event.shiftKey && key === 'o' && state.host === 'web') {
        return run(() => (state.sessionsOpen ? state.closeSessions() : state.openSessions()))
      }
      if (mod && key === 'o' && state.host === 'web') return run(() => void state.openDialog())
      if (mod && key === 'e' && state.host === 'web') return run(() => void state.exportApplied())
      // Applying twice is harmless, so Ctrl+Enter works whether or not a menu also sends it.
      if (mod && key === 'enter') return run(state.applySummary)
      if (mod && key === 'k') return run(() => focusById(MODEL_SEARCH_ID))
      // By the key's place, not its character: Alt+1 types '¡' on a Mac keyboard.
      const tab = event.altKey && !mod ? SIDE_TABS[Number(event.code.slice(-1)) - 1] : undefined
      if (tab !== undefined && /^(Digit|Numpad)[1-4]$/.test(event.code)) {
        return run(() => state.setLayout({ sideTab: tab }))
      }
      if (key === 'escape' && state.helpOpen) return run(() => state.setHelpOpen(false))
      // An Escape that closed the model list has done its job; the highlight stays.
      if (key === 'escape' && state.activeFinding && !event.defaultPrevented) {
        return run(state.clearFinding)
      }
      if (mod || event.altKey || isEditable(event.target)) return
      if (event.key === '/') return run(() => focusById(MODEL_SEARCH_ID))
      if (event.key === '?') return run(() => state.setHelpOpen(!state.helpOpen))
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [store])
}
