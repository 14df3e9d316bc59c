/**
 * The compaction package: pure functions shared by the app, the CLI and the tests. Counting needs
 * its encoding's vocabulary loaded (loadVocabulary) unless the host provides them all at once, as
 * src/index.ts does for Node.
 */
export * from './types'
export {
  DEFAULT_MODEL,
  OptionError,
  countingSpecOf,
  proposedModel,
  validateOptions,
} from './options'
export { loadVocabulary, provideVocabularies, type VocabularySource } from './vocabularies'
export {
  DEFAULT_ENCODING,
  ENCODINGS,
  MESSAGE_OVERHEAD_TOKENS,
  listModels,
  resolveModel,
  tokenizerFor,
  type EncodingName,
  type ModelEncoding,
  type Tokenizer,
} from './tokens'
export * from './pricing'
export {
  countSlice,
  placeSliceCounts,
  planCountSlices,
  sliceRequest,
  type CountSliceRequest,
  type CountSliceResult,
  type SliceRange,
} from './count-slices'
export {
  codexRecordedWindowFor,
  contextWindowOf,
  offeredWindow,
  recordedWindowFor,
  type ContextWindow,
  type OfferedWindow,
} from './context-windows'
export {
  bucketsOf,
  headLength,
  keepCount,
  layoutOf,
  leadingInstructions,
  planCompaction,
  splitMessagesForCompaction,
  type Bucket,
  type CompactionPlan,
  type Layout,
} from './plan'
export { checkCompaction, describeReason } from './check'
export {
  CONVERSATIONAL_TYPES,
  buildSummaryPrompt,
  promptBoundary,
  reachesPrompt,
  summaryPromptBoundary,
  summaryPromptPieces,
  type PromptedMessage,
} from './prompt'
export { PromptParseError, parseSummaryPrompt } from './prompt-parser'
export { SummaryError, applySummary, validateSummaryText } from './apply'
export {
  ConversationParseError,
  orderMessage,
  parseConversation,
  serializeConversation,
  type ParseWarning,
  type ParsedConversation,
} from './conversation'
export { decodeText, parseJsonBytes, type ParseProgress } from './json-bytes'
export { InputError, type InputPlace } from './input-error'
export { MAX_JSON_DEPTH } from './json-depth'
export { formatNumber, plural } from './numbers'
export { listAnd, listOf } from './list-words'
export { clip, clipColumns, columnsOf, previewLine } from './text-clip'
export * from './formats'
export * from './diagnose'
export * from './usage'
export * from './engines'
export type { CompactionForecast, LiveImport, LiveUpdate } from './live/types'
export { startLiveImport, type LiveImportOptions } from './live/live-import'
export { FORECAST_TURNS, forecastCompaction } from './live/forecast'
export {
  groupSubagents,
  subagentLabel,
  withSubagents,
  type SubagentGroups,
  type SubagentKeys,
  type SubagentName,
} from './subagent-groups'
