import { act, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Header } from '../../renderer/components/Header'
import { fakeApi } from './fake-api'
import { makeStore, renderWithStore } from './fixtures'

describe('the header', () => {
  it("shows the sample's hint only while the sample is over its threshold", async () => {
    // The bundled sample costs 1,900 tokens; it opens at MaxTokens 2,000 (threshold 1,800).
    const { store } = makeStore(fakeApi('web'))
    renderWithStore(<Header />, store)
    await waitFor(() =>
      expect(screen.getByTestId('sample-hint').textContent).toBe(
        'opened with MaxTokens 2,000, so it is over its threshold',
      ),
    )
    // At 100,000 the threshold is 90,000: the check declines and the hint would be stale.
    act(() => store.getState().setOptionInput('maxTokens', '100000'))
    await waitFor(() => expect(screen.queryByTestId('sample-hint')).toBeNull())
    act(() => store.getState().setOptionInput('maxTokens', '2000'))
    await waitFor(() => expect(screen.queryByTestId('sample-hint')).not.toBeNull())
    // With MaxTokens back at 2,000 but TriggerRatio 1 (threshold 2,000), it declines again.
    act(() => store.getState().setOptionInput('triggerRatio', '1'))
    await waitFor(() => expect(screen.queryByTestId('sample-hint')).toBeNull())
  })
})

describe('the header pickers', () => {
  it('are labelled on screen: "Read as" and "Export as"', () => {
    const { store } = makeStore(fakeApi('web'))
    renderWithStore(<Header />, store)
    expect(screen.getByLabelText('Read as')).toBe(screen.getByTestId('format-select'))
    expect(screen.getByLabelText('Export as')).toBe(screen.getByTestId('export-format'))
    expect(screen.getByText('Read as').tagName).toBe('LABEL')
  })
})
