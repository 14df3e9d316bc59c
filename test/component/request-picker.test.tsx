import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { App } from '../../renderer/App'
import type { OpenedFile } from '../../electron/contract'
import { fakeApi } from './fake-api'
import { makeStore, renderWithStore } from './fixtures'

/** A fixture from testdata/formats, as the host hands it over. */
function formatFile(name: string): OpenedFile {
  const path = resolve(import.meta.dirname, '../../testdata/formats', name)
  return { path, name, content: readFileSync(path, 'utf8') }
}

async function openInApp(file: OpenedFile) {
  const user = userEvent.setup()
  const { store } = makeStore(fakeApi('web'))
  renderWithStore(<App />, store)
  const input = screen.getByTestId('open-file') as HTMLInputElement
  await user.upload(input, new File([file.content], file.name))
  await waitFor(() => expect(screen.getByTestId('file-name').textContent).toBe(file.name))
  return { user, store }
}

const rowTypes = () => screen.getAllByTestId('message-row').map((row) => row.dataset.type)
const picker = () => screen.getByTestId('request-select') as HTMLSelectElement

describe('the request picker', () => {
  it("lists a traffic log's requests and shows the main thread first", async () => {
    await openInApp(formatFile('api-traffic.jsonl'))
    expect(screen.getByTestId('format-detected').textContent).toBe(
      'API traffic log ({request, response} pairs) · detected',
    )
    // By hand from the fixture: six pairs (line 4 is broken), times in UTC.
    expect([...picker().options].map((o) => o.textContent)).toEqual([
      'Request 1 · claude-3-5-haiku-20241022 · 1 message · 09:00:00',
      'Request 2 · claude-sonnet-4-20250514 · 1 message · 09:00:03',
      'Request 3 · claude-3-5-haiku-20241022 · 1 message · 09:00:03',
      'Request 4 · claude-sonnet-4-20250514 · 5 messages · 09:00:41',
      'Request 5 · claude-sonnet-4-20250514 · 5 messages · 09:00:49',
      'Request 6 · claude-3-5-haiku-20241022 · 2 messages · 09:01:00',
    ])
    expect(picker().value).toBe('4')
    // Tools, two system blocks, five request messages (three of them results), and the reply.
    expect(rowTypes()).toEqual([
      'instructions',
      'instructions',
      'instructions',
      'user',
      'bot',
      'activity',
      'activity',
      'bot',
      'activity',
      'reasoning',
      'bot',
    ])
  })

  it('reads the request chosen in it, in the same format', async () => {
    const { user, store } = await openInApp(formatFile('api-traffic.jsonl'))
    await user.selectOptions(picker(), '3')
    await waitFor(() => expect(picker().value).toBe('3'))
    // The title request: its system prompt, the user's question, and the title the model wrote.
    expect(rowTypes()).toEqual(['instructions', 'user', 'bot'])
    expect(store.getState().messages[2].text).toBe('Negative zero in empty balance')
    const said = store.getState().importReport.map((n) => n.problem)
    expect(said).toContain(
      'request 3 of 6 (line 3): as chosen; choose another with --request N, or the request picker in the app',
    )
  })

  it('is not shown for a file without requests', async () => {
    await openInApp(formatFile('cline.json'))
    expect(screen.queryByTestId('request-select')).toBeNull()
  })
})
