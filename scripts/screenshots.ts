/**
 * Takes the README's screenshots at 1280×800, the size of a 13-inch laptop's window, into
 * docs/screenshots/. Run it on purpose after a change to what they show: `npm run build`, then
 * `npm run screenshots`. Tests never write here; their screenshots go to test-results/.
 */
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { chromium, type Page } from 'playwright-core'
import { CHROMIUM, CHROMIUM_ARGS } from '../test/e2e/harness/chromium'
import { serveDirectory } from '../test/e2e/harness/static-server'

const ROOT = resolve(import.meta.dirname, '..')
const OUT = resolve(ROOT, 'docs/screenshots')
const VIEWPORT = { width: 1280, height: 800 }

const byTestId = (id: string) => `[data-testid="${id}"]`

/** Waits until the page shows its counted total and the prompt's size, not "counting…". */
async function counted(page: Page): Promise<void> {
  for (const id of ['total-tokens', 'prompt-tokens']) {
    await page.waitForFunction(
      (selector) => /\d/.test(document.querySelector(selector)?.textContent ?? ''),
      byTestId(id),
    )
  }
}

/** Opens a file of the repository, waits for its counts, and sets MaxTokens as a user does. */
async function openAt(page: Page, file: string, maxTokens: number): Promise<void> {
  await page.setInputFiles(byTestId('open-file'), resolve(ROOT, file))
  const name = file.split('/').pop()!
  await page.waitForFunction(
    ([selector, name]) => document.querySelector(selector)?.textContent === name,
    [byTestId('file-name'), name] as const,
  )
  await counted(page)
  const control = page.locator(byTestId('max-tokens-input'))
  await control.fill(String(maxTokens))
  await control.blur()
}

async function shoot(page: Page, name: string): Promise<void> {
  const path = join(OUT, `${name}.png`)
  await page.screenshot({ path, animations: 'disabled', caret: 'hide' })
  console.log(`wrote ${path}`)
}

const scenes: Record<string, (page: Page) => Promise<void>> = {
  // The bundled sample, as a first start shows it.
  'sample-on-open': async (page) => {
    await counted(page)
  },
  // The walk-through of docs/debugging-a-lost-persona.md: MaxTokens 3,000, the cut exchange picked.
  findings: async (page) => {
    await openAt(page, 'testdata/conversations/lost-persona.json', 3000)
    const cut = page.locator(`${byTestId('findings')} [data-code="tool-exchange-cut"]`)
    await cut.getByRole('button', { name: /^tool-exchange-cut/ }).click()
    await page.waitForSelector(`${byTestId('message-row')}[data-index="45"]`)
    await counted(page)
  },
  // The sample after Apply, at MaxTokens 1,000, with the hand-written summary of its head: the
  // result tab, as Ctrl+Enter leaves it.
  applied: async (page) => {
    await counted(page)
    const control = page.locator(byTestId('max-tokens-input'))
    await control.fill('1000')
    await control.blur()
    await page.locator(byTestId('tab-summary')).click()
    const summary = await readFile(
      resolve(ROOT, 'testdata/conversations/sample-summary.md'),
      'utf8',
    )
    await page.locator(byTestId('summary-input')).fill(summary)
    await page.keyboard.press('Control+Enter')
    await page.waitForSelector(byTestId('applied-row'))
  },
  // A Claude Code session with the provider's reported prompt sizes: the context-growth chart.
  'context-growth': async (page) => {
    await openAt(page, 'testdata/formats/claude-code-usage.jsonl', 30000)
    await page.waitForSelector('.growth-panel canvas')
    await page.locator('.growth-panel').scrollIntoViewIfNeeded()
  },
}

async function main(): Promise<void> {
  const server = await serveDirectory(resolve(ROOT, 'out/web')).catch(() => {
    throw new Error('out/web is missing: run `npm run build` first')
  })
  await mkdir(OUT, { recursive: true })
  const profile = await mkdtemp(join(tmpdir(), 'compaction-inspector-screenshots-'))
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: VIEWPORT,
    args: [...CHROMIUM_ARGS],
  })
  try {
    for (const [name, scene] of Object.entries(scenes)) {
      const page = await browser.newPage()
      await page.goto(server.url)
      await scene(page)
      await shoot(page, name)
      await page.close()
    }
  } finally {
    await browser.close()
    await rm(profile, { recursive: true, force: true })
    await server.close()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error))
  process.exitCode = 1
})
