import { act, render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { UsageComparison } from '../../src'
import { Controls } from '../../renderer/components/Controls'
import { Header } from '../../renderer/components/Header'
import { LoadProgress } from '../../renderer/components/LoadProgress'
import { MessageList } from '../../renderer/components/MessageList'
import { describeTally } from '../../renderer/components/ReportNotes'
import { requestLabel } from '../../renderer/components/RequestPicker'
import { UsageTable } from '../../renderer/components/UsageTable'
import { fakeApi } from './fake-api'
import { makeStore, renderWithStore } from './fixtures'

// 4,000 short turns, user and bot in turn: enough for every count below to need a separator.
const MESSAGES = Array.from({ length: 4000 }, (_, i) => ({
  id: `m${i}`,
  type: i % 2 === 0 ? 'user' : 'bot',
  text: `turn ${i}`,
}))

function longRun() {
  const { store } = makeStore(fakeApi('web'))
  store.getState().loadFile({
    path: '/work/long.json',
    name: 'long.json',
    content: JSON.stringify({ messages: MESSAGES }),
  })
  store.getState().setOptionInput('maxTokens', '50')
  return store
}

describe('counts on screen, grouped in thousands', () => {
  it('in the header, the split and the derived KeepRecentCount', async () => {
    const store = longRun()
    renderWithStore(
      <>
        <Header />
        <Controls />
        <MessageList />
      </>,
      store,
    )
    await waitFor(() => expect(screen.getByText('4,000 messages')).toBeTruthy())
    // Derived: max(1, ⌊4,000 × 0.25⌋) = 1,000. Set to 3,990, the head is 10: the list draws only
    // the rows in view, and the boundary after row 9 is among them.
    expect(screen.getByText('unset, so derived: 1,000')).toBeTruthy()
    act(() => store.getState().setOptionInput('keepRecentCount', '3990'))
    // Counting 4,000 messages on a busy machine takes a while: the wait is for the counts, not a limit.
    await waitFor(() => expect(screen.getByTestId('split-boundary')).toBeTruthy(), {
      timeout: 25_000,
    })
    expect(screen.getByTestId('split-boundary').textContent).toBe(
      '▲ head: 10 summarised or hoisted▼ kept: hoisted instructions, then the last 3,990',
    )
    expect(screen.getByText('derived: 1,000; clear to use it')).toBeTruthy()
  })

  it('in the counting progress', () => {
    const { store } = makeStore(fakeApi('web'))
    renderWithStore(<LoadProgress />, store)
    act(() =>
      store.setState({
        reading: null,
        partialCounts: {
          messages: [],
          key: 'k',
          perMessage: new Array(40_000).fill(undefined),
          counted: 29_687,
          running: false,
        },
      } as never),
    )
    expect(screen.getByTestId('counts-partial').textContent).toContain(
      'Counts are partial: 29,687 of 40,000 messages counted',
    )
  })

  it('in the reported usage table, the request picker and the import report', () => {
    const comparison = {
      rows: [
        {
          request: 1,
          prompt: 1234,
          at: 'line 2',
          estimated: 4690863,
          reported: 4700000,
          ratio: 1,
          incrementRatio: null,
        },
      ],
      hiddenTokens: 0,
      hiddenAt: 'line 2',
      calibration: {},
    } as unknown as UsageComparison
    const { container } = render(
      <UsageTable comparison={comparison} includeHidden={false} model="claude-sonnet-4-5" />,
    )
    const cells = [...container.querySelectorAll('tbody td')].map((td) => td.textContent)
    expect(cells.slice(0, 5)).toEqual(['1', 'line 2', '1,234', '4,700,000', '4,690,863'])

    expect(requestLabel({ index: 12, model: 'gpt-4o', messages: 2048 })).toBe(
      'Request 12 · gpt-4o · 2,048 messages',
    )
    expect(
      describeTally([
        { severity: 'warning', path: 'messages', problem: 'an image', count: 1500 },
        { severity: 'info', path: 'meta', problem: 'set aside', count: 12000 },
      ]),
    ).toBe('1,500 warnings · 12,000 notes')
  })
})
