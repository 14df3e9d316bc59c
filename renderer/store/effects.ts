import type { StoreApi } from 'zustand'
import { selectDiagnosisInputs, type DiagnosisInputs } from './diagnosis-selectors'
import { selectEngineAsk, type EngineAsk } from './engine-selectors'
import { selectLiveBadge } from './live-selectors'
import { selectPromptKey, type PromptKey } from './prompt-slice'
import { selectOptions, selectPricingAsks, selectReadyCounts } from './selectors'
import { selectCountingKey, selectSpec } from './spec'
import type { RequestPricingKey } from './request-pricing-slice'
import type { AppState, StoreDeps } from './types'

/**
 * The store's side effects, each a listener that reacts to a change of state by asking for
 * something: a worker's answer, a write, a timer. Every one is here, in the order it runs.
 */
type Effect = (store: StoreApi<AppState>, deps: StoreDeps) => Listener
type Listener = (state: AppState, previous: AppState) => void

/** How long the findings wait after the last change to the summary text before judging it. */
export const SUMMARY_PAUSE_MS = 150

/**
 * Reacts to the summary text; after a pause in typing, hands it to the findings (diagnosedSummary).
 * Diagnosing re-reads every summarised message, so it waits rather than run on each keystroke;
 * 150 ms is short enough that a paste still reads as instant.
 */
const judgeSummaryAfterPause: Effect = (store) => {
  let pending: ReturnType<typeof setTimeout> | undefined
  return (state, previous) => {
    if (state.summaryText === previous.summaryText) return
    clearTimeout(pending)
    pending = setTimeout(
      () => store.setState({ diagnosedSummary: store.getState().summaryText }),
      SUMMARY_PAUSE_MS,
    )
  }
}

/**
 * Reacts to the applied summary and to what the counts depend on; asks a worker for the summary's
 * cost as a message (requestTextTokens, which asks nothing for a text it has).
 */
const priceAppliedSummary: Effect = () => (state) => {
  if (state.appliedSummary === null) return
  state.requestTextTokens(selectSpec(state), state.appliedSummary)
}

/**
 * Reacts to diagnose's inputs (the messages, their counts, the options, the paused summary); asks
 * the conversation's worker for the findings. Diagnose reads every message: hundreds of
 * milliseconds on a long conversation, so it runs in the worker that read the file. Answers for
 * older inputs are kept only until the newer ones arrive, and never shown for the newer inputs.
 */
const askForFindings: Effect = (store) => {
  let asked: DiagnosisInputs | null = null
  return (state) => {
    const inputs = selectDiagnosisInputs(state)
    if (inputs === null || inputs === asked) return
    asked = inputs
    const { messages, options, summaryText, systemPromptUnrecorded } = inputs
    // The worker answers with the counts it holds under the key in force: the ones `counts` are.
    const counting = selectCountingKey(state)
    const request = { options, counting, summaryText, systemPromptUnrecorded }
    state.conversationOf(messages)?.diagnose(request, (outcome) => {
      if (outcome.ok) store.setState({ diagnosis: { inputs, findings: outcome.value } })
      else store.getState().notify('error', `Findings failed: ${outcome.error}`)
    })
  }
}

/**
 * Reacts to the head of the summary prompt (the conversation, the counting key, where the head
 * ends); asks the conversation's worker for the prompt's size. A newer head supersedes an older.
 */
const countPrompt: Effect = (store) => {
  let asked: PromptKey | null = null
  return (state) => {
    const key = selectPromptKey(state)
    if (key === null || selectReadyCounts(state) === null || key === asked) return
    asked = key
    const input = { options: selectOptions(state), counting: key.counting }
    state.conversationOf(key.messages)?.countPrompt(input, (outcome) => {
      if (outcome.ok) store.setState({ promptTokens: { key, size: outcome.value } })
      else store.getState().notify('error', `Counting the prompt failed: ${outcome.error}`)
    })
  }
}

/**
 * Reacts to the conversation, its reports and its counting key, for a file that reports usage;
 * asks the conversation's worker to price each request as it was sent (its own turn's thinking,
 * the model that served it), once per the three.
 */
const priceRequests: Effect = (store) => {
  let asked: RequestPricingKey | null = null
  return (state) => {
    if (state.usage.length === 0) return
    const counting = selectCountingKey(state)
    if (
      asked?.messages === state.messages &&
      asked.usage === state.usage &&
      asked.counting === counting
    )
      return
    const conversation = state.conversationOf(state.messages)
    if (!conversation) return
    const key = { messages: state.messages, usage: state.usage, counting }
    asked = key
    conversation.priceRequests(selectSpec(state), selectPricingAsks(state), (outcome) => {
      if (outcome.ok) store.setState({ requestPricing: { ...key, value: outcome.value } })
      else
        store.getState().notify('error', `Pricing the reported requests failed: ${outcome.error}`)
    })
  }
}

/**
 * Reacts to the saved options and the layout, once the kept settings are read (so a start never
 * overwrites them); asks for them to be written when the user stops (saveSettingsSoon).
 */
const saveSettings: Effect = () => (state, previous) => {
  if (!state.settingsLoaded) return
  if (state.saved === previous.saved && state.layout === previous.layout) return
  state.saveSettingsSoon()
}

/** Whether anything on screen shows the presets: their tab, the chart's marks, a preset's split. */
const enginesShown = (s: AppState): boolean =>
  s.layout.sideTab === 'engines' || s.usage.length > 0 || s.shownEngine !== 'seed'

/**
 * Reacts to what the presets run on (selectEngineAsk), while something shows them; asks the
 * conversation's worker to run them, once per conversation, counts, limits and options.
 */
const runEngines: Effect = (store) => {
  let asked: EngineAsk | null = null
  return (state) => {
    if (!enginesShown(state)) return
    const ask = selectEngineAsk(state)
    if (ask.state !== 'ask' || ask === asked) return
    const conversation = state.conversationOf(ask.messages)
    if (!conversation) return
    asked = ask
    // The counts stay in the worker, which holds them under the key in force.
    const { counts, ...input } = ask.input
    conversation.runEngines({ ...input, counting: selectCountingKey(state) }, (outcome) => {
      if (outcome.ok) store.setState({ engineAnswer: { ask, results: outcome.value } })
      else store.getState().notify('error', `Running the engine presets failed: ${outcome.error}`)
    })
  }
}

/**
 * Reacts to the forecast of a followed file; tells the host what its badge shows, only when that
 * changes.
 */
const showLiveBadge: Effect = (_store, deps) => {
  let badge: string = JSON.stringify(null)
  return (state) => {
    const next = selectLiveBadge(state)
    const said = JSON.stringify(next)
    if (said === badge) return
    badge = said
    deps.api.setLiveBadge(next)
  }
}

/** In the order they run: the order the slices subscribed them in before they were gathered here. */
const EFFECTS: readonly Effect[] = [
  judgeSummaryAfterPause,
  priceAppliedSummary,
  askForFindings,
  countPrompt,
  priceRequests,
  saveSettings,
  runEngines,
  showLiveBadge,
]

/** Subscribes every effect to `store`, once, before anything is shown (createAppStore). */
export function installEffects(store: StoreApi<AppState>, deps: StoreDeps): void {
  for (const effect of EFFECTS) store.subscribe(effect(store, deps))
}
