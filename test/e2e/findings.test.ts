import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { byTestId, openConversation, screenshot, setControl } from './harness/app'
import { useAppSession } from './harness/browser'
import { keptTail } from './harness/expected'
import { conversation } from './harness/paths'

/** The message rows drawn now that carry the highlight, by index. */
const highlightedRows = (page: Page) =>
  page.$$eval(`${byTestId('message-row')}[data-highlighted="true"]`, (rows) =>
    rows.map((row) => Number(row.getAttribute('data-index'))).sort((a, b) => a - b),
  )

/** Whether a message row is drawn and lies wholly inside the list's visible part. */
const rowInView = (page: Page, index: number) =>
  page.evaluate((index) => {
    const row = document.querySelector(`[data-testid="message-row"][data-index="${index}"]`)
    const box = row?.closest('[data-virtual-scroll]')
    if (!row || !box) return false
    const r = row.getBoundingClientRect()
    const b = box.getBoundingClientRect()
    return r.top >= b.top && r.bottom <= b.bottom
  }, index)

describe('findings', () => {
  const app = useAppSession()

  it('clicking a finding scrolls the list to its messages and highlights them', async () => {
    const { page, pageErrors } = app()
    // lost-persona.json: 60 messages. An earlier summary (0) sits before the system prompt (1);
    // call_Ya25mKf0's request is message 44 and its result message 45.
    const { fixture, total } = await openConversation(page, conversation('lost-persona.json'))
    expect(fixture.messages.map((m) => m.id).slice(0, 2)).toEqual(['summary-1', 'sys-1'])
    expect(fixture.messages[44].id).toBe('call_Ya25mKf0')
    expect(fixture.messages[45].id).toBe('call_Ya25mKf0-result')
    // MaxTokens 3,000 puts the threshold at 2,700, under the total, so the check compacts; the
    // derived tail of ⌊60 / 4⌋ = 15 starts at 45 and cuts the exchange in two.
    expect(total).toBeGreaterThanOrEqual(2700)
    expect(fixture.messages.length - keptTail(fixture.messages.length)).toBe(45)
    await setControl(page, 'max-tokens-input', 3000)

    const findings = page.locator(byTestId('findings'))
    const persona = findings.locator('[data-code="summary-before-instructions"]')
    const cut = findings.locator('[data-code="tool-exchange-cut"]')
    await expect.poll(() => cut.count()).toBe(1)
    expect(await persona.getAttribute('data-severity')).toBe('error')
    expect(await cut.getAttribute('data-severity')).toBe('error')
    expect(await cut.textContent()).toContain('#44, #45')

    // The cut exchange is far below the fold: the virtualised list has not drawn it yet.
    expect(await page.locator(`${byTestId('message-row')}[data-index="44"]`).count()).toBe(0)
    await cut.getByRole('button', { name: /^tool-exchange-cut/ }).click()
    await expect.poll(() => highlightedRows(page)).toEqual([44, 45])
    await expect.poll(() => rowInView(page, 44)).toBe(true)

    // Next steps to the kept half; the highlight stays on the two halves only.
    await cut.locator(byTestId('finding-next')).click()
    await expect
      .poll(() => cut.locator(byTestId('finding-step')).getAttribute('data-index'))
      .toBe('45')
    await expect.poll(() => rowInView(page, 45)).toBe(true)
    expect(await highlightedRows(page)).toEqual([44, 45])

    await screenshot(page, 'findings')
    expect(pageErrors).toEqual([])
  })
})
