import type { Options } from '@core'
import type { Settings } from '../../electron/contract'
import { sanitizeLayout } from './layout-slice'
import { settle } from './settle'
import type { AppState, SliceCreator } from './types'

/**
 * How long the settings wait for the user to stop before they are written: typing "1234" in
 * MaxTokens is one write, not four.
 */
export const SETTINGS_WRITE_DELAY_MS = 400

/**
 * The options the user set, as the host keeps them (electron/contract Settings): a field is absent
 * until they set it, and `keepRecentCount: null` is them clearing it.
 */
export type SavedOptions = Pick<Settings, (typeof SAVED_OPTIONS)[number]>
const SAVED_OPTIONS = ['maxTokens', 'keepRecentCount', 'triggerRatio', 'model'] as const

/** An option's value as saved: one the user cleared (KeepRecentCount, back to derived) is null. */
export const savedValue = <T>(value: T | undefined): T | null => value ?? null

/** What was saved as the core's options: a cleared or never-set option is absent. */
export function optionsOfSaved(saved: SavedOptions): Partial<Pick<Options, keyof SavedOptions>> {
  const kept = SAVED_OPTIONS.filter((field) => saved[field] != null)
  return Object.fromEntries(kept.map((field) => [field, saved[field]]))
}

export interface SettingsSlice {
  /** What the user set; each valid change they make is saved here, and kept by the host. */
  saved: SavedOptions
  /** True once the host's kept settings are read; nothing is written before, so a start never overwrites them. */
  settingsLoaded: boolean
  /** Reads the kept settings: the options the next file opens with, and the layout, now. */
  loadSettings(): Promise<void>
  /** Writes the settings once the user stops changing them (SETTINGS_WRITE_DELAY_MS). */
  saveSettingsSoon(): void
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

export const createSettingsSlice: SliceCreator<SettingsSlice> = (deps) => (set, get) => {
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

  return {
    saved: {},
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

    saveSettingsSoon: () => {
      if (timer !== null) clearTimeout(timer)
      timer = setTimeout(() => void write(), SETTINGS_WRITE_DELAY_MS)
    },

    flushSettings: () => (timer === null ? Promise.resolve() : write()),
  }
}
