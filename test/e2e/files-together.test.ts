/**
 * A conversation that needs a file beside it, opened in a plain browser, which is given only the
 * files the user chooses: an opencode database whose latest writes are in its write-ahead log
 * (testdata/sqlite/opencode.db: its session's last two messages are only in opencode.db-wal), and
 * a Vibe session's messages with its meta.json. The page offers to add the file, or takes the two
 * chosen together; either way it shows what the CLI reads with the file beside it.
 */
import { copyFile, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { allRows, byTestId, openFile, readNumber, screenshot, shownTotal } from './harness/app'
import { useAppSession } from './harness/browser'
import { cli } from './harness/cli'
import { formatsFile } from './harness/format-fixtures'
import { ROOT } from './harness/paths'

const DB = join(ROOT, 'testdata/sqlite/opencode.db')
const WAL = `${DB}-wal`
const OLDER = 'ses_2a0000000001Older0000000001'

const tokensOf = async (file: string, ...args: string[]) =>
  JSON.parse((await cli(['tokens', file, '--json', ...args])).toString('utf8')) as {
    tokens: number[]
    total: number
  }

const total = (page: Page) => readNumber(page.locator(byTestId('total-tokens')))
const report = (page: Page) => page.locator(byTestId('import-report')).textContent()

describe('files a conversation needs beside it, in the browser', () => {
  const app = useAppSession()
  let dir: string
  let alone: string

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ci-together-e2e-'))
    // The database without its log beside it: what the CLI reads of the file alone.
    alone = join(dir, 'opencode.db')
    await copyFile(DB, alone)
  })

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('offers an opencode database’s write-ahead log, and then shows its latest writes', async () => {
    const { page, pageErrors } = app()
    const withoutLog = await tokensOf(alone)
    // The CLI reads testdata/sqlite/opencode.db with the log beside it.
    const withLog = await tokensOf(DB)
    expect(withLog.tokens.length).toBeGreaterThan(withoutLog.tokens.length)
    await shownTotal(page)
    await openFile(page, DB)
    await expect.poll(() => total(page)).toBe(withoutLog.total)
    const add = page.locator(byTestId('write-ahead-log-button'))
    expect(await add.textContent()).toBe('Add opencode.db-wal…')
    await screenshot(page, 'opencode-db-without-log')
    await page.setInputFiles(byTestId('write-ahead-log-input'), WAL)
    await expect.poll(() => total(page)).toBe(withLog.total)
    const rows = await allRows(page, withLog.tokens.length)
    expect(rows.map((row) => row.tokens)).toEqual(withLog.tokens)
    expect(await add.count()).toBe(0)
    await page.locator(byTestId('import-report')).click()
    expect(await report(page)).toContain('read with its write-ahead log opencode.db-wal')
    await screenshot(page, 'opencode-db-with-log')
    // Another session of the database is read with the log too.
    const older = await tokensOf(DB, '--session', OLDER)
    await page.locator(byTestId('session-select')).selectOption(OLDER)
    await expect.poll(() => total(page)).toBe(older.total)
    expect(await add.count()).toBe(0)
    expect(pageErrors).toEqual([])
  })

  it('reads a Crush database in the browser, session by session, as the CLI does', async () => {
    const { page, pageErrors } = app()
    const CRUSH = join(ROOT, 'testdata/sqlite/crush.db')
    const main = await tokensOf(CRUSH)
    const task = await tokensOf(CRUSH, '--session', 's-task')
    await shownTotal(page)
    await openFile(page, CRUSH)
    await expect.poll(() => total(page)).toBe(main.total)
    const rows = await allRows(page, main.tokens.length)
    expect(rows.map((row) => row.tokens)).toEqual(main.tokens)
    const picker = page.locator(byTestId('session-select'))
    expect(await picker.locator('option').count()).toBe(8)
    await screenshot(page, 'crush-db')
    await picker.selectOption('s-task')
    await expect.poll(() => total(page)).toBe(task.total)
    expect(pageErrors).toEqual([])
  })

  it('takes a database and its log chosen together as one open', async () => {
    const { page, pageErrors } = app()
    const withLog = await tokensOf(DB)
    await shownTotal(page)
    await page.setInputFiles(byTestId('open-file'), [DB, WAL])
    await expect.poll(() => total(page)).toBe(withLog.total)
    expect(await page.locator(byTestId('write-ahead-log-button')).count()).toBe(0)
    expect(pageErrors).toEqual([])
  })

  it('takes a Vibe session’s messages and meta.json chosen together', async () => {
    const { page, pageErrors } = app()
    const folder = await mkdtemp(join(dir, 'vibe-'))
    const messages = join(folder, 'messages.jsonl')
    await copyFile(formatsFile('mistral-vibe.jsonl'), messages)
    await copyFile(formatsFile('mistral-vibe-meta.json'), join(folder, 'meta.json'))
    // Side by side, the CLI reads the two together.
    const expected = await tokensOf(messages)
    await shownTotal(page)
    await page.setInputFiles(byTestId('open-file'), [join(folder, 'meta.json'), messages])
    await expect.poll(() => page.locator(byTestId('file-count')).textContent()).toBe('11 messages')
    await expect.poll(() => total(page)).toBe(expected.total)
    expect(await page.locator(byTestId('vibe-meta-button')).count()).toBe(0)
    expect(pageErrors).toEqual([])
  })

  it('refuses unrelated files chosen together, and keeps the conversation on screen', async () => {
    const { page, pageErrors } = app()
    const before = await shownTotal(page)
    const files = [formatsFile('codex.jsonl'), formatsFile('pi.jsonl')]
    await page.setInputFiles(byTestId('open-file'), files)
    await expect
      .poll(() => page.locator(byTestId('error')).textContent())
      .toContain('2 files given together (codex.jsonl, pi.jsonl): open one conversation at a time')
    expect(await total(page)).toBe(before)
    await screenshot(page, 'files-together-refused')
    expect(pageErrors).toEqual([])
  })
})
