/** Page helpers: every locator is a data-testid from the table. */
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { expect } from 'vitest'
import { encodingFor, readFixture, sum, tiktokenCounts, type Fixture } from './expected'
import { SCREENSHOT_DIR } from './paths'

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
 * that this file, and not the one before it, is on screen.
 */
export async function openConversation(page: Page, path: string): Promise<OpenedConversation> {
  const fixture = readFixture(path)
  const counts = tiktokenCounts(fixture.messages, encodingFor(fixture.model))
  const total = sum(counts)
  await openFile(page, path)
  await expect
    .poll(() => readNumber(page.locator(byTestId('total-tokens'))), {
      message: `the total of ${path}`,
    })
    .toBe(total)
  return { fixture, counts, total }
}

/** One message row as the list shows it. */
export interface Row {
  index: number
  bucket: string | null
  tokens: number
  text: string
}

/** The message rows the virtualised list has rendered right now, in index order. */
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

/**
 * Every message row, scrolling the virtualised list from top to bottom: after each scroll it waits
 * for rows past the last one seen, so there is no sleep and no guess at the row height.
 */
export async function allRows(page: Page, count: number): Promise<Row[]> {
  const seen = new Map<number, Row>()
  await page.locator(byTestId('message-row')).first().waitFor()
  await scrollList(page, 'top')
  await page.waitForFunction(
    (selector) => document.querySelector(`${selector}[data-index="0"]`) !== null,
    byTestId('message-row'),
  )
  for (;;) {
    const batch = await visibleRows(page)
    for (const row of batch) seen.set(row.index, row)
    if (seen.size >= count) break
    const last = Math.max(...batch.map((row) => row.index))
    const moved = await scrollList(page, 'past-last')
    if (!moved) break
    await page.waitForFunction(
      ({ selector, last }) =>
        [...document.querySelectorAll(selector)].some(
          (element) => Number(element.getAttribute('data-index')) > last,
        ),
      { selector: byTestId('message-row'), last },
    )
  }
  await scrollList(page, 'top')
  return [...seen.values()].sort((a, b) => a.index - b.index)
}

/** Scrolls the list's scroll container; returns false when it was already at the bottom. */
function scrollList(page: Page, to: 'top' | 'past-last'): Promise<boolean> {
  return page.evaluate(
    ({ selector, to }) => {
      const rows = document.querySelectorAll<HTMLElement>(selector)
      let box: HTMLElement | null = rows[0] ?? null
      while (
        box &&
        !(
          box.scrollHeight > box.clientHeight && /auto|scroll/.test(getComputedStyle(box).overflowY)
        )
      ) {
        box = box.parentElement
      }
      if (!box) return false
      if (to === 'top') {
        box.scrollTop = 0
        return true
      }
      const before = box.scrollTop
      const last = rows[rows.length - 1]
      box.scrollTop += Math.max(
        1,
        last.getBoundingClientRect().top - box.getBoundingClientRect().top,
      )
      return box.scrollTop !== before
    },
    { selector: byTestId('message-row'), to },
  )
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

/** Types a value into a control, as a user does: select what is there, type, leave the field. */
export async function setControl(
  page: Page,
  testId: string,
  value: string | number,
): Promise<void> {
  const control = page.locator(byTestId(testId))
  await control.fill(String(value))
  await control.press('Tab')
}

/** Saves a screenshot of the main state under test/e2e/__screenshots__/NAME.png. */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true })
  const path = join(SCREENSHOT_DIR, `${name}.png`)
  await page.screenshot({ path, animations: 'disabled', caret: 'hide' })
  return path
}

/** The text on the system clipboard, read in the page as a user's paste would. */
export function readClipboard(page: Page): Promise<string> {
  return page.evaluate(() => navigator.clipboard.readText())
}
