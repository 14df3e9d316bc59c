import { fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { Header } from '../../renderer/components/Header'
import { fakeApi } from './fake-api'
import { makeStore, renderWithStore } from './fixtures'

const menu = () => screen.getByTestId('recent-files') as HTMLDetailsElement

describe('the Recent menu', () => {
  it('closes on Escape, with focus back on its button', async () => {
    const user = userEvent.setup()
    const { store } = makeStore(fakeApi('web'))
    renderWithStore(<Header />, store)
    await user.click(screen.getByText('Recent'))
    await waitFor(() => expect(menu().open).toBe(true))
    await user.keyboard('{Escape}')
    await waitFor(() => expect(menu().open).toBe(false))
    expect(document.activeElement?.textContent).toBe('Recent')
  })

  it('closes on a click outside it, and stays open on a click inside', async () => {
    const user = userEvent.setup()
    const { store } = makeStore(fakeApi('web'))
    renderWithStore(<Header />, store)
    await user.click(screen.getByText('Recent'))
    await waitFor(() => expect(menu().open).toBe(true))
    fireEvent.pointerDown(menu().querySelector('.popover')!)
    expect(menu().open).toBe(true)
    fireEvent.pointerDown(screen.getByText('Compaction Inspector'))
    await waitFor(() => expect(menu().open).toBe(false))
  })
})
