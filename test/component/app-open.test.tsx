import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { App } from '../../renderer/App'
import { fakeApi } from './fake-api'
import { RUN_FILE, conversationFile, makeStore, renderWithStore } from './fixtures'

const asFile = (opened: { name: string; content: string }) =>
  new File([opened.content], opened.name, { type: 'application/json' })

describe('opening files in the window', () => {
  it('opens the file chosen in the web file input', async () => {
    const user = userEvent.setup()
    const { store } = makeStore(fakeApi('web'))
    renderWithStore(<App />, store)
    expect(screen.getByTestId('file-name').textContent).toBe('sample.json')
    await user.upload(screen.getByTestId('open-file') as HTMLInputElement, asFile(RUN_FILE))
    // The previous file's name is on screen until the new one loads: wait for the change.
    await waitFor(() => expect(screen.getByTestId('file-name').textContent).toBe('run.json'))
    expect(screen.getAllByTestId('message-row')).toHaveLength(10)
  })

  it('shows a parse error with its location and keeps the conversation on screen', async () => {
    const user = userEvent.setup()
    const { store } = makeStore(fakeApi('web'))
    renderWithStore(<App />, store)
    const malformed = conversationFile('malformed.json')
    await user.upload(screen.getByTestId('open-file') as HTMLInputElement, asFile(malformed))
    const error = await screen.findByTestId('error')
    expect(error.textContent).toMatch(/^malformed\.json: line 12, column 7: /)
    expect(screen.getByTestId('file-name').textContent).toBe('sample.json')
    expect(screen.getAllByTestId('message-row').length).toBeGreaterThan(0)
    await user.click(screen.getByRole('button', { name: 'Dismiss the error' }))
    expect(screen.queryByTestId('error')).toBeNull()
  })

  it('opens a file dropped on the window, with an overlay while it is dragged', async () => {
    const { store } = makeStore()
    renderWithStore(<App />, store)
    const dataTransfer = { types: ['Files'], files: [asFile(RUN_FILE)] }
    fireEvent.dragEnter(window, { dataTransfer })
    expect(screen.getByTestId('drop-overlay')).toBeTruthy()
    await act(async () => {
      fireEvent.drop(window, { dataTransfer })
    })
    expect(screen.queryByTestId('drop-overlay')).toBeNull()
    await waitFor(() => expect(screen.getByTestId('file-name').textContent).toBe('run.json'))
  })

  it('opens a file the host pushes, and a recent file by the token the host gave it', async () => {
    const user = userEvent.setup()
    const api = fakeApi()
    api.recent = [{ token: 'short-json-token', name: 'short.json', path: '/work/short.json' }]
    api.files.set('short-json-token', conversationFile('short.json'))
    const { store } = makeStore(api)
    renderWithStore(<App />, store)
    await act(async () => api.pushFile({ ok: true, value: RUN_FILE }))
    expect(screen.getByTestId('file-name').textContent).toBe('run.json')

    await user.click(screen.getByText('Recent'))
    await user.click(await screen.findByRole('menuitem', { name: '/work/short.json' }))
    await waitFor(() => expect(screen.getByTestId('file-name').textContent).toBe('short.json'))
  })
})

describe('keyboard shortcuts', () => {
  it('"?" shows the shortcuts, Escape closes them, "/" focuses the model search', async () => {
    const user = userEvent.setup()
    const { store } = makeStore()
    renderWithStore(<App />, store)
    await user.keyboard('?')
    expect(screen.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeTruthy()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    await user.keyboard('/')
    expect(document.activeElement).toBe(screen.getByTestId('model-select'))
  })

  it('Ctrl+Enter applies the pasted summary', async () => {
    const user = userEvent.setup()
    const { store } = makeStore()
    renderWithStore(<App />, store)
    await user.click(screen.getByTestId('summary-input'))
    await user.paste('The agent fixed the Berlin due date.')
    await user.keyboard('{Control>}{Enter}{/Control}')
    expect(screen.getAllByTestId('applied-row').length).toBeGreaterThan(0)
  })
})
