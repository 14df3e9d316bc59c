import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { Budget } from '../../renderer/components/Budget'
import { ContextGrowth, GROWTH_PANEL } from '../../renderer/components/ContextGrowth'
import { UsageBadge } from '../../renderer/components/UsageBadge'
import { REFERENCE_FRAMING_TOKENS } from '../unit/helpers/tiktoken'
import { makeStore, referenceCounts, renderWithStore, sum } from './fixtures'

// uPlot draws on a canvas, which jsdom lacks: the stand-in records what the chart was given.
const charts = vi.hoisted(
  () =>
    [] as {
      options: { series: { label?: string }[]; axes: { incrs?: number[] }[] }
      data: unknown[][]
    }[],
)
vi.mock('uplot', () => ({
  default: class {
    static pxRatio = 1
    constructor(options: never, data: never) {
      charts.push({ options, data })
    }
    setSize() {}
    redraw() {}
    destroy() {}
  },
}))

const ev = (uuid: string, parentUuid: string | null, extra: Record<string, unknown>) =>
  JSON.stringify({ parentUuid, isSidechain: false, sessionId: 's', uuid, ...extra })
const reply = (id: string, text: string, usage: Record<string, number>) => ({
  type: 'assistant',
  message: { id, role: 'assistant', model: 'gpt-4o', content: [{ type: 'text', text }], usage },
})
const TEXTS = ['What is 2 + 2?', 'Four.', 'And 3 + 3?', 'Six.']
// Request 1 reports 3 + 1000 = 1003 tokens; request 2, 3 + 40 + 1000 = 1043.
const SESSION = [
  ev('a', null, { type: 'user', message: { role: 'user', content: TEXTS[0] } }),
  ev('b', 'a', reply('m1', TEXTS[1], { input_tokens: 3, cache_creation_input_tokens: 1000 })),
  ev('c', 'b', { type: 'user', message: { role: 'user', content: TEXTS[2] } }),
  ev(
    'd',
    'c',
    reply('m2', TEXTS[3], {
      input_tokens: 3,
      cache_creation_input_tokens: 40,
      cache_read_input_tokens: 1000,
    }),
  ),
].join('\n')

async function sessionStore() {
  const { store } = makeStore()
  await act(() =>
    store.getState().loadFile({ name: 'session.jsonl', path: null, content: SESSION }),
  )
  await waitFor(() => expect(store.getState().counts.perMessage).toHaveLength(4))
  act(() => store.getState().setOptionInput('maxTokens', '2000'))
  return store
}

