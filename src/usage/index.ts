export {
  compareUsage,
  estimateAt,
  type UsageCalibration,
  type UsageComparison,
  type UsageRow,
} from './compare'
export { contextGrowth, type ContextGrowth } from './growth'
export {
  NO_SERVED_PRICING,
  requestPricings,
  servedModels,
  servedPricing,
  type RequestPricing,
  type KeptCosts,
  type RequestPricings,
  type ServedPricing,
} from './served'
export { promptBeforeReply } from './prompt'
