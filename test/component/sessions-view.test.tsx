import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { SessionRow } from '../../electron/contract'
import { App } from '../../renderer/App'
import { SESSION_PAGE } from '../../renderer/components/SessionsView'
import { NO_SESSIONS_REASON } from '../../renderer/store/sessions-slice'
import { claudeCodeAgent } from '../unit/helpers/claude-code-agent'
import { fakeApi, type FakeApi } from './fake-api'
import { makeStore, renderWithStore } from './fixtures'

const NOW = Date.now()
const ago = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString()

const row = (id: string, patch: Partial<SessionRow>): SessionRow => ({
  id,
  engine: 'claude-code',
  engineLabel: 'Claude Code',
  format: 'claude-code',
  project: `/home/ana/${id}`,
  started: ago(600),
  lastActive: ago(60),
  size: 2048,
  model: 'claude-sonnet-4-5',
  ...patch,
})

// A Codex session is the newest of all; of the Claude Code ones, "ledger" (5 minutes ago) is.
const ROWS: SessionRow[] = [
  row('codex-1', {
    engine: 'codex',
    engineLabel: 'Codex CLI',
    format: 'codex',
    project: '/home/ana/payments',
    lastActive: ago(1),
    size: 900_000,
    model: 'gpt-5-codex',
  }),
  row('ledger', { lastActive: ago(5), size: 4200 }),
  row('upload-svc', { lastActive: ago(3 * 24 * 60), size: 12_000_000 }),
]

// Three turns of four lines: twelve events, the count a session row gives for it.
function ledgerFile() {
  const agent = claudeCodeAgent({
    sessionId: '7f3a9c1e-2b4d-4e8f-a1c3-5d7e9f0b2a4c',
    cwd: '/home/ana/ledger',
    model: 'claude-sonnet-4-5-20250929',
    start: new Date(NOW - 10 * 60_000),
  })
  const text = [1, 2, 3]
    .map((n) => agent.turn(n, `Turn ${n}: check the rounding`, `src/p${n}.ts`, 3, `Done ${n}.`))
    .join('')
  return {
    token: 'ledger-token',
    path: '/home/ana/.claude/projects/-home-ana-ledger/7f3a9c1e.jsonl',
    name: '7f3a9c1e.jsonl',
    content: new TextEncoder().encode(text),
  }
}

function sessionsApi(rows: SessionRow[] = ROWS) {
  const api = fakeApi()
  api.sessionRows = rows
  for (const r of rows) api.sessionFiles.set(r.id, { ...ledgerFile(), name: `${r.id}.jsonl` })
  api.sessionFiles.set('ledger', ledgerFile())
  const asked: string[] = []
  api.sessionCounts = async (id) => {
    asked.push(id)
    return { ok: true, value: { messages: id.length, compactions: id === 'ledger' ? 1 : 0 } }
  }
  return { api, asked }
}

async function openView(api: FakeApi) {
  const { store } = makeStore(api)
  renderWithStore(<App />, store)
  fireEvent.click(screen.getByTestId('sessions-button'))
  await waitFor(() => expect(screen.getAllByTestId('session-row').length).toBeGreaterThan(0))
  return store
}

const projects = () =>
  screen.getAllByTestId('session-row').map((tr) => within(tr).getAllByRole('cell')[1].textContent)

