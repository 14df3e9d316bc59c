import { act, fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { App } from '../../renderer/App'
import { LoadProgress } from '../../renderer/components/LoadProgress'
import { createAppStore, selectCheck } from '../../renderer/store'
import { SAMPLE_FILE } from '../../renderer/store/sample'
import { fakeApi } from './fake-api'
import { RUN, RUN_FILE, makeStore, referenceCounts, renderWithStore, sum } from './fixtures'
import { manualWorkers } from './manual-workers'

// RUN's ten messages as OpenAI's tiktoken counts them, for gpt-4o (o200k_base) and gpt-4.
const O200K = referenceCounts(RUN)
const CL100K = referenceCounts(RUN, 'cl100k_base')

/** The app on a store whose workers the test drives, showing the counted sample. */
function appOnManualWorkers() {
  const manual = manualWorkers(3)
  const store = createAppStore({ api: fakeApi(), sample: SAMPLE_FILE, workers: manual.workers })
  manual.finishReading()
  manual.deliverAll()
  renderWithStore(<App />, store)
  return { store, manual }
}

/** Opens RUN and lets the reading worker answer; its counting is left to the test. */
function openRun({ store, manual }: ReturnType<typeof appOnManualWorkers>) {
  let shown: Promise<boolean> | undefined
  act(() => {
    shown = store.getState().loadFile(RUN_FILE)
    manual.finishReading()
  })
  return shown!
}

const rowTokens = () =>
  screen.getAllByTestId('message-row').map((row) => row.getAttribute('data-tokens'))
const progress = () => screen.getByTestId('load-progress')
// Counts reach the store at most every 100 ms; this moves the clock past one such wait.
const flush = () => act(() => vi.advanceTimersByTime(100))

describe('loading a conversation in workers', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('shows the messages once read, with placeholders, and no decision until every count is in', async () => {
    const app = appOnManualWorkers()
    expect(await openRun(app)).toBe(true)

    expect(screen.getByTestId('file-name').textContent).toBe('run.json')
    expect(rowTokens()).toEqual(RUN.map(() => ''))
    expect(screen.getAllByTestId('message-row')[0].textContent).toContain('…')
    expect(screen.getByTestId('total-tokens').textContent).toBe('counting…')
    expect(screen.getByTestId('decision').getAttribute('data-counting')).toBe('true')
    expect(screen.getByTestId('decision').getAttribute('data-should-compact')).toBe('')
    expect(progress().getAttribute('data-done')).toBe('0')
    expect(progress().getAttribute('data-total')).toBe('10')
    expect(selectCheck(app.store.getState())).toBeNull()
  })

  it('fills counts in as they arrive, one update per 100 ms, then decides on all of them', async () => {
    const app = appOnManualWorkers()
    await openRun(app)

    act(() => app.manual.deliver())
    // Within the 100 ms the slice waits, so that many slices cost one redraw.
    expect(rowTokens()).toEqual(RUN.map(() => ''))
    flush()
    expect(rowTokens().slice(0, 4)).toEqual([...O200K.slice(0, 3).map(String), ''])
    expect(progress().getAttribute('data-done')).toBe('3')
    // Three counts are a total of sorts, and never one to decide on.
    expect(screen.getByTestId('total-tokens').textContent).toBe('counting…')

    act(() => app.manual.deliver())
    act(() => app.manual.deliver())
    flush()
    expect(progress().getAttribute('data-done')).toBe('9')
    expect(screen.getByTestId('decision').getAttribute('data-counting')).toBe('true')

    // The last slice completes the counts: published at once, with the decision.
    act(() => app.manual.deliver())
    expect(rowTokens()).toEqual(O200K.map(String))
    expect(screen.getByTestId('total-tokens').textContent).toBe(String(sum(O200K)))
    // RUN costs far less than 90% of the 128,000 tokens a file opens with: it is not compacted.
    expect(screen.getByTestId('decision').getAttribute('data-should-compact')).toBe('false')
    expect(screen.queryByTestId('load-progress')).toBeNull()
  })

  it('says that an open model’s vocabulary loads before the first count', async () => {
    const app = appOnManualWorkers()
    await openRun(app)
    // gpt-4o's vocabulary ships with the app: nothing to say.
    expect(progress().textContent).toContain('Counting tokens: 0 of 10 messages')
    expect(progress().textContent).not.toContain('vocabulary')
    // Gemini is counted with Gemma 3's, which the workers load when first asked (docs/tokens.md).
    act(() => app.store.getState().setModel('gemini-2.5-pro'))
    expect(progress().textContent).toContain(
      'Counting tokens: 0 of 10 messages (the gemma3 vocabulary loads on first use)',
    )
  })

  it('stops counting on Cancel, says the counts are partial, and counts only the rest again', async () => {
    const app = appOnManualWorkers()
    await openRun(app)
    // Cancelled within the 100 ms the slice waits to be shown: it is shown, and nothing after.
    act(() => app.manual.deliver())

    fireEvent.click(screen.getByTestId('cancel-load'))
    flush()
    expect(app.manual.lastJob().cancelled).toBe(true)
    expect(screen.queryByTestId('load-progress')).toBeNull()
    expect(screen.getByTestId('counts-partial').textContent).toContain('3 of 10')
    // The counts that arrived stay; the rest keep their placeholder, and nothing is decided.
    expect(rowTokens()).toEqual([...O200K.slice(0, 3).map(String), ...RUN.slice(3).map(() => '')])
    expect(screen.getByTestId('total-tokens').textContent).toBe('counting…')
    expect(screen.getByTestId('decision').getAttribute('data-should-compact')).toBe('')

    fireEvent.click(screen.getByTestId('count-again'))
    expect(app.manual.lastJob().ranges).toEqual([{ start: 3, end: 10 }])
    expect(progress().getAttribute('data-done')).toBe('3')
    act(() => app.manual.deliverAll())
    expect(rowTokens()).toEqual(O200K.map(String))
    expect(screen.getByTestId('total-tokens').textContent).toBe(String(sum(O200K)))
    expect(screen.queryByTestId('counts-partial')).toBeNull()
  })

  it('shows how much of the file is parsed while it is read, then the messages arriving', async () => {
    const { store, manual } = appOnManualWorkers()
    let shown: Promise<boolean> | undefined
    act(() => {
      shown = store.getState().loadFile(RUN_FILE)
    })
    const bar = () => progress().querySelector('progress')!
    expect(progress().textContent).toContain('Reading run.json: parsing…')
    expect(bar().hasAttribute('value')).toBe(false)

    act(() => manual.parsing(12_500_000, 50_000_000))
    flush()
    expect(progress().textContent).toContain('Reading run.json: parsed 12.5 of 50.0 MB')
    expect(bar().value).toBe(12_500_000)
    expect(bar().max).toBe(50_000_000)

    // Parsed whole: the format's reader has the messages still to read, and the bar says only
    // that work goes on rather than sitting full.
    act(() => manual.parsing(50_000_000, 50_000_000))
    flush()
    expect(progress().textContent).toContain(
      'Reading run.json: parsed 50.0 MB; reading its messages…',
    )
    expect(bar().hasAttribute('value')).toBe(false)

    act(() => {
      manual.finishReading()
    })
    expect(await shown).toBe(true)
    expect(progress().getAttribute('data-phase')).toBe('counting')
  })

  it('keeps the conversation on screen when reading a new one is cancelled', async () => {
    const { store, manual } = appOnManualWorkers()
    const before = store.getState().messages
    let shown: Promise<boolean> | undefined
    act(() => {
      shown = store.getState().loadFile(RUN_FILE)
    })
    expect(progress().getAttribute('data-phase')).toBe('reading')

    fireEvent.click(screen.getByTestId('cancel-load'))
    expect(await shown).toBe(false)
    // The worker answering after all changes nothing: it was stopped.
    expect(manual.finishReading()).toBe(false)
    expect(store.getState().messages).toBe(before)
    expect(screen.getByTestId('file-name').textContent).toBe('sample.json')
    expect(screen.queryByTestId('load-progress')).toBeNull()
    expect(screen.queryByTestId('error')).toBeNull()
  })

  it('counts again, with progress, only when the model changes to another encoding', async () => {
    const app = appOnManualWorkers()
    await openRun(app)
    act(() => app.manual.deliverAll())
    const jobs = app.manual.jobs.length
    const counts = app.store.getState().counts

    act(() => {
      app.store.getState().setOptionInput('maxTokens', '50')
      app.store.getState().setOptionInput('keepRecentCount', '3')
      app.store.getState().setOptionInput('triggerRatio', '0.5')
      // gpt-4o-mini shares gpt-4o's vocabulary.
      app.store.getState().setModel('gpt-4o-mini')
    })
    expect(app.manual.jobs).toHaveLength(jobs)
    expect(app.store.getState().counts).toBe(counts)

    act(() => app.store.getState().setModel('gpt-4'))
    expect(app.manual.lastJob().model).toBe('gpt-4')
    expect(progress().getAttribute('data-done')).toBe('0')
    expect(screen.getByTestId('total-tokens').textContent).toBe('counting…')
    act(() => app.manual.deliverAll())
    expect(rowTokens()).toEqual(CL100K.map(String))
    expect(screen.getByTestId('total-tokens').textContent).toBe(String(sum(CL100K)))
    // 50 × 0.5 = 25 tokens: RUN is over it, and keeping 3 leaves a head to condense.
    expect(screen.getByTestId('decision').getAttribute('data-should-compact')).toBe('true')
  })
})

