/**
 * A 20 MB, 40,000-message conversation in the browser: read and counted in workers, the window
 * responsive throughout. A long-task observer, installed before the app loads, records every main
 * thread task of 50 ms or more; the suite reports the longest and holds it to the issue's 100 ms,
 * unless the machine's host took the CPU meanwhile (STEAL_LIMIT).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { cpus, tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeConversation } from '../../bench/generate'
import {
  byTestId,
  openFile,
  readNumber,
  rowsAtScroll,
  screenshot,
  setControl,
  shownTotal,
} from './harness/app'
import { useAppSession } from './harness/browser'
import { cpuTimes, stealShare } from './harness/cpu-steal'
import { sampleRendererMemory } from './harness/memory'
import {
  keptTail,
  largestTriggeringMaxTokens,
  readFixture,
  sum,
  tiktokenCounts,
} from './harness/expected'
import { SCREENSHOT_DIR } from './harness/paths'

/** The issue's target: no task on the main thread longer than this while loading and tuning. */
const LONGEST_TASK_MS = 100

/**
 * A share of the machine's CPU taken by its host (steal) above which the long-task figure says
 * nothing of the app: on 3 December two fresh-clone CI runs measured 123 – 175 ms while the host
 * took about a quarter of the CPU, where the same build measured 62 – 81 ms on a quiet machine and
 * the build before it 91 – 92 ms. Such a run is reported, with the share, and not held to the
 * target.
 */
const STEAL_LIMIT = 0.05

/**
 * The long-task figure is wall-clock time on a shared two-core machine: most runs see no task of
 * 50 ms or more, and about one in eight sees one over the target when a garbage collection lands
 * in the render that shows the last counts. So a run over the target is run once more, and only
 * for that reason (every other failure fails at once); the report keeps every attempt's figure.
 * A real regression fails both attempts.
 */
const LONG_TASK_RETRY = { count: 1, condition: /longest main-thread task while loading/ }
const attempts: string[] = []

// The issue's 20 MB file by default. LARGE_FILE_MB=50 LARGE_FILE_MESSAGES=100000 loads the
// bench's 50 MB, 100,000-message conversation instead; its figures go to a file of their own.
const MEGABYTES = Number(process.env.LARGE_FILE_MB ?? 20)
const MESSAGES = process.env.LARGE_FILE_MESSAGES
  ? Number(process.env.LARGE_FILE_MESSAGES)
  : undefined
// LARGE_FILE_BROWSER=plain runs the browser with V8's own defaults, as `npm run web` gets them,
// rather than the desktop app's flags; its figures go to a file of their own as well.
const PLAIN = process.env.LARGE_FILE_BROWSER === 'plain'
const NAME = [
  MEGABYTES === 20 && MESSAGES === undefined ? 'large-file' : `large-file-${MEGABYTES}mb`,
  ...(PLAIN ? ['plain'] : []),
].join('-')
/**
 * The issue's memory target for the web build, which cannot set V8's flags: the renderers' peak
 * over what they held before the open, at most this many times the file (on the 50 MB file).
 * Reported against the figure, not asserted: memory is a bench target.
 */
const WEB_MEMORY_TARGET = 6
const FILE_NAME = `${NAME}.json`

let dir: string
let file: string
let fileBytes: number
let messages: number
let counts: number[]
let total: number

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'compaction-inspector-large-'))
  file = join(dir, FILE_NAME)
  // Generated here, never committed: the bench's seeded generator, 20 MB of realistic mixed text.
  const targetBytes = MEGABYTES * 1_000_000
  const written = writeConversation(file, { seed: 6, targetBytes, messages: MESSAGES })
  messages = written.messages
  fileBytes = written.bytes
  // The whole oracle, from OpenAI's tiktoken (about five seconds for 20 MB): every row's count,
  // and the total as their sum. The file names no model, so the app counts with gpt-4o's o200k_base.
  counts = tiktokenCounts(readFixture(file).messages, 'o200k_base')
  total = sum(counts)
})

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
})