describe('the Sessions view', () => {
  it('lists every session with its engine, project, times, size, counts and model', async () => {
    const { api } = sessionsApi()
    await openView(api)
    const rows = screen.getAllByTestId('session-row')
    // Newest activity first, as the host lists them.
    expect(projects()).toEqual(['/home/ana/payments', '/home/ana/ledger', '/home/ana/upload-svc'])
    const cells = within(rows[1])
      .getAllByRole('cell')
      .map((c) => c.textContent)
    expect(cells[0]).toBe('Claude Code')
    expect(cells[2]).toBe('10 h ago')
    expect(cells[3]).toBe('5 min ago')
    expect(cells[4]).toBe('4.2 kB')
    // 'ledger' is six characters long: the fake host's message count; one compaction.
    await waitFor(() =>
      expect(within(rows[1]).getByTestId('session-messages').textContent).toBe('6'),
    )
    expect(within(rows[1]).getByTestId('session-compactions').textContent).toBe('1')
    expect(cells[7]).toBe('claude-sonnet-4-5')
    // The exact time is on hover.
    expect(within(rows[1]).getByTestId('session-last-active').title).toBe(
      new Date(ROWS[1].lastActive).toLocaleString(),
    )
  })

  it('asks for counts only for the rows it draws', async () => {
    const many = Array.from({ length: SESSION_PAGE + 30 }, (_, i) =>
      row(`s${String(i).padStart(3, '0')}`, { lastActive: ago(i + 1) }),
    )
    const { api, asked } = sessionsApi(many)
    await openView(api)
    await waitFor(() => expect(asked.length).toBe(SESSION_PAGE))
    expect(new Set(asked)).toEqual(new Set(many.slice(0, SESSION_PAGE).map((r) => r.id)))
    fireEvent.click(screen.getByText('Show more (30 not shown)'))
    await waitFor(() => expect(asked.length).toBe(SESSION_PAGE + 30))
  })

  it('opens the newest Claude Code session in one click, not the newest session', async () => {
    const { api } = sessionsApi()
    const store = await openView(api)
    fireEvent.click(screen.getByTestId('open-latest-session'))
    await waitFor(() => expect(screen.queryByTestId('sessions-view')).toBeNull())
    expect(screen.getByTestId('file-name').textContent).toBe('7f3a9c1e.jsonl')
    expect(store.getState().format).toBe('claude-code')
    // Three turns of prompt, tool call, result and reply.
    expect(store.getState().messages.length).toBe(12)
  })

  it('searches by project, filters by engine and date, and sorts by size', async () => {
    const { api } = sessionsApi()
    await openView(api)
    fireEvent.change(screen.getByTestId('sessions-search'), { target: { value: 'LEDGER' } })
    expect(projects()).toEqual(['/home/ana/ledger'])
    fireEvent.change(screen.getByTestId('sessions-search'), { target: { value: '' } })
    fireEvent.change(screen.getByTestId('sessions-engine'), { target: { value: 'codex' } })
    expect(projects()).toEqual(['/home/ana/payments'])
    fireEvent.change(screen.getByTestId('sessions-engine'), { target: { value: '' } })
    fireEvent.change(screen.getByTestId('sessions-since'), { target: { value: 'day' } })
    expect(projects()).toEqual(['/home/ana/payments', '/home/ana/ledger'])
    fireEvent.change(screen.getByTestId('sessions-since'), { target: { value: 'any' } })
    fireEvent.change(screen.getByTestId('sessions-sort'), { target: { value: 'size' } })
    expect(projects()).toEqual(['/home/ana/upload-svc', '/home/ana/payments', '/home/ana/ledger'])
    fireEvent.change(screen.getByTestId('sessions-search'), {
      target: { value: 'nothing-like-it' },
    })
    expect(screen.getByTestId('sessions-empty').textContent).toBe('No session matches: 3 in all.')
  })

  it('moves with the arrow keys, opens with Enter, and closes with Escape', async () => {
    const { api } = sessionsApi()
    await openView(api)
    const rows = screen.getAllByTestId('session-row')
    act(() => rows[0].focus())
    fireEvent.keyDown(rows[0], { key: 'ArrowDown' })
    expect(document.activeElement).toBe(rows[1])
    fireEvent.keyDown(rows[1], { key: 'End' })
    expect(document.activeElement).toBe(rows[2])
    fireEvent.keyDown(rows[2], { key: 'Escape' })
    expect(screen.queryByTestId('sessions-view')).toBeNull()
    // Back on the button that opened it.
    expect(document.activeElement).toBe(screen.getByTestId('sessions-button'))

    // Opened again from the desktop app's menu (its Ctrl/Cmd+Shift+O).
    await act(async () => api.sendMenuCommand('sessions'))
    await waitFor(() => expect(screen.getAllByTestId('session-row').length).toBe(3))
    const again = screen.getAllByTestId('session-row')
    act(() => again[1].focus())
    fireEvent.keyDown(again[1], { key: 'Enter' })
    await waitFor(() => expect(screen.getByTestId('file-name').textContent).toBe('7f3a9c1e.jsonl'))
  })

  it('says so when there are no sessions, or the host cannot list them', async () => {
    const { api } = sessionsApi([])
    await (async () => {
      const { store } = makeStore(api)
      renderWithStore(<App />, store)
      fireEvent.click(screen.getByTestId('sessions-button'))
    })()
    await waitFor(() =>
      expect(screen.getByTestId('sessions-empty').textContent).toMatch(/^No sessions were found/),
    )
    expect(screen.getByTestId('open-latest-session')).toHaveProperty('disabled', true)
  })

  it("shows the host's error as text", async () => {
    const api = fakeApi()
    api.listSessions = async () => ({
      ok: false,
      error: '/home/ana/.claude: <b>permission</b> denied',
    })
    const { store } = makeStore(api)
    renderWithStore(<App />, store)
    fireEvent.click(screen.getByTestId('sessions-button'))
    await waitFor(() =>
      expect(screen.getByTestId('sessions-error').textContent).toBe(
        '/home/ana/.claude: <b>permission</b> denied',
      ),
    )
  })

  it('is not offered on a page that cannot see sessions, and its shortcut says why', () => {
    const api = fakeApi('web')
    Object.assign(api, { sessions: false })
    const { store } = makeStore(api)
    renderWithStore(<App />, store)
    expect(screen.queryByTestId('sessions-button')).toBeNull()
    fireEvent.keyDown(window, { key: 'O', ctrlKey: true, shiftKey: true })
    expect(screen.queryByTestId('sessions-view')).toBeNull()
    expect(store.getState().toasts.map((t) => t.text)).toEqual([NO_SESSIONS_REASON])
  })
})

