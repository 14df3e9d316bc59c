import type { StateCreator } from 'zustand'
import type { Api, OpenedFile } from '../../electron/contract'
import type { Workers } from '../workers/types'
import type { ConversationSlice } from './conversation-slice'
import type { CountsSlice } from './counts-slice'
import type { DiagnosisSlice } from './diagnosis-slice'
import type { EnginesSlice } from './engines-slice'
import type { FindingsSlice } from './findings-slice'
import type { LayoutSlice } from './layout-slice'
import type { LiveSlice } from './live-slice'
import type { LoadingSlice } from './loading-slice'
import type { OptionsSlice } from './options-slice'
import type { PromptTokensSlice } from './prompt-slice'
import type { RequestPricingSlice } from './request-pricing-slice'
import type { SessionsSlice } from './sessions-slice'
import type { SettingsSlice } from './settings-slice'
import type { SummarySlice } from './summary-slice'
import type { TextTokensSlice } from './text-tokens-slice'
import type { UiSlice } from './ui-slice'

/** The whole app state: one store composed of typed slices. */
export type AppState = ConversationSlice &
  OptionsSlice &
  CountsSlice &
  SummarySlice &
  UiSlice &
  LayoutSlice &
  FindingsSlice &
  LoadingSlice &
  TextTokensSlice &
  DiagnosisSlice &
  PromptTokensSlice &
  RequestPricingSlice &
  SettingsSlice &
  EnginesSlice &
  SessionsSlice &
  LiveSlice

/**
 * What the store needs from outside: the host API, the workers that read and count (Web Workers in
 * the app; the tests pass ones they can watch) and the sample.
 */
export interface StoreDeps {
  api: Api
  workers: Workers
  sample: OpenedFile
}

/** A slice of AppState, with the store's dependencies in scope. */
export type SliceCreator<Slice> = (deps: StoreDeps) => StateCreator<AppState, [], [], Slice>
