import { act, screen, waitFor } from '@testing-library/react'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { OpenedFile } from '../../electron/contract'
import { Header } from '../../renderer/components/Header'
import { createAppStore, selectCheck, selectReadyCounts, type AppStore } from '../../renderer/store'
import { selectForecast } from '../../renderer/store/live-selectors'
import { FOLLOW_AT_OPEN_BYTES } from '../../renderer/store/live-slice'
import { SAMPLE_FILE } from '../../renderer/store/sample'
import { countInPlace, createMainThreadWorkers } from './main-thread-workers'
import { claudeCodeAgent } from '../unit/helpers/claude-code-agent'
import { fakeApi, type FakeApi } from './fake-api'
import { renderWithStore } from './fixtures'

const TOKEN = 'session-token'
const encode = (text: string) => new TextEncoder().encode(text)

function agent() {
  return claudeCodeAgent({
    sessionId: '0c9e4f2a-6b1d-4a7e-8f3c-2d5b9e1a7c40',
    cwd: '/home/ana/ledger',
    model: 'claude-sonnet-4-5-20250929',
    start: new Date('2026-11-30T09:00:00Z'),
  })
}

// Each turn is four messages: the prompt, the tool call, its result and the reply.
const turn = (a: ReturnType<typeof agent>, n: number) =>
  a.turn(
    n,
    `Turn ${n}: why is the total off by a cent?`,
    `src/posting${n}.ts`,
    12,
    `Turn ${n}: fixed.`,
  )

function sessionFile(text: string): OpenedFile {
  return {
    token: TOKEN,
    path: '/home/ana/.claude/projects/-home-ana-ledger/0c9e4f2a.jsonl',
    name: '0c9e4f2a.jsonl',
    content: encode(text),
  }
}

/** The main-thread workers, recording how many messages each count was asked to count. */
function countedWorkers() {
  const counted: number[] = []
  const workers = createMainThreadWorkers((spec, messages, ranges, events) => {
    counted.push(ranges.reduce((n, r) => n + r.end - r.start, 0))
    return countInPlace(spec, messages, ranges, events)
  })
  return { workers, counted }
}

function liveStore(api: FakeApi = fakeApi()) {
  const { workers, counted } = countedWorkers()
  const store = createAppStore({ api, sample: SAMPLE_FILE, workers })
  return { store, api, counted }
}

const counted = (store: AppStore) => selectReadyCounts(store.getState()) !== null
const total = (store: AppStore) => selectCheck(store.getState())!.estimatedTokens

/** Opens the first turns of a session, counted, as the Sessions view would. */
async function openSession(store: AppStore, text: string) {
  await act(() => store.getState().loadFile(sessionFile(text)))
  await waitFor(() => expect(counted(store)).toBe(true))
}