describe('the context-growth chart', () => {
  // A Claude Code session goes over Anthropic's wire, which frames no message (docs/tokens.md); its
  // model is gpt-4o, counted exactly, so each message costs its tiktoken count alone.
  const costs = referenceCounts(TEXTS.map((text) => ({ text }))).map(
    (c) => c - REFERENCE_FRAMING_TOKENS,
  )

  it('is given the core’s series: one point per prompt length, the reports where prompts ended', async () => {
    charts.length = 0
    const store = await sessionStore()
    renderWithStore(<ContextGrowth />, store)
    const chart = charts[charts.length - 1]
    const [x, estimate, withHidden, reported, threshold] = chart.data
    expect(x).toEqual([0, 1, 2, 3, 4])
    const prefix = [0, costs[0], costs[0] + costs[1], costs[0] + costs[1] + costs[2], sum(costs)]
    expect(estimate).toEqual(prefix)
    const hidden = 1003 - costs[0]
    expect(withHidden).toEqual(prefix.map((e) => e + hidden))
    expect(reported).toEqual([null, 1003, null, 1043, null])
    expect(threshold).toEqual([1800, 1800, 1800, 1800, 1800])
    expect(chart.options.series.slice(1).map((s) => s.label)).toEqual([
      'Estimate',
      'Estimate + not in the file',
      'Reported',
      'Threshold',
    ])
    // The legend and the figures are the page's own text.
    const legend = screen.getByRole('list', { name: 'Chart legend' })
    expect(legend.textContent).toContain('Not in the file')
    expect(legend.textContent).toContain('Compaction in the log')
    expect(screen.getByTestId('growth-figures').textContent).toContain(
      `reported 1,003 · estimated ${costs[0]}`,
    )
    expect(screen.getByTestId('growth-chart').getAttribute('aria-label')).toMatch(
      /^Context growth over 4 messages/,
    )
  })

  it('steps its message axis by whole messages, never by halves', async () => {
    charts.length = 0
    renderWithStore(<ContextGrowth />, await sessionStore())
    const steps = charts[charts.length - 1].options.axes[0].incrs!
    // Enough steps for a few messages and for millions, every one a whole number of messages.
    expect(steps.slice(0, 4)).toEqual([1, 2, 5, 10])
    expect(Math.max(...steps)).toBeGreaterThanOrEqual(1_000_000)
    expect(steps.every(Number.isInteger)).toBe(true)
  })

  it('says why the estimate may fall behind where Claude Code kept its attachments out of the file', async () => {
    // docs/formats/claude-code.md, "Attachments the file does not hold": 1.0.60 – 2.1.96.
    const said =
      /^Claude Code before 2\.1\.97 kept most attachments it sent with a prompt out of this file/
    const store = await sessionStore()
    const { unmount } = renderWithStore(<ContextGrowth />, store)
    // SESSION names no version: nothing to say.
    expect(screen.queryByTestId('growth-attachments')).toBeNull()
    unmount()
    const old = SESSION.replaceAll('"sessionId":"s"', '"sessionId":"s","version":"2.1.88"')
    await act(() => store.getState().loadFile({ name: 'old.jsonl', path: null, content: old }))
    await waitFor(() => expect(store.getState().counts.perMessage).toHaveLength(4))
    renderWithStore(<ContextGrowth />, store)
    expect(screen.getByTestId('growth-attachments').textContent).toMatch(said)
    const recent = SESSION.replaceAll('"sessionId":"s"', '"sessionId":"s","version":"2.1.97"')
    await act(() => store.getState().loadFile({ name: 'new.jsonl', path: null, content: recent }))
    await waitFor(() => expect(store.getState().attachmentsUnrecorded).toBe(false))
    expect(screen.queryByTestId('growth-attachments')).toBeNull()
  })

  it('marks where each engine preset fires, with a legend; a preset that does not fire has none', async () => {
    charts.length = 0
    const store = await sessionStore()
    // Codex fires at ⌊window × 9 / 10⌋: this window puts it between the estimate after message 0
    // and the one after message 1, so it fires after message 1, drawn at a prompt of 2 messages.
    const window = Math.floor(((costs[0] + costs[1]) * 10) / 9)
    expect(Math.floor((window * 9) / 10)).toBeGreaterThan(costs[0])
    act(() => store.getState().setEngineLimits({ window, maxOutput: 1 }))
    renderWithStore(<ContextGrowth />, store)
    const legend = screen.getByTestId('fire-legend')
    const codex = legend.querySelector('[data-engine="codex"]')
    expect(codex?.textContent).toBe('Codex after #1')
    // Anthropic's API compaction waits for 150,000 input tokens: no mark, no legend entry.
    expect(legend.querySelector('[data-engine="anthropic-compaction"]')).toBeNull()
    expect(legend.textContent).not.toContain('Anthropic compaction')
    expect(screen.getByTestId('growth-chart').getAttribute('aria-label')).toContain(
      'Codex after message 1',
    )
    // Drawn on the chart: a line at x = 2, labelled, for Codex (the stand-in canvas records it).
    const chart = charts[charts.length - 1] as unknown as {
      options: { hooks: { draw: ((u: unknown) => void)[] } }
    }
    const drawn: { label: string; x: number; color: string }[] = []
    let x = 0
    const ctx = new Proxy(
      {
        moveTo: (at: number) => (x = at),
        measureText: () => ({ width: 10 }),
        fillText(this: { fillStyle: string }, label: string) {
          drawn.push({ label, x, color: this.fillStyle })
        },
      } as Record<string, unknown>,
      { get: (t, k) => (k in t ? t[k as string] : () => {}) },
    )
    chart.options.hooks.draw[0]({
      ctx,
      bbox: { top: 0, left: 0, width: 1000, height: 200 },
      valToPos: (v: number) => v * 100,
    })
    expect(drawn.find((d) => d.label === 'Codex')).toMatchObject({ x: 200 })
    expect(drawn.map((d) => d.label)).not.toContain('Anthropic compaction')
  })

  it('includes the tokens not in the file in the check when asked', async () => {
    const store = await sessionStore()
    renderWithStore(
      <>
        <Budget />
        <ContextGrowth />
        <UsageBadge index={1} />
      </>,
      store,
    )
    const hidden = 1003 - costs[0]
    expect(screen.getByTestId('total-tokens').textContent).toBe(sum(costs).toLocaleString('en-US'))
    expect(screen.getByTestId('row-usage').textContent).toBe(
      `reported 1,003 · estimated ${costs[0]}`,
    )
    const box = screen.getByRole('checkbox', { name: /Include the .* tokens not in the file/ })
    expect(box.parentElement?.textContent).toContain(
      `Include the ${hidden.toLocaleString('en-US')} tokens`,
    )
    fireEvent.click(box)
    expect(store.getState().includeHidden).toBe(true)
    expect(screen.getByTestId('total-tokens').textContent).toBe(
      (sum(costs) + hidden).toLocaleString('en-US'),
    )
    expect(screen.getByTestId('row-usage').textContent).toBe('reported 1,003 · estimated 1,003')
  })

  it('estimates the requests after a microcompaction with the results it cleared, and says so', async () => {
    charts.length = 0
    const call = { type: 'tool_use', id: 'c1', name: 'Read', input: { file_path: 'notes.md' } }
    const output = 'A long note about the ledger close, line after line. '.repeat(60)
    const session = [
      ev('a', null, { type: 'user', message: { role: 'user', content: 'Read the notes.' } }),
      ev('b', 'a', {
        type: 'assistant',
        message: {
          id: 'm1',
          role: 'assistant',
          model: 'gpt-4o',
          content: [call],
          usage: { input_tokens: 3, cache_creation_input_tokens: 1000 },
        },
      }),
      ev('c', 'b', {
        type: 'user',
        message: {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: 'c1', content: output }],
        },
      }),
      ev('m', 'c', {
        type: 'system',
        subtype: 'microcompact_boundary',
        content: 'Context microcompacted',
        microcompactMetadata: { trigger: 'auto', tokensSaved: 800, compactedToolIds: ['c1'] },
      }),
      ev('d', 'm', reply('m2', 'Read.', { input_tokens: 3, cache_read_input_tokens: 1030 })),
    ].join('\n')
    const { store } = makeStore()
    await act(() =>
      store.getState().loadFile({ name: 'session.jsonl', path: null, content: session }),
    )
    await waitFor(() => expect(store.getState().counts.perMessage).toHaveLength(4))
    renderWithStore(<ContextGrowth />, store)
    await waitFor(
      () =>
        expect(screen.getByTestId('growth-figures').textContent).toContain(
          '1 of the 2 requests were sent with up to 1 tool result cleared by Claude Code, and each is estimated as sent (the conversation holds them whole).',
        ),
      // Pricing the cleared result waits for the counts and the worker's answer.
      { timeout: 10_000 },
    )
    const cells = [...screen.getByTestId('usage-table').querySelectorAll('tbody tr')].map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => td.textContent),
    )
    // request, at, prompt messages, sent cleared, reported, estimated, ratio.
    expect(cells.map((row) => row[3])).toEqual(['0', '1'])
    // The line at request 2's prompt (x = 3) has the result as sent cleared; after the last
    // request (x = 4), the conversation as loaded, the result whole.
    const [, estimate] = charts[charts.length - 1].data as number[][]
    const perMessage = store.getState().counts.perMessage
    const whole = perMessage.slice(0, 3).reduce((a, b) => a + (b ?? 0), 0)
    expect(estimate[3]).toBeLessThan(whole - perMessage[2]! / 2)
    expect(estimate[4]).toBe(whole + perMessage[3]!)
  })

  it('is not shown for a file that reports no usage', () => {
    const { store } = makeStore()
    renderWithStore(<ContextGrowth />, store)
    expect(screen.queryByRole('region', { name: 'Context growth' })).toBeNull()
  })

  it('folds away, and stays folded for the next file: the layout keeps it', async () => {
    const store = await sessionStore()
    const { unmount } = renderWithStore(<ContextGrowth />, store)
    const details = screen.getByTestId('growth-details') as HTMLDetailsElement
    expect(details.open).toBe(true)
    details.open = false
    fireEvent(details, new Event('toggle'))
    expect(store.getState().layout.collapsed).toEqual([GROWTH_PANEL])
    unmount()
    renderWithStore(<ContextGrowth />, store)
    expect((screen.getByTestId('growth-details') as HTMLDetailsElement).open).toBe(false)
    const reopened = screen.getByTestId('growth-details') as HTMLDetailsElement
    reopened.open = true
    fireEvent(reopened, new Event('toggle'))
    expect(store.getState().layout.collapsed).toEqual([])
  })
})
