import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { byTestId, openConversation, setControl, showTab } from './harness/app'
import { useAppSession } from './harness/browser'
import { cli } from './harness/cli'
import { conversation } from './harness/paths'

const SUMMARY =
  'The user reported invoice INV-2024-00917 due a day early; the fix is on fix/482.\n✓ "quoted" <tag> & done'

describe('exporting the applied conversation', () => {
  const app = useAppSession()

  it('downloads the same bytes as `compaction-inspector apply` for the same file and options', async () => {
    const { page } = app()
    const file = conversation('sample.json')
    const { fixture } = await openConversation(page, file)
    await setControl(page, 'max-tokens-input', 1200)
    await setControl(page, 'keep-recent-input', 6)
    await expect
      .poll(() => page.locator(byTestId('decision')).getAttribute('data-should-compact'))
      .toBe('true')
    await showTab(page, 'summary')
    await page.locator(byTestId('summary-input')).fill(SUMMARY)
    await page.locator(byTestId('apply-summary')).click()
    await page.locator(byTestId('applied-row')).first().waitFor()

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator(byTestId('export')).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/\.json$/)
    const exported = await readFile(await download.path())
    const expected = await cli([
      'apply',
      file,
      '--summary',
      SUMMARY,
      '--max-tokens',
      '1200',
      '--keep-recent',
      '6',
    ])
    expect(exported.toString('utf8')).toBe(expected.toString('utf8'))
    expect(exported.equals(expected)).toBe(true)

    // And the bytes are the conversation a user expects: instructions, the summary, the tail of 6.
    const messages = JSON.parse(exported.toString('utf8')) as { type: string; text: string }[]
    expect(messages.map((m) => m.type)).toEqual([
      'instructions',
      'instructions',
      'context',
      ...fixture.messages.slice(-6).map((m) => m.type),
    ])
    expect(messages[2].text).toBe(SUMMARY)
  })
})