describe('a large conversation', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  // 10,000 messages: where the count starts in a task of its own (docs/performance.md). Opened
  // with the progress strip on screen; resolves once the rows are shown.
  const openLarge = async () => {
    const messages = Array.from({ length: 10_000 }, (_, i) => ({ type: 'user', text: `m${i}` }))
    const file = { name: 'large.json', path: '/work/large.json', content: JSON.stringify(messages) }
    const { store } = makeStore()
    renderWithStore(<LoadProgress />, store)
    vi.runAllTimers()
    await act(() => store.getState().loadFile(file))
    return store
  }

  it('shows its rows in one task and starts counting in the next, so the two are never one long task', async () => {
    const store = await openLarge()
    expect(store.getState().messages).toHaveLength(10_000)
    // Nothing is counted yet, nor under way: the count has not started in this task.
    const started = () => {
      const { countingJob, counts, partialCounts } = store.getState()
      return (
        countingJob !== null ||
        (partialCounts?.counted ?? 0) > 0 ||
        counts.messages.length === 10_000
      )
    }
    expect(started()).toBe(false)
    // Yet the strip says counting is what comes next: it never leaves the screen between the two.
    const strip = screen.getByTestId('load-progress')
    expect(strip.getAttribute('data-phase')).toBe('counting')
    expect(strip.textContent).toContain('Counting tokens: 0 of 10,000 messages')
    act(() => vi.advanceTimersByTime(0))
    await vi.waitFor(() => expect(started()).toBe(true))
  })

  it('stays stopped when Cancel comes before its count has started, and counts all on Count again', async () => {
    const store = await openLarge()
    act(() => store.getState().cancelLoad())
    act(() => vi.advanceTimersByTime(0))
    expect(store.getState().countingJob).toBeNull()
    expect(screen.getByTestId('counts-partial').textContent).toContain(
      'Counts are partial: 0 of 10,000 messages counted',
    )
    fireEvent.click(screen.getByTestId('count-again'))
    await vi.waitFor(() => expect(store.getState().counts.messages).toHaveLength(10_000))
  })
})
