/**
 * The Sessions view on a fixture home, through `compaction-inspector serve`: it lists every
 * engine's sessions, and one click opens the most recent Claude Code session.
 */
import type { Locator, Page } from 'playwright-core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { byTestId, readNumber, screenshot, shownTotal } from './harness/app'
import type { AppSession } from './harness/browser'
import { closeServed, serveApp, type ServeSession } from './harness/serve'
import {
  copyCline4Session,
  copyCodexSession,
  copyMiniTrajectory,
  copyOpencodeDatabase,
  copyOpencodeLog,
  copyPiSession,
  makeHome,
  writeClaudeSession,
  type ClaudeSession,
} from './harness/session-home'

const MODEL = 'claude-sonnet-4-5-20250929'

/**
 * A fixture home that `write` fills, served to a fresh page before each test of the describe
 * block, and removed after it: `served()` gives the page and the home.
 */
function useServedHome(write: (home: string) => Promise<unknown>): () => {
  app: AppSession
  home: string
} {
  let home: string
  let server: ServeSession
  let app: AppSession
  beforeEach(async () => {
    home = await makeHome()
    await write(home)
    ;({ server, app } = await serveApp(home))
  })
  afterEach(async () => {
    await closeServed({ server, app }, home)
  })
  return () => ({ app, home })
}

/** Opens the Sessions view once the page has counted, and waits for its `count` rows. */
async function openSessionsView(page: Page, count: number): Promise<Locator> {
  await shownTotal(page)
  await page.locator(byTestId('sessions-button')).click()
  const rows = page.locator(byTestId('session-row'))
  await expect.poll(() => rows.count()).toBe(count)
  return rows
}

describe('the Sessions view', () => {
  let newest: ClaudeSession
  const served = useServedHome(async (home) => {
    // Two Claude Code sessions, the newer in upload-svc (three turns: twelve messages), and a
    // Codex rollout newer than both (2026-03-02): the one-click action must skip it.
    await writeClaudeSession(
      home,
      {
        sessionId: '1b7e0c42-9a3f-4d15-8e6b-3c2a1f0d9e88',
        cwd: '/home/ana/ledger',
        model: MODEL,
        start: new Date('2026-01-05T10:00:00Z'),
      },
      2,
    )
    newest = await writeClaudeSession(
      home,
      {
        sessionId: '8d2f6a10-3c4b-4e7a-b1d9-5e0f7a2c6b34',
        cwd: '/home/ana/upload-svc',
        model: MODEL,
        start: new Date('2026-02-20T15:30:00Z'),
      },
      3,
    )
    await copyCodexSession(home)
    await copyPiSession(home)
  })

  it('lists every engine’s sessions and opens the newest Claude Code one in one click', async () => {
    const { page, pageErrors } = served().app
    const rows = await openSessionsView(page, 4)
    // Newest activity first: Codex (2026-03-02), the upload-svc session, pi, ledger.
    const projects = await rows.evaluateAll((trs) =>
      trs.map((tr) => [tr.children[0].textContent, tr.children[1].textContent]),
    )
    expect(projects).toEqual([
      ['Codex CLI', '/home/mara/tidewatch'],
      ['Claude Code', '/home/ana/upload-svc'],
      ['pi', '/home/sam/weather-cli'],
      ['Claude Code', '/home/ana/ledger'],
    ])
    // The counts arrive per row: the upload-svc session's twelve events, no compaction.
    const upload = rows.nth(1)
    await expect.poll(() => upload.locator(byTestId('session-messages')).textContent()).toBe('12')
    expect(await upload.locator(byTestId('session-compactions')).textContent()).toBe('0')
    expect(await upload.locator('td').nth(7).textContent()).toBe(MODEL)
    await screenshot(page, 'sessions-view')

    await page.locator(byTestId('open-latest-session')).click()
    await page.locator(byTestId('sessions-view')).waitFor({ state: 'detached' })
    expect(await page.locator(byTestId('file-name')).textContent()).toBe(newest.name)
    expect(await page.locator(byTestId('file-count')).textContent()).toBe('12 messages')
    // Opened by the server, so it is followed.
    await expect
      .poll(() => page.locator(byTestId('live-toggle')).getAttribute('aria-pressed'))
      .toBe('true')
    expect(pageErrors).toEqual([])
  })

  it('searches what the logs hold, through the server', async () => {
    const { page, pageErrors } = served().app
    const rows = await openSessionsView(page, 4)
    // Only the upload-svc session got as far as a third turn (posting3.ts).
    await page.locator(byTestId('sessions-log-text')).fill('posting3.ts')
    await page.keyboard.press('Enter')
    await expect.poll(() => rows.count()).toBe(1)
    expect(await rows.first().locator('td').nth(1).textContent()).toBe('/home/ana/upload-svc')
    expect(await page.locator(byTestId('sessions-log-status')).textContent()).toBe(
      '“posting3.ts” is in 1 of 4 logs',
    )
    await screenshot(page, 'sessions-log-search')
    await page.locator(byTestId('sessions-log-text')).fill('')
    await expect.poll(() => rows.count()).toBe(4)
    expect(pageErrors).toEqual([])
  })

  it('searches, and opens a row with the keyboard', async () => {
    const { page, pageErrors } = served().app
    await shownTotal(page)
    await page.keyboard.press('Control+Shift+O')
    const rows = page.locator(byTestId('session-row'))
    await expect.poll(() => rows.count()).toBe(4)
    await page.locator(byTestId('sessions-search')).fill('ledger')
    await expect.poll(() => rows.count()).toBe(1)
    await rows.first().focus()
    await page.keyboard.press('Enter')
    await page.locator(byTestId('sessions-view')).waitFor({ state: 'detached' })
    expect(await page.locator(byTestId('file-count')).textContent()).toBe('8 messages')
    expect(pageErrors).toEqual([])
  })
})

