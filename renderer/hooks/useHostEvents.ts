import { useEffect } from 'react'
import { SUMMARY_INPUT_ID, focusById } from '../dom-ids'
import { useAppStore } from '../store'

/** Menu commands and files that the host opens by itself (Electron's menu, a second launch). */
export function useHostEvents() {
  const store = useAppStore()
  // The summary's tab has just been opened: its text area is focusable once React has drawn it.
  useEffect(
    () =>
      store.getState().subscribeToHost(() => {
        requestAnimationFrame(() => focusById(SUMMARY_INPUT_ID))
      }),
    [store],
  )
}
