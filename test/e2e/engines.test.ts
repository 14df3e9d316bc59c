/**
 * Issue 17, the app: the Engines tab lists every preset on the bundled sample and on a Claude Code
 * session at 1280×800; a smaller window makes them fire, and the chart marks where.
 */
import { describe, expect, it } from 'vitest'
import {
  allRows,
  byTestId,
  openFile,
  screenshot,
  setControl,
  showTab,
  shownTotal,
} from './harness/app'
import { useAppSession } from './harness/browser'
import { formatsFile } from './harness/format-fixtures'

// Every preset the issue names, in its order.
const PRESETS = [
  'seed',
  'claude-code',
  'codex',
  'opencode',
  'gemini-cli',
  'kimi-cli',
  'copilot-cli',
  'mistral-vibe',
  'continue',
  'cline',
  'aider',
  'langchain',
  'anthropic-compaction',
  'anthropic-clear-tool-uses',
  'openai-compaction',
]

// A Claude Code session that reports usage, so the chart is drawn. The fixtures with thinking in
// an earlier turn (claude-code.jsonl, claude-code-usage.jsonl) were left out when the page priced
// that thinking on its own thread, which has no vocabulary loaded; the conversation's worker
// prices it now (selectRequestPricings), and this view's tests need none of it.
const FILE = formatsFile('claude-code-compacted.jsonl')

describe('the Engines view', () => {
  const app = useAppSession()

  it('lists every preset on the sample, for gpt-4o’s window', async () => {
    const { page, pageErrors } = app()
    await page.locator(byTestId('total-tokens')).waitFor()
    await showTab(page, 'engines')
    const rows = page.locator(byTestId('engine-row'))
    await expect.poll(() => rows.count()).toBe(PRESETS.length)
    const ids = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-engine')))
    expect(ids).toEqual(PRESETS)
    expect(await page.locator(byTestId('engine-limits-source')).textContent()).toContain(
      'gpt-4o: window 128,000, max output 16,384',
    )
    // At 420 px the table fits the panel: no column is cut off.
    const table = await page.locator(byTestId('engines-table')).boundingBox()
    const panel = await page.locator(byTestId('tabpanel-engines')).boundingBox()
    expect(table!.x + table!.width).toBeLessThanOrEqual(panel!.x + panel!.width + 0.5)
    await screenshot(page, 'engines-sample', page.locator(byTestId('engines-table')))
    expect(pageErrors).toEqual([])
  })

  it('a Claude Code session: every preset, fire marks on the chart, a preset’s split in the list', async () => {
    const { page, pageErrors } = app()
    await page.locator(byTestId('total-tokens')).waitFor()
    await openFile(page, FILE)
    await showTab(page, 'engines')
    const rows = page.locator(byTestId('engine-row'))
    await expect.poll(() => rows.count()).toBe(PRESETS.length)
    expect(await page.locator(byTestId('engine-limits-source')).textContent()).toContain(
      'window 200,000, max output 64,000',
    )

    await page.locator(byTestId('growth-chart')).waitFor()
    // What if the window were the conversation's own size, with a tenth of it out: Codex fires at
    // ⌊window × 9 / 10⌋, after the first message at which the running estimate reaches it
    // (Anthropic's wire frames no request, so that is the sum of the rows' costs).
    const total = await shownTotal(page)
    const window = total
    await setControl(page, 'engine-max-output', String(Math.floor(total / 10)))
    await setControl(page, 'engine-window', String(window))
    const count = Number((await page.locator('.file-count').textContent())!.replace(/[^\d]/g, ''))
    const listed = await allRows(page, count)
    let running = 0
    const trigger = Math.floor((window * 9) / 10)
    const expected = listed.findIndex((row) => (running += row.tokens) >= trigger)
    expect(expected).toBeGreaterThan(0)
    const codex = page.locator(`${byTestId('engine-row')}[data-engine="codex"]`)
    await expect.poll(() => codex.getAttribute('data-fires-after')).toBe(String(expected))

    const chart = page.locator(`${byTestId('growth-chart')} canvas`)
    await chart.waitFor()
    const legend = page.locator(byTestId('fire-legend'))
    expect(await legend.locator('[data-engine="codex"]').textContent()).toBe(
      `Codex after #${expected}`,
    )
    await screenshot(page, 'engines-claude-code', page.locator(byTestId('engines-table')))
    await screenshot(page, 'engines-fire-points', page.locator(byTestId('growth-chart')))

    // Selecting a preset shows its split in the list, and one click goes back to the seed's.
    await codex.click()
    const shown = page.locator(byTestId('shown-engine'))
    await shown.waitFor()
    expect(await shown.textContent()).toContain('List shows Codex CLI')
    await expect
      .poll(async () => (await allRows(page, count)).some((r) => r.bucket === 'summarize'))
      .toBe(true)
    await screenshot(page, 'engines-codex-split')
    await page.locator(byTestId('shown-engine-back')).click()
    await shown.waitFor({ state: 'detached' })
    expect(pageErrors).toEqual([])
  })
})
