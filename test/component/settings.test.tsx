import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { OpenedFile } from '../../electron/contract'
import { Controls } from '../../renderer/components/Controls'
import { Toasts } from '../../renderer/components/Toasts'
import { SETTINGS_STORAGE_KEY, createWebApi } from '../../renderer/bridge/web-api'
import { DEFAULT_LAYOUT } from '../../renderer/store/layout-slice'
import { fakeApi, type FakeApi } from './fake-api'
import { RUN, RUN_FILE, makeStore, renderWithStore } from './fixtures'

const input = (id: string) => screen.getByTestId(id) as HTMLInputElement

/** A file of RUN's messages that names `model`, or none. */
const fileNaming = (model: string | null, name = 'other.json'): OpenedFile => ({
  path: null,
  name,
  content: JSON.stringify(model === null ? RUN : { model, messages: RUN }),
})

/** The app as it starts: the store reads the kept settings, then shows the sample. */
async function started(api: FakeApi = fakeApi()) {
  const made = makeStore(api)
  await act(() => made.store.getState().init())
  return made
}

describe('settings that stay', () => {
  it('keeps MaxTokens and KeepRecentCount when another file is opened', async () => {
    const user = userEvent.setup()
    const { store, api } = await started()
    await act(() => store.getState().loadFile(RUN_FILE))
    renderWithStore(<Controls />, store)
    await user.clear(input('max-tokens-input'))
    await user.type(input('max-tokens-input'), '1234')
    await user.type(input('keep-recent-input'), '3')

    await act(() => store.getState().loadFile(fileNaming(null)))
    expect(store.getState().file.name).toBe('other.json')
    expect(input('max-tokens-input').value).toBe('1234')
    expect(input('keep-recent-input').value).toBe('3')
    expect(store.getState().options.maxTokens).toBe(1234)
    expect(store.getState().options.keepRecentCount).toBe(3)
    // On a file, the MaxTokens hint says whose budget it is; the note is Reset's description.
    expect(screen.queryByTestId('settings-note')).toBeNull()
    expect(screen.getByTestId('reset-settings').title).toMatch(
      /^Your settings, kept across files and restarts\. Reset:/,
    )
    await act(() => store.getState().flushSettings())
    expect(api.settings).toEqual({ maxTokens: 1234, keepRecentCount: 3, layout: DEFAULT_LAYOUT })
  })

  it('keeps them, the ratio and the model across a restart', async () => {
    const api = fakeApi()
    const first = await started(api)
    await act(() => first.store.getState().loadFile(fileNaming(null)))
    act(() => {
      first.store.getState().setOptionInput('maxTokens', '1234')
      first.store.getState().setOptionInput('triggerRatio', '0.8')
      first.store.getState().setModel('gpt-4')
    })
    await act(() => first.store.getState().flushSettings())

    // The app starts again on the same host: a new store reads what the first one kept.
    const { store } = await started(api)
    await act(() => store.getState().loadFile(fileNaming(null, 'again.json')))
    renderWithStore(<Controls />, store)
    expect(input('max-tokens-input').value).toBe('1234')
    expect(input('trigger-ratio-input').value).toBe('0.8')
    expect(input('keep-recent-input').value).toBe('')
    expect(input('model-select').value).toBe('gpt-4')
  })

  it('writes once for a burst of changes: typing "1234" is one write', async () => {
    const { store, api } = await started()
    await act(() => store.getState().loadFile(RUN_FILE))
    act(() => {
      for (const text of ['1', '12', '123', '1234'])
        store.getState().setOptionInput('maxTokens', text)
    })
    await waitFor(() => expect(api.settingsWrites).toHaveLength(1), { timeout: 5000 })
    await act(() => store.getState().flushSettings())
    expect(api.settingsWrites).toEqual([{ maxTokens: 1234, layout: DEFAULT_LAYOUT }])
  })

  it('never saves a value in error', async () => {
    const { store, api } = await started()
    await act(() => store.getState().loadFile(RUN_FILE))
    act(() => store.getState().setOptionInput('maxTokens', '12k'))
    await act(() => store.getState().flushSettings())
    expect(api.settingsWrites).toEqual([])
    expect(store.getState().saved).toEqual({})
  })

  it('lets a file that names its model set the model, and keeps the user’s budget', async () => {
    const { store } = await started()
    await act(() => store.getState().loadFile(RUN_FILE))
    act(() => {
      store.getState().setOptionInput('maxTokens', '1234')
      store.getState().setModel('gpt-4')
    })
    renderWithStore(<Controls />, store)

    await act(() => store.getState().loadFile(fileNaming('claude-sonnet-4-5')))
    expect(input('model-select').value).toBe('claude-sonnet-4-5')
    expect(input('max-tokens-input').value).toBe('1234')
    expect(screen.getByTestId('settings-note').textContent).toBe(
      'Your settings, kept across files and restarts. This file counts with the model it names, claude-sonnet-4-5.',
    )
    // A file that names none counts with the model the user chose.
    await act(() => store.getState().loadFile(fileNaming(null)))
    expect(input('model-select').value).toBe('gpt-4')
  })

  it('sets MaxTokens to the model’s window when asked, and keeps it', async () => {
    const user = userEvent.setup()
    const { store, api } = await started()
    await act(() => store.getState().loadFile(fileNaming('claude-sonnet-4-5')))
    act(() => store.getState().setOptionInput('maxTokens', '1234'))
    renderWithStore(<Controls />, store)
    // Anthropic documents a 200K-token window for its current models.
    expect(screen.getByTestId('model-window').textContent).toBe('claude-sonnet-4-5: 200,000')
    await user.click(screen.getByTestId('use-model-window'))
    expect(input('max-tokens-input').value).toBe('200000')
    expect(store.getState().options.maxTokens).toBe(200_000)
    expect(screen.getByTestId('model-window').textContent).toBe(
      'claude-sonnet-4-5: 200,000, in force',
    )
    expect((screen.getByTestId('use-model-window') as HTMLButtonElement).disabled).toBe(true)
    await act(() => store.getState().flushSettings())
    expect(api.settings.maxTokens).toBe(200_000)
  })

  it('offers the window a Codex rollout records, for its own model only', async () => {
    const user = userEvent.setup()
    const { store } = await started()
    // A rollout whose turn ran with Codex's 258,400-token window (task_started), on a model the
    // table does not list.
    const line = (type: string, payload: unknown) =>
      JSON.stringify({ timestamp: 't', type, payload })
    const rollout: OpenedFile = {
      path: null,
      name: 'rollout.jsonl',
      content: [
        line('session_meta', { id: 's' }),
        line('turn_context', { model: 'gpt-5.5', cwd: '/w' }),
        line('event_msg', { type: 'task_started', model_context_window: 258_400 }),
        line('response_item', {
          type: 'message',
          role: 'user',
          content: [{ type: 'input_text', text: 'Fix the parser.' }],
        }),
      ].join('\n'),
    }
    await act(() => store.getState().loadFile(rollout))
    renderWithStore(<Controls />, store)
    const button = screen.getByTestId('use-model-window') as HTMLButtonElement
    expect(button.textContent).toBe('Use the log’s window')
    expect(button.title).toBe('From the log, line 3: payload.model_context_window')
    expect(screen.getByTestId('model-window').textContent).toBe('gpt-5.5: 258,400 (the log’s)')
    await user.click(button)
    expect(store.getState().options.maxTokens).toBe(258_400)
    // Another model is not the one the log ran: its window is its provider's, or none.
    act(() => store.getState().setModel('gpt-4.1'))
    expect(screen.getByTestId('model-window').textContent).toBe('gpt-4.1: 1,047,576')
    expect(button.textContent).toBe('Use this model’s window')
  })

  it('offers no window for a model the core does not know', async () => {
    const { store } = await started()
    await act(() => store.getState().loadFile(fileNaming('my-fine-tune')))
    renderWithStore(<Controls />, store)
    expect((screen.getByTestId('use-model-window') as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByTestId('model-window').textContent).toBe('no window known for my-fine-tune')
  })

  it('resets to the defaults and forgets what was saved', async () => {
    const user = userEvent.setup()
    const { store, api } = await started()
    await act(() => store.getState().loadFile(RUN_FILE))
    act(() => {
      store.getState().setOptionInput('maxTokens', '1234')
      store.getState().setOptionInput('keepRecentCount', '3')
      store.getState().setOptionInput('triggerRatio', '0.5')
      store.getState().setModel('gpt-4')
    })
    await act(() => store.getState().flushSettings())
    expect(api.settings.maxTokens).toBe(1234)
    renderWithStore(<Controls />, store)
    await user.click(screen.getByTestId('reset-settings'))
    expect(input('max-tokens-input').value).toBe('128000')
    expect(input('keep-recent-input').value).toBe('')
    expect(input('trigger-ratio-input').value).toBe('0.9')
    // RUN_FILE names gpt-4o: the file's model is back.
    expect(input('model-select').value).toBe('gpt-4o')
    expect(screen.queryByTestId('settings-note')).toBeNull()
    expect(screen.getByTestId('reset-settings').title).toMatch(
      /^The defaults \(MaxTokens 128,000\)\. What you set is kept across files and restarts\. Reset:/,
    )
    await act(() => store.getState().flushSettings())
    expect(api.settings).toEqual({ layout: DEFAULT_LAYOUT })
    // And the next file opens with the defaults too.
    await act(() => store.getState().loadFile(fileNaming(null)))
    expect(store.getState().options.maxTokens).toBe(128_000)
    expect(store.getState().options.model).toBe('gpt-4o')
  })

  it('opens the sample with its own budget, says what files open with, and saves nothing', async () => {
    const api = fakeApi()
    api.settings = { maxTokens: 1234, keepRecentCount: 3 }
    const { store } = await started(api)
    renderWithStore(<Controls />, store)
    expect(store.getState().file.isSample).toBe(true)
    expect(input('max-tokens-input').value).toBe('2000')
    expect(input('keep-recent-input').value).toBe('')
    expect(
      screen.getByText('The sample’s own budget, so it compacts; files open with 1,234'),
    ).toBeTruthy()
    expect(screen.getByTestId('settings-note').textContent).toBe(
      'The sample’s own settings. Files open with yours: MaxTokens 1,234, KeepRecentCount 3.',
    )
    act(() => store.getState().openSample())
    await act(() => store.getState().flushSettings())
    expect(api.settingsWrites).toEqual([])
    await act(() => store.getState().loadFile(RUN_FILE))
    expect(input('max-tokens-input').value).toBe('1234')
    expect(input('keep-recent-input').value).toBe('3')
  })

  it('keeps the layout, sanitized when read', async () => {
    const api = fakeApi()
    const first = await started(api)
    act(() => first.store.getState().setLayout({ sideWidth: 500, sideTab: 'prompt' }))
    await act(() => first.store.getState().flushSettings())
    expect(api.settings.layout).toEqual({ sideWidth: 500, sideTab: 'prompt', collapsed: [] })

    api.settings = { layout: { sideWidth: 9999, sideTab: 'nowhere', collapsed: ['budget', 7] } }
    const { store } = await started(api)
    expect(store.getState().layout).toEqual({
      sideWidth: 800,
      sideTab: 'findings',
      collapsed: ['budget'],
    })
  })

  it('shows a failed write as one toast, and goes on working', async () => {
    const api = fakeApi()
    api.settingsWriteResult = { ok: false, error: 'The disk is full.' }
    const { store } = await started(api)
    await act(() => store.getState().loadFile(RUN_FILE))
    renderWithStore(<Toasts />, store)
    act(() => store.getState().setOptionInput('maxTokens', '1234'))
    await act(() => store.getState().flushSettings())
    act(() => store.getState().setOptionInput('maxTokens', '4321'))
    await act(() => store.getState().flushSettings())
    expect(api.settingsWrites).toHaveLength(2)
    expect(store.getState().toasts.map((t) => [t.kind, t.text])).toEqual([
      ['error', 'Settings not saved: The disk is full.'],
    ])
    expect(screen.getByText('Settings not saved: The disk is full.')).toBeTruthy()
    expect(store.getState().options.maxTokens).toBe(4321)
  })
})

describe('the web build’s settings, in localStorage', () => {
  it('keeps what it writes across a new page', async () => {
    localStorage.clear()
    await createWebApi().writeSettings({ maxTokens: 1234, layout: { sideWidth: 500 } })
    expect(JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY)!)).toEqual({
      maxTokens: 1234,
      layout: { sideWidth: 500 },
    })
    expect(await createWebApi().readSettings()).toEqual({
      maxTokens: 1234,
      layout: { sideWidth: 500 },
    })
  })

  it('checks what it reads: damaged JSON and bad fields are dropped, with a log line', async () => {
    const log = vi.fn()
    localStorage.setItem(SETTINGS_STORAGE_KEY, '{"maxTokens":')
    expect(await createWebApi(document, localStorage, log).readSettings()).toEqual({})
    localStorage.setItem(SETTINGS_STORAGE_KEY, '{"maxTokens":-1,"triggerRatio":0.5}')
    expect(await createWebApi(document, localStorage, log).readSettings()).toEqual({
      triggerRatio: 0.5,
    })
    expect(log.mock.calls).toEqual([
      [`Settings: localStorage "${SETTINGS_STORAGE_KEY}" is not valid JSON; using the defaults.`],
      [
        `Settings: localStorage "${SETTINGS_STORAGE_KEY}": dropped maxTokens: -1 is not a positive integer.`,
      ],
    ])
    localStorage.clear()
  })

  it('answers a full storage with an error, and refuses settings over 16 KB', async () => {
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError')
      },
    } as unknown as Storage
    expect(await createWebApi(document, full).writeSettings({ maxTokens: 1 })).toEqual({
      ok: false,
      error: 'The browser refused to store the settings (its storage is full or off).',
    })
    const big = await createWebApi(document, full).writeSettings({
      layout: { x: 'a'.repeat(16 * 1024) },
    })
    expect(big.ok).toBe(false)
  })
})
