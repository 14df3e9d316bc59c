import { useEffect } from 'react'
import { SUMMARY_INPUT_ID, focusById } from '../dom-ids'
import { useAppStore } from '../store'

/** Menu commands and files that the host opens by itself (Electron's menu, a second launch). */
export function useHostEvents() {
  const store = useAppStore()
  useEffect(() => {
    const api = window.api
    const offMenu = api.onMenuCommand((command) => {
      const state = store.getState()
      if (command === 'open') void state.openDialog()
      else if (command === 'export') void state.exportApplied()
      else if (command === 'apply-summary') state.applySummary()
      else if (command === 'focus-summary') focusById(SUMMARY_INPUT_ID)
    })
    const offFile = api.onFileOpened((result) => store.getState().receiveFile(result))
    return () => {
      offMenu()
      offFile()
    }
  }, [store])
}
