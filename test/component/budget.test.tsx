import { act, screen } from '@testing-library/react'

import { describe, expect, it } from 'vitest'
import { Budget } from '../../renderer/components/Budget'
import { Decision } from '../../renderer/components/Decision'
import { RUN, referenceCounts, renderWithStore, runStore, sum } from './fixtures'

describe('the budget bar and the decision', () => {
  it('shows the total tiktoken gives and the threshold MaxTokens × TriggerRatio', () => {
    const { store } = runStore()
    renderWithStore(
      <>
        <Budget />
        <Decision />
      </>,
      store,
    )
    const total = sum(referenceCounts(RUN))
    expect(screen.getByTestId('total-tokens').textContent).toBe(String(total))
    // MaxTokens 50 × the default ratio 0.9.
    expect(screen.getByTestId('threshold-tokens').textContent).toBe('45')
    expect(screen.getByRole('meter').getAttribute('aria-valuenow')).toBe(String(total))
    expect(screen.getByTestId('decision').getAttribute('data-should-compact')).toBe('true')
  })

  it('moves to under the threshold, and says why it declines, when MaxTokens grows', () => {
    const { store } = runStore()
    renderWithStore(
      <>
        <Budget />
        <Decision />
      </>,
      store,
    )
    act(() => store.getState().setOptionInput('maxTokens', '10000'))
    expect(screen.getByTestId('threshold-tokens').textContent).toBe('9,000')
    expect(document.querySelector('.budget')?.getAttribute('data-state')).toBe('under')
    const decision = screen.getByTestId('decision')
    expect(decision.getAttribute('data-should-compact')).toBe('false')
    expect(decision.textContent).toMatch(/below the trigger threshold/)
  })

  it('marks a total over MaxTokens as over, not merely over the threshold', () => {
    const { store } = runStore()
    renderWithStore(<Budget />, store)
    expect(document.querySelector('.budget')?.getAttribute('data-state')).toBe('over-max')
    const total = sum(referenceCounts(RUN))
    // Between the threshold (0.9 × MaxTokens) and MaxTokens itself.
    act(() => store.getState().setOptionInput('maxTokens', String(total + 1)))
    expect(document.querySelector('.budget')?.getAttribute('data-state')).toBe('over-threshold')
  })
})

describe('numbers on screen', () => {
  it('are grouped in thousands, and the threshold shown without float noise', () => {
    // 2,708 × 0.9 is 2437.2000000000003 as a double: people read 2,437.2.
    const { store } = runStore()
    act(() => store.getState().setOptionInput('maxTokens', '2708'))
    renderWithStore(<Budget />, store)
    expect(screen.getByTestId('threshold-tokens').textContent).toBe('2,437.2')
  })
})
