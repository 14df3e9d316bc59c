import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'

import { describe, expect, it } from 'vitest'
import { SummaryPanel } from '../../renderer/components/SummaryPanel'
import { RUN, referenceCounts, renderWithStore, runStore, sum } from './fixtures'

const SUMMARY =
  '## Discussed\nBerlin invoice totals.\n\n## Ongoing\nOpen the PR for src/billing/total.ts.'

describe('pasting and applying a summary', () => {
  it('shows instructions, then the summary, then the tail, with the new total', async () => {
    const user = userEvent.setup()
    const { store } = runStore()
    renderWithStore(<SummaryPanel />, store)
    await user.click(screen.getByTestId('summary-input'))
    await user.paste(SUMMARY)
    await user.click(screen.getByTestId('apply-summary'))

    const rows = screen.getAllByTestId('applied-row')
    // By hand: the hoisted sys and rem, the summary, then the kept b2 and u3.
    expect(rows.map((r) => r.getAttribute('data-type'))).toEqual([
      'instructions',
      'instructions',
      'context',
      'bot',
      'user',
    ])
    expect(rows[2].getAttribute('data-summary')).toBe('true')
    expect(rows[2].textContent).toContain('replaces 6')
    const kept = [RUN[0], RUN[3], { text: SUMMARY }, RUN[8], RUN[9]]
    const tokens = referenceCounts(kept)
    expect(rows.map((r) => Number(r.getAttribute('data-tokens')))).toEqual(tokens)
    expect(screen.getByTestId('applied-total-tokens').textContent).toBe(String(sum(tokens)))
    // Counts before and after: 10 → 5 messages.
    expect(screen.getByTestId('applied-count').textContent).toBe('5')
    expect(screen.getByTestId('applied-result').textContent).toContain(
      String(sum(referenceCounts(RUN))),
    )
  })

  it('shows the core’s error for an empty summary and applies nothing', async () => {
    const user = userEvent.setup()
    const { store } = runStore()
    renderWithStore(<SummaryPanel />, store)
    await user.click(screen.getByTestId('apply-summary'))
    expect(screen.getByTestId('apply-error').textContent).toBe('summary: the summary text is empty')
    expect(screen.queryByTestId('applied-row')).toBeNull()
  })

  it('refuses to apply when the check declines, as the CLI does, and says why', async () => {
    const user = userEvent.setup()
    const { store } = runStore()
    renderWithStore(<SummaryPanel />, store)
    await user.click(screen.getByTestId('summary-input'))
    await user.paste(SUMMARY)
    // A budget far above the run's total: below the threshold, so nothing is summarised.
    act(() => store.getState().setOptionInput('maxTokens', '1000000'))
    expect((screen.getByTestId('apply-summary') as HTMLButtonElement).disabled).toBe(true)
    act(() => store.getState().applySummary())
    expect(screen.getByTestId('apply-error').textContent).toMatch(/^Nothing to apply: .*below/)
    expect(screen.queryByTestId('applied-row')).toBeNull()
  })

  it('follows the controls after applying: a different split gives a different result', async () => {
    const user = userEvent.setup()
    const { store } = runStore()
    renderWithStore(<SummaryPanel />, store)
    await user.click(screen.getByTestId('summary-input'))
    await user.paste(SUMMARY)
    await user.click(screen.getByTestId('apply-summary'))
    act(() => store.getState().setOptionInput('keepRecentCount', '5'))
    // Keep 5: head 0–4 hoists sys and rem; the kept tail is 5–9.
    expect(screen.getAllByTestId('applied-row').map((r) => r.getAttribute('data-type'))).toEqual([
      'instructions',
      'instructions',
      'context',
      'reasoning',
      'telemetry',
      'user',
      'bot',
      'user',
    ])
  })
})