interface LongTask {
  start: number
  duration: number
}

/** Reloads the page with a long-task observer that starts before the app's first script. */
async function observeLongTasks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const tasks: { start: number; duration: number }[] = []
    Object.assign(window, { __longTasks: tasks })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        tasks.push({ start: Math.round(entry.startTime), duration: Math.round(entry.duration) })
      }
    }).observe({ type: 'longtask', buffered: true })
    // Every label the loading strip shows, however briefly: parsing is over in well under a second.
    const labels: string[] = []
    Object.assign(window, { __loadLabels: labels })
    new MutationObserver(() => {
      const label = document.querySelector('[data-testid="load-progress"] .load-label')?.textContent
      if (label && labels[labels.length - 1] !== label) labels.push(label)
    }).observe(document, { subtree: true, childList: true, characterData: true })
  })
  await page.reload()
}

const longTasks = (page: Page, since: number): Promise<LongTask[]> =>
  page.evaluate(
    (from) =>
      (window as unknown as { __longTasks: LongTask[] }).__longTasks.filter((t) => t.start >= from),
    since,
  )

/** The peak against the web build's target, which binds a plain browser on the 50 MB file. */
function memoryVerdict(ratio: number): string {
  const against = `target for the web build ≤ ${WEB_MEMORY_TARGET}× on the 50 MB file`
  const binds = PLAIN && MEGABYTES === 50
  if (!binds) return `${against}, measured with LARGE_FILE_BROWSER=plain; reported only`
  return `${against}: ${ratio <= WEB_MEMORY_TARGET ? 'within it' : 'OVER it'}; reported, not asserted`
}

const now = (page: Page) => page.evaluate(() => performance.now())
const megabytes = (bytes: number) => `${Math.round(bytes / 1e6)} MB`
const times = (ratio: number) => `${ratio.toFixed(2)}×`

/** What the loading strip and the list show at one moment. */
async function loadState(page: Page) {
  return page.evaluate(() => {
    const strip = document.querySelector('[data-testid="load-progress"]')
    return {
      phase: strip?.getAttribute('data-phase') ?? null,
      done: Number(strip?.getAttribute('data-done') ?? NaN),
      total: Number(strip?.getAttribute('data-total') ?? NaN),
      name: document.querySelector('[data-testid="file-name"]')?.textContent ?? '',
      rows: document.querySelectorAll('[data-testid="message-row"]').length,
      placeholders: document.querySelectorAll('[data-testid="message-row"][data-tokens=""]').length,
      at: performance.now(),
    }
  })
}

/**
 * The head as the decision states it: what is summarised plus the instructions hoisted out of it;
 * null when the check declines and nothing is split. Read from the decision rather than the list,
 * whose boundary is only drawn while it is scrolled into view.
 */
async function decidedHead(page: Page): Promise<number | null> {
  const decision = page.locator(byTestId('decision'))
  if ((await decision.getAttribute('data-should-compact')) !== 'true') return null
  const text = (await decision.textContent()) ?? ''
  // The figures are grouped in thousands ("29,687 summarised").
  const [, summarised, , hoisted] =
    /([\d,]+) summarised · ([\d,]+) kept, of which ([\d,]+) hoisted/.exec(text)!
  const number = (figure: string) => Number(figure.replaceAll(',', ''))
  return number(summarised) + number(hoisted)
}

/** Waits until the workers have answered for the state on screen: the findings, the prompt's size. */
async function settled(page: Page): Promise<void> {
  await expect
    .poll(() => page.locator(byTestId('findings')).getAttribute('data-status'), { timeout: 60_000 })
    .toBe('ready')
  await expect
    .poll(() => page.locator(byTestId('prompt-tokens')).textContent(), { timeout: 60_000 })
    .toMatch(/tokens with/)
}

