export { createAppStore, StoreProvider, useApp, useAppStore, type AppStore } from './app-store'
export * from './selectors'
export { selectPrompt, selectPromptTokens, type SummaryPrompt } from './prompt-slice'
export * from './findings'
export type { AppState, StoreDeps } from './types'
export type { OptionField } from './options-slice'
export { DEFAULT_MODEL, FILE_MAX_TOKENS, SAMPLE_MAX_TOKENS } from './options-slice'
export { exportName } from './summary-slice'
export { selectCounting, selectCountingKey, selectThinkingRuleNote, selectSpec } from './spec'
export { selectContextGrowth, selectUsageByReply } from './usage-selectors'
export {
  selectEngineLimits,
  selectEngineRecordedWindow,
  selectEngineResults,
  selectEngineRun,
  selectListBucket,
  selectShownEngine,
  type EngineLimits,
  type EngineRun,
} from './engine-selectors'
