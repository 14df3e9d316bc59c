/** Page helpers: every locator is a data-testid from the table. */
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { expect } from 'vitest'
import { encodingFor, readFixture, sum, tiktokenCounts, type Fixture } from './expected'
import { SCREENSHOT_DIR, conversation } from './paths'

/** The CSS selector of a test id. */
export const byTestId = (id: string): string => `[data-testid="${id}"]`

/** Opens a conversation file through the web bridge's file input. */
export async function openFile(page: Page, path: string): Promise<void> {
  await page.setInputFiles(byTestId('open-file'), path)
}

/** A conversation the page has opened, with what tiktoken says it costs. */
export interface OpenedConversation {
  fixture: Fixture
  counts: number[]
  total: number
}

/**
 * Opens a conversation and waits until the page shows its total, as tiktoken counts it: the sign
 * that this file, and not the one before it, is on screen. When the page already shows that total
 * (the bundled sample is sample.json), it opens short.json first, so the wait sees the file arrive
 * and a later action cannot race the load that resets the controls.
 */
export async function openConversation(page: Page, path: string): Promise<OpenedConversation> {
  const target = expectedConversation(path)
  // The conversation on screen first: its total shows once its messages are counted.
  const shown = await shownTotal(page)
  if (shown === target.total) {
    const other = expectedConversation(conversation('short.json'))
    if (other.total === target.total)
      throw new Error('openConversation: pick a detour of another size')
    await openAndWait(page, conversation('short.json'), other.total)
  }
  await openAndWait(page, path, target.total)
  return target
}

function expectedConversation(path: string): OpenedConversation {
  const fixture = readFixture(path)
  const counts = tiktokenCounts(fixture.messages, encodingFor(fixture.model))
  return { fixture, counts, total: sum(counts) }
}

async function openAndWait(page: Page, path: string, total: number): Promise<void> {
  await openFile(page, path)
  await expect
    .poll(() => readNumber(page.locator(byTestId('total-tokens'))), {
      message: `the total of ${path}`,
    })
    .toBe(total)
}

/** The total the page shows once counting is done, waiting for it through "counting…". */
export async function shownTotal(page: Page): Promise<number> {
  const total = page.locator(byTestId('total-tokens'))
  await expect.poll(() => readNumber(total), { message: 'a counted total' }).toBeGreaterThan(0)
  return readNumber(total)
}

/** One message row as the list shows it. */
export interface Row {
  index: number
  bucket: string | null
  tokens: number
  text: string
}

/** The rows of a list the page has drawn right now, in index order. */
export async function visibleRows(page: Page, testId = 'message-row'): Promise<Row[]> {
  const rows = await page.$$eval(byTestId(testId), (elements) =>
    elements.map((element) => ({
      index: Number(element.getAttribute('data-index')),
      bucket: element.getAttribute('data-bucket'),
      tokens: Number(element.getAttribute('data-tokens')),
      text: element.textContent ?? '',
    })),
  )
  return rows.sort((a, b) => a.index - b.index)
}

/** What the conversation list draws: message rows, the split boundary, and hoisted copies. */
export const LIST_ITEMS = ['message-row', 'split-boundary', 'hoisted-ghost'] as const

/** One item of the list, with its distance from the top of the list's content. */
export interface ListEntry extends Row {
  testId: (typeof LIST_ITEMS)[number]
  top: number
}

/** Every message row, in index order, scrolling the virtualised list through. */
export async function allRows(page: Page, count: number): Promise<Row[]> {
  const rows = (await scanList(page))
    .filter((entry) => entry.testId === 'message-row')
    .map(({ index, bucket, tokens, text }) => ({ index, bucket, tokens, text }))
    .sort((a, b) => a.index - b.index)
  expect(rows.length, 'message rows in the list').toBe(count)
  return rows
}

interface ProbeArgs {
  rowSelector: string
  itemSelector: string
  scrollTo: number | null
}

interface Probe {
  entries: ListEntry[]
  covered: boolean
  next: number | null
}

/**
 * Runs in the page: finds the list's scroll box, optionally scrolls it, and reads the items drawn.
 * `covered` says the drawn items span the visible part of the list. Self-contained, because
 * Playwright sends it to the page as source.
 */
const listProbe = ({ rowSelector, itemSelector, scrollTo }: ProbeArgs): Probe => {
  let box = document.querySelector(rowSelector)?.parentElement ?? null
  while (box) {
    const { overflowY } = getComputedStyle(box)
    if (box.scrollHeight > box.clientHeight && /auto|scroll/.test(overflowY)) break
    box = box.parentElement
  }
  if (box && scrollTo !== null) box.scrollTop = scrollTo
  const origin = box ? box.getBoundingClientRect().top - box.scrollTop : 0
  const elements = [...(box ?? document).querySelectorAll<HTMLElement>(itemSelector)]
  const entries = elements.map((element) => {
    const rect = element.getBoundingClientRect()
    return {
      testId: element.getAttribute('data-testid') as ListEntry['testId'],
      index: Number(element.getAttribute('data-index')),
      bucket: element.getAttribute('data-bucket'),
      tokens: Number(element.getAttribute('data-tokens')),
      text: element.textContent ?? '',
      top: Math.round(rect.top - origin),
      bottom: Math.round(rect.bottom - origin),
    }
  })
  // A list that fits without scrolling is drawn whole.
  if (!box) return { entries, covered: entries.length > 0, next: null }
  const viewTop = box.scrollTop
  const viewBottom = Math.min(box.scrollTop + box.clientHeight, box.scrollHeight)
  const slack = 8
  const covered =
    entries.length > 0 &&
    Math.min(...entries.map((e) => e.top)) <= viewTop + slack &&
    Math.max(...entries.map((e) => e.bottom)) >= viewBottom - slack
  const atEnd = box.scrollTop + box.clientHeight >= box.scrollHeight - 1
  return {
    entries,
    covered,
    next: atEnd ? null : box.scrollTop + Math.ceil(box.clientHeight * 0.8),
  }
}

