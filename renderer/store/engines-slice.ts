import type { EngineId, EngineResult } from '@core'
import { selectEngineAsk, type EngineAsk } from './engine-selectors'
import { selectCountingKey } from './spec'
import type { AppState, SliceCreator } from './types'

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

/** Whether anything on screen shows the presets: their tab, the chart's marks, a preset's split. */
const enginesShown = (s: AppState): boolean =>
  s.layout.sideTab === 'engines' || s.usage.length > 0 || s.shownEngine !== 'seed'

export const createEnginesSlice: SliceCreator<EnginesSlice> = () => (set, get, store) => {
  let asked: EngineAsk | null = null
  store.subscribe((state) => {
    if (!enginesShown(state)) return
    const ask = selectEngineAsk(state)
    if (ask.state !== 'ask' || ask === asked) return
    const conversation = state.conversationOf(ask.messages)
    if (!conversation) return
    asked = ask
    // The counts stay in the worker, which holds them under the key in force.
    const { window, maxOutput, spec, hiddenTokens, settings } = ask.input
    const input = { window, maxOutput, spec, hiddenTokens, settings }
    conversation.runEngines({ ...input, counting: selectCountingKey(state) }, (outcome) => {
      if (outcome.ok) set({ engineAnswer: { ask, results: outcome.value } })
      else get().notify('error', `Running the engine presets failed: ${outcome.error}`)
    })
  })
  return {
    ...enginesConversationDefaults,
    engineAnswer: null,
    setEngineLimits: ({ window, maxOutput }) =>
      set((s) => ({
        engineWindow: window === undefined ? s.engineWindow : window,
        engineMaxOutput: maxOutput === undefined ? s.engineMaxOutput : maxOutput,
      })),
    showEngine: (id) => set({ shownEngine: id }),
  }
}
