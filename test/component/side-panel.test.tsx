import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { App } from '../../renderer/App'
import { SIDE_WIDTH_MAX, SIDE_WIDTH_MIN } from '../../renderer/store/layout-slice'
import { makeStore, renderWithStore, runStore } from './fixtures'

const selectedTab = () => screen.getByRole('tab', { selected: true }).textContent
const shownPanel = () =>
  ['findings', 'prompt', 'summary', 'engines'].filter(
    (tab) => !(screen.getByTestId(`tabpanel-${tab}`) as HTMLElement).hidden,
  )

describe('the side panel’s tabs', () => {
  it('opens on Findings; arrows move along the tabs and show one panel at a time', async () => {
    const user = userEvent.setup()
    const { store } = makeStore()
    renderWithStore(<App />, store)
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Findings',
      'Prompt',
      'Summary and result',
      'Engines',
    ])
    expect(selectedTab()).toBe('Findings')
    expect(shownPanel()).toEqual(['findings'])
    await user.click(screen.getByRole('tab', { name: 'Findings' }))
    await user.keyboard('{ArrowRight}')
    expect(selectedTab()).toBe('Prompt')
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Prompt' }))
    expect(shownPanel()).toEqual(['prompt'])
    await user.keyboard('{ArrowLeft}{ArrowLeft}')
    expect(selectedTab()).toBe('Engines')
    await user.keyboard('{ArrowLeft}')
    expect(selectedTab()).toBe('Summary and result')
    expect(store.getState().layout.sideTab).toBe('summary')
  })

  it('Alt+1 to Alt+4 open the tabs, by the key’s place, from anywhere', () => {
    const { store } = makeStore()
    renderWithStore(<App />, store)
    // On a Mac, Alt+2 types '™': the key's code is what counts.
    fireEvent.keyDown(window, { key: '™', code: 'Digit2', altKey: true })
    expect(selectedTab()).toBe('Prompt')
    fireEvent.keyDown(screen.getByTestId('summary-input'), {
      key: '3',
      code: 'Digit3',
      altKey: true,
    })
    expect(selectedTab()).toBe('Summary and result')
    fireEvent.keyDown(window, { key: '4', code: 'Digit4', altKey: true })
    expect(selectedTab()).toBe('Engines')
    fireEvent.keyDown(window, { key: '1', code: 'Numpad1', altKey: true })
    expect(selectedTab()).toBe('Findings')
    // Without Alt, a digit is typing.
    fireEvent.keyDown(window, { key: '2', code: 'Digit2' })
    expect(selectedTab()).toBe('Findings')
  })

  it('Apply, from any tab, opens Summary and result: the result, or why there is none', () => {
    const { store } = runStore()
    renderWithStore(<App />, store)
    act(() => store.getState().applySummary())
    expect(selectedTab()).toBe('Summary and result')
    expect(screen.getByTestId('apply-error').textContent).toBe('summary: the summary text is empty')
    act(() => store.getState().setLayout({ sideTab: 'findings' }))
    act(() => store.getState().setSummaryText('The agent fixed the Berlin total.'))
    fireEvent.keyDown(window, { key: 'Enter', code: 'Enter', ctrlKey: true })
    expect(selectedTab()).toBe('Summary and result')
    expect(screen.getAllByTestId('applied-row').length).toBeGreaterThan(0)
  })

  it('the menu’s “focus the summary” opens its tab and focuses the text area', async () => {
    const { store, api } = makeStore()
    renderWithStore(<App />, store)
    act(() => api.sendMenuCommand('focus-summary'))
    expect(selectedTab()).toBe('Summary and result')
    // Focused once the tab is drawn, a frame later.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('summary-input')))
  })
})

describe('the side panel’s width', () => {
  it('is a separator the keys resize: ← widens, → narrows, Home and End go to the limits', async () => {
    const user = userEvent.setup()
    const { store } = makeStore()
    renderWithStore(<App />, store)
    const handle = screen.getByRole('separator', { name: 'Side panel width' })
    const start = store.getState().layout.sideWidth
    expect(handle.getAttribute('aria-valuenow')).toBe(String(start))
    expect(handle.getAttribute('aria-valuemin')).toBe(String(SIDE_WIDTH_MIN))
    expect(handle.getAttribute('aria-valuemax')).toBe(String(SIDE_WIDTH_MAX))
    act(() => handle.focus())
    expect(document.activeElement).toBe(handle)
    await user.keyboard('{ArrowLeft}')
    expect(store.getState().layout.sideWidth).toBe(start + 16)
    await user.keyboard('{ArrowLeft}{ArrowRight}')
    expect(store.getState().layout.sideWidth).toBe(start + 16)
    expect(handle.getAttribute('aria-valuenow')).toBe(String(start + 16))
    await user.keyboard('{Shift>}{ArrowRight}{/Shift}')
    expect(store.getState().layout.sideWidth).toBe(start + 16 - 64)
    await user.keyboard('{End}')
    expect(store.getState().layout.sideWidth).toBe(SIDE_WIDTH_MAX)
    await user.keyboard('{Home}')
    expect(store.getState().layout.sideWidth).toBe(SIDE_WIDTH_MIN)
    // Past the limit it stays at the limit.
    await user.keyboard('{ArrowRight}')
    expect(store.getState().layout.sideWidth).toBe(SIDE_WIDTH_MIN)
    fireEvent.doubleClick(handle)
    expect(store.getState().layout.sideWidth).toBe(start)
  })

  it('gives the workspace the stored width, for the CSS to lay the panes out by', () => {
    const { store } = makeStore()
    act(() => store.getState().setLayout({ sideWidth: 512 }))
    const { container } = renderWithStore(<App />, store)
    const workspace = container.querySelector<HTMLElement>('.workspace')!
    expect(workspace.style.getPropertyValue('--side-width')).toBe('512px')
  })

  it('lists the tab shortcuts in the help', async () => {
    const user = userEvent.setup()
    const { store } = makeStore()
    renderWithStore(<App />, store)
    await user.keyboard('?')
    const help = screen.getByRole('dialog', { name: 'Keyboard shortcuts' })
    expect(help.textContent).toContain('Alt + 1 / 2 / 3')
  })
})
