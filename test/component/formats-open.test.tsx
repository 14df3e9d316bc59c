import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { countEachMessage, FORMATS } from '@core'
import { App } from '../../renderer/App'
import type { OpenedFile } from '../../electron/contract'
import { fakeApi } from './fake-api'
import { RUN, makeStore, renderWithStore } from './fixtures'

/** A fixture from testdata/formats, as the host hands it over. */
function formatFile(name: string): OpenedFile {
  const path = resolve(import.meta.dirname, '../../testdata/formats', name)
  return { path, name, content: readFileSync(path, 'utf8') }
}

/** The app on a web host, with `file` opened through the file input as a user opens it. */
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
const chip = () => screen.getByTestId('format-detected').textContent
const picker = () => screen.getByTestId('format-select') as HTMLSelectElement

// openai-chat.json by hand: tools and the system prompt are instructions; mei's question; one
// assistant turn with two calls; two tool results; the answer; a question with an image; a reply.
const OPENAI_TYPES = [
  'instructions',
  'instructions',
  'user',
  'bot',
  'activity',
  'activity',
  'bot',
  'user',
  'bot',
]

describe('the format of an opened file', () => {
  it('is detected and shown, with a picker that offers every format by name', async () => {
    await openInApp(formatFile('openai-chat.json'))
    expect(chip()).toBe('OpenAI Chat Completions · detected')
    expect(picker().value).toBe('auto')
    expect([...picker().options].map((o) => o.textContent)).toEqual([
      'Detect the format',
      ...FORMATS.map((f) => f.label),
    ])
    expect(rowTypes()).toEqual(OPENAI_TYPES)
  })

  it('re-reads the file as the format chosen in the picker', async () => {
    // Plain {role, content} messages read the same as Chat Completions, Anthropic and Responses.
    const plain = [
      { role: 'user', content: 'Wie spät ist es in Tokio?' },
      { role: 'assistant', content: 'Dort ist es 21 Uhr.' },
    ]
    const { user } = await openInApp({
      path: null,
      name: 'plain.json',
      content: JSON.stringify(plain),
    })
    expect(chip()).toBe('OpenAI Chat Completions · detected')
    // Detection says which other formats fit, so a reader knows the picker matters here.
    await user.click(screen.getByText('1 note'))
    expect(screen.getByTestId('import-report').textContent).toContain('Anthropic Messages')

    await user.selectOptions(picker(), 'anthropic')
    expect(chip()).toBe('Anthropic Messages · chosen')
    expect(picker().value).toBe('anthropic')
    expect(rowTypes()).toEqual(['user', 'bot'])
    // Read as asked, nothing is left to explain.
    expect(screen.queryByTestId('import-report')).toBeNull()

    await user.selectOptions(picker(), 'auto')
    expect(chip()).toBe('OpenAI Chat Completions · detected')
  })

  it('shows why a chosen format does not fit, and keeps the conversation and options as they were', async () => {
    const { user, store } = await openInApp(formatFile('openai-chat.json'))
    await user.clear(screen.getByTestId('max-tokens-input'))
    await user.type(screen.getByTestId('max-tokens-input'), '500')
    const before = store.getState()

    await user.selectOptions(picker(), 'anthropic')
    // The file's first message, on line 32, column 7, has the role "system", which Anthropic keeps
    // at the top level.
    expect(screen.getByTestId('error').textContent).toContain(
      'openai-chat.json: not Anthropic Messages: messages[0].role (line 32, column 7): ',
    )
    expect(store.getState().messages).toBe(before.messages)
    expect(rowTypes()).toEqual(OPENAI_TYPES)
    expect(chip()).toBe('OpenAI Chat Completions · detected')
    expect(picker().value).toBe('auto')
    expect((screen.getByTestId('max-tokens-input') as HTMLInputElement).value).toBe('500')
  })

  it('gives one located reason for a file in no format, and keeps the view', async () => {
    const user = userEvent.setup()
    const { store } = makeStore(fakeApi('web'))
    renderWithStore(<App />, store)
    const file = formatFile('no-format.json')
    await user.upload(
      screen.getByTestId('open-file') as HTMLInputElement,
      new File([file.content], file.name),
    )
    const error = (await screen.findByTestId('error')).textContent ?? ''
    expect(error).toContain(
      'no-format.json: not a conversation in any known format: line 1, column 1: the object has no "messages" array',
    )
    expect(error).not.toContain('OpenAI Chat Completions')
    expect(screen.getByTestId('file-name').textContent).toBe('sample.json')
  })
})

