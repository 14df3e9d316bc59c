import { describe, expect, it } from 'vitest'
import { allRows, byTestId, openConversation, setControl, showTab } from './harness/app'
import { useAppSession } from './harness/browser'
import { readFixture } from './harness/expected'
import { conversation } from './harness/paths'

const file = conversation('html-injection.json')
const fixture = readFixture(file)

describe('a conversation whose text holds HTML and script', () => {
  const app = useAppSession()

  it('shows the markup literally and runs none of it', async () => {
    const { page, pageErrors } = app()
    const dialogs: string[] = []
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message())
      void dialog.dismiss()
    })
    await openConversation(page, file)
    const rows = await allRows(page, fixture.messages.length)
    expect(rows.map((row) => row.index)).toEqual(fixture.messages.map((_, i) => i))

    expect(rows[1].text).toContain('<script>window.__pwned=1</script>')
    expect(rows[2].text).toContain('<img src=x onerror="window.__pwned=2">')
    expect(rows[3].text).toContain('<b>bold</b>')

    // Expanded, a message shows its whole payload, still as text: formatted, then raw.
    const toolCall = page.locator(`${byTestId('message-row')}[data-index="4"]`)
    await toolCall.getByRole('button').first().click()
    const payload = fixture.messages[4].payload!
    await expect
      .poll(() => toolCall.locator(byTestId('payload-text')).textContent())
      .toBe(JSON.stringify(JSON.parse(payload), null, 2))
    await toolCall.getByRole('button', { name: 'Raw' }).click()
    await expect.poll(() => toolCall.textContent()).toContain(payload)

    const list = page.locator(byTestId('message-row'))
    expect(await list.locator('img, script, b, iframe').count()).toBe(0)

    // The prompt preview and the applied result render the same text, and must not run it either.
    await setControl(page, 'max-tokens-input', 10)
    await expect
      .poll(() => page.locator(byTestId('decision')).getAttribute('data-should-compact'))
      .toBe('true')
    await showTab(page, 'prompt')
    const prompt = page.locator(byTestId('summary-prompt'))
    expect(await prompt.textContent()).toContain('<script>window.__pwned=1</script>')
    expect(await prompt.textContent()).toContain('<img src=x onerror="window.__pwned=2">')
    expect(await prompt.locator('img, script, b').count()).toBe(0)

    await showTab(page, 'summary')
    await page.locator(byTestId('summary-input')).fill('<img src=x onerror="window.__pwned=4">')
    await page.locator(byTestId('apply-summary')).click()
    const applied = page.locator(byTestId('applied-row'))
    await expect
      .poll(() => applied.allTextContents())
      .toContainEqual(expect.stringContaining('<img src=x onerror="window.__pwned=4">'))
    expect(await applied.locator('img, script, b').count()).toBe(0)

    expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined()
    expect(dialogs).toEqual([])
    expect(pageErrors).toEqual([])
  })
})
