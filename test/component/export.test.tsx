import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { applySummary, serializeConversation } from '../../src'
import { App } from '../../renderer/App'
import { fakeApi } from './fake-api'
import { RUN, renderWithStore, runStore } from './fixtures'

const SUMMARY = 'The Berlin total was rounded before tax; fixed in src/billing/total.ts.'

describe('export', () => {
  it('is unavailable until a summary is applied', () => {
    const { store } = runStore()
    renderWithStore(<App />, store)
    expect((screen.getByTestId('export') as HTMLButtonElement).disabled).toBe(true)
  })

  it('saves exactly serializeConversation(applySummary(…)) under <name>.compacted.json', async () => {
    const user = userEvent.setup()
    const api = fakeApi()
    const { store } = runStore(api)
    renderWithStore(<App />, store)
    await user.click(screen.getByTestId('summary-input'))
    await user.paste(SUMMARY)
    await user.click(screen.getByTestId('apply-summary'))
    await user.click(screen.getByTestId('export'))

    // The split of RUN by hand: keep = hoisted sys, rem, then b2, u3; the head is the other six.
    const keep = [RUN[0], RUN[3], RUN[8], RUN[9]]
    const head = [RUN[1], RUN[2], RUN[4], RUN[5], RUN[6], RUN[7]]
    expect(api.exports).toEqual([
      {
        suggestedName: 'run.compacted.json',
        text: serializeConversation(applySummary(keep, SUMMARY, head)),
        source: 'run-json-token',
      },
    ])
    expect((await screen.findByTestId('toast')).textContent).toContain(
      'Exported to /exports/run.compacted.json',
    )
  })

  it('answers the menu’s Export and Apply commands', async () => {
    const api = fakeApi()
    const { store } = runStore(api)
    renderWithStore(<App />, store)
    act(() => store.getState().setSummaryText(SUMMARY))
    await act(async () => api.sendMenuCommand('apply-summary'))
    expect(screen.getAllByTestId('applied-row')).toHaveLength(5)
    await act(async () => api.sendMenuCommand('export'))
    expect(api.exports).toHaveLength(1)
  })
})
