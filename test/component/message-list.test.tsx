import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'

import { describe, expect, it } from 'vitest'
import { MessageList } from '../../renderer/components/MessageList'
import { fakeApi } from './fake-api'
import { RUN, RUN_BUCKETS, makeStore, referenceCounts, renderWithStore, runStore } from './fixtures'

const rows = () => screen.getAllByTestId('message-row')

describe('the conversation list', () => {
  it('shows every message with its index, id, type and tokens, in its bucket', () => {
    const { store } = runStore()
    renderWithStore(<MessageList />, store)
    const counts = referenceCounts(RUN)
    expect(rows().map((r) => r.getAttribute('data-index'))).toEqual(RUN.map((_, i) => String(i)))
    expect(rows().map((r) => r.getAttribute('data-bucket'))).toEqual(RUN_BUCKETS)
    expect(rows().map((r) => Number(r.getAttribute('data-tokens')))).toEqual(counts)
    const third = within(rows()[2])
    expect(third.getByText('b1')).toBeTruthy()
    expect(third.getByText('bot').className).toContain('type-bot')
    expect(third.getByText(String(counts[2]))).toBeTruthy()
    // An unknown type still gets a badge of its own.
    expect(within(rows()[6]).getByText('telemetry').className).toContain('type-unknown')
  })

  it('draws the boundary after the head and the hoisted instructions at the front of the tail', () => {
    const { store } = runStore()
    renderWithStore(<MessageList />, store)
    const boundary = screen.getByTestId('split-boundary')
    expect(boundary.getAttribute('data-head')).toBe('8')
    const ghosts = screen.getAllByTestId('hoisted-ghost')
    expect(ghosts.map((g) => g.getAttribute('data-index'))).toEqual(['0', '3'])
    // Document order: row 7, the boundary, the ghosts of 0 and 3, then row 8.
    const order = [rows()[7], boundary, ghosts[0], ghosts[1], rows()[8]]
    for (let i = 1; i < order.length; i++) {
      expect(
        order[i - 1].compareDocumentPosition(order[i]) & Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy()
    }
    expect(ghosts[0].textContent).toContain('→ hoisted to front')
  })

  it('draws no boundary when the check declines, and keeps everything', () => {
    const { store } = runStore()
    renderWithStore(<MessageList />, store)
    act(() => store.getState().setOptionInput('maxTokens', '100000'))
    expect(screen.queryByTestId('split-boundary')).toBeNull()
    expect(screen.queryByTestId('hoisted-ghost')).toBeNull()
    expect(rows().every((r) => r.getAttribute('data-bucket') === 'keep')).toBe(true)
  })

  it('expands a message on click or Enter to show its full text and payload as text', async () => {
    const user = userEvent.setup()
    const { store } = runStore()
    renderWithStore(<MessageList />, store)
    const line = within(rows()[4]).getByRole('button')
    await user.click(line)
    const detail = () => [...rows()[4].querySelectorAll('pre')].map((pre) => pre.textContent)
    // The payload opens formatted, and Raw shows the string exactly as the message carries it.
    expect(detail()).toEqual(['read_file request', '{\n  "path": "src/billing/total.ts"\n}'])
    await user.click(within(rows()[4]).getByRole('button', { name: 'Raw' }))
    expect(detail()).toEqual(['read_file request', '{"path":"src/billing/total.ts"}'])
    act(() => line.focus())
    expect(line.getAttribute('aria-expanded')).toBe('true')
    await user.keyboard('{Enter}')
    expect(rows()[4].querySelector('pre')).toBeNull()
  })
})

describe('an empty conversation', () => {
  it('says the file holds no messages instead of showing bare column headers', async () => {
    const { store } = makeStore(fakeApi('web'))
    renderWithStore(<MessageList />, store)
    expect(screen.queryByTestId('list-empty')).toBeNull()
    act(() => {
      void store.getState().loadFile({ path: null, name: 'empty.json', content: '[]' })
    })
    await waitFor(() =>
      expect(screen.getByTestId('list-empty').textContent).toContain(
        'empty.json holds no messages',
      ),
    )
    expect(screen.queryAllByTestId('message-row')).toHaveLength(0)
  })
})
