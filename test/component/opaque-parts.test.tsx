import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { describeOpaqueParts } from '../../src/pricing/opaque'
import { MessageList } from '../../renderer/components/MessageList'
import { OpaqueParts } from '../../renderer/components/OpaqueParts'
import { makeStore, renderWithStore } from './fixtures'

const FIXTURE = resolve(import.meta.dirname, '../../testdata/formats/anthropic-opaque.json')
const rows = () => screen.getAllByTestId('message-row')

describe('opaque payload parts, shown for what they are', () => {
  it('labels the image, the signature and the redacted thinking instead of leaving raw base64', async () => {
    const user = userEvent.setup()
    const { store } = makeStore()
    await store.getState().loadFile({
      path: FIXTURE,
      name: 'anthropic-opaque.json',
      content: readFileSync(FIXTURE, 'utf8'),
    })
    renderWithStore(<MessageList />, store)
    await waitFor(() => expect(rows().length).toBeGreaterThan(3))
    const types = rows().map((r) => r.getAttribute('data-type'))
    // The redacted thinking has no text: its row says what it is, not its ciphertext.
    const redacted = rows().filter((_, i) => types[i] === 'reasoning')[1]
    expect(redacted.querySelector('.row-preview')?.textContent).toMatch(
      /^redacted thinking, 3\.2 kB encrypted, ~600 tokens \(estimated from its size\)/,
    )

    const user0 = rows()[types.indexOf('user')]
    await user.click(within(user0).getAllByRole('button')[0])
    // 1024 × 768 / 750 = 1048.6: Anthropic's rule, rounded up.
    expect(within(user0).getByTestId('opaque-parts').textContent).toBe(
      'image 1024×768 PNG, 1,049 tokens (Anthropic: w×h/750)',
    )

    const thinking = rows()[types.indexOf('reasoning')]
    await user.click(within(thinking).getAllByRole('button')[0])
    // 900 random bytes are 1,200 base64 characters.
    expect(within(thinking).getByTestId('opaque-parts').textContent).toBe(
      'thinking signature, 1.2 kB, not billed as text',
    )
    // The raw payload is kept, folded away, and drawn when opened.
    const raw = within(thinking).getByTestId('raw-payload')
    expect(raw.querySelector('pre')).toBeNull()
    await user.click(within(raw).getByText(/^raw payload, 1\.2 kB/))
    expect(raw.querySelector('pre')?.textContent).toMatch(/^\{"signature":"/)
  })

  it('shows a label as text, never as HTML', () => {
    const payload = JSON.stringify({
      attachments: [
        { type: 'input_file', filename: '<img src=x onerror=alert(1)>.txt', file_data: 'aGVsbG8=' },
      ],
    })
    const { container } = render(<OpaqueParts parts={describeOpaqueParts(payload)} />)
    expect(container.querySelector('img')).toBeNull()
    expect(container.textContent).toContain('file <img src=x onerror=alert(1)>.txt, 8 B')
  })
})
