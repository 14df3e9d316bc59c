import { useEffect } from 'react'
import { SUMMARY_INPUT_ID, focusById } from '../dom-ids'
import { useAppStore } from '../store'

/** Menu commands and files that the host opens by itself (Electron's menu, a second launch). */
export function useHostEvents() {
  const store = useAppStore()
  useEffect(() => store.getState().subscribeToHost(() => focusById(SUMMARY_INPUT_ID)), [store])
}