/** What the Sessions view shows for a home's one session, and what opening it shows. */
interface OneSession {
  /** The engine, the project, the messages and the model, as the row shows them. */
  row: [engine: string, project: string, messages: string, model: string]
  screenshot: string
  file: string
  format: string
  count: string
}

/**
 * A home holding one session, written where its engine writes it: the Sessions view lists it as
 * `expected.row` says, and Enter opens it.
 */
function describeOneSession(
  title: string,
  test: string,
  write: (home: string) => Promise<unknown>,
  expected: OneSession,
): void {
  describe(title, () => {
    const served = useServedHome(write)

    it(test, async () => {
      const { page, pageErrors } = served().app
      const rows = await openSessionsView(page, 1)
      const row = rows.first()
      const [engine, project, messages, model] = expected.row
      expect(await row.locator('td').nth(0).textContent()).toBe(engine)
      expect(await row.locator('td').nth(1).textContent()).toBe(project)
      await expect
        .poll(() => row.locator(byTestId('session-messages')).textContent())
        .toBe(messages)
      expect(await row.locator('td').nth(7).textContent()).toBe(model)
      await screenshot(page, expected.screenshot)
      await row.focus()
      await page.keyboard.press('Enter')
      await page.locator(byTestId('sessions-view')).waitFor({ state: 'detached' })
      expect(await page.locator(byTestId('file-name')).textContent()).toBe(expected.file)
      expect(await page.locator(byTestId('format-detected')).textContent()).toBe(expected.format)
      expect(await page.locator(byTestId('file-count')).textContent()).toBe(expected.count)
      expect(pageErrors).toEqual([])
    })
  })
}

// The project comes from the session's manifest; the model from the last reply's modelInfo.
describeOneSession(
  'the Sessions view on a Cline 4 home',
  'lists a Cline 4 session from its messages file and opens it',
  (home) => copyCline4Session(home, '/home/ines/harbor'),
  {
    row: ['Cline', '/home/ines/harbor', '9', 'claude-opus-4-6'],
    screenshot: 'sessions-cline-4',
    file: '1787216000000_k3v9q.messages.json',
    format: 'Cline / Roo Code task history · detected',
    count: '12 messages',
  },
)

// The run's cwd (a local environment's) and its model, from the trajectory's info.
describeOneSession(
  'the Sessions view on a mini-swe-agent home',
  'lists its last run from its config folder and opens it',
  (home) => copyMiniTrajectory(home, '/home/ana/textkit'),
  {
    row: ['mini-swe-agent', '/home/ana/textkit', '7', 'openai/gpt-5-mini'],
    screenshot: 'sessions-mini-swe-agent',
    file: 'last_mini_run.traj.json',
    format: 'SWE-agent or mini-swe-agent trajectory · detected',
    count: '7 messages',
  },
)

