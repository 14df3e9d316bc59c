import { countingKey, describeCounting, type CountingMethod, type CountingSpec } from '@core'
import { memoSelector } from './memo'
import type { AppState } from './types'

/** What the conversation on screen is priced for: the model in force, and the file's wire. */
export const selectSpec: (s: AppState) => Required<CountingSpec> = memoSelector(
  (s: AppState) => [s.options.model, s.wire],
  (model, wire): Required<CountingSpec> => ({ model, wire }),
)

/** What the costs depend on: counts made under the same key are the same counts. */
export const selectCountingKey: (s: AppState) => string = memoSelector(
  (s: AppState) => [selectSpec(s)],
  countingKey,
)

/** How the model in force is counted: its family, vocabulary and the method's words. */
export const selectCounting = (s: AppState): CountingMethod =>
  describeCounting(s.options.model, s.wire)