describe('the import report', () => {
  it('is collapsed behind a count, and lists each note with its place when opened', async () => {
    const { user } = await openInApp(formatFile('anthropic.json'))
    expect(chip()).toBe('Anthropic Messages · detected')
    const report = screen.getByTestId('import-report') as HTMLDetailsElement
    expect(report.open).toBe(false)
    // By the mapping in docs/formats.md: the base64 image is priced by its size, not as text, so it
    // is a note; so are max_tokens, two cache_control hints and the redacted thinking.
    expect(within(report).getByText('5 notes')).toBeTruthy()

    await user.click(within(report).getByText('5 notes'))
    expect(report.open).toBe(true)
    const notes = within(report).getAllByRole('listitem')
    expect(notes).toHaveLength(5)
    expect(notes.filter((li) => li.dataset.severity === 'warning')).toHaveLength(0)
    // The image is the first block of the sixth message.
    const image = notes.find((li) => li.textContent?.includes('messages[5].content[0]'))
    expect(image?.textContent).toContain('image/png kept for export')
  })

  it('opens a Claude Code session with broken lines: each named by its number, the rest loaded', async () => {
    const { user } = await openInApp(formatFile('claude-code-truncated.jsonl'))
    expect(chip()).toBe('Claude Code session (JSONL) · detected')
    // Lines 1, 2, 4 and 5 are whole events on one chain; line 3 is not JSON, line 6 is cut short.
    const rows = screen.getAllByTestId('message-row')
    expect(rows.map((row) => row.dataset.type)).toEqual(['user', 'bot', 'user', 'bot'])
    rows.forEach((row, i) => expect(row.textContent).toContain(`t-000${i + 1}`))

    const report = screen.getByTestId('import-report')
    await user.click(within(report).getByText(/^2 warnings/))
    const warnings = within(report)
      .getAllByRole('listitem')
      .filter((li) => li.dataset.severity === 'warning')
      .map((li) => li.textContent)
    expect(warnings).toHaveLength(2)
    expect(warnings[0]).toMatch(/line 3\b/)
    expect(warnings[1]).toMatch(/line 6\b/)
  })

  it('lists the warnings above the notes, whatever their places', async () => {
    // A Gemini CLI 0.8 session: its metadata fields are notes, and come first in the file; the
    // second reply, which follows the first with no prompt, is a warning (calls not recorded).
    const tokens = (input: number) => ({ input, output: 12, cached: 0, thoughts: 0, tool: 0 })
    const text = JSON.stringify({
      sessionId: 's-1',
      projectHash: 'p-1',
      startTime: '2025-09-20T10:00:00.000Z',
      messages: [
        { id: 'u', type: 'user', content: 'Where is the retry limit set?' },
        { id: 'g1', type: 'gemini', content: 'Searching for it.', tokens: tokens(9000) },
        { id: 'g2', type: 'gemini', content: 'In src/config.ts.', tokens: tokens(9800) },
      ],
    })
    const { user } = await openInApp({ path: null, name: 'session.json', content: text })
    await user.click(screen.getByText(/^1 warning/))
    const items = within(screen.getByTestId('import-report')).getAllByRole('listitem')
    // Then the notes: sessionId, projectHash, startTime, and the two replies' tokens as one.
    expect(items.map((li) => li.dataset.severity)).toEqual([
      'warning',
      'info',
      'info',
      'info',
      'info',
    ])
    expect(items[0].textContent).toContain('messages[2]')
  })

  it('lists a native file’s unknown fields in the same report', async () => {
    const messages = [{ ...RUN[0], color: 'red' }, ...RUN.slice(1)]
    const text = JSON.stringify({ model: 'gpt-4o', messages }, null, 2)
    const { user } = await openInApp({ path: null, name: 'extra.json', content: text })
    expect(chip()).toBe('Compaction Inspector (native) · detected')
    await user.click(screen.getByText('1 warning'))
    const [note] = within(screen.getByTestId('import-report')).getAllByRole('listitem')
    expect(note.dataset.severity).toBe('warning')
    expect(note.textContent).toContain('messages[0].color')
    expect(screen.getAllByTestId('message-row')).toHaveLength(RUN.length)
  })
})