describe("a session's subagents", () => {
  // The ledger session with three subagents (the newest row of all is one of them), and a
  // subagent whose session is not listed (last active 11 h 39 min ago).
  const sub = (id: string, parentId: string | undefined, started: number, more = {}) =>
    row(id, {
      project: '/home/ana/ledger',
      started: ago(started),
      lastActive: ago(started - 1),
      subagent: { agentId: id, ...(parentId ? { parentId } : {}), ...more },
    })
  const WITH_SUBAGENTS: SessionRow[] = [
    sub('a-late', 'ledger', 1.5),
    sub('a-first', 'ledger', 9, { agentType: 'Explore', description: 'Find the rounding' }),
    sub('a-mid', 'ledger', 8, { agentType: 'general-purpose' }),
    ...ROWS,
    sub('lone', undefined, 700, { agentType: 'Plan' }),
  ]
  const subRows = () =>
    screen
      .queryAllByTestId('session-subagent-row')
      .map((tr) => within(tr).getAllByRole('cell')[1].textContent)

  it('nests them under their session, shown with the toggle or the arrow keys', async () => {
    const { api } = sessionsApi(WITH_SUBAGENTS)
    await openView(api)
    // The sessions, and the subagent whose session is not listed, marked; no nested row yet.
    expect(projects()).toEqual([
      '/home/ana/payments',
      '/home/ana/ledger▸ 3 subagents',
      'subagent/home/ana/ledger',
      '/home/ana/upload-svc',
    ])
    expect(subRows()).toEqual([])
    const ledger = screen.getAllByTestId('session-row')[1]
    expect(ledger.getAttribute('aria-expanded')).toBe('false')
    expect(ledger.getAttribute('aria-label')).toBe(
      'Open Claude Code session in /home/ana/ledger; 3 subagents, shown with the right arrow',
    )
    fireEvent.click(within(ledger).getByTestId('session-subagents-toggle'))
    // In the order they started; the click did not open the session.
    expect(subRows()).toEqual(['Explore: Find the rounding', 'general-purpose', 'agent-a-late'])
    expect(screen.getByTestId('sessions-view')).toBeTruthy()
    // Left hides them again, Right shows them and then goes down into them, Left goes back up.
    act(() => ledger.focus())
    fireEvent.keyDown(ledger, { key: 'ArrowLeft' })
    expect(subRows()).toEqual([])
    fireEvent.keyDown(ledger, { key: 'ArrowRight' })
    expect(subRows()).toHaveLength(3)
    fireEvent.keyDown(ledger, { key: 'ArrowRight' })
    const first = screen.getAllByTestId('session-subagent-row')[0]
    expect(document.activeElement).toBe(first)
    expect(first.getAttribute('aria-label')).toBe(
      'Open subagent Explore: Find the rounding, of the Claude Code session in /home/ana/ledger',
    )
    fireEvent.keyDown(first, { key: 'ArrowLeft' })
    expect(document.activeElement).toBe(screen.getAllByTestId('session-row')[1])
    // Enter on a subagent's row opens its transcript.
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' })
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' })
    await waitFor(() => expect(screen.getByTestId('file-name').textContent).toBe('a-first.jsonl'))
  })

  it('opens the newest session in one click, never a newer subagent', async () => {
    const { api } = sessionsApi(WITH_SUBAGENTS)
    await openView(api)
    fireEvent.click(screen.getByTestId('open-latest-session'))
    await waitFor(() => expect(screen.queryByTestId('sessions-view')).toBeNull())
    expect(screen.getByTestId('file-name').textContent).toBe('7f3a9c1e.jsonl')
  })

  it('keeps a session when only a subagent’s log holds the searched text', async () => {
    const { api } = sessionsApi(WITH_SUBAGENTS)
    for (const r of WITH_SUBAGENTS) api.sessionFiles.set(r.id, { ...ledgerFile(), content: '-' })
    api.sessionFiles.set('a-mid', { ...ledgerFile(), content: 'CI run 918440223 failed' })
    await openView(api)
    fireEvent.change(screen.getByTestId('sessions-log-text'), { target: { value: '918440223' } })
    fireEvent.click(screen.getByTestId('sessions-log-search'))
    await waitFor(() => expect(projects()).toEqual(['/home/ana/ledger▸ 3 subagents']))
    expect(screen.getByTestId('sessions-log-status').textContent).toBe(
      '“918440223” is in 1 of 7 logs',
    )
  })
})

