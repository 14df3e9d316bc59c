/** Pricing: what a message costs, by the wire it is sent in and the family of the model. */
export {
  countEachMessage,
  countMessageTokens,
  countMessagesTokens,
  countingKey,
  currentTurnStart,
  isEarlierThinking,
  payloadContext,
  replyIndexOf,
  messageCost,
  messageFraming,
  pricedText,
  pricingFor,
  requestOverhead,
  textCost,
  textMessageCost,
  toSpec,
  tokenizerForEncoding,
  turnCostsOf,
  type CountingSpec,
  type TurnCosts,
  type PricedMessage,
  type Pricing,
  type SpecLike,
} from './cost'
export {
  FAMILY_LABELS,
  FAMILY_MODELS,
  describeCounting,
  listCountingModels,
  hanWords,
  modelStem,
  scaledVocabularyWords,
  type CountingEncoding,
  type CountingMethod,
  type ModelFamily,
} from './families'
export { CALIBRATIONS, type Calibration } from './calibration'
export {
  OPEN_ENCODINGS,
  isOpenEncoding,
  loadOpenVocabulary,
  type OpenEncoding,
} from './open-vocabularies'
export { WIRES, WIRE_FRAMING, isWire, wireFramingOf, type Wire, type WireFraming } from './wire'
export { thinkingRuleNote, type EarlierThinking } from './thinking-retention'
export { previewSource } from './opaque'
export { loadCountingVocabulary } from './load'
