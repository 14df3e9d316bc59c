import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { allRows, byTestId, openFile, readNumber, screenshot } from './harness/app'
import { useAppSession } from './harness/browser'
import { cli } from './harness/cli'
import { formatsFile } from './harness/format-fixtures'

/** What the CLI's `tokens --json` says of a file: the other surface over the same core. */
async function cliTokens(
  file: string,
  ...args: string[]
): Promise<{ tokens: number[]; total: number }> {
  return JSON.parse((await cli(['tokens', file, '--json', ...args])).toString('utf8'))
}

/** Opens a file and waits until its total (the CLI's) is on screen. */
async function openAndWait(page: Page, file: string, total: number): Promise<void> {
  await page.locator(byTestId('total-tokens')).waitFor()
  await openFile(page, file)
  await expect
    .poll(() => readNumber(page.locator(byTestId('total-tokens'))), { message: file })
    .toBe(total)
}

const detected = (page: Page) => page.locator(byTestId('format-detected')).textContent()

// One fixture per agent's own log format (testdata/formats, written to each engine's schema).
const LOGS: [file: string, label: string][] = [
  ['claude-code-2.1.jsonl', 'Claude Code session (JSONL)'],
  ['codex.jsonl', 'OpenAI Codex CLI rollout (JSONL)'],
  ['codex-legacy.jsonl', 'OpenAI Codex CLI rollout (JSONL)'],
  ['gemini-cli.jsonl', 'Gemini CLI session'],
  ['pi.jsonl', 'pi coding-agent session (JSONL)'],
  ['swe-agent.traj', 'SWE-agent trajectory (.traj)'],
  ['cline.json', 'Cline / Roo Code task history'],
  ['roo-code.json', 'Cline / Roo Code task history'],
  ['api-traffic.jsonl', 'API traffic log (claude-trace)'],
  ['openai-responses-list.json', 'OpenAI Responses'],
]

describe("every agent's own log opens in the app", () => {
  const app = useAppSession()

  it.each(LOGS)(
    '%s: detected as %s, every message listed, as the CLI reads it',
    async (name, label) => {
      const { page, pageErrors } = app()
      const file = formatsFile(name)
      const expected = await cliTokens(file)
      await openAndWait(page, file, expected.total)
      expect(await detected(page)).toBe(`${label} · detected`)
      // Every message is a row, with the cost the CLI gives it.
      const rows = await allRows(page, expected.tokens.length)
      expect(rows.map((row) => row.tokens)).toEqual(expected.tokens)
      expect(pageErrors).toEqual([])
      if (name === 'claude-code-2.1.jsonl') {
        // The report counts what the import left out, by kind.
        const report = page.locator(byTestId('import-report'))
        await report.locator('summary').click()
        expect(await report.textContent()).toMatch(/sidechain|progress|attachment/)
        await screenshot(page, 'formats-claude-code-2.1')
      }
    },
  )

  it('an API traffic log shows its main thread, and the picker reads another request', async () => {
    const { page, pageErrors } = app()
    const file = formatsFile('api-traffic.jsonl')
    const main = await cliTokens(file)
    await openAndWait(page, file, main.total)
    const picker = page.locator(byTestId('request-select'))
    const chosen = Number(await picker.inputValue())
    const other = chosen === 2 ? 3 : 2
    const expected = await cliTokens(file, '--request', String(other))
    expect(expected.total).not.toBe(main.total)
    await picker.selectOption(String(other))
    await expect.poll(() => readNumber(page.locator(byTestId('total-tokens')))).toBe(expected.total)
    expect(Number(await picker.inputValue())).toBe(other)
    expect(pageErrors).toEqual([])
    await screenshot(page, 'formats-api-traffic-request')
  })
})
