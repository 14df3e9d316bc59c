import { fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { Header } from '../../renderer/components/Header'
import { applyWal } from '../../src/index'
import { fakeApi } from './fake-api'
import { makeStore, renderWithStore } from './fixtures'

// testdata/sqlite/opencode.db with its log (scripts/make-sqlite-fixtures.py): its latest session
// (MAIN) holds 9 stored messages, an older one (OLDER) 2: "Rename loadCfg to loadConfig." and
// its reply.
const SQLITE = join(import.meta.dirname, '../../testdata/sqlite')
const OLDER = 'ses_2a0000000001Older0000000001'
const opencodeDb = () => {
  const bytes = applyWal(
    readFileSync(join(SQLITE, 'opencode.db')),
    readFileSync(join(SQLITE, 'opencode.db-wal')),
  ).bytes
  return new Uint8Array(bytes) as Uint8Array<ArrayBuffer>
}

const menu = () => screen.getByTestId('recent-files') as HTMLDetailsElement

describe('the Recent menu', () => {
  it('closes on Escape, with focus back on its button', async () => {
    const user = userEvent.setup()
    const { store } = makeStore(fakeApi('web'))
    renderWithStore(<Header />, store)
    await user.click(screen.getByText('Recent'))
    await waitFor(() => expect(menu().open).toBe(true))
    await user.keyboard('{Escape}')
    await waitFor(() => expect(menu().open).toBe(false))
    expect(document.activeElement?.textContent).toBe('Recent')
  })

  it('closes on a click outside it, and stays open on a click inside', async () => {
    const user = userEvent.setup()
    const { store } = makeStore(fakeApi('web'))
    renderWithStore(<Header />, store)
    await user.click(screen.getByText('Recent'))
    await waitFor(() => expect(menu().open).toBe(true))
    fireEvent.pointerDown(menu().querySelector('.popover')!)
    expect(menu().open).toBe(true)
    fireEvent.pointerDown(screen.getByText('Compaction Inspector'))
    await waitFor(() => expect(menu().open).toBe(false))
  })

  it('names a recent session by its title where main read one, above its path', async () => {
    const user = userEvent.setup()
    const api = fakeApi('electron')
    const log = '/home/u/.claude/projects/-home-u-app/5c0f3d2e.jsonl'
    const db = '/home/u/.local/share/opencode/opencode.db'
    api.recent = [
      { token: 't1', name: '5c0f3d2e.jsonl', path: log, title: 'Retry helper' },
      {
        token: 't2',
        name: 'opencode.db',
        path: db,
        session: OLDER,
        title: 'Rename the config loader',
      },
      { token: 't3', name: 'run.json', path: '/work/run.json' },
    ]
    const { store } = makeStore(api)
    await store.getState().refreshRecent()
    renderWithStore(<Header />, store)
    await user.click(screen.getByText('Recent'))
    expect(screen.getAllByTestId('recent-title').map((e) => e.textContent)).toEqual([
      'Retry helper',
      'Rename the config loader',
    ])
    // A titled database's session is named by its title, not its id.
    expect(
      screen
        .getAllByRole('menuitem')
        .slice(0, 3)
        .map((e) => e.textContent),
    ).toEqual([`Retry helper${log}`, `Rename the config loader${db}`, '/work/run.json'])
  })

  it('reopens a database at the session it showed last, and remembers the one switched to', async () => {
    const user = userEvent.setup()
    const api = fakeApi('electron')
    const path = '/home/u/.local/share/opencode/opencode.db'
    api.recent = [{ token: 'db-token', name: 'opencode.db', path, session: OLDER }]
    // A fresh copy each read: the page transfers the bytes to its worker.
    api.files.set('db-token', () => ({
      token: 'db-token',
      path,
      name: 'opencode.db',
      content: opencodeDb(),
    }))
    const { store } = makeStore(api)
    await store.getState().refreshRecent()
    renderWithStore(<Header />, store)
    await user.click(screen.getByText('Recent'))
    const item = await screen.findByRole('menuitem', { name: `${path} · session ${OLDER}` })
    await user.click(item)
    await waitFor(() => expect(store.getState().file.name).toBe('opencode.db'))
    expect(api.reopened).toEqual([['db-token', OLDER]])
    expect(store.getState().session).toBe(OLDER)
    expect(store.getState().messages.map((m) => m.text)).toContain('Rename loadCfg to loadConfig.')
    // Read again at another session (the picker): main is told which, to remember it.
    const latest = store.getState().sessions.find((s) => s.id !== OLDER && s.parent === undefined)!
    expect(await store.getState().reimportSession(latest.id)).toBe(true)
    expect(api.reopened.at(-1)).toEqual(['db-token', latest.id])
    expect(store.getState().session).toBe(latest.id)
    // Read again as a format chosen by name: still that session, not the database's latest.
    await store.getState().reimportSession(OLDER)
    expect(await store.getState().reimportAs('opencode-db')).toBe(true)
    expect(api.reopened.at(-1)).toEqual(['db-token', OLDER])
    expect(store.getState().session).toBe(OLDER)
    expect(store.getState().requestedFormat).toBe('opencode-db')
  })
})
