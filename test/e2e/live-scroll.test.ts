/**
 * Where the list stays while a followed session grows: a reader at its end sees each new turn's
 * rows arrive (the panels above change height as they update, which moves the end away from the
 * reader), and a reader further up is left where they are.
 */
import { appendFile } from 'node:fs/promises'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { byTestId, openLatestSession, shownTotal } from './harness/app'
import type { AppSession } from './harness/browser'
import { closeServed, serveApp, type ServeSession } from './harness/serve'
import { agentTurn, makeHome, writeClaudeSession, type ClaudeSession } from './harness/session-home'

describe('the list of a followed session', () => {
  let home: string
  let server: ServeSession
  let app: AppSession
  let session: ClaudeSession

  beforeEach(async () => {
    home = await makeHome()
    // Eight turns of four messages: more rows than the list shows at 1280×800.
    session = await writeClaudeSession(
      home,
      {
        sessionId: '5b0c2d9e-7a41-4f3e-8c6d-2e9f1a7b3c58',
        cwd: '/home/ana/ledger',
        model: 'claude-sonnet-4-5-20250929',
        start: new Date('2026-11-30T08:00:00Z'),
      },
      8,
      40,
    )
    ;({ server, app } = await serveApp(home))
  })

  afterEach(async () => {
    await closeServed({ server, app }, home)
  })

  it('keeps a reader at the end at the end, and leaves a reader above it where they are', async () => {
    const { page, pageErrors } = app
    await shownTotal(page)
    await openLatestSession(page)
    const count = page.locator(byTestId('file-count'))
    await expect.poll(() => count.textContent()).toBe('32 messages')
    const list = page.locator('.message-list')
    const gapBelow = () => list.evaluate((b) => b.scrollHeight - b.clientHeight - b.scrollTop)
    // The last message's row, drawn inside the list's box.
    const lastInView = (last: number) =>
      list.evaluate((box, i) => {
        const row = box.querySelector(`[data-testid="message-row"][data-index="${i}"]`)
        if (!row) return false
        const r = row.getBoundingClientRect()
        const b = box.getBoundingClientRect()
        return r.top >= b.top - 1 && r.bottom <= b.bottom + 1
      }, last)
    expect(await list.evaluate((b) => b.scrollHeight > b.clientHeight)).toBe(true)

    await list.evaluate((b) => b.scrollTo({ top: b.scrollHeight }))
    await expect.poll(gapBelow).toBeLessThanOrEqual(1)
    let messages = 32
    for (const n of [9, 10]) {
      await appendFile(session.path, agentTurn(session.agent, n, 40))
      messages += 4
      await expect.poll(() => count.textContent(), { timeout: 15_000 }).toBe(`${messages} messages`)
      await expect.poll(() => lastInView(messages - 1)).toBe(true)
      await expect.poll(gapBelow).toBeLessThanOrEqual(1)
    }

    // The reader wheels up to read: the next turn's rows arrive below without moving them.
    const box = await list.boundingBox()
    if (!box) throw new Error('the list has no box')
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    await page.mouse.wheel(0, -400)
    await expect.poll(gapBelow).toBeGreaterThan(300)
    const readingAt = await list.evaluate((b) => b.scrollTop)
    await appendFile(session.path, agentTurn(session.agent, 11, 40))
    await expect.poll(() => count.textContent(), { timeout: 15_000 }).toBe('44 messages')
    await page.waitForTimeout(500) // the rows' measuring, a frame or two after they arrive
    expect(await list.evaluate((b) => b.scrollTop)).toBe(readingAt)
    expect(pageErrors).toEqual([])
  })
})
