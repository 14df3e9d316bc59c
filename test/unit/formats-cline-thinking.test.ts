import { describe, expect, it } from 'vitest'
import { describeMethod } from '../../cli/message-table'
import {
  compareUsage,
  countEachMessage,
  describeCounting,
  importConversation,
  requestOverhead,
  thinkingRuleNote,
  turnCostsOf,
} from '../../src/index'

// A Cline task as Cline 3.51 stores it with Anthropic's native tool calls: each reply thinks (a
// signed thinking block), then calls one tool; the handler gives Cline no call id to answer with,
// so each result goes back as the user's text ("[read_file for '…'] Result:"), followed by the
// editor's state. Cline sends that text with only a placeholder tool_result for the call, and
// Anthropic's API reads each such request as a new turn (docs/formats/cline.md, "Each request a
// new turn"). Written by hand; the signatures are made-up base64.
const env = '<environment_details>\n# Current Mode\nACT MODE\n</environment_details>'
const signature = (seed: string) => `${seed.repeat(20)}AAAA`.slice(0, 400)

function task(modelId: string, results: 'text' | 'tool_result' = 'text') {
  const reply = (i: number, thought: string, call: object, cached: number) => ({
    role: 'assistant',
    content: [
      { type: 'thinking', thinking: thought, signature: signature(`Eq${i}Ck`), summary: [] },
      { type: 'tool_use', ...call },
    ],
    modelInfo: { modelId, providerId: 'anthropic', mode: 'act' },
    metrics: { tokens: { prompt: 10, completion: 120, cached }, cost: 0.01 },
    ts: 10 + i,
  })
  const result = (id: string, text: string) =>
    results === 'text'
      ? [
          { type: 'text', text },
          { type: 'text', text: env },
        ]
      : [
          { type: 'tool_result', tool_use_id: id, content: text },
          { type: 'text', text: env },
        ]
  return JSON.stringify([
    {
      role: 'user',
      content: [
        { type: 'text', text: '<task>\nThe invoice total is off by a cent; fix it.\n</task>' },
        { type: 'text', text: env },
      ],
      ts: 1,
    },
    reply(
      1,
      'The total is probably summed in floating point. I should read invoice.ts first.',
      { id: 'toolu_01Aa', name: 'read_file', input: { path: 'src/invoice.ts' } },
      3000,
    ),
    {
      role: 'user',
      content: result(
        'toolu_01Aa',
        "[read_file for 'src/invoice.ts'] Result:\nexport const total = (xs: number[]) => xs.reduce((a, b) => a + b, 0)",
      ),
      ts: 2,
    },
    reply(
      2,
      'It adds floats directly. Summing in cents and dividing once avoids the drift.',
      {
        id: 'toolu_01Bb',
        name: 'replace_in_file',
        input: { path: 'src/invoice.ts', diff: 'sum in cents' },
      },
      3200,
    ),
    {
      role: 'user',
      content: result(
        'toolu_01Bb',
        "[replace_in_file for 'src/invoice.ts'] Result:\nThe content was successfully saved to src/invoice.ts.",
      ),
      ts: 3,
    },
    reply(
      3,
      'The change is saved; the fix is complete.',
      { id: 'toolu_01Cc', name: 'attempt_completion', input: { result: 'Summed in cents.' } },
      3400,
    ),
  ])
}

const SONNET = 'claude-sonnet-4-5-20250929'
const OPUS = 'claude-opus-4-5-20251101'

function priced(modelId: string) {
  const imported = importConversation(task(modelId))
  const spec = { model: modelId, wire: imported.wire, thinking: imported.thinking ?? 'model' }
  const costs = countEachMessage(spec, imported.messages)
  const thinking = imported.messages.flatMap((m, i) => (m.type === 'reasoning' ? [i] : []))
  const { rows } = compareUsage(
    imported.usage ?? [],
    costs,
    requestOverhead(spec),
    turnCostsOf(spec, imported.messages),
  )
  return { imported, spec, costs, thinking, estimated: rows.map((r) => r.estimated) }
}

