import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { EnginesPanel } from '../../renderer/components/EnginesPanel'
import { MessageList } from '../../renderer/components/MessageList'
import type { AppStore } from '../../renderer/store'
import {
  RUN,
  RUN_BUCKETS,
  RUN_FILE,
  makeStore,
  referenceCounts,
  renderWithStore,
  runStore,
} from './fixtures'

// Every preset the issue names, in the order it lists them: the package's own first.
const PRESETS = [
  'seed',
  'claude-code',
  'codex',
  'opencode',
  'gemini-cli',
  'kimi-cli',
  'copilot-cli',
  'mistral-vibe',
  'continue',
  'cline',
  'aider',
  'langchain',
  'anthropic-compaction',
  'anthropic-clear-tool-uses',
  'openai-compaction',
]

// The tab runs the presets while it is open, as the user sees it.
const openEnginesTab = (store: AppStore) =>
  act(() => store.getState().setLayout({ sideTab: 'engines' }))
const engineRows = () => screen.getAllByTestId('engine-row')
const row = (id: string) => engineRows().find((r) => r.getAttribute('data-engine') === id)!
const messageRows = () => screen.getAllByTestId('message-row')
const buckets = () => messageRows().map((r) => r.getAttribute('data-bucket'))
// The presets that wait for a limit, as their rows read: name, then what each lacks.
const waitingRows = () =>
  screen
    .queryAllByTestId('engine-waiting')
    .map((r) => [...(r as HTMLTableRowElement).cells].map((cell) => cell.textContent).join(' '))

// RUN on gpt-4o's native wire: no request overhead, each message its tiktoken count plus 4. The
// running estimate after message i is the sum of the first i + 1 of those.
const running = referenceCounts(RUN).reduce<number[]>(
  (acc, c) => [...acc, (acc.at(-1) ?? 0) + c],
  [],
)
// Codex fires at ⌊window × 9 / 10⌋ (docs/engines.md): this window puts the trigger between the
// estimate after message 3 and the one after message 4, so it fires after message 4.
const CODEX_WINDOW = Math.floor((running[4] * 10) / 9)
const codexTrigger = Math.floor((CODEX_WINDOW * 9) / 10)