// One database of every session: a row for each, newest first (the subagent's under its session),
// each opening to its own session. The main one has two messages only its write-ahead log holds
// (9 stored; 14 loaded); the older one two messages.
describe('the Sessions view on an opencode home', () => {
  const served = useServedHome((home) => copyOpencodeDatabase(home))

  it('lists each session of the database, and opens the one chosen, with its log', async () => {
    const { page, pageErrors } = served().app
    const rows = await openSessionsView(page, 2)
    const main = rows.nth(0)
    const older = rows.nth(1)
    await expect.poll(() => main.locator(byTestId('session-messages')).textContent()).toBe('9')
    await expect.poll(() => older.locator(byTestId('session-messages')).textContent()).toBe('2')
    expect(await main.locator(byTestId('session-compactions')).textContent()).toBe('1')
    for (const row of [main, older]) {
      expect(await row.locator('td').nth(0).textContent()).toBe('opencode')
      expect(await row.locator('td').nth(7).textContent()).toBe(MODEL)
    }
    // Each row names its session by its title, after the project; the main one has a subagent.
    const project = (row: typeof main) => row.locator('td').nth(1)
    expect(await project(main).textContent()).toContain('/tmp/ocfx/proj')
    expect(await project(older).textContent()).toContain('/tmp/ocfx/proj')
    expect(await main.locator(byTestId('session-title')).textContent()).toBe(
      'Print temperatures in Celsius',
    )
    expect(await older.locator(byTestId('session-title')).textContent()).toBe(
      'Rename the config loader',
    )
    expect(await main.locator(byTestId('session-subagents-toggle')).textContent()).toBe(
      '▸ 1 subagent',
    )
    expect(await older.locator(byTestId('session-subagents-toggle')).count()).toBe(0)
    // The page's own search finds a session by its title.
    await page.locator(byTestId('sessions-search')).fill('config loader')
    await expect.poll(() => rows.count()).toBe(1)
    await page.locator(byTestId('sessions-search')).fill('')
    await expect.poll(() => rows.count()).toBe(2)
    // The subagent's session is under the main one, shown on request.
    await main.locator(byTestId('session-subagents-toggle')).click()
    const subagent = page.locator(byTestId('session-subagent-row'))
    await expect.poll(() => subagent.count()).toBe(1)
    await expect.poll(() => subagent.locator(byTestId('session-messages')).textContent()).toBe('2')
    await screenshot(page, 'sessions-opencode')
    // Only the older session holds this text, though the database holds every session's.
    await page.locator(byTestId('sessions-log-text')).fill('Rename loadCfg to loadConfig.')
    await page.keyboard.press('Enter')
    await expect.poll(() => rows.count()).toBe(1)
    await rows.first().focus()
    await page.keyboard.press('Enter')
    await page.locator(byTestId('sessions-view')).waitFor({ state: 'detached' })
    expect(await page.locator(byTestId('file-name')).textContent()).toBe('opencode.db')
    expect(await page.locator(byTestId('format-detected')).textContent()).toBe(
      'opencode or Kilo database · detected',
    )
    expect(await page.locator(byTestId('file-count')).textContent()).toBe('2 messages')
    expect(await page.locator(byTestId('session-select')).inputValue()).toBe(
      'ses_2a0000000001Older0000000001',
    )
    // The picker still reads any other session of the database: the main one, with its log.
    await page.locator(byTestId('session-select')).selectOption('ses_3f1a2b4c5ffeWx8Kq2Lm9Np0Rt')
    await expect.poll(() => page.locator(byTestId('file-count')).textContent()).toBe('14 messages')
    expect(pageErrors).toEqual([])
  })
})

// A running opencode session's latest turns are in the database's write-ahead log: opened from
// the list, the session is followed, and read again with the log when the log changes. The
// database alone loads the main session's 10 messages; with its log, 14.
describe('following an opencode session', () => {
  const served = useServedHome((home) => copyOpencodeDatabase(home, { log: false }))

  it('reads the session again when its write-ahead log changes', async () => {
    const { app, home } = served()
    const { page, pageErrors } = app
    const rows = await openSessionsView(page, 2)
    await rows.first().focus()
    await page.keyboard.press('Enter')
    await page.locator(byTestId('sessions-view')).waitFor({ state: 'detached' })
    expect(await page.locator(byTestId('file-count')).textContent()).toBe('10 messages')
    await expect
      .poll(() => page.locator(byTestId('live-toggle')).getAttribute('aria-pressed'))
      .toBe('true')
    const total = await shownTotal(page)
    await copyOpencodeLog(home)
    await expect
      .poll(() => page.locator(byTestId('file-count')).textContent(), { timeout: 15_000 })
      .toBe('14 messages')
    await expect
      .poll(() => readNumber(page.locator(byTestId('total-tokens'))))
      .toBeGreaterThan(total)
    // Still the session the row opened, and still followed.
    expect(await page.locator(byTestId('session-select')).inputValue()).toBe(
      'ses_3f1a2b4c5ffeWx8Kq2Lm9Np0Rt',
    )
    expect(await page.locator(byTestId('live-toggle')).getAttribute('aria-pressed')).toBe('true')
    await screenshot(page, 'sessions-opencode-followed')
    expect(pageErrors).toEqual([])
  })
})
