/**
 * A Mistral Vibe session: its messages.jsonl leaves out the system prompt, the tools and the model,
 * which are in the meta.json beside it. Opened from the Sessions view through `compaction-inspector
 * serve`, the server reads it with the file; opened alone in the browser, the page offers to add
 * it. Either way the page shows what the CLI reads: the two instructions first, then the nine
 * messages (testdata/formats/mistral-vibe.jsonl and mistral-vibe-meta.json).
 */
import { copyFile, mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  allRows,
  byTestId,
  openFile,
  readNumber,
  screenshot,
  showTab,
  shownTotal,
} from './harness/app'
import { useAppSession, type AppSession } from './harness/browser'
import { cli } from './harness/cli'
import { formatsFile } from './harness/format-fixtures'
import { closeServed, serveApp, type ServeSession } from './harness/serve'
import { makeHome } from './harness/session-home'

const tokensOf = async (file: string) =>
  JSON.parse((await cli(['tokens', file, '--json'])).toString('utf8')) as {
    tokens: number[]
    total: number
  }

describe('a Vibe session from the Sessions view', () => {
  let home: string
  let server: ServeSession
  let app: AppSession
  let messages: string

  beforeEach(async () => {
    home = await makeHome()
    const folder = join(home, '.vibe', 'logs', 'session', 'session_20261203_091500_b7f1c2d3')
    await mkdir(folder, { recursive: true })
    messages = join(folder, 'messages.jsonl')
    await copyFile(formatsFile('mistral-vibe.jsonl'), messages)
    await copyFile(formatsFile('mistral-vibe-meta.json'), join(folder, 'meta.json'))
    ;({ server, app } = await serveApp(home))
  })

  afterEach(async () => {
    await closeServed({ server, app }, home)
  })

  it('opens with its system prompt and tools, read from meta.json by the server', async () => {
    const { page, pageErrors } = app
    const expected = await tokensOf(messages)
    expect(expected.tokens).toHaveLength(11)
    await shownTotal(page)
    await page.locator(byTestId('sessions-button')).click()
    const rows = page.locator(byTestId('session-row'))
    await expect.poll(() => rows.count()).toBe(1)
    await rows.first().focus()
    await page.keyboard.press('Enter')
    await page.locator(byTestId('sessions-view')).waitFor({ state: 'detached' })
    await expect.poll(() => page.locator(byTestId('file-count')).textContent()).toBe('11 messages')
    await expect.poll(() => readNumber(page.locator(byTestId('total-tokens')))).toBe(expected.total)
    const shown = await allRows(page, 11)
    expect(shown.map((row) => row.tokens)).toEqual(expected.tokens)
    expect(shown[0].text).toContain("You are Almanac's maintainer agent")
    expect(await page.locator(byTestId('vibe-meta-button')).count()).toBe(0)
    await screenshot(page, 'vibe-session')
    // The Engines tab replays Vibe on the threshold the session's config gives its model.
    await showTab(page, 'engines')
    await expect
      .poll(() => page.locator(byTestId('engine-vibe-threshold')).textContent())
      .toBe('Mistral Vibe: auto-compact threshold 200,000, from the log')
    await screenshot(page, 'vibe-session-engines')
    expect(server.stderr()).not.toMatch(/refus|error/i)
    expect(pageErrors).toEqual([])
  })
})

describe('a Vibe session’s messages opened alone', () => {
  const app = useAppSession()

  it('offers to add meta.json, and then shows what the CLI reads', async () => {
    const { page, pageErrors } = app()
    const expected = await tokensOf(formatsFile('mistral-vibe.jsonl'))
    await shownTotal(page)
    await openFile(page, formatsFile('mistral-vibe.jsonl'))
    await expect.poll(() => page.locator(byTestId('file-count')).textContent()).toBe('9 messages')
    const add = page.locator(byTestId('vibe-meta-button'))
    expect(await add.textContent()).toBe('Add the session’s meta.json…')
    await shownTotal(page)
    await screenshot(page, 'vibe-messages-alone')
    await page.setInputFiles(byTestId('vibe-meta-input'), formatsFile('mistral-vibe-meta.json'))
    await expect.poll(() => page.locator(byTestId('file-count')).textContent()).toBe('11 messages')
    // The fixture's folder holds no meta.json beside it: the CLI reads the two together only when
    // they sit side by side, so the page's total is the served session's, checked above; here the
    // nine messages keep their counts and two instructions come first.
    await expect
      .poll(async () => (await allRows(page, 11)).slice(2).map((row) => row.tokens))
      .toEqual(expected.tokens)
    expect(await add.count()).toBe(0)
    expect(await page.locator(byTestId('model-select')).inputValue()).toBe(
      'mistral-vibe-cli-latest',
    )
    await screenshot(page, 'vibe-messages-with-meta')
    expect(pageErrors).toEqual([])
  })
})
