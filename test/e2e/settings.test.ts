import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { byTestId, openConversation, readNumber, screenshot, setControl } from './harness/app'
import { useAppSession } from './harness/browser'
import { conversation } from './harness/paths'

const value = (page: Page, testId: string) => page.locator(byTestId(testId)).inputValue()
const text = (page: Page, testId: string) => page.locator(byTestId(testId)).textContent()

describe('settings that stay', () => {
  const app = useAppSession()

  it('keeps MaxTokens and KeepRecentCount across opening a file and reloading', async () => {
    const { page, pageErrors } = app()
    await page.setViewportSize({ width: 1280, height: 800 })
    await openConversation(page, conversation('lost-persona.json'))
    await setControl(page, 'max-tokens-input', 1234)
    await setControl(page, 'keep-recent-input', 2)

    await openConversation(page, conversation('already-compacted.json'))
    expect(await value(page, 'max-tokens-input')).toBe('1234')
    expect(await value(page, 'keep-recent-input')).toBe('2')
    // The threshold is the kept budget's: 1234 × 0.9 = 1110.6.
    expect(await readNumber(page.locator(byTestId('threshold-tokens')))).toBe(1110.6)

    await page.reload()
    // The page starts on the sample, which keeps its own budget and says what files open with.
    await expect.poll(() => value(page, 'max-tokens-input')).toBe('2000')
    await expect
      .poll(() => text(page, 'settings-note'))
      .toBe('The sample’s own settings. Files open with yours: MaxTokens 1,234, KeepRecentCount 2.')

    // short.json names gpt-4o-mini: the model is the file's, the budget the user's.
    await openConversation(page, conversation('short.json'))
    expect(await value(page, 'max-tokens-input')).toBe('1234')
    expect(await value(page, 'keep-recent-input')).toBe('2')
    expect(await value(page, 'model-select')).toBe('gpt-4o-mini')
    await screenshot(page, 'settings-kept-after-reload', page.locator(byTestId('reset-settings')))

    // A change typed just before the page goes is written as it goes, not lost to the debounce.
    await setControl(page, 'keep-recent-input', 1)
    await page.reload()
    await openConversation(page, conversation('already-compacted.json'))
    expect(await value(page, 'keep-recent-input')).toBe('1')
    expect(await value(page, 'max-tokens-input')).toBe('1234')
    expect(pageErrors).toEqual([])
  })

  it('uses the model’s window when asked, and resets to the defaults', async () => {
    const { page, pageErrors } = app()
    await page.setViewportSize({ width: 1280, height: 800 })
    await openConversation(page, conversation('lost-persona.json'))
    await setControl(page, 'max-tokens-input', 3000)
    // lost-persona.json names gpt-4o, whose window OpenAI documents as 128,000 tokens.
    expect(await text(page, 'model-window')).toBe('gpt-4o: 128,000')
    await screenshot(page, 'settings-controls', page.locator(byTestId('reset-settings')))

    await page.click(byTestId('use-model-window'))
    await expect.poll(() => value(page, 'max-tokens-input')).toBe('128000')
    expect(await text(page, 'model-window')).toBe('gpt-4o: 128,000, in force')

    await setControl(page, 'max-tokens-input', 3000)
    await setControl(page, 'trigger-ratio-input', 0.5)
    await page.click(byTestId('reset-settings'))
    await expect.poll(() => value(page, 'max-tokens-input')).toBe('128000')
    expect(await value(page, 'trigger-ratio-input')).toBe('0.9')
    expect(await value(page, 'keep-recent-input')).toBe('')
    await page.reload()
    await openConversation(page, conversation('already-compacted.json'))
    expect(await value(page, 'max-tokens-input')).toBe('128000')
    expect(await value(page, 'trigger-ratio-input')).toBe('0.9')
    expect(pageErrors).toEqual([])
  })
})