/** Runs the probe in the page, as source, so it carries none of the test runner's helpers. */
const probeSource = (args: ProbeArgs) => `(${listProbe.toString()})(${JSON.stringify(args)})`

/**
 * The message rows drawn once the list is scrolled to `scrollTo` pixels, waiting until the drawn
 * rows cover the visible part of the list.
 */
export async function rowsAtScroll(page: Page, scrollTo: number): Promise<Row[]> {
  const rowSelector = byTestId('message-row')
  const itemSelector = LIST_ITEMS.map(byTestId).join(',')
  await page.evaluate(probeSource({ rowSelector, itemSelector, scrollTo }))
  // Polled with evaluate: a string given to waitForFunction is eval'd, which the app's CSP blocks
  // on a freshly loaded page.
  const look = () => page.evaluate(probeSource({ rowSelector, itemSelector, scrollTo: null }))
  await expect.poll(async () => ((await look()) as Probe).covered).toBe(true)
  const probe = (await look()) as Probe
  return probe.entries
    .filter((entry) => entry.testId === 'message-row')
    .map(({ index, bucket, tokens, text }) => ({ index, bucket, tokens, text }))
}

/**
 * Every item of the virtualised conversation list, top to bottom. It scrolls most of a page at a
 * time and, after each scroll, waits until the drawn items cover the visible part of the list: no
 * sleeps, and no guess at row heights.
 */
export async function scanList(page: Page): Promise<ListEntry[]> {
  const rowSelector = byTestId('message-row')
  const itemSelector = LIST_ITEMS.map(byTestId).join(',')
  await page.locator(rowSelector).first().waitFor()
  const seen = new Map<string, ListEntry>()
  for (let scrollTo: number | null = 0; scrollTo !== null;) {
    await page.evaluate(probeSource({ rowSelector, itemSelector, scrollTo }))
    // Polled with evaluate, as in rowsAtScroll: waitForFunction polls a string with eval, which the
    // app's CSP blocks, so it failed whenever the rows were not drawn at the first look.
    const look = async () =>
      (await page.evaluate(probeSource({ rowSelector, itemSelector, scrollTo: null }))) as Probe
    await expect.poll(async () => (await look()).covered).toBe(true)
    const probe = await look()
    for (const entry of probe.entries) seen.set(`${entry.testId}:${entry.index}`, entry)
    scrollTo = probe.next
  }
  await page.evaluate(probeSource({ rowSelector, itemSelector, scrollTo: 0 }))
  return [...seen.values()]
    .map(({ testId, index, bucket, tokens, text, top }) => ({
      testId,
      index,
      bucket,
      tokens,
      text,
      top,
    }))
    .sort((a, b) => a.top - b.top)
}

/**
 * The one number an element shows, such as "12,345" or "1,234.5 tokens". Fails when the element
 * shows no number or more than one, so a test never reads the wrong figure.
 */
export async function readNumber(locator: Locator): Promise<number> {
  const text = (await locator.textContent()) ?? ''
  const numbers = text.match(/\d[\d,\u00a0\u202f]*(\.\d+)?/g) ?? []
  if (numbers.length !== 1) {
    throw new Error(`expected one number in ${JSON.stringify(text)}, found ${numbers.length}`)
  }
  return Number(numbers[0].replace(/[,\u00a0\u202f]/g, ''))
}

/** The side panel's tabs, by the suffix of their test ids (`tab-findings`, …). */
export type SideTab = 'findings' | 'prompt' | 'summary' | 'engines'

/** Opens a tab of the side panel as a user does, by clicking it, and waits until it shows. */
export async function showTab(page: Page, tab: SideTab): Promise<void> {
  await page.locator(byTestId(`tab-${tab}`)).click()
  await page.locator(byTestId(`tabpanel-${tab}`)).waitFor({ state: 'visible' })
}

/** Types a value into a control, as a user does: replace what is there, type, leave the field. */
export async function setControl(
  page: Page,
  testId: string,
  value: string | number,
): Promise<void> {
  const control = page.locator(byTestId(testId))
  await control.fill(String(value))
  await control.blur()
}

/**
 * Saves a screenshot of the main state under test-results/screenshots/NAME.png, after scrolling
 * `reveal` into view when the state's point is below the fold.
 */
export async function screenshot(page: Page, name: string, reveal?: Locator): Promise<string> {
  await reveal?.scrollIntoViewIfNeeded()
  await mkdir(SCREENSHOT_DIR, { recursive: true })
  const path = join(SCREENSHOT_DIR, `${name}.png`)
  await page.screenshot({ path, animations: 'disabled', caret: 'hide' })
  return path
}

/** The text on the system clipboard, read in the page as a user's paste would. */
export function readClipboard(page: Page): Promise<string> {
  return page.evaluate(() => navigator.clipboard.readText())
}

/** The Sessions view's one click: opens the newest Claude Code session and waits for the view to close. */
export async function openLatestSession(page: Page): Promise<void> {
  await page.locator(byTestId('sessions-button')).click()
  await page.locator(byTestId('open-latest-session')).click()
  await page.locator(byTestId('sessions-view')).waitFor({ state: 'detached' })
}