describe("searching the logs' text", () => {
  it('keeps the sessions whose log holds the text, says how many, and clears', async () => {
    const { api } = sessionsApi()
    // Only the ledger session's log mentions the run id.
    api.sessionFiles.set('codex-1', { ...ledgerFile(), content: 'no such id here' })
    api.sessionFiles.set('upload-svc', { ...ledgerFile(), content: 'nor here' })
    api.sessionFiles.set('ledger', { ...ledgerFile(), content: 'CI run 918440223 failed' })
    await openView(api)
    const field = screen.getByTestId('sessions-log-text')
    fireEvent.change(field, { target: { value: '918440223' } })
    fireEvent.click(screen.getByTestId('sessions-log-search'))
    await waitFor(() => expect(projects()).toEqual(['/home/ana/ledger']))
    expect(screen.getByTestId('sessions-log-status').textContent).toBe(
      '“918440223” is in 1 of 3 logs',
    )
    // Exact case, as the logs are read.
    fireEvent.change(field, { target: { value: 'ci RUN' } })
    fireEvent.submit(field.closest('form')!)
    await waitFor(() =>
      expect(screen.getByTestId('sessions-empty').textContent).toBe(
        'No session matches: 3 in all.',
      ),
    )
    fireEvent.change(field, { target: { value: '' } })
    await waitFor(() => expect(projects()).toHaveLength(3))
    expect(screen.getByTestId('sessions-log-status').textContent).toBe('')
  })

  it('says why when the host cannot search', async () => {
    const { api } = sessionsApi()
    api.searchSessions = async () => ({
      ok: false,
      error: 'Invalid request: the text to search for is over 200 characters',
    })
    await openView(api)
    fireEvent.change(screen.getByTestId('sessions-log-text'), { target: { value: 'x' } })
    fireEvent.click(screen.getByTestId('sessions-log-search'))
    await waitFor(() =>
      expect(screen.getByTestId('sessions-log-error').textContent).toMatch(/over 200 characters/),
    )
    expect(projects()).toHaveLength(3)
  })
})

describe('the shortcut in the page serve serves', () => {
  it('opens the Sessions view with Ctrl+Shift+O, and closes it with a second', async () => {
    const { api } = sessionsApi()
    const { store } = makeStore({ ...api, host: 'web' })
    renderWithStore(<App />, store)
    fireEvent.keyDown(window, { key: 'O', ctrlKey: true, shiftKey: true })
    await waitFor(() => expect(screen.getAllByTestId('session-row').length).toBe(3))
    fireEvent.keyDown(window, { key: 'O', ctrlKey: true, shiftKey: true })
    await waitFor(() => expect(screen.queryByTestId('sessions-view')).toBeNull())
  })
})

describe("the desktop app's File menu", () => {
  it('opens the Sessions view with Sessions…, and closes it with a second', async () => {
    const { api } = sessionsApi()
    const { store } = makeStore(api)
    renderWithStore(<App />, store)
    await act(async () => api.sendMenuCommand('sessions'))
    await waitFor(() => expect(screen.getAllByTestId('session-row').length).toBeGreaterThan(0))
    await act(async () => api.sendMenuCommand('sessions'))
    await waitFor(() => expect(screen.queryByTestId('sessions-view')).toBeNull())
  })
})

describe('opening a session that cannot be read', () => {
  it('says why in the view, which stays open', async () => {
    const { api } = sessionsApi()
    api.sessionFiles.set('ledger', {
      token: 'bad',
      path: '/home/ana/.claude/projects/x/bad.jsonl',
      name: 'bad.jsonl',
      content: new TextEncoder().encode('{"type":"user",'),
    })
    await openView(api)
    fireEvent.click(screen.getByTestId('open-latest-session'))
    await waitFor(() =>
      expect(screen.getByTestId('session-open-error').textContent).toMatch(/^bad\.jsonl/),
    )
    expect(screen.getByTestId('sessions-view')).toBeTruthy()
  })
})