describe('a Cline task whose tool results went back as the user’s text', () => {
  it('says each request begins a new turn, unless the results went back as tool_result blocks', () => {
    const { imported, thinking } = priced(SONNET)
    expect(imported.thinking).toBe('new-turn')
    const asBlocks = importConversation(task(SONNET, 'tool_result'))
    expect(asBlocks.thinking).toBeUndefined()
    expect(asBlocks.messages.filter((m) => m.type === 'activity').map((m) => m.id)).toEqual([
      'toolu_01Aa',
      'toolu_01Bb',
    ])
    expect(thinking).toHaveLength(3)
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: '[2].content[0]',
      problem: `tool results went back as the user's text (this one and every other), so each request begins a new turn, and ${SONNET} keeps only the current turn's thinking: every reply's thinking is priced at 0`,
    })
  })

  it('prices no reply’s thinking on Sonnet 4.5, which keeps only the current turn’s', () => {
    const { spec, costs, thinking, estimated, imported } = priced(SONNET)
    expect(thinking.map((i) => costs[i])).toEqual([0, 0, 0])
    // Each request is its messages before the reply, the thinking of every earlier reply left out.
    const prompts = (imported.usage ?? []).map((u) => u.prompt)
    const without = (p: number) =>
      costs.slice(0, p).reduce((a, c, i) => (thinking.includes(i) ? a : a + c), 0)
    expect(estimated).toEqual(prompts.map((p) => requestOverhead(spec) + without(p)))
    expect(thinkingRuleNote(spec)).toBe(
      `thinking priced at 0 in every request: each request sends the tools’ results as the user’s text, which begins a new turn, and ${SONNET} keeps only the current turn’s thinking`,
    )
  })

  it('prices every reply’s thinking on Opus 4.5, which keeps every turn’s, as before', () => {
    const { spec, costs, thinking, imported } = priced(OPUS)
    expect(imported.thinking).toBe('new-turn')
    // No note: the rule changes nothing for a model that keeps earlier thinking.
    expect(imported.report.map((n) => n.problem)).not.toContainEqual(
      expect.stringContaining('begins a new turn'),
    )
    const modelRule = countEachMessage({ ...spec, thinking: 'model' }, imported.messages)
    expect(costs).toEqual(modelRule)
    for (const i of thinking) expect(costs[i]).toBeGreaterThan(0)
    expect(thinkingRuleNote(spec)).toBe('')
  })

  it('follows the model the user picks: the same file priced for Opus keeps its thinking', () => {
    const { imported } = priced(SONNET)
    const reasoning = imported.messages.flatMap((m, i) => (m.type === 'reasoning' ? [i] : []))
    const costsFor = (model: string) =>
      countEachMessage(
        { model, wire: imported.wire, thinking: imported.thinking! },
        imported.messages,
      )
    const sonnet = costsFor(SONNET)
    const opus = costsFor(OPUS)
    expect(reasoning.map((i) => sonnet[i])).toEqual([0, 0, 0])
    for (const i of reasoning) expect(opus[i]).toBeGreaterThan(0)
  })
})

// A Cline task as Cline 3.16 stored it: the tools called in the reply's text as XML, each result
// sent back as the user's text, no thinking block, no modelInfo (so no model). Its replies' own
// "<thinking>" tags are text the model wrote, not thinking. Written by hand.
const XML_TASK = JSON.stringify([
  {
    role: 'user',
    content: [
      { type: 'text', text: '<task>\nAdd a sign-up page next to the login page.\n</task>' },
      { type: 'text', text: env },
    ],
  },
  {
    role: 'assistant',
    content: [
      {
        type: 'text',
        text: '<thinking>\nThe login page shows how auth is wired.\n</thinking>\n\n<read_file>\n<path>src/routes/login/+page.svelte</path>\n</read_file>',
      },
    ],
  },
  {
    role: 'user',
    content: [
      { type: 'text', text: "[read_file for 'src/routes/login/+page.svelte'] Result:" },
      { type: 'text', text: '<form on:submit={login}>…</form>' },
      { type: 'text', text: env },
    ],
  },
  {
    role: 'assistant',
    content: [
      {
        type: 'text',
        text: '<attempt_completion>\n<result>The sign-up page is added.</result>\n</attempt_completion>',
      },
    ],
  },
])

describe('a Cline task whose results went back as text but that holds no thinking', () => {
  const imported = importConversation(XML_TASK)

  it('keeps the model’s rule: there is no thinking for a new turn to leave out', () => {
    expect(imported.messages.some((m) => m.type === 'reasoning')).toBe(false)
    expect(imported.thinking).toBeUndefined()
    expect(imported.report.map((n) => n.problem)).not.toContainEqual(
      expect.stringContaining('begins a new turn'),
    )
  })

  it('prints no line about thinking under the method, with no model, Sonnet 4.5 or Gemini', () => {
    for (const model of ['', SONNET, 'gemini-2.5-flash']) {
      const spec = { model, wire: imported.wire, thinking: imported.thinking ?? 'model' }
      expect(thinkingRuleNote(spec)).toBe('')
      expect(describeMethod(describeCounting(model, imported.wire), spec)).not.toContain('thinking')
    }
  })
})

describe('the new-turn line where the file names no model', () => {
  it('says no model is named rather than leaving a blank for its name', () => {
    expect(thinkingRuleNote({ model: '', wire: 'anthropic', thinking: 'new-turn' })).toBe(
      'thinking priced at 0 in every request: each request sends the tools’ results as the user’s text, which begins a new turn, and with no model named, the model is taken to keep only the current turn’s thinking',
    )
  })
})
