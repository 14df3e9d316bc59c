import { contextWindowOf } from '@core'
import type { Result, Settings } from '../../electron/contract'
import { sanitizeLayout } from './layout-slice'
import { openingOptions, type SavedOptions } from './options-slice'
import type { AppState, SliceCreator } from './types'

/**
 * How long the settings wait for the user to stop before they are written: typing "1234" in
 * MaxTokens is one write, not four.
 */
export const SETTINGS_WRITE_DELAY_MS = 400

export interface SettingsSlice {
  /** True once the host's kept settings are read; nothing is written before, so a start never overwrites them. */
  settingsLoaded: boolean
  /** Reads the kept settings: the options the next file opens with, and the layout, now. */
  loadSettings(): Promise<void>
  /**
   * Back to the defaults, and forgets what was saved: MaxTokens 128,000 for a file (the sample's
   * own 2,000 for the sample), KeepRecentCount unset, TriggerRatio 0.9, the file's model or the
   * default one.
   */
  resetOptions(): void
  /** Sets MaxTokens to the model's context window, where the core knows it; as if typed. */
  applyModelWindow(): void
  /** Writes a pending change now (the page is going away); resolves when it is written. */
  flushSettings(): Promise<void>
}

/** What the host keeps: the saved options (only those set) and the layout. */
export function settingsOf(state: Pick<AppState, 'saved' | 'layout'>): Settings {
  const settings: Settings = {}
  for (const [field, value] of Object.entries(state.saved)) {
    if (value !== undefined) (settings as Record<string, unknown>)[field] = value
  }
  return { ...settings, layout: { ...state.layout } }
}

export const createSettingsSlice: SliceCreator<SettingsSlice> = (deps) => (set, get, store) => {
  let timer: ReturnType<typeof setTimeout> | null = null
  // What the host holds, as JSON: a change that comes back to it writes nothing.
  let written = ''
  // One toast per run of failures, not one per keystroke while the disk is full.
  let failing = false

  const write = async (): Promise<void> => {
    if (timer !== null) clearTimeout(timer)
    timer = null
    const settings = settingsOf(get())
    const json = JSON.stringify(settings)
    if (json === written) return
    written = json
    const result = await settle(deps.api.writeSettings(settings))
    if (result.ok) failing = false
    else {
      // Not written, so the next change tries again.
      written = ''
      if (!failing) get().notify('error', `Settings not saved: ${result.error}`)
      failing = true
    }
  }

  store.subscribe((state, previous) => {
    if (!state.settingsLoaded) return
    if (state.saved === previous.saved && state.layout === previous.layout) return
    if (timer !== null) clearTimeout(timer)
    timer = setTimeout(() => void write(), SETTINGS_WRITE_DELAY_MS)
  })

  return {
    settingsLoaded: false,

    loadSettings: async () => {
      let kept: Settings = {}
      try {
        kept = await deps.api.readSettings()
      } catch {
        // A host that fails to read starts from the defaults; its log says why.
      }
      const { layout, ...options } = kept
      const before = get()
      // Anything the user changed while the settings were read wins over what was kept.
      const saved: SavedOptions = { ...options, ...before.saved }
      set({ saved, layout: layout === undefined ? before.layout : sanitizeLayout(layout) })
      written = JSON.stringify(settingsOf({ saved: options, layout: get().layout }))
      set({ settingsLoaded: true })
      if (Object.keys(before.saved).length > 0) void write()
    },

    resetOptions: () => {
      const { file, fileModel, model, includeHidden } = get()
      set({ saved: {}, ...openingOptions({}, fileModel, file.isSample), includeHidden })
      if (get().model !== model) get().countMessages()
    },

    applyModelWindow: () => {
      const contextWindow = contextWindowOf(get().model)
      if (contextWindow) get().setOptionInput('maxTokens', String(contextWindow.tokens))
    },

    flushSettings: () => (timer === null ? Promise.resolve() : write()),
  }
}

async function settle(pending: Promise<Result<void>>): Promise<Result<void>> {
  try {
    return await pending
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) }
  }
}
