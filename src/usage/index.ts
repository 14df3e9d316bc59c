export {
  compareUsage,
  estimateAt,
  type UsageCalibration,
  type UsageComparison,
  type UsageRow,
} from './compare'
export { contextGrowth, type ContextGrowth } from './growth'
export { requestCosts, usageOverhead, type RequestCosts } from './estimate'
export { promptBeforeReply } from './prompt'