describe('following the file on screen', () => {
  it('follows a file the host read, from its size, and stops when another file opens', async () => {
    const { store, api } = liveStore()
    const a = agent()
    const text = turn(a, 1) + turn(a, 2)
    await openSession(store, text)
    expect(api.following).toEqual({ token: TOKEN, from: encode(text).byteLength })
    expect(store.getState().live).toMatchObject({ token: TOKEN, state: 'following', changes: 0 })

    await act(() => store.getState().loadFile(SAMPLE_FILE, 'sample'))
    expect(store.getState().live).toBeNull()
    expect(api.following).toBeNull()
    // A change the host had already sent for the old file is ignored.
    act(() => api.pushChange({ token: TOKEN, kind: 'append', bytes: encode(turn(a, 3)) }))
    expect(store.getState().file.isSample).toBe(true)
  })

  it('does not follow where the host cannot (a plain page), nor a file without a token', async () => {
    const api = fakeApi('web')
    Object.assign(api, { sessions: false })
    const { store } = liveStore(api)
    const a = agent()
    await openSession(store, turn(a, 1))
    expect(store.getState().live).toBeNull()
    expect(api.following).toBeNull()
  })

  it('shows each append in one update, counting only the new messages', async () => {
    const { store, api, counted: jobs } = liveStore()
    const a = agent()
    let text = turn(a, 1) + turn(a, 2)
    // Counted from here: the store opened the sample first.
    jobs.length = 0
    await openSession(store, text)
    expect(store.getState().messages.length).toBe(8)
    expect(jobs).toEqual([8])
    // No state ever shows messages against counts that are not theirs: the budget never blinks.
    const mixed: number[] = []
    store.subscribe((s) => {
      if (s.messages.length > 0 && !selectReadyCounts(s) && s.live?.changes) {
        mixed.push(s.messages.length)
      }
    })
    const totals = [total(store)]
    for (const n of [3, 4, 5]) {
      const more = turn(a, n)
      text += more
      act(() => api.pushChange({ token: TOKEN, kind: 'append', bytes: encode(more) }))
      await waitFor(() => expect(store.getState().messages.length).toBe(4 * n))
      expect(counted(store)).toBe(true)
      totals.push(total(store))
    }
    expect(mixed).toEqual([])
    // The budget rises with every turn.
    for (let i = 1; i < totals.length; i++) expect(totals[i]).toBeGreaterThan(totals[i - 1])
    // Eight messages counted on opening, then four a turn, none twice.
    expect(jobs).toEqual([8, 4, 4, 4])
    expect(store.getState().live).toMatchObject({ changes: 3, bytesRead: encode(text).byteLength })

    // The counts are those a fresh read of the whole file gives.
    const fresh = liveStore().store
    await openSession(fresh, text)
    expect(store.getState().counts.perMessage).toEqual(fresh.getState().counts.perMessage)
    expect(store.getState().messages).toEqual(fresh.getState().messages)
  })

  it('waits for the rest of a line cut in two, even inside a character', async () => {
    const { store, api } = liveStore()
    const a = agent()
    await openSession(store, turn(a, 1))
    const more = encode(a.turn(2, 'Ça coûte 0,01 € de trop — pourquoi ?', 'src/€.ts', 3, 'Réglé.'))
    const cut = more.indexOf(0xe2) + 1 // inside the three bytes of '—' or '€'
    act(() => api.pushChange({ token: TOKEN, kind: 'append', bytes: more.slice(0, cut) }))
    await waitFor(() => expect(store.getState().live?.bytesRead).toBeGreaterThan(0))
    expect(store.getState().messages.length).toBe(4)
    act(() => api.pushChange({ token: TOKEN, kind: 'append', bytes: more.slice(cut) }))
    await waitFor(() => expect(store.getState().messages.length).toBe(8))
    expect(store.getState().messages[4].text).toBe('Ça coûte 0,01 € de trop — pourquoi ?')
  })

  it('reads a truncated file again, whole, and says so', async () => {
    const { store, api } = liveStore()
    const a = agent()
    const first = turn(a, 1)
    await openSession(store, first + turn(a, 2) + turn(a, 3))
    act(() => store.getState().select(10))
    act(() =>
      api.pushChange({ token: TOKEN, kind: 'reset', reason: 'truncated', bytes: encode(first) }),
    )
    await waitFor(() => expect(store.getState().messages.length).toBe(4))
    expect(counted(store)).toBe(true)
    expect(store.getState().live?.note).toMatch(/truncated/)
    expect(store.getState().selected).toBeNull()
    expect(
      store
        .getState()
        .toasts.map((t) => t.text)
        .join('\n'),
    ).toMatch(/truncated/)
    const fresh = liveStore().store
    await openSession(fresh, first)
    expect(store.getState().counts.perMessage).toEqual(fresh.getState().counts.perMessage)
  })

  it('stops, keeping what was read, when the file is removed', async () => {
    const { store, api } = liveStore()
    const a = agent()
    await openSession(store, turn(a, 1))
    act(() => api.pushChange({ token: TOKEN, kind: 'gone' }))
    await waitFor(() => expect(store.getState().live?.state).toBe('ended'))
    expect(store.getState().messages.length).toBe(4)
    expect(api.following).toBeNull()
  })

  it('stops at a change it cannot read, keeping what was read, and reads it all again on Follow', async () => {
    const { store, api } = liveStore()
    renderWithStore(<Header />, store)
    const a = agent()
    const first = turn(a, 1)
    await openSession(store, first)
    // Bytes that are not UTF-8: the line cannot be read, so nothing after it would follow on.
    const bad = new Uint8Array([
      ...encode('{"type":"user","message":"'),
      0xc3,
      0x28,
      ...encode('"}\n'),
    ])
    act(() => api.pushChange({ token: TOKEN, kind: 'append', bytes: bad }))
    await waitFor(() => expect(store.getState().live?.state).toBe('off'))
    expect(store.getState().live?.note).toMatch(/^a change could not be read \(.*UTF-8/)
    expect(store.getState().messages.length).toBe(4)
    expect(api.following).toBeNull()
    expect(screen.getByTestId('live-toggle').textContent).toBe('Follow')

    // The agent wrote the line again, mended, and a second turn: Follow reads the file whole.
    const mended = first + turn(a, 2)
    api.files.set(TOKEN, sessionFile(mended))
    await act(async () => screen.getByTestId('live-toggle').click())
    await waitFor(() => expect(store.getState().live?.state).toBe('following'))
    expect(store.getState().messages.length).toBe(8)
    expect(api.following).toEqual({ token: TOKEN, from: encode(mended).byteLength })
  })

  it('pauses and goes on from where it was left', async () => {
    const { store, api } = liveStore()
    const a = agent()
    const text = turn(a, 1) + turn(a, 2)
    await openSession(store, text)
    act(() => store.getState().setFollowing(false))
    expect(api.following).toBeNull()
    expect(store.getState().live?.state).toBe('paused')
    act(() => store.getState().setFollowing(true))
    expect(api.following).toEqual({ token: TOKEN, from: encode(text).byteLength })
  })

  it('shows the forecast in the header and on the badge, and clears the badge after', async () => {
    const { store, api } = liveStore()
    renderWithStore(<Header />, store)
    const a = agent()
    await openSession(store, turn(a, 1) + turn(a, 2) + turn(a, 3))
    // A small budget, so the run is a few turns from its trigger.
    act(() => store.getState().setOptionInput('maxTokens', String(Math.round(total(store) * 3))))
    await waitFor(() => expect(selectForecast(store.getState())?.turnsLeft).toBeGreaterThan(0))
    const before = selectForecast(store.getState())!
    const text = () => screen.getByTestId('live-forecast').textContent
    expect(text()).toBe(
      `compaction in about ${before.turnsLeft} turns (${before.tokensLeft.toLocaleString('en-US')} tokens left)`,
    )
    expect(screen.getByTestId('live-toggle').getAttribute('aria-pressed')).toBe('true')
    expect(api.badges.at(-1)).toEqual({
      turnsLeft: before.turnsLeft,
      fraction: before.total / before.threshold,
    })

    act(() => api.pushChange({ token: TOKEN, kind: 'append', bytes: encode(turn(a, 4)) }))
    await waitFor(() => expect(store.getState().messages.length).toBe(16))
    const after = selectForecast(store.getState())!
    expect(after.tokensLeft).toBeLessThan(before.tokensLeft)
    expect(text()).toContain(`(${after.tokensLeft.toLocaleString('en-US')} tokens left)`)
    expect(api.badges.at(-1)).toEqual({
      turnsLeft: after.turnsLeft,
      fraction: after.total / after.threshold,
    })

    await act(() => store.getState().loadFile(SAMPLE_FILE, 'sample'))
    expect(api.badges.at(-1)).toBeNull()
    expect(screen.queryByTestId('live-status')).toBeNull()
  })
})

describe('a file too large to follow from the start', () => {
  it('is read without following, and read again to follow on Follow', async () => {
    const { store, api } = liveStore()
    renderWithStore(<Header />, store)
    const a = agent()
    // Past FOLLOW_AT_OPEN_BYTES with the tool output alone (over 60 bytes a line).
    const lines = Math.ceil(FOLLOW_AT_OPEN_BYTES / 60)
    const text = a.turn(1, 'Read the whole ledger', 'ledger.csv', lines, 'Read.')
    expect(encode(text).byteLength).toBeGreaterThan(FOLLOW_AT_OPEN_BYTES)
    api.files.set(TOKEN, sessionFile(text))
    await act(() => store.getState().loadFile(sessionFile(text)))
    expect(store.getState().live).toMatchObject({ token: TOKEN, state: 'off' })
    expect(api.following).toBeNull()
    expect(screen.getByTestId('live-toggle').textContent).toBe('Follow')

    await act(async () => screen.getByTestId('live-toggle').click())
    await waitFor(() => expect(store.getState().live?.state).toBe('following'))
    expect(api.following).toEqual({ token: TOKEN, from: encode(text).byteLength })
    expect(screen.getByTestId('live-toggle').textContent).toBe('Live')
  })
})

describe('a whole-document log, rewritten on every turn', () => {
  const cline = JSON.parse(
    readFileSync(resolve(import.meta.dirname, '../../testdata/formats/cline.json'), 'utf8'),
  ) as unknown[]
  const file = (entries: unknown[]): OpenedFile => ({
    token: TOKEN,
    path: '/home/ana/.config/Code/User/globalStorage/saoudrizwan.claude-dev/tasks/1/api_conversation_history.json',
    name: 'api_conversation_history.json',
    content: encode(JSON.stringify(entries, null, 2)),
  })

  it('takes a rewrite that only adds messages quietly, and says so when one changes them', async () => {
    const { store, api } = liveStore()
    // From the sixth entry on the task names its last model, as the whole file does: the
    // messages before stand (a change of model would price them all again).
    await act(() => store.getState().loadFile(file(cline.slice(0, 6))))
    await waitFor(() => expect(counted(store)).toBe(true))
    const before = store.getState().messages.length
    act(() => store.getState().select(1))
    const whole = file(cline).content as Uint8Array<ArrayBuffer>
    act(() => api.pushChange({ token: TOKEN, kind: 'reset', reason: 'rewritten', bytes: whole }))
    await waitFor(() => expect(store.getState().messages.length).toBeGreaterThan(before))
    expect(store.getState().live?.note).toBeNull()
    expect(store.getState().selected).toBe(1)
    expect(store.getState().toasts).toEqual([])

    // The agent's history cut back to its first two entries: what was shown changed.
    const cut = file(cline.slice(0, 2)).content as Uint8Array<ArrayBuffer>
    act(() => api.pushChange({ token: TOKEN, kind: 'reset', reason: 'rewritten', bytes: cut }))
    await waitFor(() => expect(store.getState().live?.note).toMatch(/rewritten/))
    expect(store.getState().selected).toBeNull()
  })
})