describe('the Engines view', () => {
  it('lists every preset on the bundled sample, for the model’s window', async () => {
    const { store } = makeStore()
    openEnginesTab(store)
    renderWithStore(<EnginesPanel />, store)
    await waitFor(() => expect(engineRows()).toHaveLength(PRESETS.length))
    expect(engineRows().map((r) => r.getAttribute('data-engine'))).toEqual(PRESETS)
    // The sample names gpt-4o: 128,000 and 16,384, as OpenAI's model page gives them.
    expect((screen.getByTestId('engine-window') as HTMLInputElement).value).toBe('128000')
    expect((screen.getByTestId('engine-max-output') as HTMLInputElement).value).toBe('16384')
    expect(screen.getByTestId('engine-limits-source').textContent).toContain('128,000')
    // Each row says when it fires, in words or after which message.
    for (const r of engineRows()) {
      expect(within(r).getByTestId('engine-fires').textContent).toMatch(
        /^(does not fire|after #[\d,]+)$/,
      )
    }
  })

  it('changing the window moves a fire point where the preset’s rule puts it', async () => {
    const user = userEvent.setup()
    const { store } = makeStore()
    await act(() => store.getState().loadFile(RUN_FILE))
    openEnginesTab(store)
    renderWithStore(<EnginesPanel />, store)
    await waitFor(() => expect(engineRows()).toHaveLength(PRESETS.length))
    // At gpt-4o's 128,000 the run's few hundred tokens are far from 115,200.
    expect(row('codex').getAttribute('data-fires-after')).toBe('')
    expect(within(row('codex')).getByTestId('engine-fires').textContent).toBe('does not fire')
    // The hand-derived trigger sits between the estimates after messages 3 and 4.
    expect(running[3]).toBeLessThan(codexTrigger)
    expect(running[4]).toBeGreaterThanOrEqual(codexTrigger)
    const maxOutput = screen.getByTestId('engine-max-output')
    await user.clear(maxOutput)
    await user.type(maxOutput, '10')
    const window = screen.getByTestId('engine-window')
    await user.clear(window)
    await user.type(window, String(CODEX_WINDOW))
    await waitFor(() => expect(row('codex').getAttribute('data-fires-after')).toBe('4'))
    expect(within(row('codex')).getByTestId('engine-fires').textContent).toBe('after #4')
    // One click: what if it were 1M.
    await user.click(screen.getByTestId('engine-window-1M'))
    expect(row('codex').getAttribute('data-fires-after')).toBe('')
    expect((screen.getByTestId('engine-window') as HTMLInputElement).value).toBe('1000000')
  })

  it('a window that is not a number says so and keeps the last good one', async () => {
    const { store } = makeStore()
    openEnginesTab(store)
    renderWithStore(<EnginesPanel />, store)
    await waitFor(() => expect(engineRows()).toHaveLength(PRESETS.length))
    fireEvent.change(screen.getByTestId('engine-window'), { target: { value: '200k' } })
    expect(screen.getByRole('alert').textContent).toBe(
      'Window: “200k” is not a positive whole number of tokens',
    )
    expect(store.getState().engineWindow).toBe(null)
    expect(engineRows()).toHaveLength(PRESETS.length)
  })

  it('runs what it can for a model the table does not list, asks for the rest, then runs all', async () => {
    const user = userEvent.setup()
    const { store } = makeStore()
    await act(() =>
      store.getState().loadFile({
        ...RUN_FILE,
        content: JSON.stringify({ model: 'acme-local-7b', messages: RUN }),
      }),
    )
    openEnginesTab(store)
    renderWithStore(<EnginesPanel />, store)
    // The seed runs on MaxTokens, Mistral Vibe and Anthropic's two edits on their own thresholds;
    // every other preset reads the window, and some the max output too (docs/engines.md).
    await waitFor(() => expect(engineRows()).toHaveLength(4))
    expect(engineRows().map((r) => r.getAttribute('data-engine'))).toEqual([
      'seed',
      'mistral-vibe',
      'anthropic-compaction',
      'anthropic-clear-tool-uses',
    ])
    // One line over the inputs asks for the limits; the table lists the others, each with what
    // it lacks, under the presets that ran.
    expect(screen.getByTestId('engines-needs-limits').textContent).toBe(
      'acme-local-7b: limits not known. 11 presets wait for them.',
    )
    expect(waitingRows()).toEqual([
      'Claude Code waits for the window and the max output',
      'Codex waits for the window',
      'opencode waits for the window and the max output',
      'Gemini CLI waits for the window',
      'Kimi CLI waits for the window',
      'Copilot CLI waits for the window',
      'Continue waits for the window',
      'Cline waits for the window and the max output',
      'Aider waits for the window',
      'LangChain waits for the window',
      'OpenAI compaction waits for the window',
    ])
    await user.type(screen.getByTestId('engine-max-output'), '4096')
    expect(screen.getByTestId('engines-needs-limits').textContent).toBe(
      'acme-local-7b: limits not known. 11 presets wait for the window.',
    )
    await user.click(screen.getByTestId('engine-window-200K'))
    await waitFor(() => expect(engineRows()).toHaveLength(PRESETS.length))
    expect(screen.queryByTestId('engines-needs-limits')).toBeNull()
    expect(waitingRows()).toEqual([])
  })

  it('runs the Codex presets on the window a Codex rollout records, and says so', async () => {
    // testdata/formats/codex.jsonl names gpt-5.3-codex (OpenAI's page: 400,000 and 128,000) and
    // records model_context_window 258,400: 95% of Codex's catalog window 272,000, whose 90% is
    // 244,800 (docs/engines.md). A window of 1,050,000 less 128,000 out would have put it at 829,800.
    const user = userEvent.setup()
    const path = resolve(import.meta.dirname, '../../testdata/formats/codex.jsonl')
    const { store } = makeStore()
    await act(() =>
      store
        .getState()
        .loadFile({ path: null, name: 'rollout.jsonl', content: readFileSync(path, 'utf8') }),
    )
    openEnginesTab(store)
    renderWithStore(<EnginesPanel />, store)
    await waitFor(() => expect(engineRows()).toHaveLength(PRESETS.length))
    expect(screen.getByTestId('engine-codex-window').textContent).toBe(
      'Codex presets: window 272,000, from the log (258,400 recorded, 95% of it)',
    )
    await user.click(row('codex'))
    expect(screen.getByTestId('engine-detail').textContent).toContain('244,800 tokens')
    act(() => store.getState().setEngineLimits({ window: 1_050_000, maxOutput: 128_000 }))
    await waitFor(() => expect(engineRows()).toHaveLength(PRESETS.length))
    await user.click(row('codex'))
    expect(screen.getByTestId('engine-detail').textContent).toContain('244,800 tokens')
    await user.click(row('openai-compaction'))
    expect(screen.getByTestId('engine-detail').textContent).toContain('244,800 tokens')
    // Another model in force: the record is not its window, and the line goes.
    act(() => store.getState().setModel('gpt-4.1'))
    await waitFor(() => expect(screen.queryByTestId('engine-codex-window')).toBeNull())
  })

  it("runs Mistral Vibe's preset on the threshold a Vibe session's meta.json records, and says so", async () => {
    // testdata/formats/mistral-vibe-meta.json with its active model's auto_compact_threshold set to
    // 300: the session's tokens pass it, where Vibe's default of 200,000 is far off.
    const user = userEvent.setup()
    const formats = resolve(import.meta.dirname, '../../testdata/formats')
    const meta = JSON.parse(readFileSync(resolve(formats, 'mistral-vibe-meta.json'), 'utf8'))
    meta.config.models[0].auto_compact_threshold = 300
    const { store } = makeStore()
    await act(() =>
      store.getState().loadFile({
        path: null,
        name: 'messages.jsonl',
        content: readFileSync(resolve(formats, 'mistral-vibe.jsonl'), 'utf8'),
        companion: { name: 'meta.json', content: new Blob([JSON.stringify(meta)]) },
      }),
    )
    openEnginesTab(store)
    renderWithStore(<EnginesPanel />, store)
    // Its model's limits are not known: the presets that read none run, Vibe's among them.
    await waitFor(() => expect(row('mistral-vibe')).toBeDefined())
    expect(screen.getByTestId('engine-vibe-threshold').textContent).toBe(
      'Mistral Vibe: auto-compact threshold 300, from the log',
    )
    await user.click(row('mistral-vibe'))
    expect(screen.getByTestId('engine-detail').textContent).toContain('300 tokens')
  })

  it('a max output more than the window is refused in words', async () => {
    const user = userEvent.setup()
    const { store } = makeStore()
    openEnginesTab(store)
    renderWithStore(<EnginesPanel />, store)
    await waitFor(() => expect(engineRows()).toHaveLength(PRESETS.length))
    const window = screen.getByTestId('engine-window')
    await user.clear(window)
    await user.type(window, '1000')
    expect(screen.getByTestId('engines-error').textContent).toBe(
      'Engines: the max output must not be more than the window.',
    )
  })
})

describe('a preset’s split in the message list', () => {
  it('selecting a preset shows its buckets; the seed stays the default and is one click back', async () => {
    const user = userEvent.setup()
    const { store } = runStore()
    act(() => store.getState().setEngineLimits({ window: CODEX_WINDOW, maxOutput: 10 }))
    openEnginesTab(store)
    renderWithStore(
      <>
        <EnginesPanel />
        <MessageList />
      </>,
      store,
    )
    await waitFor(() => expect(engineRows()).toHaveLength(PRESETS.length))
    // The seed's split, with its boundary row, until a preset is chosen.
    expect(row('seed').getAttribute('aria-selected')).toBe('true')
    expect(buckets()).toEqual(RUN_BUCKETS)
    expect(screen.getByTestId('split-boundary')).toBeTruthy()
    expect(screen.queryByTestId('shown-engine')).toBeNull()

    await user.click(row('codex'))
    // Codex keeps the instructions (0, 3), rebuilt, and the recent user messages up to 20,000
    // tokens: all three (1, 7, 9). Everything else is summarised.
    expect(buckets()).toEqual([
      'keep',
      'keep',
      'summarize',
      'keep',
      'summarize',
      'summarize',
      'summarize',
      'keep',
      'summarize',
      'keep',
    ])
    expect(screen.queryByTestId('split-boundary')).toBeNull()
    expect(screen.getByTestId('shown-engine').textContent).toContain(
      'List shows Codex CLI: 5 summarised · 0 cleared · 5 kept',
    )
    expect(screen.getByTestId('engine-detail').textContent).toContain('after message #4')

    await user.click(screen.getByTestId('shown-engine-back'))
    expect(buckets()).toEqual(RUN_BUCKETS)
    expect(screen.getByTestId('split-boundary')).toBeTruthy()
    expect(row('seed').getAttribute('aria-selected')).toBe('true')
  })

  it('a newly opened file starts on the seed’s split and its own model’s limits', async () => {
    const { store } = runStore()
    act(() => {
      store.getState().setEngineLimits({ window: 1_000_000, maxOutput: 10 })
      store.getState().showEngine('codex')
    })
    await act(() => store.getState().loadFile(RUN_FILE))
    expect(store.getState().shownEngine).toBe('seed')
    expect(store.getState().engineWindow).toBe(null)
    expect(store.getState().engineMaxOutput).toBe(null)
  })

  it('runs nothing while its tab is hidden', async () => {
    const { store } = makeStore()
    renderWithStore(<EnginesPanel />, store)
    await waitFor(() => expect(store.getState().counts.perMessage.length).toBeGreaterThan(0))
    expect(screen.queryAllByTestId('engine-row')).toHaveLength(0)
    openEnginesTab(store)
    await waitFor(() => expect(engineRows()).toHaveLength(PRESETS.length))
  })

  it('a preset that does not fire shows everything kept, and says so', async () => {
    const { store } = runStore()
    openEnginesTab(store)
    renderWithStore(
      <>
        <EnginesPanel />
        <MessageList />
      </>,
      store,
    )
    await waitFor(() => expect(engineRows()).toHaveLength(PRESETS.length))
    fireEvent.keyDown(row('gemini-cli'), { key: 'Enter' })
    expect(buckets().every((b) => b === 'keep')).toBe(true)
    expect(screen.getByTestId('shown-engine').textContent).toContain(
      'it does not fire, so everything is kept',
    )
  })
})
