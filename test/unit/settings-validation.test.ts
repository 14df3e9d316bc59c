import { describe, expect, it } from 'vitest'
import { MAX_SETTINGS_BYTES } from '../../electron/contract'
import { sanitizeSettings, validateSettingsWrite } from '../../electron/settings-validation'
import { DEFAULT_LAYOUT, sanitizeLayout } from '../../renderer/store/layout-slice'

describe('settings read from storage', () => {
  it('keeps every valid field as it is', () => {
    const stored = {
      maxTokens: 1234,
      keepRecentCount: 3,
      triggerRatio: 0.75,
      model: 'claude-sonnet-4-5',
      layout: { sideWidth: 500 },
    }
    expect(sanitizeSettings(stored)).toEqual({ settings: stored, dropped: [] })
  })

  it('keeps KeepRecentCount cleared (null) and 0, which are both choices', () => {
    expect(sanitizeSettings({ keepRecentCount: null }).settings).toEqual({ keepRecentCount: null })
    expect(sanitizeSettings({ keepRecentCount: 0 }).settings).toEqual({ keepRecentCount: 0 })
  })

  it('drops each mistyped or out-of-range field, keeps the rest, and says which and why', () => {
    const { settings, dropped } = sanitizeSettings({
      maxTokens: '1234', // a string, not a number
      keepRecentCount: -1,
      triggerRatio: 1.5, // past (0, 1]
      model: '',
      layout: [],
      theme: 'dark', // not a setting
    })
    expect(settings).toEqual({})
    expect(dropped).toEqual([
      'maxTokens: "1234" is not a positive integer',
      'keepRecentCount: -1 is not a non-negative integer',
      'triggerRatio: 1.5 is not a number in (0, 1]',
      'model must be 1 to 200 characters',
      'layout must be an object, not an array',
      'theme is not a setting',
    ])
    // One bad field leaves the good ones.
    expect(sanitizeSettings({ maxTokens: 0, triggerRatio: 0.5 })).toEqual({
      settings: { triggerRatio: 0.5 },
      dropped: ['maxTokens: 0 is not a positive integer'],
    })
  })

  it('drops fractions, zero ratios, nulls and control characters', () => {
    const { settings, dropped } = sanitizeSettings({
      maxTokens: 12.5,
      triggerRatio: 0,
      model: 'gpt-4o\u0000',
    })
    expect(settings).toEqual({})
    expect(dropped).toEqual([
      'maxTokens: 12.5 is not a positive integer',
      'triggerRatio: 0 is not a number in (0, 1]',
      'model contains a control character',
    ])
    expect(sanitizeSettings({ triggerRatio: null }).dropped).toEqual([
      'triggerRatio: null is not a number in (0, 1]',
    ])
  })

  it('reads anything that is not an object as no settings', () => {
    for (const [value, words] of [
      [null, 'null'],
      [[1, 2], 'an array'],
      ['{}', 'a string'],
      [42, 'a number'],
    ] as const) {
      expect(sanitizeSettings(value)).toEqual({
        settings: {},
        dropped: [`the settings are ${words}, not an object`],
      })
    }
  })

  it('names a long unknown field by its first characters only', () => {
    const { dropped } = sanitizeSettings({ ['x'.repeat(500)]: 1 })
    expect(dropped).toEqual([`${'x'.repeat(57)}… is not a setting`])
  })
})

describe('settings the renderer asks to keep', () => {
  it('accepts valid settings', () => {
    const settings = { maxTokens: 1234, keepRecentCount: null, layout: { sideTab: 'prompt' } }
    expect(validateSettingsWrite(settings)).toEqual({ ok: true, value: settings })
  })

  it('refuses a write with any field in error, naming it', () => {
    expect(validateSettingsWrite({ maxTokens: 1234, triggerRatio: 2 })).toEqual({
      ok: false,
      error: 'Invalid request: triggerRatio: 2 is not a number in (0, 1].',
    })
    expect(validateSettingsWrite({ path: '/etc/passwd' })).toEqual({
      ok: false,
      error: 'Invalid request: path is not a setting.',
    })
    expect(validateSettingsWrite('maxTokens=1')).toEqual({
      ok: false,
      error: 'Invalid request: the settings must be an object, not a string.',
    })
  })

  it(`refuses more than ${MAX_SETTINGS_BYTES} bytes of JSON`, () => {
    // {"layout":{"x":"…"}} is 16 bytes before the padding and 3 after it: 19.
    const at = (padding: number) => ({ layout: { x: 'a'.repeat(padding) } })
    expect(JSON.stringify(at(MAX_SETTINGS_BYTES - 19))).toHaveLength(MAX_SETTINGS_BYTES)
    expect(validateSettingsWrite(at(MAX_SETTINGS_BYTES - 19)).ok).toBe(true)
    expect(validateSettingsWrite(at(MAX_SETTINGS_BYTES - 18))).toEqual({
      ok: false,
      error: `Invalid request: the settings are ${MAX_SETTINGS_BYTES + 1} bytes of JSON; the limit is ${MAX_SETTINGS_BYTES}.`,
    })
  })

  it('counts bytes, not characters: 6,000 three-byte characters are over the limit', () => {
    const result = validateSettingsWrite({ layout: { x: '€'.repeat(6000) } })
    expect(result).toEqual({
      ok: false,
      error: `Invalid request: the settings are ${19 + 18000} bytes of JSON; the limit is ${MAX_SETTINGS_BYTES}.`,
    })
  })
})

describe('a stored layout', () => {
  it('keeps a valid one, and clamps or defaults each bad field', () => {
    expect(sanitizeLayout({ sideWidth: 500, sideTab: 'summary', collapsed: ['budget'] })).toEqual({
      sideWidth: 500,
      sideTab: 'summary',
      collapsed: ['budget'],
    })
    expect(sanitizeLayout({ sideWidth: 5000, sideTab: 'settings', collapsed: 'budget' })).toEqual({
      sideWidth: 800,
      sideTab: 'findings',
      collapsed: [],
    })
    expect(sanitizeLayout({ sideWidth: 10.6 }).sideWidth).toBe(280)
    expect(sanitizeLayout({ sideWidth: 333.6 }).sideWidth).toBe(334)
    expect(sanitizeLayout('wide')).toEqual(DEFAULT_LAYOUT)
  })
})
