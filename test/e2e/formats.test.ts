import { readFile } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  allRows,
  byTestId,
  openFile,
  readNumber,
  screenshot,
  setControl,
  showTab,
} from './harness/app'
import { useAppSession } from './harness/browser'
import { cli } from './harness/cli'
import { largestTriggeringMaxTokens } from './harness/expected'
import type { FixtureMessage } from './harness/expected'
import {
  anthropicMessages,
  claudeCodeTruncatedMessages,
  formatsFile,
  openAIChatMessages,
} from './harness/format-fixtures'

/**
 * What the CLI's `tokens --json` counts for a file: each message's cost and the total, by the
 * wire's rules. Those rules are checked against their sources in the unit tests (pricing-wire,
 * calibration, pricing-opaque); here the app must show what the core counts, row by row.
 */
async function coreCounts(path: string): Promise<{ counts: number[]; total: number }> {
  const report = JSON.parse((await cli(['tokens', path, '--json'])).toString('utf8'))
  return { counts: report.tokens, total: report.total }
}

/** Opens a file and waits for its total: the sign that it, and not the sample, is on screen. */
async function openAndCount(
  page: Page,
  path: string,
): Promise<{ counts: number[]; total: number }> {
  const expected = await coreCounts(path)
  await page.locator(byTestId('total-tokens')).waitFor()
  await openFile(page, path)
  await expect
    .poll(() => readNumber(page.locator(byTestId('total-tokens'))), { message: path })
    .toBe(expected.total)
  return expected
}

/** Every row shows its message's type and the cost tiktoken gives it; ids where the file has them. */
async function expectRows(page: Page, messages: FixtureMessage[], counts: number[]) {
  const rows = await allRows(page, messages.length)
  expect(rows.map((row) => row.tokens)).toEqual(counts)
  const types = await page.$$eval(byTestId('message-row'), (elements) =>
    elements
      .sort((a, b) => Number(a.dataset.index) - Number(b.dataset.index))
      .map((element) => element.dataset.type),
  )
  expect(types).toEqual(messages.map((m) => m.type))
  rows.forEach((row, i) => {
    if (messages[i].id !== undefined) expect(row.text).toContain(messages[i].id)
  })
}

const detected = (page: Page) => page.locator(byTestId('format-detected')).textContent()

describe('opening the transcripts people have', () => {
  const app = useAppSession()

  it('reads an OpenAI Chat Completions request: detected, every message counted', async () => {
    const { page, pageErrors } = app()
    const messages = openAIChatMessages()
    const { counts } = await openAndCount(page, formatsFile('openai-chat.json'))
    expect(await detected(page)).toBe('OpenAI Chat Completions · detected')
    await expectRows(page, messages, counts)
    // The image is given by its URL, so it is counted as its JSON: a warning, shown with its place.
    const report = page.locator(byTestId('import-report'))
    await report.locator('summary').click()
    expect(await report.textContent()).toContain('messages[6].content[1]')
    expect(pageErrors).toEqual([])
    await screenshot(page, 'formats-openai')
  })

  it('reads an Anthropic Messages request with thinking, parallel tool use and an image', async () => {
    const { page, pageErrors } = app()
    const messages = anthropicMessages()
    const { counts } = await openAndCount(page, formatsFile('anthropic.json'))
    expect(await detected(page)).toBe('Anthropic Messages · detected')
    await expectRows(page, messages, counts)
    expect(pageErrors).toEqual([])
    await screenshot(page, 'formats-anthropic')
  })

  it('reads a Claude Code session with broken lines, naming each line, and loads the rest', async () => {
    const { page } = app()
    const messages = claudeCodeTruncatedMessages()
    const { counts } = await openAndCount(page, formatsFile('claude-code-truncated.jsonl'))
    expect(await detected(page)).toBe('Claude Code session (JSONL) · detected')
    await expectRows(page, messages, counts)
    const report = page.locator(byTestId('import-report'))
    await report.locator('summary').click()
    const warnings = await report.locator('[data-severity="warning"]').allTextContents()
    expect(warnings).toHaveLength(2)
    expect(warnings[0]).toMatch(/line 3\b/)
    expect(warnings[1]).toMatch(/line 6\b/)
    await screenshot(page, 'formats-claude-code-report')
  })

  it('shows why an overriding format does not fit, keeping the conversation on screen', async () => {
    const { page } = app()
    const messages = openAIChatMessages()
    const { counts, total } = await openAndCount(page, formatsFile('openai-chat.json'))

    await page.locator(byTestId('format-select')).selectOption('anthropic')
    const error = page.locator(byTestId('error'))
    await error.waitFor()
    // Its first message, on line 32 at column 7, has the role "system": Anthropic's is top-level.
    expect(await error.textContent()).toContain(
      'not Anthropic Messages: messages[0].role (line 32, column 7)',
    )
    expect(await detected(page)).toBe('OpenAI Chat Completions · detected')
    expect(await page.locator(byTestId('format-select')).inputValue()).toBe('auto')
    expect(await readNumber(page.locator(byTestId('total-tokens')))).toBe(total)
    await expectRows(page, messages, counts)
    await screenshot(page, 'formats-wrong-format')

    // The format that fits, chosen rather than detected, reads it again.
    await page.locator(byTestId('format-select')).selectOption('openai')
    await expect.poll(() => detected(page)).toBe('OpenAI Chat Completions · chosen')
  })

  it('exports an OpenAI request with the same bytes as `apply --to openai`', async () => {
    const { page } = app()
    const file = formatsFile('openai-chat.json')
    const { total } = await openAndCount(page, file)
    const maxTokens = largestTriggeringMaxTokens(total)
    await setControl(page, 'max-tokens-input', maxTokens)
    await setControl(page, 'keep-recent-input', 4)
    await expect
      .poll(() => page.locator(byTestId('decision')).getAttribute('data-should-compact'))
      .toBe('true')
    const summary = 'Mei plans Kyoto next week: light rain, 18 °C; hotels under $200 found. 好的'
    await showTab(page, 'summary')
    await page.locator(byTestId('summary-input')).fill(summary)
    await page.locator(byTestId('apply-summary')).click()
    await page.locator(byTestId('applied-row')).first().waitFor()

    await page.locator(byTestId('export-format')).selectOption('openai')
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator(byTestId('export')).click(),
    ])
    expect(download.suggestedFilename()).toBe('openai-chat.compacted.openai.json')
    const exported = await readFile(await download.path())
    const args = ['--summary', summary, '--max-tokens', String(maxTokens), '--keep-recent', '4']
    const expected = await cli(['apply', file, '--to', 'openai', ...args])
    expect(exported.equals(expected)).toBe(true)

    // By hand: the system prompt, the summary, then the last four; the hotel result's call was
    // summarised away, so it goes as a user message, which the export report warns about.
    const body = JSON.parse(exported.toString('utf8')) as {
      model: string
      tools: unknown[]
      messages: { role: string; content: unknown }[]
    }
    expect(body.model).toBe('gpt-4o-2024-08-06')
    expect(body.tools).toHaveLength(2)
    expect(body.messages.map((m) => m.role)).toEqual([
      'system',
      'user',
      'user',
      'assistant',
      'user',
      'assistant',
    ])
    expect(body.messages[1].content).toBe(summary)
    const report = page.locator(byTestId('export-report'))
    await report.waitFor()
    const warnings = await report.locator('[data-severity="warning"]').allTextContents()
    expect(warnings.some((w) => w.includes('messages[3]'))).toBe(true)
    await screenshot(page, 'formats-export-openai')
  })
})
