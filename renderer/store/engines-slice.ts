import type { EngineId, EngineResult } from '@core'
import type { EngineAsk } from './engine-selectors'
import type { SliceCreator } from './types'

/** What the Engines view runs on besides the conversation: the limits the user gave, the preset shown. */
export interface EnginesSlice {
  /** The context window the presets run for; null: the model's own (modelLimits). */
  engineWindow: number | null
  /** The maximum output the presets run for; null: the model's own. */
  engineMaxOutput: number | null
  /** The preset whose split the message list shows; the seed by default. */
  shownEngine: EngineId
  /** The presets' results as the conversation's worker returned them, with what they were run on. */
  engineAnswer: { ask: EngineAsk; results: EngineResult[] } | null
  setEngineLimits(patch: { window?: number | null; maxOutput?: number | null }): void
  showEngine(id: EngineId): void
}

/** What every newly opened file starts with: its model's limits, and the seed's split. */
export const enginesConversationDefaults: Pick<
  EnginesSlice,
  'engineWindow' | 'engineMaxOutput' | 'shownEngine'
> = { engineWindow: null, engineMaxOutput: null, shownEngine: 'seed' }

/** The presets run in the conversation's worker whenever they are shown (effects.ts runEngines). */
export const createEnginesSlice: SliceCreator<EnginesSlice> = () => (set) => ({
  ...enginesConversationDefaults,
  engineAnswer: null,
  setEngineLimits: ({ window, maxOutput }) =>
    set((s) => ({
      engineWindow: window === undefined ? s.engineWindow : window,
      engineMaxOutput: maxOutput === undefined ? s.engineMaxOutput : maxOutput,
    })),
  showEngine: (id) => set({ shownEngine: id }),
})
