import { createContext, createElement, useContext, type ReactNode } from 'react'
import { createStore, useStore, type StoreApi } from 'zustand'
import { countEachMessage } from '@core'
import { createConversationSlice } from './conversation-slice'
import { createCountsSlice } from './counts-slice'
import { createFindingsSlice } from './findings-slice'
import { createOptionsSlice } from './options-slice'
import { createSummarySlice } from './summary-slice'
import type { AppState, StoreDeps } from './types'
import { createUiSlice } from './ui-slice'

export type AppStore = StoreApi<AppState>

/**
 * Creates the app's one store, showing the sample until init() opens something else. A factory
 * rather than a module singleton, so each test gets a fresh store with its own host API.
 */
export function createAppStore(
  deps: Partial<StoreDeps> & Pick<StoreDeps, 'api' | 'sample'>,
): AppStore {
  const full: StoreDeps = { countEachMessage, ...deps }
  const store = createStore<AppState>()((...a) => ({
    ...createConversationSlice(full)(...a),
    ...createOptionsSlice(full)(...a),
    ...createCountsSlice(full)(...a),
    ...createSummarySlice(full)(...a),
    ...createUiSlice(full)(...a),
    ...createFindingsSlice(full)(...a),
  }))
  store.getState().openSample()
  return store
}

const StoreContext = createContext<AppStore | null>(null)

/** Makes a store available to the components below. */
export function StoreProvider({ store, children }: { store: AppStore; children: ReactNode }) {
  return createElement(StoreContext.Provider, { value: store }, children)
}

/** The store itself, for actions called from effects and event handlers. */
export function useAppStore(): AppStore {
  const store = useContext(StoreContext)
  if (!store) throw new Error('useApp must be used inside <StoreProvider>')
  return store
}

/** Selects one value from the store; re-renders only when it changes. */
export function useApp<T>(selector: (state: AppState) => T): T {
  return useStore(useAppStore(), selector)
}
