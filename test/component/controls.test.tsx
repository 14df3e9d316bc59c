import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it } from 'vitest'
import { App } from '../../renderer/App'
import { Controls } from '../../renderer/components/Controls'
import { RUN, makeStore, referenceCounts, renderWithStore, runStore } from './fixtures'
import { loadGemma, LOAD_GEMMA_MS } from '../unit/helpers/gemma'

const input = (id: string) => screen.getByTestId(id) as HTMLInputElement

describe('the controls', () => {
  // Choosing a Gemini model counts with Gemma 3's vocabulary, which the app's counting workers load
  // first; the in-place workers of these tests count at once, so it is loaded before.
  beforeAll(loadGemma, LOAD_GEMMA_MS)

  it('shows the derived KeepRecentCount while it is unset', () => {
    const { store } = makeStore()
    renderWithStore(<Controls />, store)
    // The sample has 20 messages: max(1, ⌊20 × 0.25⌋) = 5.
    expect(input('keep-recent-input').value).toBe('')
    expect(input('keep-recent-input').placeholder).toBe('derived: 5')
    expect(input('max-tokens-input').value).toBe('2000')
    expect(input('trigger-ratio-input').value).toBe('0.9')
  })

  it('shows the core’s OptionError inline and keeps the last valid result elsewhere', async () => {
    const user = userEvent.setup()
    const { store } = runStore()
    renderWithStore(<App />, store)
    const threshold = screen.getByTestId('threshold-tokens').textContent
    await user.clear(input('keep-recent-input'))
    await user.type(input('keep-recent-input'), '-2')
    expect(screen.getByTestId('option-error').textContent).toBe(
      'KeepRecentCount: -2 is not a non-negative integer',
    )
    expect(input('keep-recent-input').getAttribute('aria-invalid')).toBe('true')
    expect(screen.getAllByTestId('message-row').map((r) => r.getAttribute('data-bucket'))[7]).toBe(
      'summarize',
    )
    // Pasted, not typed: typing would pass through "1", a valid ratio, on the way.
    await user.clear(input('trigger-ratio-input'))
    await user.paste('1.5')
    expect(screen.getAllByTestId('option-error')).toHaveLength(2)
    expect(screen.getByTestId('threshold-tokens').textContent).toBe(threshold)
  })

  it('updates every panel at once when one control changes', async () => {
    const user = userEvent.setup()
    const { store } = runStore()
    renderWithStore(<App />, store)
    await user.clear(input('keep-recent-input'))
    await user.type(input('keep-recent-input'), '7')
    // Keep 7: the head is 0–2, so the boundary, the buckets and the prompt's head all move.
    expect(screen.getByTestId('split-boundary').getAttribute('data-head')).toBe('3')
    const buckets = screen.getAllByTestId('message-row').map((r) => r.getAttribute('data-bucket'))
    expect(buckets.slice(0, 4)).toEqual(['hoisted', 'summarize', 'summarize', 'keep'])
    expect(screen.queryByTestId('excluded-messages')).toBeNull()
    expect(screen.getByTestId('summary-prompt').textContent).toContain(
      '<message type="bot" id="b1">',
    )
    expect(screen.getByTestId('summary-prompt').textContent).not.toContain('id="u2"')
  })

  it('picks a model by typing its name and pressing Enter, and recounts with its encoding', async () => {
    const user = userEvent.setup()
    const { store } = runStore()
    renderWithStore(<Controls />, store)
    await user.click(input('model-select'))
    expect(screen.getByRole('listbox')).toBeTruthy()
    await user.keyboard('gpt-4{Enter}')
    expect(store.getState().options.model).toBe('gpt-4')
    expect(input('model-select').value).toBe('gpt-4')
    // gpt-4 uses cl100k_base, per OpenAI's model list.
    expect(screen.getByTestId('model-encoding').textContent).toBe('cl100k_base')
    expect(store.getState().counts.perMessage).toEqual(referenceCounts(RUN, 'cl100k_base'))
    expect(screen.queryByRole('listbox')).toBeNull()
  })

  it('lists each model with its encoding and moves through them with the arrow keys', async () => {
    const user = userEvent.setup()
    const { store } = runStore()
    renderWithStore(<Controls />, store)
    await user.click(input('model-select'))
    await user.keyboard('gpt-3.5-turbo')
    const options = screen.getAllByRole('option')
    expect(options[0].textContent).toBe('gpt-3.5-turboOpenAI · cl100k_base')
    expect(options.every((o) => o.textContent?.startsWith('gpt-3.5-turbo'))).toBe(true)
    await user.keyboard('{ArrowDown}')
    expect(options[1].getAttribute('aria-selected')).toBe('true')
    expect(input('model-select').getAttribute('aria-activedescendant')).toBe(options[1].id)
    await user.keyboard('{Escape}')
    expect(store.getState().options.model).toBe('gpt-4o')
    act(() => input('model-select').blur())
    expect(input('model-select').value).toBe('gpt-4o')
  })

  it('lists Claude and Gemini models, and says how the chosen one is counted', async () => {
    const user = userEvent.setup()
    const { store } = runStore()
    renderWithStore(<Controls />, store)
    expect(screen.getByTestId('model-method').textContent).toBe('OpenAI: exact (o200k_base)')
    await user.click(input('model-select'))
    await user.keyboard('claude')
    const claude = screen.getAllByRole('option').map((o) => o.textContent)
    expect(claude).toContain('claude-sonnet-4-5-20250929Anthropic Claude · o200k_base')
    expect(claude).toContain('claude-opus-4-7Anthropic Claude · o200k_base')
    await user.keyboard('{Escape}')
    await user.clear(input('model-select'))
    await user.keyboard('gemini-3-pro{Enter}')
    expect(store.getState().options.model).toBe('gemini-3-pro-preview')
    // The run fixture is a native file: a calibrated family is counted by the native rule there.
    expect(screen.getByTestId('model-method').textContent).toMatch(/^Google Gemini: approximate/)
    expect(screen.queryByTestId('model-warning')).toBeNull()
  })

  it('counts a name of no known family as an approximation, naming the family, never a library', async () => {
    const user = userEvent.setup()
    const { store } = runStore()
    renderWithStore(<Controls />, store)
    await user.click(input('model-select'))
    await user.keyboard('quill-writer-9000{Enter}')
    expect(store.getState().options.model).toBe('quill-writer-9000')
    expect(screen.getByTestId('model-warning').textContent).toBe(
      '“quill-writer-9000” is counted as OpenAI (approximation).',
    )
    expect(document.body.textContent).not.toMatch(/gpt-tokenizer/)
  })
})
