import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { App } from '../../renderer/App'
import { conversationFile, makeStore, renderWithStore } from './fixtures'

describe('conversation text holding HTML and script', () => {
  it('is shown literally: no element is created and nothing runs', async () => {
    const user = userEvent.setup()
    const { store } = makeStore()
    store.getState().loadFile(conversationFile('html-injection.json'))
    const { container } = renderWithStore(<App />, store)
    const rows = screen.getAllByTestId('message-row')
    for (const index of [1, 2, 4]) await user.click(within(rows[index]).getByRole('button'))

    const texts = [...container.querySelectorAll('pre')].map((pre) => pre.textContent)
    expect(texts).toContain('<script>window.__pwned=1</script>')
    expect(texts).toContain('<img src=x onerror="window.__pwned=2">')
    // A payload opens formatted: indented, its markup still text.
    expect(texts).toContain('{\n  "html": "<img src=x onerror=\\"window.__pwned=3\\">"\n}')
    expect(within(rows[3]).getByText('<b>bold</b>')).toBeTruthy()
    expect(container.querySelector('img, script, b')).toBeNull()
    expect((window as { __pwned?: unknown }).__pwned).toBeUndefined()
  })
})
