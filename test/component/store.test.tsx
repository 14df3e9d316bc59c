import { describe, expect, it } from 'vitest'
import { createAppStore, selectBucket, selectCheck, type AppState } from '../../renderer/store'
import { SAMPLE_FILE } from '../../renderer/store/sample'
import { countInPlace, createMainThreadWorkers } from './main-thread-workers'
import { fakeApi } from './fake-api'
import {
  RUN,
  RUN_BUCKETS,
  RUN_FILE,
  conversationFile,
  makeStore,
  referenceCounts,
  runStore,
} from './fixtures'

/** Every message's bucket, as the rows read them one by one. */
const bucketsOf = (s: AppState) => s.messages.map((_, i) => selectBucket(s, i))

describe('the store', () => {
  it('starts on the sample, with MaxTokens 2000 so that it is over its threshold', () => {
    const { store } = makeStore()
    const s = store.getState()
    expect(s.file).toEqual({ name: 'sample.json', path: null, token: null, isSample: true })
    expect(s.messages).toHaveLength(20)
    expect(s.options.model).toBe('gpt-4o')
    expect(s.options.maxTokens).toBe(2000)
    expect(s.options.keepRecentCount).toBeUndefined()
    expect(s.options.triggerRatio).toBe(0.9)
    expect(selectCheck(s)?.shouldCompact).toBe(true)
  })

  it('opens a conversation with MaxTokens 128000 and the counts tiktoken gives', async () => {
    const { store } = makeStore()
    expect(await store.getState().loadFile(RUN_FILE)).toBe(true)
    const s = store.getState()
    expect(s.file).toEqual({
      name: 'run.json',
      path: '/work/run.json',
      token: 'run-json-token',
      isSample: false,
    })
    expect(s.messages.map((m) => m.id)).toEqual(RUN.map((m) => m.id))
    expect(s.options.maxTokens).toBe(128000)
    expect(s.counts.perMessage).toEqual(referenceCounts(RUN))
    expect(s.loadError).toBeNull()
  })

  it('uses gpt-4o when the file names no model, and the file’s model when it does', () => {
    const { store } = makeStore()
    store.getState().loadFile({ path: null, name: 'bare.json', content: JSON.stringify(RUN) })
    expect(store.getState().options.model).toBe('gpt-4o')
    store.getState().loadFile({
      path: null,
      name: 'm.json',
      content: JSON.stringify({ model: 'gpt-4', messages: RUN }),
    })
    expect(store.getState().options.model).toBe('gpt-4')
    expect(store.getState().counts.perMessage).toEqual(referenceCounts(RUN, 'cl100k_base'))
  })

  it('reads a file given as bytes, as Electron’s main sends it, and locates its errors', async () => {
    const { store } = makeStore()
    const bytes = (text: string) => new TextEncoder().encode(text)
    const run = { ...RUN_FILE, content: bytes(RUN_FILE.content) }
    expect(await store.getState().loadFile(run)).toBe(true)
    expect(store.getState().messages.map((m) => m.id)).toEqual(RUN.map((m) => m.id))
    expect(store.getState().counts.perMessage).toEqual(referenceCounts(RUN))
    const malformed = conversationFile('malformed.json')
    expect(
      await store.getState().loadFile({ ...malformed, content: bytes(malformed.content) }),
    ).toBe(false)
    expect(store.getState().loadError).toMatch(/^malformed\.json: line 12, column 7: /)
    expect(store.getState().file.name).toBe('run.json')
  })

  it('keeps the current conversation when a file fails to parse, and says where', async () => {
    const { store } = runStore()
    const before = store.getState()
    expect(await store.getState().loadFile(conversationFile('malformed.json'))).toBe(false)
    const after = store.getState()
    // malformed.json lacks the comma after "type": "bot" on line 11; "text" starts line 12, column 7.
    expect(after.loadError).toMatch(/^malformed\.json: line 12, column 7: /)
    expect(after.messages).toBe(before.messages)
    expect(after.file).toBe(before.file)
    expect(after.options.maxTokens).toBe(50)
  })

  it('shows a host error as the load error, and a cancelled dialog as nothing at all', async () => {
    const api = fakeApi()
    const { store } = makeStore(api)
    await store
      .getState()
      .openRecent({ token: '/gone.json', name: 'gone.json', path: '/gone.json' })
    expect(store.getState().loadError).toBe('/gone.json: no such file')
    store.getState().dismissLoadError()
    await store.getState().openDialog()
    expect(store.getState().loadError).toBeNull()
    expect(store.getState().file.isSample).toBe(true)
  })

  it('opens the host’s initial file, or stays on the sample when there is none', async () => {
    const api = fakeApi()
    api.initial = { ok: true, value: RUN_FILE }
    const { store } = makeStore(api)
    await store.getState().init()
    expect(store.getState().file.name).toBe('run.json')

    const { store: other } = makeStore()
    await other.getState().init()
    expect(other.getState().file.isSample).toBe(true)
  })

  it('counts once per conversation and encoding: re-tuning never re-counts', () => {
    const calls: string[] = []
    const workers = createMainThreadWorkers((spec, messages, ranges, events) => {
      calls.push(spec.model)
      return countInPlace(spec, messages, ranges, events)
    })
    const store = createAppStore({ api: fakeApi(), sample: SAMPLE_FILE, workers })
    store.getState().loadFile(RUN_FILE)
    expect(calls).toEqual(['gpt-4o', 'gpt-4o'])
    const counts = store.getState().counts

    store.getState().setOptionInput('maxTokens', '50')
    store.getState().setOptionInput('keepRecentCount', '3')
    store.getState().setOptionInput('triggerRatio', '0.5')
    // gpt-4o-mini shares gpt-4o's o200k_base vocabulary, so its counts are the same.
    store.getState().setModel('gpt-4o-mini')
    expect(store.getState().counts).toBe(counts)
    expect(calls).toHaveLength(2)

    store.getState().setModel('gpt-4')
    expect(calls).toEqual(['gpt-4o', 'gpt-4o', 'gpt-4'])
    expect(store.getState().counts.perMessage).toEqual(referenceCounts(RUN, 'cl100k_base'))
  })

  it('re-derives the split when KeepRecentCount changes', () => {
    const { store } = runStore()
    expect(bucketsOf(store.getState())).toEqual(RUN_BUCKETS)
    // Keep 5: the head is 0–4; only the first instructions message is hoisted, the reminder too.
    store.getState().setOptionInput('keepRecentCount', '5')
    expect(bucketsOf(store.getState())).toEqual([
      'hoisted',
      'summarize',
      'summarize',
      'hoisted',
      'summarize',
      'keep',
      'keep',
      'keep',
      'keep',
      'keep',
    ])
    // Cleared: derived again.
    store.getState().setOptionInput('keepRecentCount', '')
    expect(store.getState().options.keepRecentCount).toBeUndefined()
    expect(bucketsOf(store.getState())).toEqual(RUN_BUCKETS)
  })

  it('keeps the last valid options when a control holds an invalid value', () => {
    const { store } = runStore()
    const check = selectCheck(store.getState())
    store.getState().setOptionInput('maxTokens', '0')
    expect(store.getState().optionErrors.maxTokens).toBe('MaxTokens: 0 is not a positive integer')
    store.getState().setOptionInput('triggerRatio', 'high')
    expect(store.getState().optionErrors.triggerRatio).toBe(
      'TriggerRatio: "high" is not a number in (0, 1]',
    )
    expect(store.getState().options.maxTokens).toBe(50)
    expect(store.getState().optionInputs.maxTokens).toBe('0')
    expect(selectCheck(store.getState())).toBe(check)

    store.getState().setOptionInput('maxTokens', '60')
    expect(store.getState().optionErrors.maxTokens).toBeUndefined()
    expect(selectCheck(store.getState())?.threshold).toBe(60 * 0.9)
  })

  it('refuses an empty summary with the core’s error', () => {
    const { store } = runStore()
    store.getState().setSummaryText('   ')
    store.getState().applySummary()
    expect(store.getState().applyError).toMatch(/empty/)
    expect(store.getState().appliedSummary).toBeNull()
  })
})
