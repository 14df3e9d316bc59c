/**
 * Checks on the kept settings, shared by main (settings.json) and the browser bridge
 * (localStorage). Pure: no Node or Electron imports, so the web build runs the same checks. The
 * option rules are the core's (validateOptions): a kept value is one the controls would accept.
 */
import { OptionError, validateOptions } from '../src/options'
import type { Options } from '../src/types'
import { MAX_SETTINGS_BYTES, invalid, typeOf, type Result, type Settings } from './contract'

/** Longest model name kept, in characters: real names are under 100. */
export const MAX_MODEL_LENGTH = 200

/** Settings as read from storage, and what was dropped from them, each in a few words. */
export interface CheckedSettings {
  settings: Settings
  /** One entry per dropped field or fault, naming the field and the problem. */
  dropped: string[]
}

const FIELDS: readonly (keyof Settings)[] = [
  'maxTokens',
  'keepRecentCount',
  'triggerRatio',
  'model',
  'layout',
]

/**
 * The usable part of settings read from storage: anything that is not an object reads as no
 * settings; a field that is unknown, mistyped or out of range is dropped and the rest kept.
 */
export function sanitizeSettings(value: unknown): CheckedSettings {
  if (!isPlainObject(value)) {
    return { settings: {}, dropped: [`the settings are ${typeOf(value)}, not an object`] }
  }
  const settings: Record<string, unknown> = {}
  const dropped: string[] = []
  for (const [field, entry] of Object.entries(value)) {
    const problem = settingProblem(field, entry)
    if (problem === null) settings[field] = entry
    else dropped.push(problem)
  }
  return { settings: settings as Settings, dropped }
}

/**
 * Settings the renderer asks to keep, or why they are refused: a write must be small and hold
 * only valid fields, since the renderer only ever sends values its controls accepted.
 */
export function validateSettingsWrite(value: unknown): Result<Settings> {
  if (!isPlainObject(value)) return invalid(`the settings must be an object, not ${typeOf(value)}`)
  const bytes = jsonBytes(value)
  if (bytes === null) return invalid('the settings cannot be written as JSON')
  if (bytes > MAX_SETTINGS_BYTES) {
    return invalid(`the settings are ${bytes} bytes of JSON; the limit is ${MAX_SETTINGS_BYTES}`)
  }
  for (const [field, entry] of Object.entries(value)) {
    const problem = settingProblem(field, entry)
    if (problem !== null) return invalid(problem)
  }
  return { ok: true, value: value as Settings }
}

/** What is wrong with one stored field, or null when it can be kept. */
function settingProblem(field: string, value: unknown): string | null {
  if (!(FIELDS as readonly string[]).includes(field)) return `${clip(field)} is not a setting`
  if (field === 'keepRecentCount' && value === null) return null
  if (field === 'model') {
    if (typeof value !== 'string') return `model must be a string, not ${typeOf(value)}`
    if (value.trim() === '' || value.length > MAX_MODEL_LENGTH) {
      return `model must be 1 to ${MAX_MODEL_LENGTH} characters`
    }
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f]/.test(value)) return 'model contains a control character'
    return null
  }
  if (field === 'layout') {
    return isPlainObject(value) ? null : `layout must be an object, not ${typeOf(value)}`
  }
  return optionProblem(field, value)
}

/** The core's word on one numeric option, with a valid MaxTokens beside it. */
function optionProblem(field: string, value: unknown): string | null {
  if (value === undefined) return `${field} must be a number, not undefined`
  try {
    validateOptions({ maxTokens: 1, [field]: value } as Options)
    return null
  } catch (error) {
    if (!(error instanceof OptionError)) throw error
    return `${field}: ${clip(error.problem)}`
  }
}

function jsonBytes(value: unknown): number | null {
  try {
    return new TextEncoder().encode(JSON.stringify(value)).length
  } catch {
    return null
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

// A stored string may be anything: the log names the fault, never more than a few words of it.
function clip(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}…` : text
}