const scrollHeight = (page: Page) =>
  page.evaluate(
    () => document.querySelector('[aria-label="Messages"][data-virtual-scroll]')!.scrollHeight,
  )

describe(`a ${MEGABYTES} MB conversation`, () => {
  const app = useAppSession({ desktopV8Flags: !PLAIN })

  it(
    'reads and counts in workers, shows rows before the counts, and never freezes the window',
    { retry: LONG_TASK_RETRY },
    async () => {
      const { page, pageErrors, profile } = app()
      await observeLongTasks(page)
      await shownTotal(page)
      const startup = await longTasks(page, 0)

      // Reported, not asserted (memory targets belong to the bench): what the whole app, page and
      // workers, holds in the browser for this file, from the renderer processes' resident size.
      const memory = sampleRendererMemory(profile)
      const cpuAtOpen = cpuTimes()
      const opened = await now(page)
      await openFile(page, file)

      // Poll what the page shows until every count is in: rows must come while counting goes on.
      // Only reads what the page shows: the screenshot while counting is the Cancel test's, since
      // capturing the page is work no user asks of it.
      const seen: Awaited<ReturnType<typeof loadState>>[] = []
      for (;;) {
        const state = await loadState(page)
        seen.push(state)
        memory.mark(state.phase ?? 'answering')
        if (state.phase === null && state.name === FILE_NAME) break
        expect(state.at - opened, 'loading takes under two minutes').toBeLessThan(120_000)
        await page.waitForTimeout(100)
      }
      const countedAt = seen[seen.length - 1].at
      // While the file is parsed, the strip says how many megabytes of how many are done.
      const labels = await page.evaluate(
        () => (window as unknown as { __loadLabels: string[] }).__loadLabels,
      )
      const size = (fileBytes / 1e6).toFixed(1)
      const parsedLabels = labels.filter((l) =>
        new RegExp(`: parsed [\\d.]+ of ${size} MB$`).test(l),
      )
      expect(parsedLabels.length, labels.join('\n')).toBeGreaterThan(0)
      // Loading ends when the workers' last answers are in too: the findings and the prompt's size.
      await settled(page)
      const loadedAt = await now(page)
      const resident = memory.stop()

      const counting = seen.filter((s) => s.phase === 'counting' && s.name === FILE_NAME)
      expect(counting[0].total).toBe(messages)
      // The bar moves: several distinct counts on the way, never backwards.
      const done = counting.map((s) => s.done)
      expect(new Set(done.filter((d) => d > 0 && d < messages)).size).toBeGreaterThan(1)
      expect(done).toEqual([...done].sort((a, b) => a - b))
      // Rows are there while counting goes on.
      const firstRows = counting.find((s) => s.rows > 0 && s.done < s.total)
      expect(firstRows, 'rows before counting ends').toBeDefined()

      // Checking what is on screen is the test's work, not the app's: it is not measured.
      expect(await readNumber(page.locator(byTestId('total-tokens')))).toBe(total)
      // 200 rows from all over the list, each against tiktoken's count of its message.
      const height = await scrollHeight(page)
      const sampled = new Map<number, number>()
      for (let step = 0; sampled.size < 200; step++) {
        const at = Math.floor(((step * 0.6180339887) % 1) * height)
        for (const row of await rowsAtScroll(page, at)) sampled.set(row.index, row.tokens)
      }
      for (const [index, tokens] of sampled) expect(tokens, `row ${index}`).toBe(counts[index])
      await rowsAtScroll(page, 0)
      await screenshot(page, `${NAME}-loaded`)

      // Re-tuning: the split moves, from the cached counts, without a count.
      const tunedAt = await now(page)
      const head = messages - keptTail(messages)
      expect(await decidedHead(page)).toBe(head)
      await setControl(page, 'keep-recent-input', 1000)
      await expect.poll(() => decidedHead(page)).toBe(messages - keptTail(messages, 1000))
      const keepMoved = (await now(page)) - tunedAt
      const declining = largestTriggeringMaxTokens(total) + 1
      await setControl(page, 'max-tokens-input', declining)
      await expect.poll(() => decidedHead(page)).toBeNull()
      await setControl(page, 'max-tokens-input', declining - 1)
      await expect.poll(() => decidedHead(page)).toBe(messages - keptTail(messages, 1000))
      expect(await page.locator(byTestId('load-progress')).count()).toBe(0)
      await settled(page)
      const tunedEnd = await now(page)
      const tuned = tunedEnd - tunedAt
      const steal = stealShare(cpuAtOpen, cpuTimes())
      const stolen = steal !== null && steal > STEAL_LIMIT

      const during = (await longTasks(page, opened)).filter(
        (t) => t.start < loadedAt || (t.start >= tunedAt && t.start < tunedEnd),
      )
      const longest = Math.max(0, ...during.map((t) => t.duration))
      // The observer is live: a 120 ms task the page runs after the measurement is seen. (Code
      // Playwright evaluates runs outside the page's tasks, so the busy loop waits for a timer.)
      const probeAt = await now(page)
      await page.evaluate(() =>
        setTimeout(() => {
          const end = performance.now() + 120
          while (performance.now() < end);
        }, 0),
      )
      await expect.poll(async () => (await longTasks(page, probeAt)).length).toBeGreaterThan(0)
      attempts.push(`${longest} ms`)
      const report = [
        `${NAME}: ${messages} messages, ${MEGABYTES} MB, ${cpus().length} cores, ${PLAIN ? "a plain browser's V8 defaults (the web build)" : "the desktop app's V8 flags"}`,
        `longest main-thread task while loading, counting and tuning: ${longest} ms (target ≤ ${LONGEST_TASK_MS} ms)`,
        `attempt ${attempts.length} (one more is made only when the longest task is over the target; longest task by attempt: ${attempts.join(', ')})`,
        steal === null
          ? "the host's share of the CPU meanwhile: not measured (no /proc/stat)"
          : `the host's share of the CPU meanwhile (steal, /proc/stat): ${(steal * 100).toFixed(1)}%` +
            (stolen
              ? `, over ${STEAL_LIMIT * 100}%: the long-task figure is reported, not held to the target`
              : ''),
        `measured: from choosing the file to the last answer of the workers (${Math.round(loadedAt - opened)} ms), then three re-tunings until their findings are in (${Math.round(tuned)} ms)`,
        `long tasks (ms, at ms after the open): ${during.map((t) => `${t.duration} at +${Math.round(t.start - opened)}`).join(', ') || 'none'}`,
        `parse progress shown: ${parsedLabels.length} updates (${parsedLabels[0]} … ${parsedLabels[parsedLabels.length - 1]})`,
        `time to first rows: ${Math.round(firstRows!.at - opened)} ms`,
        `time to all counts: ${Math.round(countedAt - opened)} ms`,
        `KeepRecentCount to a moved split, as the test sees it: ${Math.round(keepMoved)} ms`,
        `startup (not part of the target): longest task ${Math.max(0, ...startup.map((t) => t.duration))} ms`,
        memory.found
          ? `renderer processes' resident memory (page and workers), over ${megabytes(resident.before)} before the open: peak +${megabytes(resident.peak - resident.before)} (${times((resident.peak - resident.before) / fileBytes)} the file; ${memoryVerdict((resident.peak - resident.before) / fileBytes)}), +${megabytes(resident.after - resident.before)} (${times((resident.after - resident.before) / fileBytes)}) when loaded; peak by phase: ${[...resident.peaks].map(([phase, bytes]) => `${phase} +${megabytes(bytes - resident.before)}`).join(', ')}`
          : `renderer processes' resident memory: not measured (no /proc, or the renderer was not found)`,
      ].join('\n')
      console.log(report)
      await writeFile(join(SCREENSHOT_DIR, `${NAME}.txt`), report + '\n')

      expect(pageErrors).toEqual([])
      if (!stolen) expect(longest, report).toBeLessThanOrEqual(LONGEST_TASK_MS)
    },
  )

  it('re-counts with fresh workers when the model changes after the large file', async () => {
    const { page, pageErrors } = app()
    await shownTotal(page)
    await openFile(page, file)
    const shown = () => readNumber(page.locator(byTestId('total-tokens')))
    await expect.poll(shown, { timeout: 120_000 }).toBe(total)

    // A count this large lets its workers go when it ends (count-pool.ts), so the next model's
    // count starts fresh ones, vocabulary and all. Its total is tiktoken's for that encoding.
    const picker = page.locator(byTestId('model-select'))
    const choose = async (model: string, encoding: string) => {
      await picker.fill(model)
      await picker.press('Enter')
      await expect.poll(() => page.locator(byTestId('model-encoding')).textContent()).toBe(encoding)
    }
    await choose('gpt-4', 'cl100k_base')
    const cl100k = sum(tiktokenCounts(readFixture(file).messages, 'cl100k_base'))
    expect(cl100k).not.toBe(total)
    await expect.poll(shown, { timeout: 120_000 }).toBe(cl100k)
    // And back, from fresh workers once more.
    await choose('gpt-4o', 'o200k_base')
    await expect.poll(shown, { timeout: 120_000 }).toBe(total)
    expect(pageErrors).toEqual([])
  })

  it('cancels: reading leaves the previous conversation, counting leaves partial counts', async () => {
    const { page } = app()
    const sampleTotal = await shownTotal(page)

    // Cancel while the file is read: the sample stays, as it was.
    await openFile(page, file)
    const strip = page.locator(byTestId('load-progress'))
    await expect.poll(() => strip.getAttribute('data-phase')).toBe('reading')
    await page.locator(byTestId('cancel-load')).click()
    await expect.poll(() => strip.count()).toBe(0)
    expect(await page.locator(byTestId('file-name')).textContent()).toBe('sample.json')
    expect(await readNumber(page.locator(byTestId('total-tokens')))).toBe(sampleTotal)

    // While counting, the list is usable: workers count from the top, so the last rows are still
    // waiting for their counts, and show "…".
    await openFile(page, file)
    await expect
      .poll(async () => {
        const state = await loadState(page)
        return state.phase === 'counting' && state.done > 0
      })
      .toBe(true)
    await rowsAtScroll(page, await scrollHeight(page))
    const atEnd = await loadState(page)
    expect(atEnd.phase).toBe('counting')
    expect(atEnd.placeholders, 'rows waiting for their counts').toBeGreaterThan(0)

    // Cancel while counting: the counts so far stay, marked partial, and nothing is decided.
    // (The screenshot comes after the cancel: taken before, on a loaded machine it can outlast
    // the count, and the cancel button with it.)
    await page.locator(byTestId('cancel-load')).click()
    const partial = page.locator(byTestId('counts-partial'))
    await partial.waitFor()
    await screenshot(page, `${NAME}-counting`)
    const [, counted] = /([\d,]+) of ([\d,]+)/.exec((await partial.textContent()) ?? '') ?? []
    expect(Number(counted.replace(/,/g, ''))).toBeLessThan(messages)
    expect(await page.locator(byTestId('total-tokens')).textContent()).toBe('counting…')
    expect(await page.locator(byTestId('decision')).getAttribute('data-should-compact')).toBe('')
    // No worker is left counting: the partial figure stays where it stopped.
    await page.waitForTimeout(1000)
    expect(await partial.textContent()).toContain(`${counted} of`)

    // Count again: the rest are counted, and the total is tiktoken's.
    await page.locator(byTestId('count-again')).click()
    await expect
      .poll(() => readNumber(page.locator(byTestId('total-tokens'))), {
        timeout: 120_000,
      })
      .toBe(total)
    expect(await partial.count()).toBe(0)
  })
})
