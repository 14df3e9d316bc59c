import { describe, expect, it } from 'vitest'
import { byTestId, openConversation, screenshot } from './harness/app'
import { useAppSession } from './harness/browser'
import { readFixture } from './harness/expected'
import { conversation } from './harness/paths'

const file = conversation('sample.json')
const fixture = readFixture(file)
// The sample's apply_patch call: its diff is one JSON string of many lines.
const PATCH = fixture.messages.findIndex((m) => m.payload?.includes('"name":"apply_patch"'))

describe("an expanded tool call's payload", () => {
  const app = useAppSession()

  it('opens formatted, with the diff as its lines, and Raw shows the exact string', async () => {
    const { page, pageErrors } = app()
    await page.setViewportSize({ width: 1280, height: 800 })
    await openConversation(page, file)
    const row = page.locator(`${byTestId('message-row')}[data-index="${PATCH}"]`)
    await row.getByRole('button').first().click()
    const text = row.locator(byTestId('payload-text'))
    const payload = fixture.messages[PATCH].payload!
    const diff = (JSON.parse(payload) as { arguments: { diff: string } }).arguments.diff

    // Formatted: indented keys, and the diff's first lines each on a line of their own.
    await expect.poll(() => text.textContent()).toContain('"name": "apply_patch"')
    const shown = (await text.textContent())!
    for (const line of diff.split('\n').slice(0, 3))
      expect(shown).toContain(`\n${' '.repeat(6)}${line}`)
    expect(shown).not.toContain('\\n')
    await screenshot(page, 'payload-formatted', row)

    // Raw, from the keyboard: the exact string the message carries.
    await row.getByRole('button', { name: 'Raw' }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => text.textContent()).toBe(payload)
    await screenshot(page, 'payload-raw', row)
    expect(pageErrors).toEqual([])
  })
})
