/**
 * Issue 15: the inspector on a 1280×800 laptop screen (the suite's window) and down to 900 px.
 * The targets are the issue's: a text column of at least 400 px, three findings at once, Apply's
 * result on screen without scrolling, a header where nothing overlaps, the user's words on screen.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  byTestId,
  openConversation,
  openFile,
  readNumber,
  screenshot,
  setControl,
  showTab,
} from './harness/app'
import { LAPTOP, useAppSession } from './harness/browser'
import { encodingFor, expectedBuckets, sum, tiktokenCounts } from './harness/expected'
import { formatsFile } from './harness/format-fixtures'
import { conversation } from './harness/paths'

const SUMMARY = [
  '## Discussed',
  'Invoices fell due a day early for Berlin customers (issue #482).',
  '## Accomplished',
  'dueDate takes the account time zone; the billing tests pass.',
].join('\n')

/**
 * Whether the user sees the element now: it lies inside the window, and the page shows it (not
 * something over it, nor the inside of a scroll box scrolled elsewhere) at its top and its bottom.
 */
function onScreen(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect()
    if (box.width === 0 || box.height === 0) return false
    if (box.top < 0 || box.left < 0) return false
    if (box.bottom > window.innerHeight || box.right > window.innerWidth) return false
    const x = box.left + box.width / 2
    return [box.top + 1, box.bottom - 1].every((y) => {
      const hit = document.elementFromPoint(x, y)
      return hit !== null && element.contains(hit)
    })
  })
}

/** The width of the conversation's text column: the text of a row that is not hoisted. */
const textWidth = (page: Page) =>
  page
    .locator(`${byTestId('message-row')}:not([data-bucket="hoisted"]) .row-text`)
    .first()
    .evaluate((element) => element.getBoundingClientRect().width)

/** Where the page has scrolled the window itself: a layout that fits the window never does. */
const windowScroll = (page: Page) => page.evaluate(() => ({ x: window.scrollX, y: window.scrollY }))

/**
 * The header's parts that overlap another, as "a / b" pairs: each part is a box the user reads
 * or clicks, and two of them sharing pixels is text drawn over text.
 */
function headerOverlaps(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const parts = [
      ['title', '.app-title'],
      ['file name', '[data-testid="file-name"]'],
      ['sample tag', '.file-line .tag'],
      ['sample hint', '[data-testid="sample-hint"]'],
      ['message count', '.file-count'],
      ['format chip', '[data-testid="format-detected"]'],
      ['read as', '.format-picker .select-label'],
      ['format picker', '[data-testid="format-select"]'],
      ['request picker', '.request-picker'],
      ['import report', '[data-testid="import-report"] > summary'],
      ['action', '.header-actions > *'],
    ]
    const boxes = parts.flatMap(([name, selector]) =>
      [...document.querySelectorAll(selector)].map((element, i) => ({
        name: `${name} ${i}`,
        element,
        box: element.getBoundingClientRect(),
      })),
    )
    const pairs: string[] = []
    boxes.forEach((a, i) => {
      boxes.slice(i + 1).forEach((b) => {
        if (a.element.contains(b.element) || b.element.contains(a.element)) return
        const w = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left)
        const h = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top)
        if (w > 0.5 && h > 0.5) pairs.push(`${a.name} / ${b.name}`)
      })
    })
    return pairs
  })
}

/** Opens a file of any format and waits until its name and its counted total are on screen. */
async function openAnyFile(page: Page, path: string): Promise<void> {
  await openFile(page, path)
  const name = path.split('/').pop()
  await expect.poll(() => page.locator(byTestId('file-name')).textContent()).toBe(name)
  await expect.poll(() => page.locator(byTestId('total-tokens')).textContent()).toMatch(/\d/)
}

