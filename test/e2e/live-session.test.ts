/**
 * Following a session while its agent writes it: a fixture agent appends turns to a Claude Code
 * log the page opened through `serve`, and the budget, the forecast, the findings and the chart
 * move with each; a truncated file is read again, whole, with a note.
 */
import { appendFile, stat, truncate } from 'node:fs/promises'
import type { Locator } from 'playwright-core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  byTestId,
  openLatestSession,
  readNumber,
  screenshot,
  setControl,
  shownTotal,
} from './harness/app'
import type { AppSession } from './harness/browser'
import { closeServed, serveApp, type ServeSession } from './harness/serve'
import { agentTurn, makeHome, writeClaudeSession, type ClaudeSession } from './harness/session-home'

// A tool's output that holds a special-token string: the finding it raises is new when it lands.
const SPECIAL = '<|endoftext|>'

describe('a live session', () => {
  let home: string
  let server: ServeSession
  let app: AppSession
  let session: ClaudeSession
  let firstTurnBytes: number

  beforeEach(async () => {
    home = await makeHome()
    session = await writeClaudeSession(
      home,
      {
        sessionId: '3e9d1f7a-0b2c-4a6e-9d8f-7c1b5a3e2d60',
        cwd: '/home/ana/ledger',
        model: 'claude-sonnet-4-5-20250929',
        start: new Date('2026-11-30T08:00:00Z'),
      },
      1,
      40,
    )
    firstTurnBytes = (await stat(session.path)).size
    ;({ server, app } = await serveApp(home))
  })

  afterEach(async () => {
    await closeServed({ server, app }, home)
  })

  it('moves the budget, the forecast, the findings and the chart as the agent writes', async () => {
    const { page, pageErrors } = app
    await shownTotal(page)
    await openLatestSession(page)
    const count = page.locator(byTestId('file-count'))
    await expect.poll(() => count.textContent()).toBe('4 messages')
    const totalLocator = page.locator(byTestId('total-tokens'))
    const firstTotal = await shownTotal(page)
    // A budget the run fills in a few turns, so the forecast has a number to say.
    await setControl(page, 'max-tokens-input', 12_000)
    const forecast = page.locator(byTestId('live-forecast'))
    const chart = page.locator(byTestId('growth-chart'))
    const findings = page.locator(byTestId('finding'))
    await expect.poll(() => forecast.textContent()).toMatch(/tokens left/)
    await chart.waitFor()
    await screenshot(page, 'live-before')

    let total = firstTotal
    let said = await forecast.textContent()
    let messages = 4
    let requests = await reportedRequests(chart)
    for (const n of [2, 3, 4]) {
      const special = n === 3
      const findingsBefore = await findings.allTextContents()
      const turn = agentTurn(session.agent, n, 40)
      await appendFile(session.path, special ? turn.replace('const total0', SPECIAL) : turn)
      messages += 4
      await expect.poll(() => count.textContent(), { timeout: 15_000 }).toBe(`${messages} messages`)
      // The budget total rises with every turn, and the forecast says so.
      await expect.poll(() => readNumber(totalLocator)).toBeGreaterThan(total)
      total = await readNumber(totalLocator)
      await expect.poll(() => forecast.textContent()).not.toBe(said)
      said = await forecast.textContent()
      // The chart has the new requests: two replies a turn, each reporting its prompt's size.
      await expect.poll(() => reportedRequests(chart)).toBe(requests + 2)
      requests += 2
      if (special) {
        await expect.poll(() => findings.allTextContents()).not.toEqual(findingsBefore)
        expect((await findings.allTextContents()).join('\n')).toMatch(
          /special-token|special token/i,
        )
      }
    }
    expect(said).toMatch(
      /^compaction in about \d+ turns? \([\d,]+ tokens left\)$|^compaction due now/,
    )
    await screenshot(page, 'live-after')

    // The agent's log is cut back to its first turn: read again, whole, with a note.
    await truncate(session.path, firstTurnBytes)
    await expect.poll(() => count.textContent(), { timeout: 15_000 }).toBe('4 messages')
    await expect.poll(() => page.locator(byTestId('live-note')).textContent()).toMatch(/truncated/)
    await expect.poll(() => readNumber(totalLocator)).toBe(firstTotal)
    await screenshot(page, 'live-truncated')
    expect(pageErrors).toEqual([])
  })
})

/** How many reported requests the chart says it draws. */
async function reportedRequests(chart: Locator): Promise<number> {
  const label = (await chart.getAttribute('aria-label')) ?? ''
  const found = /(\d+) reported requests/.exec(label)
  return found ? Number(found[1]) : -1
}
