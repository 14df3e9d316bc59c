export {
  compareUsage,
  estimateAt,
  type UsageCalibration,
  type UsageComparison,
  type UsageRow,
} from './compare'
export { contextGrowth, type ContextGrowth } from './growth'
export { promptBeforeReply } from './prompt'