describe('the inspector on a 1280×800 laptop screen', () => {
  const app = useAppSession()

  it('gives the message text at least 400 px, and shows three findings at once', async () => {
    const { page, pageErrors } = app()
    expect(page.viewportSize()).toEqual(LAPTOP)
    // lost-persona.json at MaxTokens 3,000 compacts, with eight findings (see findings.test.ts).
    await openConversation(page, conversation('lost-persona.json'))
    await setControl(page, 'max-tokens-input', 3000)
    await expect
      .poll(() => page.locator(byTestId('findings')).getAttribute('data-status'))
      .toBe('ready')
    expect(await textWidth(page)).toBeGreaterThanOrEqual(400)

    const findings = page.locator(byTestId('finding'))
    expect(await findings.count()).toBeGreaterThanOrEqual(3)
    const shown = []
    for (const finding of await findings.all()) shown.push(await onScreen(finding))
    expect(shown.slice(0, 3)).toEqual([true, true, true])
    expect(await windowScroll(page)).toEqual({ x: 0, y: 0 })
    expect(pageErrors).toEqual([])
    await screenshot(page, 'laptop-1280x800-findings')
  })

  it('after Ctrl+Enter from another tab, shows the applied total and the first rows', async () => {
    const { page, pageErrors } = app()
    const { fixture } = await openConversation(page, conversation('sample.json'))
    await setControl(page, 'max-tokens-input', 1000)
    await expect
      .poll(() => page.locator(byTestId('decision')).getAttribute('data-should-compact'))
      .toBe('true')
    await showTab(page, 'summary')
    await page.locator(byTestId('summary-input')).fill(SUMMARY)
    // The user looks at the findings again before applying, with the keyboard.
    await page.keyboard.press('Alt+1')
    await expect.poll(() => page.locator(byTestId('tabpanel-summary')).isHidden()).toBe(true)
    await page.locator(byTestId('summary-input')).evaluate((e) => (e as HTMLElement).blur())
    await page.keyboard.press('Control+Enter')

    // The applied total, by hand from tiktoken: hoisted instructions, the summary, the kept tail.
    const encoding = encodingFor(fixture.model)
    const counts = tiktokenCounts(fixture.messages, encoding)
    const buckets = expectedBuckets(fixture.messages.map((m) => m.type))
    const kept = counts.filter((_, i) => buckets[i] !== 'summarize')
    const expected = sum(kept) + tiktokenCounts([{ type: 'context', text: SUMMARY }], encoding)[0]
    const total = page.locator(byTestId('applied-total-tokens'))
    await expect.poll(() => onScreen(total), { message: 'the applied total on screen' }).toBe(true)
    expect(await readNumber(total)).toBe(expected)
    const rows = page.locator(byTestId('applied-row'))
    expect(await rows.count()).toBe(kept.length + 1)
    for (const i of [0, 1, 2]) {
      expect(await onScreen(rows.nth(i)), `applied row ${i} on screen`).toBe(true)
    }
    expect(await windowScroll(page)).toEqual({ x: 0, y: 0 })
    expect(pageErrors).toEqual([])
    await screenshot(page, 'laptop-1280x800-applied')
  })

  it('shows figures grouped in thousands, and option names as the user knows them', async () => {
    const { page, pageErrors } = app()
    const { total } = await openConversation(page, conversation('lost-persona.json'))
    await setControl(page, 'max-tokens-input', 3000)
    await showTab(page, 'summary')
    await page.locator(byTestId('summary-input')).fill(SUMMARY)
    await page.locator(byTestId('apply-summary')).click()
    await page.locator(byTestId('applied-row')).first().waitFor()
    await expect
      .poll(() => page.locator(byTestId('findings')).getAttribute('data-status'))
      .toBe('ready')
    await expect.poll(() => page.locator(byTestId('prompt-tokens')).textContent()).toMatch(/with/)

    // The app's own figures: the budgets, the decision, the findings, the prompt, the result.
    const figures = await page
      .locator(
        [
          '.file-count',
          '[aria-label="Budget"]',
          byTestId('decision'),
          '.findings-tally',
          '.finding-tokens',
          byTestId('prompt-tokens'),
          '.excluded > :first-child',
          `${byTestId('applied-result')} .budget`,
          '.before-after',
          '.row-tokens',
        ].join(', '),
      )
      // As the page draws them: a table's cells apart, not run together as its textContent is.
      .evaluateAll((elements) => elements.map((e) => (e as HTMLElement).innerText))
    expect(figures.join(' ')).toContain(total.toLocaleString('en-US'))
    expect(total).toBeGreaterThanOrEqual(1000)
    expect(figures.filter((text) => /\d{4}/.test(text.replace(/\.\d+/g, '')))).toEqual([])

    // The package's names for the options (MaxTokens) are the user's; the code's (maxTokens) are
    // not. Every tab, and every option's error, is read as the page shows it.
    const CODE_NAMES = /\b(maxTokens|keepRecentCount|triggerRatio|hiddenTokens)\b/
    const seen: string[] = []
    const look = async () => seen.push(await page.evaluate(() => document.body.innerText))
    for (const tab of ['findings', 'prompt', 'summary'] as const) {
      await showTab(page, tab)
      await look()
    }
    for (const [control, bad, good] of [
      ['max-tokens-input', '-5', '3000'],
      ['keep-recent-input', '1.5', ''],
      ['trigger-ratio-input', '2', '0.9'],
    ]) {
      await setControl(page, control, bad)
      await page.locator(byTestId('option-error')).first().waitFor()
      await look()
      await setControl(page, control, good)
    }
    await page.locator(byTestId('summary-input')).fill('')
    await page.locator(byTestId('apply-summary')).click()
    await page.locator(byTestId('apply-error')).waitFor()
    await look()
    // A file with the provider's reported sizes: the context-growth panel's words about them.
    await openAnyFile(page, formatsFile('claude-code-usage.jsonl'))
    await page.locator(byTestId('include-hidden')).waitFor()
    await look()
    // Its model's dated id, 26 characters, shows whole in the Model field: nothing scrolled out.
    const modelField = await page
      .locator(byTestId('model-select'))
      .evaluate((el: HTMLInputElement) => ({
        value: el.value,
        hidden: el.scrollWidth - el.clientWidth,
      }))
    expect(modelField).toEqual({ value: 'claude-sonnet-4-5-20250929', hidden: 0 })
    const named = seen.flatMap((text) => text.match(CODE_NAMES) ?? [])
    expect(named).toEqual([])
    expect(seen.some((text) => text.includes('MaxTokens'))).toBe(true)
    expect(pageErrors).toEqual([])
  })

  it('on a model with no known limits, shows the Engines table under a one-line ask, at 1280×800 and 900×700', async () => {
    const { page, pageErrors } = app()
    // A model the limits table does not list: the presets that read a window or a max output
    // wait, and the ask for them must not push the table out of sight.
    const dir = await mkdtemp(join(tmpdir(), 'compaction-inspector-limits-'))
    try {
      const file = join(dir, 'unlisted-model.json')
      await writeFile(
        file,
        JSON.stringify({
          model: 'acme-local-7b',
          messages: [
            { role: 'system', content: 'You are terse.' },
            { role: 'user', content: 'hi' },
            { role: 'assistant', content: 'hello' },
          ],
        }),
      )
      await openAnyFile(page, file)
      await showTab(page, 'engines')
      const ask = page.locator(byTestId('engines-needs-limits'))
      await ask.waitFor()
      // The seed, Mistral Vibe and Anthropic's two edits run without a limit; the rest wait,
      // listed under them.
      const rows = page.locator(byTestId('engine-row'))
      await expect.poll(() => rows.count()).toBe(4)
      expect(await page.locator(byTestId('engine-waiting')).count()).toBe(11)
      // At 1280×800 every row that ran is in sight; at 900×700, under the list, the first.
      for (const [size, shown] of [
        [LAPTOP, 4],
        [{ width: 900, height: 700 }, 1],
      ] as const) {
        await page.setViewportSize(size)
        const where = `at ${size.width}×${size.height}`
        for (let i = 0; i < shown; i++) {
          expect(await onScreen(rows.nth(i)), `preset row ${i} ${where}`).toBe(true)
        }
        expect(await onScreen(ask), `the ask ${where}`).toBe(true)
        // One line: the names of the presets that wait are in the table, not in the ask.
        const lines = await ask.evaluate((e) => {
          const range = document.createRange()
          range.selectNodeContents(e)
          return new Set([...range.getClientRects()].map((r) => Math.round(r.bottom))).size
        })
        expect(lines, `the ask's lines ${where}`).toBe(1)
        // The user's words: no code identifier (maxOutput) and no figure left ungrouped.
        const words = await page.locator(byTestId('engines-panel')).innerText()
        expect(words).not.toMatch(/\b[a-z]+[A-Z][A-Za-z]*\b/)
        expect(words).not.toMatch(/\d{4}/)
        expect(await windowScroll(page)).toEqual({ x: 0, y: 0 })
        await screenshot(page, `engines-unlisted-model-${size.width}x${size.height}`)
      }
      expect(pageErrors).toEqual([])
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('lets the user size the side panel, with the mouse or the keys, and pick tabs by keyboard', async () => {
    const { page } = app()
    await openConversation(page, conversation('lost-persona.json'))
    const handle = page.locator(byTestId('side-resizer'))
    const side = page.locator('#side-panel')
    const width = async () => Math.round((await side.boundingBox())!.width)
    const start = await width()
    expect(Number(await handle.getAttribute('aria-valuenow'))).toBe(start)

    // Two presses of ← widen it by two steps of 16 px.
    await handle.focus()
    await page.keyboard.press('ArrowLeft')
    await page.keyboard.press('ArrowLeft')
    await expect.poll(width).toBe(start + 32)
    expect(Number(await handle.getAttribute('aria-valuenow'))).toBe(start + 32)

    // Dragged 100 px to the right, it narrows by 100 px, and the text gains them.
    const text = Math.round(await textWidth(page))
    const grip = (await handle.boundingBox())!
    await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2)
    await page.mouse.down()
    await page.mouse.move(grip.x + grip.width / 2 + 50, grip.y + grip.height / 2)
    await page.mouse.move(grip.x + grip.width / 2 + 100, grip.y + grip.height / 2)
    await page.mouse.up()
    await expect.poll(width).toBe(start + 32 - 100)
    expect(Math.round(await textWidth(page))).toBe(text + 100)

    // End asks for the widest panel; the window keeps the list room for its text, so the panel
    // stops short of it, and one press of → narrows what is drawn at once.
    await handle.focus()
    await page.keyboard.press('End')
    await expect.poll(async () => Number(await handle.getAttribute('aria-valuenow'))).toBe(800)
    const capped = await width()
    expect(capped).toBeLessThan(800)
    expect(await textWidth(page)).toBeGreaterThanOrEqual(200)
    await page.keyboard.press('ArrowRight')
    await expect.poll(width).toBe(capped - 16)

    // The tabs: arrows move along them, Alt+N opens the Nth.
    const selected = () =>
      page.locator('[role="tab"][aria-selected="true"]').getAttribute('data-testid')
    await page.locator(byTestId('tab-findings')).focus()
    await page.keyboard.press('ArrowRight')
    expect(await selected()).toBe('tab-prompt')
    await expect.poll(() => onScreen(page.locator(byTestId('prompt-tokens')))).toBe(true)
    await page.keyboard.press('Alt+3')
    expect(await selected()).toBe('tab-summary')
    await page.keyboard.press('Alt+1')
    expect(await selected()).toBe('tab-findings')

    // The arrangement holds for the next file.
    await page.keyboard.press('Alt+2')
    await openConversation(page, conversation('short.json'))
    expect(await width()).toBe(capped - 16)
    expect(await selected()).toBe('tab-prompt')
  })
})

describe('the inspector in a narrow window', () => {
  const app = useAppSession()

  it('at 900×700 and 1280×800, nothing in the header overlaps and the file name shows', async () => {
    const { page } = app()
    // The sample's header has the longest first line (tag and hint); api-traffic.jsonl's the
    // longest second (the request picker and the import report); claude-code-2.1.jsonl's report
    // has warnings and notes; mini-swe-agent-2.traj.json's format chip is the longest, beside a
    // picker as wide as its longest choice; the forked subagent's has a button more.
    for (const size of [LAPTOP, { width: 1000, height: 700 }, { width: 900, height: 700 }]) {
      await page.setViewportSize(size)
      for (const file of [
        conversation('sample.json'),
        formatsFile('api-traffic.jsonl'),
        formatsFile('claude-code-2.1.jsonl'),
        formatsFile('mini-swe-agent-2.traj.json'),
        // A forked subagent opened alone: the button that adds its parent's transcript.
        formatsFile('claude-code-fork/sess-1/subagents/agent-af1.jsonl'),
      ]) {
        await openAnyFile(page, file)
        const where = `${file.split('/').pop()} at ${size.width}×${size.height}`
        expect(await headerOverlaps(page), where).toEqual([])
        const name = page.locator(byTestId('file-name'))
        expect(await onScreen(name), where).toBe(true)
        expect((await name.boundingBox())!.width, where).toBeGreaterThan(60)
        // Nothing runs off the window's side.
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth),
          where,
        ).toBeLessThanOrEqual(size.width)
        // Nor does the import report, opened: its notes are read whole, not cut at the edge.
        const report = page.locator(byTestId('import-report'))
        if ((await report.count()) > 0) {
          await report.locator('summary').click()
          const box = (await report.locator('.report-popover').boundingBox())!
          expect(box.x, `the report's left at ${where}`).toBeGreaterThanOrEqual(0)
          expect(box.x + box.width, `the report's right at ${where}`).toBeLessThanOrEqual(
            size.width,
          )
          if (size.width === 900 && file.endsWith('claude-code-2.1.jsonl')) {
            await screenshot(page, 'narrow-900x700-import-report')
          }
          await report.locator('summary').click()
        }
      }
    }
  })

  it('at 900×700, stacks the side panel under the list, and Apply brings its result up', async () => {
    const { page, pageErrors } = app()
    await page.setViewportSize({ width: 900, height: 700 })
    await openConversation(page, conversation('lost-persona.json'))
    await setControl(page, 'max-tokens-input', 3000)
    const list = (await page.locator('.list-panel').boundingBox())!
    const side = (await page.locator('#side-panel').boundingBox())!
    expect(side.y).toBeGreaterThanOrEqual(list.y + list.height)
    expect(list.height).toBeGreaterThanOrEqual(300)
    expect(await textWidth(page)).toBeGreaterThanOrEqual(400)
    // The findings are worked out again for the new MaxTokens: the screenshots show them done.
    await expect
      .poll(() => page.locator(byTestId('findings')).getAttribute('data-status'))
      .toBe('ready')
    await screenshot(page, 'narrow-900x700')
    await page.locator('#side-panel').scrollIntoViewIfNeeded()
    await screenshot(page, 'narrow-900x700-side')

    // Under the list, Apply's result is below the fold: Apply brings it up, total and first rows.
    await showTab(page, 'summary')
    await page.locator(byTestId('summary-input')).fill(SUMMARY)
    await page.locator('.workspace').evaluate((element) => element.scrollTo(0, 0))
    await page.keyboard.press('Control+Enter')
    const total = page.locator(byTestId('applied-total-tokens'))
    await expect.poll(() => onScreen(total), { message: 'the applied total on screen' }).toBe(true)
    for (const i of [0, 1, 2]) {
      const row = page.locator(byTestId('applied-row')).nth(i)
      expect(await onScreen(row), `applied row ${i} on screen`).toBe(true)
    }
    await screenshot(page, 'narrow-900x700-applied')
    expect(pageErrors).toEqual([])
  })
})
