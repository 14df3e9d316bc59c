import { createContext, createElement, useContext, type ReactNode } from 'react'
import { createStore, useStore, type StoreApi } from 'zustand'
import { createConversationSlice } from './conversation-slice'
import { createCountsSlice } from './counts-slice'
import { createDiagnosisSlice } from './diagnosis-slice'
import { installEffects } from './effects'
import { createEnginesSlice } from './engines-slice'
import { createFindingsSlice } from './findings-slice'
import { createLayoutSlice } from './layout-slice'
import { createLiveSlice } from './live-slice'
import { createLoadingSlice } from './loading-slice'
import { createPromptTokensSlice } from './prompt-slice'
import { createOptionsSlice } from './options-slice'
import { createRequestPricingSlice } from './request-pricing-slice'
import { createSessionsSlice } from './sessions-slice'
import { createSettingsSlice } from './settings-slice'
import { createSummarySlice } from './summary-slice'
import { createTextTokensSlice } from './text-tokens-slice'
import type { AppState, StoreDeps } from './types'
import { createUiSlice } from './ui-slice'

export type AppStore = StoreApi<AppState>

/**
 * Creates the app's one store, showing the sample until init() opens something else. A factory
 * rather than a module singleton, so each test gets a fresh store with its own host API and
 * workers (the app's are Web Workers; jsdom has none, so the component tests run the same core
 * functions on the main thread).
 */
export function createAppStore(deps: StoreDeps): AppStore {
  const store = createStore<AppState>()((...a) => ({
    ...createConversationSlice(deps)(...a),
    ...createOptionsSlice(deps)(...a),
    ...createCountsSlice(deps)(...a),
    ...createSummarySlice(deps)(...a),
    ...createUiSlice(deps)(...a),
    ...createLayoutSlice(deps)(...a),
    ...createFindingsSlice(deps)(...a),
    ...createLoadingSlice(deps)(...a),
    ...createTextTokensSlice(deps)(...a),
    ...createDiagnosisSlice(deps)(...a),
    ...createPromptTokensSlice(deps)(...a),
    ...createRequestPricingSlice(deps)(...a),
    ...createSettingsSlice(deps)(...a),
    ...createEnginesSlice(deps)(...a),
    ...createSessionsSlice(deps)(...a),
    ...createLiveSlice(deps)(...a),
  }))
  installEffects(store, deps)
  void store.getState().openSample()
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
