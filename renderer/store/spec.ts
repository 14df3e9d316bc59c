import {
  countingKey,
  describeCounting,
  thinkingRuleNote,
  type CountingMethod,
  type CountingSpec,
} from '@core'
import { memoSelector } from './memo'
import type { AppState } from './types'

/**
 * What the conversation on screen is priced for: the model in force, the file's wire, and whose
 * rule keeps earlier thinking in the file's requests.
 */
export const selectSpec: (s: AppState) => Required<CountingSpec> = memoSelector(
  (s: AppState) => [s.options.model, s.wire, s.thinking],
  (model, wire, thinking): Required<CountingSpec> => ({ model, wire, thinking }),
)

/** What the costs depend on: counts made under the same key are the same counts. */
export const selectCountingKey: (s: AppState) => string = memoSelector(
  (s: AppState) => [selectSpec(s)],
  countingKey,
)

/** What the app says where the file's requests price thinking otherwise than the model's rule. */
export const selectThinkingRuleNote = (s: AppState): string => thinkingRuleNote(selectSpec(s))

/** How the model in force is counted: its family, vocabulary and the method's words. */
export const selectCounting = (s: AppState): CountingMethod =>
  describeCounting(s.options.model, s.wire)
