import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PanelBoundary } from '../../renderer/components/PanelBoundary'
import { render } from '@testing-library/react'

let broken = true
function Fragile() {
  if (broken) throw new Error('row 7 has no text')
  return <p>panel content</p>
}

describe('the panel error boundary', () => {
  // React reports caught render errors on the console; the boundary's own report is expected here.
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}))
  afterEach(() => vi.restoreAllMocks())

  it('shows the fault instead of the panel, keeps its siblings, and reloads the panel', async () => {
    const user = userEvent.setup()
    broken = true
    render(
      <>
        <PanelBoundary name="conversation">
          <Fragile />
        </PanelBoundary>
        <p>the rest of the window</p>
      </>,
    )
    expect(screen.getByTestId('panel-error').textContent).toContain(
      'The conversation panel failed: row 7 has no text',
    )
    expect(screen.getByText('the rest of the window')).toBeTruthy()

    broken = false
    await user.click(screen.getByRole('button', { name: 'Reload panel' }))
    expect(screen.getByText('panel content')).toBeTruthy()
    expect(screen.queryByTestId('panel-error')).toBeNull()
  })
})
