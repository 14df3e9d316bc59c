import type { StateCreator } from 'zustand'
import type { countEachMessage } from '@core'
import type { Api, OpenedFile } from '../../electron/contract'
import type { ConversationSlice } from './conversation-slice'
import type { CountsSlice } from './counts-slice'
import type { FindingsSlice } from './findings-slice'
import type { OptionsSlice } from './options-slice'
import type { SummarySlice } from './summary-slice'
import type { UiSlice } from './ui-slice'

/** The whole app state: one store composed of typed slices. */
export type AppState = ConversationSlice &
  OptionsSlice &
  CountsSlice &
  SummarySlice &
  UiSlice &
  FindingsSlice

/** What the store needs from outside: the host API, the counter (injectable so tests can count calls) and the sample. */
export interface StoreDeps {
  api: Api
  countEachMessage: typeof countEachMessage
  sample: OpenedFile
}

/** A slice of AppState, with the store's dependencies in scope. */
export type SliceCreator<Slice> = (deps: StoreDeps) => StateCreator<AppState, [], [], Slice>
