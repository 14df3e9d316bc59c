export {
  compareUsage,
  estimateAt,
  hiddenTokensOf,
  hiddenContextWords,
  UNRECORDED_ATTACHMENTS_WORDS,
  GROWTH_AFTER_MODEL_CHANGE_WORDS,
  modelChangeWords,
  lateContext,
  tokensOf,
  UNRECORDED_MAX_TOKENS,
  DEFERRED_TOOL_MAX_TOKENS,
  type UnrecordedContext,
  type ToolsLoad,
  type ModelChange,
  type UsageCalibration,
  type UsageComparison,
  type UsageRow,
} from './compare'
export { contextGrowth, type ContextGrowth } from './growth'
export {
  asCleared,
  CLEARED_RESULT_TEXT,
  clearedCostsOf,
  clearedResults,
  type ClearedCosts,
} from './cleared'
export {
  NO_SERVED_PRICING,
  pricingAsks,
  requestPricings,
  servedModels,
  servedPricing,
  specsToLoad,
  type RequestPricing,
  type KeptCosts,
  type PricingAsks,
  type RequestPricings,
  type ServedPricing,
} from './served'
export { promptBeforeReply } from './prompt'
export { otherBackendNote } from './other-backend'