describe('choosing another format on the desktop', () => {
  const PATH = '/runs/plain.json'
  const plain = JSON.stringify([
    { role: 'user', content: 'Wie spät ist es in Tokio?' },
    { role: 'assistant', content: 'Dort ist es 21 Uhr.' },
  ])

  const TOKEN = 'plain-json-token'

  /**
   * The app on an Electron host whose disk holds `disk`; main reads a file's bytes afresh each
   * time, by the token it gave the file (this host knows one file, PATH).
   */
  async function openFromDisk(disk: Map<string, string>) {
    const user = userEvent.setup()
    const api = fakeApi('electron')
    const reads: string[] = []
    api.reopenFile = async (token) => {
      if (token !== TOKEN) return { ok: false, error: 'Refused: unknown token' }
      reads.push(PATH)
      const text = disk.get(PATH)
      if (text === undefined) return { ok: false, error: `${PATH}: no such file` }
      const content = new TextEncoder().encode(text)
      return { ok: true, value: { token, path: PATH, name: 'plain.json', content } }
    }
    const { store } = makeStore(api)
    renderWithStore(<App />, store)
    store.getState().receiveFile(await api.reopenFile(TOKEN))
    await waitFor(() => expect(screen.getByTestId('file-name').textContent).toBe('plain.json'))
    return { user, store, reads }
  }

  it('keeps no copy of the file’s bytes, and reads the file again by its token', async () => {
    const { user, store, reads } = await openFromDisk(new Map([[PATH, plain]]))
    expect(chip()).toBe('OpenAI Chat Completions · detected')
    // The bytes went to the reader; the store remembers only the token to read them again by.
    expect(store.getState().source).toEqual({ token: TOKEN })
    const kept = Object.values(store.getState()).filter((v) => v instanceof Uint8Array)
    expect(kept).toEqual([])

    await user.selectOptions(picker(), 'anthropic')
    await waitFor(() => expect(chip()).toBe('Anthropic Messages · chosen'))
    expect(reads).toEqual([PATH, PATH])
    expect(rowTypes()).toEqual(['user', 'bot'])
  })

  it('says so when the file is gone, and keeps the conversation as it was', async () => {
    const disk = new Map([[PATH, plain]])
    const { user, store } = await openFromDisk(disk)
    const before = store.getState().messages
    disk.delete(PATH)

    await user.selectOptions(picker(), 'anthropic')
    expect((await screen.findByTestId('error')).textContent).toContain(`${PATH}: no such file`)
    expect(store.getState().messages).toBe(before)
    expect(chip()).toBe('OpenAI Chat Completions · detected')
    expect(picker().value).toBe('auto')
  })
})

describe('a provider conversation is priced by its wire and its model’s family', () => {
  it('a Claude Code session: Anthropic’s wire, counted as Claude, the method said under the picker', async () => {
    const file = formatFile('claude-code.jsonl')
    const { store } = await openInApp(file)
    const {
      options: { model },
      wire,
      messages,
    } = store.getState()
    expect(wire).toBe('anthropic')
    expect(model).toMatch(/^claude-/)
    await waitFor(() =>
      expect(store.getState().counts.perMessage).toEqual(
        countEachMessage({ model, wire: 'anthropic' }, messages),
      ),
    )
    expect(screen.getByTestId('model-method').textContent).toMatch(/^Anthropic Claude: approximate/)
    expect(screen.queryByTestId('model-warning')).toBeNull()
  })
})
