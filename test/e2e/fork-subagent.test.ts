/**
 * A forked Claude Code subagent opened from the Sessions view, through `compaction-inspector
 * serve`: the server finds the parent's transcript where Claude Code keeps it, and the page shows
 * the parent's conversation up to the fork, then the subagent's own messages, as the CLI reads
 * them.
 */
import { cp, mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { allRows, byTestId, openFile, readNumber, screenshot, shownTotal } from './harness/app'
import { useAppSession, type AppSession } from './harness/browser'
import { cli } from './harness/cli'
import { formatsFile } from './harness/format-fixtures'
import { closeServed, serveApp, type ServeSession } from './harness/serve'
import { makeHome } from './harness/session-home'

describe('a forked subagent’s session', () => {
  let home: string
  let server: ServeSession
  let app: AppSession
  let subagent: string

  beforeEach(async () => {
    home = await makeHome()
    // The session's transcript in its project's folder and, two folders down, its forked
    // subagent's file and sidecar (testdata/formats/claude-code-fork), where Claude Code writes
    // them.
    const project = join(home, '.claude', 'projects', '-home-dev-parser')
    await mkdir(project, { recursive: true })
    await cp(formatsFile('claude-code-fork'), project, { recursive: true })
    subagent = join(project, 'sess-1', 'subagents', 'agent-af1.jsonl')
    ;({ server, app } = await serveApp(home))
  })

  afterEach(async () => {
    await closeServed({ server, app }, home)
  })

  it('opens with its parent’s conversation first, as the CLI reads it', async () => {
    const { page, pageErrors } = app
    const expected = JSON.parse((await cli(['tokens', subagent, '--json'])).toString('utf8')) as {
      tokens: number[]
      total: number
    }
    // The parent's three messages up to the fork, then the subagent's six.
    expect(expected.tokens).toHaveLength(9)
    await shownTotal(page)
    await page.locator(byTestId('sessions-button')).click()
    // The session, its subagent under it, hidden until asked for.
    const rows = page.locator(byTestId('session-row'))
    const subagents = page.locator(byTestId('session-subagent-row'))
    await expect.poll(() => rows.count()).toBe(1)
    expect(await subagents.count()).toBe(0)
    const toggle = rows.first().locator(byTestId('session-subagents-toggle'))
    expect(await toggle.textContent()).toBe('▸ 1 subagent')
    // Only the subagent's file holds its task's words: its session is kept.
    await page.locator(byTestId('sessions-log-text')).fill('Worker started')
    await page.keyboard.press('Enter')
    await expect
      .poll(() => page.locator(byTestId('sessions-log-status')).textContent())
      .toBe('“Worker started” is in 1 of 2 logs')
    expect(await rows.count()).toBe(1)
    await rows.first().focus()
    await page.keyboard.press('ArrowRight')
    await expect.poll(() => subagents.count()).toBe(1)
    // Named by its sidecar.
    expect(await subagents.first().locator('td').nth(1).textContent()).toBe(
      'general-purpose: Check the tests',
    )
    await screenshot(page, 'sessions-subagents')
    // At 900 px the project column narrows, the start's is left out; the toggle stays in its cell.
    await page.setViewportSize({ width: 900, height: 700 })
    const box = async (testId: string) => (await page.locator(byTestId(testId)).boundingBox())!
    const cell = (await rows.first().locator('td').nth(1).boundingBox())!
    const toggled = await box('session-subagents-toggle')
    await screenshot(page, 'sessions-subagents-900')
    expect(toggled.x + toggled.width).toBeLessThanOrEqual(cell.x + cell.width)
    // The fixed columns leave the project room (it had none at 900 px before).
    expect(cell.width).toBeGreaterThanOrEqual(160)
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('Enter')
    await page.locator(byTestId('sessions-view')).waitFor({ state: 'detached' })
    expect(await page.locator(byTestId('file-name')).textContent()).toBe('agent-af1.jsonl')
    await expect.poll(() => readNumber(page.locator(byTestId('total-tokens')))).toBe(expected.total)
    expect(await page.locator(byTestId('file-count')).textContent()).toBe('9 messages')
    const shown = await allRows(page, 9)
    expect(shown.map((row) => row.tokens)).toEqual(expected.tokens)
    expect(shown[0].text).toContain('Refactor the parser')
    const report = page.locator(byTestId('import-report'))
    await report.locator('summary').click()
    await expect
      .poll(() => report.textContent())
      .toContain('the 3 messages of its parent’s conversation up to p-3, read from sess-1.jsonl')
    expect(await report.locator('summary').textContent()).not.toContain('warning')
    expect(await page.locator(byTestId('fork-parent')).textContent()).toBe(
      'forked from sess-1.jsonl',
    )
    await report.getByText('are loaded first').scrollIntoViewIfNeeded()
    await screenshot(page, 'fork-subagent')
    expect(server.stderr()).not.toMatch(/refus|error/i)
    expect(pageErrors).toEqual([])
  })
})

describe('a forked subagent’s file opened alone', () => {
  const app = useAppSession()

  it('offers to add the parent’s transcript, and loads its conversation first', async () => {
    const { page, pageErrors } = app()
    const subagent = formatsFile('claude-code-fork/sess-1/subagents/agent-af1.jsonl')
    const expected = JSON.parse((await cli(['tokens', subagent, '--json'])).toString('utf8')) as {
      tokens: number[]
      total: number
    }
    await shownTotal(page)
    // Through the browser's file input, the page has no folder to look in: six messages, a warning.
    await openFile(page, subagent)
    await expect.poll(() => page.locator(byTestId('file-count')).textContent()).toBe('6 messages')
    const add = page.locator(byTestId('fork-parent-button'))
    expect(await add.textContent()).toBe('Add the parent’s sess-1.jsonl…')
    expect(await page.locator(byTestId('import-report')).locator('summary').textContent()).toMatch(
      /^1 warning/,
    )
    await shownTotal(page)
    await screenshot(page, 'fork-subagent-alone')
    await page.setInputFiles(
      byTestId('fork-parent-input'),
      formatsFile('claude-code-fork/sess-1.jsonl'),
    )
    await expect.poll(() => page.locator(byTestId('file-count')).textContent()).toBe('9 messages')
    await expect.poll(() => readNumber(page.locator(byTestId('total-tokens')))).toBe(expected.total)
    expect((await allRows(page, 9)).map((row) => row.tokens)).toEqual(expected.tokens)
    expect(await page.locator(byTestId('fork-parent')).textContent()).toBe(
      'forked from sess-1.jsonl',
    )
    // Read as another format and back, the chosen parent is read with it again.
    await page.locator(byTestId('format-select')).selectOption('claude-code')
    await expect
      .poll(() => page.locator(byTestId('format-detected')).textContent())
      .toContain('chosen')
    expect(await page.locator(byTestId('file-count')).textContent()).toBe('9 messages')
    await shownTotal(page)
    await page.setViewportSize({ width: 900, height: 700 })
    await screenshot(page, 'fork-subagent-900x700')
    expect(pageErrors).toEqual([])
  })
})
