import { describe, expect, it } from 'vitest'
import {
  CLEARED_RESULT_TEXT,
  OptionError,
  asCleared,
  checkCompaction,
  clearedCostsOf,
  clearedResults,
  compareUsage,
  contextGrowth,
  countEachMessage,
  countMessageTokens,
  encodePayload,
  hiddenTokensOf,
  lateContext,
  modelChangeWords,
  otherBackendNote,
  pricingAsks,
  promptBeforeReply,
  requestPricings,
  servedModels,
  servedPricing,
  turnCostsOf,
  UNRECORDED_MAX_TOKENS,
  DEFERRED_TOOL_MAX_TOKENS,
  type Message,
  type ReportedUsage,
} from '../../src/index'

const report = (prompt: number, inputTokens: number, at = `line ${prompt}`): ReportedUsage => ({
  prompt,
  inputTokens,
  at,
})

describe('compareUsage: each reported request beside the estimate of its prompt', () => {
  // Four messages costing 100, 50, 30, 20; the requests' prompts held 1, 3 and 4 of them.
  const costs = [100, 50, 30, 20]
  const usage = [report(1, 1100), report(3, 1190), report(4, 1210)]

  it('estimates each prompt as overhead + the costs before it', () => {
    const { rows } = compareUsage(usage, costs, 3)
    expect(rows.map((r) => r.estimated)).toEqual([103, 183, 203])
    expect(rows.map((r) => r.reported)).toEqual([1100, 1190, 1210])
    expect(rows.map((r) => r.request)).toEqual([1, 2, 3])
    expect(rows[0].ratio).toBeCloseTo(103 / 1100, 12)
  })

  it('derives the hidden context from the first request and the increment ratios from there', () => {
    const c = compareUsage(usage, costs, 0)
    // 1100 reported where 100 was estimated: 1000 tokens the file does not hold.
    expect(c.hiddenTokens).toBe(1000)
    expect(c.hiddenAt).toBe('line 1')
    // Growth since the first request: estimate 80 vs reported 90, then 100 vs 110.
    expect(c.rows.map((r) => r.incrementRatio)).toEqual([null, 80 / 90, 100 / 110])
    expect(c.calibration).toEqual({
      requests: 3,
      meanRatio: (100 / 1100 + 180 / 1190 + 200 / 1210) / 3,
      minIncrementRatio: 80 / 90,
      maxIncrementRatio: 100 / 110,
      hiddenTokens: 1000,
    })
  })

  it('never derives a negative hidden context, and has none without a report', () => {
    expect(compareUsage([report(4, 150)], costs, 0).hiddenTokens).toBe(0)
    const none = compareUsage([], costs, 0)
    expect(none.hiddenTokens).toBe(0)
    expect(none.hiddenAt).toBeNull()
    expect(none.calibration).toEqual({
      requests: 0,
      meanRatio: null,
      minIncrementRatio: null,
      maxIncrementRatio: null,
      hiddenTokens: 0,
    })
  })

  it('gives no increment ratio where the reported size has not moved', () => {
    const { rows } = compareUsage([report(1, 500), report(2, 500)], costs, 0)
    expect(rows[1].incrementRatio).toBeNull()
  })
})

describe('contextGrowth: the chart series', () => {
  const messages: Message[] = [
    { type: 'context', text: 'summary', meta: { compacted: true, droppedCount: 12 } },
    { type: 'user', text: 'a' },
    { type: 'bot', text: 'b' },
  ]

  it('has one point per prompt length, the reported sizes where a prompt ended', () => {
    const g = contextGrowth({
      messages,
      costs: [40, 10, 20],
      overhead: 0,
      usage: [report(2, 1050)],
      hiddenTokens: 1000,
      threshold: 900,
    })
    expect(g.x).toEqual([0, 1, 2, 3])
    expect(g.estimate).toEqual([0, 40, 50, 70])
    expect(g.withHidden).toEqual([1000, 1040, 1050, 1070])
    expect(g.reported).toEqual([null, null, 1050, null])
    expect(g.threshold).toEqual([900, 900, 900, 900])
    expect(g.compactions).toEqual([0])
  })
})

describe('each request priced as the model that served it', () => {
  // Four messages; the model in force prices them 100, 50, 30, 20, and the model that served the
  // first two requests 80, 40, 24, 16 (a smaller factor), with 2 a request.
  const inForce = [100, 50, 30, 20]
  const old = { costs: [80, 40, 24, 16], overhead: 2, turns: null }
  const served = new Map([['old-model', old]])
  const usage: ReportedUsage[] = [
    { ...report(1, 1100), model: 'old-model' },
    { ...report(3, 1170), model: 'old-model' },
    { ...report(4, 1240), model: 'new-model' },
  ]

  it('estimates each row by its own model’s costs, and says which', () => {
    const c = compareUsage(usage, inForce, 0, null, served)
    // 2 + 80; 2 + 80 + 40 + 24; then the model in force: 100 + 50 + 30 + 20.
    expect(c.rows.map((r) => r.estimated)).toEqual([82, 146, 200])
    expect(c.rows.map((r) => r.pricedAs)).toEqual(['old-model', 'old-model', undefined])
    // The hidden context is what the first request held beyond its own model's estimate, until
    // another model serves: new-model's first request held 1240 − 200, 22 more.
    expect(c.hiddenTokens).toBe(1240 - 200)
    expect(c.modelChanges).toEqual([
      { model: 'new-model', tokens: 1040 - 1018, request: 3, at: 'line 4', prompt: 4 },
    ])
    expect(c.rows.map((r) => hiddenTokensOf(c, r))).toEqual([1018, 1018, 1040])
    // The growth holds the change, as it holds a deferred tool's definitions: exact where it is
    // derived, (200 + 22 − 82) ÷ (1240 − 1100).
    expect(c.rows.map((r) => r.incrementRatio)).toEqual([null, 64 / 70, 1])
  })

  it('derives the context not in the file again wherever another model serves', () => {
    // old, old, new, new, old: each model is sent a context of its own, derived where it starts.
    const costs = [100, 50, 30, 20, 10, 10]
    const reports: ReportedUsage[] = [
      { ...report(1, 1100), model: 'old-model' },
      { ...report(2, 1160), model: 'old-model' },
      { ...report(3, 2200), model: 'new-model' },
      { ...report(4, 2230), model: 'new-model' },
      { ...report(6, 1300), model: 'old-model' },
    ]
    const c = compareUsage(reports, costs, 0)
    // Estimates 100, 150, 180, 200, 220; held beyond them 1000, 1010, 2020, 2030, 1080.
    expect(c.modelChanges.map((m) => [m.model, m.request, m.tokens])).toEqual([
      ['new-model', 3, 2020 - 1000],
      ['old-model', 5, 1080 - 2020],
    ])
    expect(c.hiddenTokens).toBe(1080)
    expect(c.rows.map((r) => hiddenTokensOf(c, r))).toEqual([1000, 1000, 2020, 2020, 1080])
    // In words, as parts of the total (1080 = 1000 + 1020 − 940): the first change is part of it,
    // the second took some away.
    expect(c.modelChanges.map(modelChangeWords)).toEqual([
      '1,020 of them from request 3 (line 3) on, the first new-model served after another model',
      '940 fewer from request 5 (line 6) on, the first old-model served after another model',
    ])
    // From the first request, the changes so far (0, 0, 1020, 1020, 80) in the estimate's growth.
    expect(c.rows.map((r) => r.incrementRatio)).toEqual([null, 50 / 60, 1, 1120 / 1130, 1])
    // The chart's band steps where each model starts: prompts 3 and 6.
    const g = contextGrowth({
      messages: costs.map(() => ({ type: 'user', text: '' })),
      costs,
      overhead: 0,
      usage: reports,
      hiddenTokens: c.hiddenTokens,
      late: lateContext(c),
      threshold: 900,
    })
    expect(g.withHidden.map((top, k) => top - g.estimate[k])).toEqual([
      1000, 1000, 1000, 2020, 2020, 2020, 1080,
    ])
    // A reply no model served (Claude Code's <synthetic>) is no change.
    const synthetic = compareUsage(
      [reports[0], { ...reports[1], model: '<synthetic>' }, { ...reports[2], model: 'old-model' }],
      costs,
      0,
    )
    expect(synthetic.modelChanges).toEqual([])
  })

  it('draws the chart’s line by the same pricing up to each request, then the model in force', () => {
    const g = contextGrowth({
      messages: inForce.map((_, i) => ({ type: i % 2 ? 'bot' : 'user', text: '' })),
      costs: inForce,
      overhead: 0,
      usage,
      hiddenTokens: 1018,
      threshold: 900,
      served,
    })
    // x = 0 … 3 up to request 2 (prompt 3): the old model's 2, 82, 122, 146; x = 4: 200.
    expect(g.estimate).toEqual([2, 82, 122, 146, 200])
    expect(g.withHidden).toEqual([1020, 1100, 1140, 1164, 1218])
  })

  it('prices apart only the models that count otherwise than the one in force', () => {
    const spec = { model: 'claude-opus-4-7', wire: 'anthropic' as const }
    const models = [
      'claude-sonnet-4-5-20250929',
      'claude-opus-4-7',
      '<synthetic>',
      'claude-sonnet-4-5-20250929',
    ]
    const reports = models.map((model, i) => ({ ...report(i, 100), model }))
    expect(servedModels(reports, spec)).toEqual(['claude-sonnet-4-5-20250929'])
    // On the native wire no Claude model is calibrated: every name counts alike.
    expect(servedModels(reports, { model: 'claude-opus-4-7', wire: 'native' })).toEqual([])
  })

  it('prices again only what is new or priced by its place, with the costs kept', () => {
    // Sonnet 4.5 drops an earlier turn's thinking: once the second prompt arrives, the first
    // turn's thinking costs nothing, though its message is the same object as before.
    const sonnet = { model: 'claude-sonnet-4-5-20250929', wire: 'anthropic' as const }
    const first: Message[] = [
      { type: 'user', text: 'Reconcile the ledger for March.' },
      { type: 'reasoning', text: 'The March entries need the bank statement beside them.' },
      { type: 'bot', text: 'The March ledger balances to the cent.' },
    ]
    const grown: Message[] = [...first, { type: 'user', text: 'And April?' }]
    const kept = new Map()
    const inForce = { ...sonnet, model: 'claude-opus-4-7' }
    const before = servedPricing(inForce, first, [sonnet.model], kept).get(sonnet.model)!
    const after = servedPricing(inForce, grown, [sonnet.model], kept).get(sonnet.model)!
    expect(before.costs[1]).toBeGreaterThan(0)
    expect(after.costs[1]).toBe(0)
    expect(after.costs).toEqual(countEachMessage(sonnet, grown))
  })

  it('prices a served model’s messages as that model counts them', () => {
    const messages: Message[] = [
      { type: 'user', text: 'Reconcile the ledger for March.' },
      { type: 'bot', text: 'The March ledger balances to the cent.' },
    ]
    const sonnet = { model: 'claude-sonnet-4-5-20250929', wire: 'anthropic' as const }
    const [pricing] = servedPricing({ ...sonnet, model: 'claude-opus-4-7' }, messages, [
      sonnet.model,
    ]).values()
    expect(pricing.costs).toEqual(countEachMessage(sonnet, messages))
  })
})

describe('tool results a request was sent cleared (a microcompaction)', () => {
  // Five messages costing 100, 500, 50, 400, 30; results 1 and 3 are tool results, whole at 500
  // and 400, cleared at 20 and 25. Request 1 (prompt 3) came before any clearing, request 2
  // (prompt 4) after result 1 was cleared, request 3 (prompt 5) after results 1 and 3 were.
  const costs = [100, 500, 50, 400, 30]
  const cleared = new Map([
    [1, 20],
    [3, 25],
  ])
  const usage: ReportedUsage[] = [
    report(3, 1650),
    { ...report(4, 1570), cleared: [1] },
    { ...report(5, 1225), cleared: [1, 3] },
  ]

  it('estimates each request with the results it lists as cleared, and counts them', () => {
    const c = compareUsage(usage, costs, 0, null, undefined, cleared)
    // 100 + 500 + 50; 650 + 400 − (500 − 20); 1080 − (400 − 25) + 30.
    expect(c.rows.map((r) => r.estimated)).toEqual([650, 570, 225])
    expect(c.rows.map((r) => r.cleared)).toEqual([undefined, 1, 2])
    // Growth since request 1: (570 − 650) ÷ (1570 − 1650) = 1; (225 − 650) ÷ (1225 − 1650) = 1.
    expect(c.rows.map((r) => r.incrementRatio)).toEqual([null, 1, 1])
    // Without the cleared costs, the later requests are estimated with the results whole.
    expect(compareUsage(usage, costs, 0).rows.map((r) => r.estimated)).toEqual([650, 1050, 1080])
  })

  it('draws the chart’s line with each request’s cleared results, then every result whole', () => {
    const g = contextGrowth({
      messages: costs.map((_, i) => ({ type: i % 2 ? 'activity' : 'bot', text: '' })),
      costs,
      overhead: 0,
      usage: usage.slice(0, 2),
      hiddenTokens: 0,
      threshold: 900,
      cleared,
    })
    // Up to request 1 (x ≤ 3) as loaded: 0, 100, 600, 650. Request 2's stretch (x = 4) has result
    // 1 cleared: 1050 − 480. After the last request (x = 5), as loaded: 1080.
    expect(g.estimate).toEqual([0, 100, 600, 650, 570, 1080])
  })

  it('prices a cleared result as the placeholder in its place, its other parts kept', () => {
    const spec = { model: 'claude-sonnet-4-5-20250929', wire: 'anthropic' as const }
    const result: Message = {
      id: 'toolu_1',
      type: 'activity',
      text: '',
      payload: encodePayload({ content: 'a.ts\nb.ts\n'.repeat(200), is_error: true }),
    }
    const messages: Message[] = [{ type: 'user', text: 'List the files.' }, result]
    const sent: Message = {
      id: 'toolu_1',
      type: 'activity',
      text: '',
      payload: encodePayload({ content: CLEARED_RESULT_TEXT, is_error: true }),
    }
    expect(asCleared(result)).toEqual(sent)
    const costsCleared = clearedCostsOf(spec, messages, [1])
    expect(costsCleared).toEqual(new Map([[1, countMessageTokens(spec, sent)]]))
    expect(costsCleared!.get(1)).toBeLessThan(countMessageTokens(spec, result))
    expect(clearedCostsOf(spec, messages, [])).toBeNull()
  })

  it('asks for every result any report lists, once, and prices them under every model', () => {
    const reports: ReportedUsage[] = [
      { ...report(1, 10), model: 'claude-sonnet-4-5-20250929' },
      { ...report(3, 10), cleared: [1], model: 'claude-sonnet-4-5-20250929' },
      { ...report(5, 10), cleared: [1, 3], model: 'claude-opus-4-7' },
    ]
    expect(clearedResults(reports)).toEqual([1, 3])
    const spec = { model: 'claude-opus-4-7', wire: 'anthropic' as const }
    const messages: Message[] = [
      { type: 'user', text: 'Read both.' },
      { id: 'c1', type: 'activity', text: '', payload: 'one '.repeat(300) },
      { type: 'bot', text: 'And the next.' },
      { id: 'c2', type: 'activity', text: '', payload: 'two '.repeat(300) },
      { type: 'bot', text: 'Done.' },
    ]
    const p = requestPricings(spec, messages, pricingAsks(reports, spec))
    expect([...p.cleared!.keys()]).toEqual([1, 3])
    const sonnet = p.served.get('claude-sonnet-4-5-20250929')!
    expect(sonnet.cleared).toEqual(
      clearedCostsOf({ ...spec, model: 'claude-sonnet-4-5-20250929' }, messages, [1, 3]),
    )
  })
})

describe('thinking a request was sent without (Claude Code’s thinking_stripped)', () => {
  // Six messages costing 100, 300, 60, 80, 250, 40; messages 1 and 4 are thinking. Request 1
  // (prompt 3) came before the record, request 2 (prompt 5) after it took message 1 out, request 3
  // (prompt 6) after a second record took messages 1 and 4 out; request 3 also has result 3 cleared
  // (whole 80, cleared 10).
  const costs = [100, 300, 60, 80, 250, 40]
  const usage: ReportedUsage[] = [
    report(3, 460),
    { ...report(5, 490), stripped: [1] },
    { ...report(6, 220), stripped: [1, 4], cleared: [3] },
  ]
  const cleared = new Map([[3, 10]])

  it('estimates each request without the thinking it lists, and counts it', () => {
    const c = compareUsage(usage, costs, 0, null, undefined, cleared)
    // 100 + 300 + 60; 460 + 80 + 250 − 300; 790 + 40 − 300 − 250 − (80 − 10).
    expect(c.rows.map((r) => r.estimated)).toEqual([460, 490, 210])
    expect(c.rows.map((r) => r.stripped)).toEqual([undefined, 1, 2])
    expect(c.rows.map((r) => r.cleared)).toEqual([undefined, undefined, 1])
  })

  it('draws the chart’s line without it, up to each request that was sent without it', () => {
    const g = contextGrowth({
      messages: costs.map(() => ({ type: 'bot', text: '' })),
      costs,
      overhead: 0,
      usage: usage.slice(0, 2),
      hiddenTokens: 0,
      threshold: 900,
    })
    // As loaded up to request 1 (x ≤ 3): 0, 100, 400, 460. Request 2's stretch (x = 4, 5) is
    // without message 1: 540 − 300, 790 − 300. After the last request (x = 6), as loaded: 830.
    expect(g.estimate).toEqual([0, 100, 400, 460, 240, 490, 830])
  })
})

describe('what the API’s context editing cleared from a request', () => {
  // Three messages costing 100, 900, 50; request 2 (prompt 3) reports that the API cleared 700 of
  // its tokens before the model read it.
  const costs = [100, 900, 50]
  const usage: ReportedUsage[] = [report(2, 1000), { ...report(3, 350), apiCleared: 700 }]

  it('takes it off the estimate of that request, and of the chart’s line up to it', () => {
    const c = compareUsage(usage, costs, 0)
    // 100 + 900; 1000 + 50 − 700.
    expect(c.rows.map((r) => r.estimated)).toEqual([1000, 350])
    expect(c.rows.map((r) => r.apiCleared)).toEqual([undefined, 700])
    const g = contextGrowth({
      messages: costs.map(() => ({ type: 'bot', text: '' })),
      costs,
      overhead: 0,
      usage,
      hiddenTokens: 0,
      threshold: 900,
    })
    expect(g.estimate).toEqual([0, 100, 1000, 350])
  })
})

describe('requests another backend answered under a Claude model’s name', () => {
  it('keeps the mark on its rows, and says how many of the requests it holds', () => {
    const elsewhere = (u: ReportedUsage): ReportedUsage => ({ ...u, otherBackend: true })
    const usage = [report(1, 1000), elsewhere(report(2, 1100)), elsewhere(report(3, 1200))]
    const c = compareUsage(usage, [100, 50, 60], 0)
    expect(c.rows.map((r) => r.otherBackend)).toEqual([undefined, true, true])
    // The estimate and its growth are what they would be without the mark: 50 of 100, 110 of 200.
    expect(c.rows.map((r) => r.incrementRatio)).toEqual([null, 0.5, 0.55])
    expect(otherBackendNote(c.rows)).toBe(
      '2 of the 3 requests were answered by another backend under a Claude model’s name (their replies’ ids are not of Anthropic’s form): their reported sizes are that backend’s counts, which the Claude calibration does not describe',
    )
    expect(otherBackendNote(compareUsage([report(1, 1000)], [100], 0).rows)).toBe('')
  })
})

describe('context a subagent was sent unrecorded (from its first tool result on)', () => {
  // Five messages costing 100, 50, 200, 30, 40: the task, a call and its result, a reply, a prompt.
  // The first request held the task and 1,000 tokens of system prompt and tools; from the second
  // on, Claude Code also sent 500 tokens of attachments the file does not record.
  const costs = [100, 50, 200, 30, 40]
  const late = (prompt: number, inputTokens: number): ReportedUsage => ({
    ...report(prompt, inputTokens),
    unrecorded: true,
  })
  const usage = [report(1, 1100), late(3, 1850), late(5, 1920)]

  it('derives it from the first request that says so, as the hidden context from the first', () => {
    const c = compareUsage(usage, costs, 0)
    // Request 2 grew 750 reported where its messages grew 250 estimated: 500 sent unrecorded.
    expect(c.unrecorded).toEqual({ tokens: 500, request: 2, at: 'line 3', prompt: 3 })
    // The check compares the last prompt, which held both.
    expect(c.hiddenTokens).toBe(1500)
    expect(c.calibration.hiddenTokens).toBe(1500)
    // In the growth, not in the estimate: 250 + 500 of 750, then 320 + 500 of 820.
    expect(c.rows.map((r) => r.estimated)).toEqual([100, 350, 420])
    expect(c.rows.map((r) => r.unrecorded)).toEqual([undefined, 500, 500])
    expect(c.rows.map((r) => r.incrementRatio)).toEqual([null, 1, 1])
    expect(c.rows.map((r) => hiddenTokensOf(c, r))).toEqual([1000, 1500, 1500])
  })

  it('is none when the step shows none, never more than the skill listing’s budget, and none when the first request was sent it', () => {
    // The step grew 100 reported where the estimate grew 250: nothing shows, nothing is added.
    const none = compareUsage([report(1, 1100), late(3, 1200)], costs, 0)
    expect(none.unrecorded).toBeNull()
    expect(none.hiddenTokens).toBe(1000)
    expect(none.rows[1].incrementRatio).toBe(250 / 100)
    // 5,000 tokens past the estimate's step: 2,000 are taken, the rest shows as a miss.
    const big = compareUsage([report(1, 1100), late(3, 1100 + 250 + 5000)], costs, 0)
    expect(big.unrecorded?.tokens).toBe(UNRECORDED_MAX_TOKENS)
    expect(UNRECORDED_MAX_TOKENS).toBe(2000)
    expect(big.rows[1].incrementRatio).toBe((250 + 2000) / 5250)
    expect(compareUsage([late(1, 1100), late(3, 1850)], costs, 0).unrecorded).toBeNull()
    expect(compareUsage([report(1, 1100), report(3, 1850)], costs, 0).unrecorded).toBeNull()
  })

  it('joins the chart’s hidden band at the prompt it was derived at', () => {
    const c = compareUsage(usage, costs, 0)
    const g = contextGrowth({
      messages: costs.map((_, i) => ({ type: 'user', text: String(i) })),
      costs,
      overhead: 0,
      usage,
      hiddenTokens: c.hiddenTokens,
      late: lateContext(c),
      threshold: 5000,
    })
    expect(g.estimate).toEqual([0, 100, 150, 350, 380, 420])
    expect(g.withHidden).toEqual([1000, 1100, 1150, 1850, 1880, 1920])
  })
})

describe('promptBeforeReply', () => {
  it('leaves out the reply’s own bot and reasoning messages at the end', () => {
    const types = ['user', 'reasoning', 'bot', 'activity', 'reasoning', 'bot']
    const messages = types.map((type) => ({ type, text: '' }))
    expect(promptBeforeReply(messages, 3)).toBe(1)
    expect(promptBeforeReply(messages, 6)).toBe(4)
    expect(promptBeforeReply(messages, 4)).toBe(4)
  })

  it('leaves out the results of the reply’s own calls after it, and no other results', () => {
    const call = (id: string) => JSON.stringify({ tool_calls: [{ id, name: 'ls', arguments: {} }] })
    const messages: Message[] = [
      { type: 'user', text: 'list' },
      { type: 'reasoning', text: '' },
      { type: 'bot', text: '', payload: call('c1') },
      { id: 'c1', type: 'activity', text: 'a.ts' },
      { id: 'c9', type: 'activity', text: 'a result of no call before it' },
    ]
    // The reply is messages 1 – 2; its call's result (3) came before the report.
    expect(promptBeforeReply(messages, 4)).toBe(1)
    // A result that answers no call of the run before it: the reply is the empty run at the end.
    expect(promptBeforeReply(messages, 5)).toBe(5)
    // An earlier report took messages[0, 2): the reply cannot reach below it.
    expect(promptBeforeReply(messages, 4, 3)).toBe(4)
  })
})

describe('checkCompaction with hiddenTokens', () => {
  const messages: Message[] = Array.from({ length: 6 }, (_, i) => ({
    type: i % 2 ? 'bot' : 'user',
    text: `m${i}`,
  }))
  const counts = [10, 10, 10, 10, 10, 10]

  it('adds the hidden tokens to the estimate the decision compares', () => {
    // 60 tokens against a threshold of 90: declines; with 40 hidden, 100 ≥ 90: compacts.
    const without = checkCompaction(messages, { maxTokens: 100 }, counts)
    expect(without).toMatchObject({ estimatedTokens: 60, shouldCompact: false })
    const withHidden = checkCompaction(messages, { maxTokens: 100, hiddenTokens: 40 }, counts)
    expect(withHidden).toMatchObject({ estimatedTokens: 100, shouldCompact: true, threshold: 90 })
  })

  it.each([-1, 1.5, Number.NaN, '12'])('refuses hiddenTokens %s with an OptionError', (bad) => {
    const options = { maxTokens: 100, hiddenTokens: bad as number }
    expect(() => checkCompaction(messages, options, counts)).toThrow(OptionError)
    expect(() => checkCompaction(messages, options, counts)).toThrow(
      /option hiddenTokens: .* is not a non-negative integer/,
    )
  })
})

describe('compareUsage with turnCostsOf: each request prices its own turn’s reasoning', () => {
  // A Responses conversation on a model that drops earlier turns' reasoning (OpenAI's rule):
  // turn 1 is a tool loop whose requests hold its reasoning; turn 2's requests do not.
  // 400 base64 characters decode to 300 bytes: 75 tokens by the ciphertext rule (bytes ÷ 4).
  const cipher = 'A'.repeat(400)
  const messages: Message[] = [
    { type: 'user', text: 'fix the bug' },
    { type: 'reasoning', text: '', payload: JSON.stringify({ encrypted_content: cipher }) },
    {
      type: 'bot',
      text: '',
      payload: '{"tool_calls":[{"id":"c1","name":"shell","arguments":{}}]}',
    },
    { id: 'c1', type: 'activity', text: '', payload: '{"content":"ok"}' },
    { type: 'user', text: 'thanks' },
  ]
  const spec = { model: 'gpt-5-codex', wire: 'openai-responses' as const }
  const usage = [report(1, 1000), report(4, 1100), report(5, 1050)]

  it('keeps turn 1’s reasoning in turn 1’s requests, drops it from turn 2’s', () => {
    const costs = countEachMessage(spec, messages)
    // countEachMessage prices by the last turn: the reasoning is an earlier turn's, 0.
    expect(costs[1]).toBe(0)
    const turns = turnCostsOf(spec, messages)
    expect(turns).not.toBeNull()
    const { rows } = compareUsage(usage, costs, 3, turns)
    const sum = (end: number) => costs.slice(0, end).reduce((a, b) => a + b, 3)
    // request 2 (prompt of 4 messages) is in turn 1: its reasoning costs 75 (+4 framing).
    expect(rows[1].estimated).toBe(sum(4) + 75 + 4)
    // request 3 is in turn 2: the reasoning has been dropped.
    expect(rows[2].estimated).toBe(sum(5))
    expect(rows[0].estimated).toBe(sum(1))
  })

  it('the chart’s estimate line follows the same per-request rule', () => {
    const costs = countEachMessage(spec, messages)
    const turns = turnCostsOf(spec, messages)
    const growth = contextGrowth({
      messages,
      costs,
      overhead: 3,
      usage,
      hiddenTokens: 0,
      threshold: 1,
    })
    const withTurns = contextGrowth({
      messages,
      costs,
      overhead: 3,
      usage,
      hiddenTokens: 0,
      threshold: 1,
      turns,
    })
    const rows = compareUsage(usage, costs, 3, turns).rows
    for (const r of rows) expect(withTurns.estimate[r.prompt]).toBe(r.estimated)
    // Inside turn 1, the line carries the reasoning (75 + 4); at turn 2 it has been dropped.
    expect(withTurns.estimate[4] - growth.estimate[4]).toBe(79)
    expect(withTurns.estimate[5]).toBe(growth.estimate[5])
  })

  it('is null where no cost depends on it: the native wire, no reasoning', () => {
    expect(turnCostsOf({ model: 'gpt-5-codex', wire: 'native' }, messages)).toBeNull()
    expect(turnCostsOf(spec, [messages[0], messages[4]])).toBeNull()
  })
})

describe('deferred tools a ToolSearch result loaded', () => {
  // Six messages costing 100, 50, 200, 30, 40, 60: a prompt, a ToolSearch call and its result
  // (naming WebFetch), a WebFetch call and its result, a reply. The first request held 1,000 tokens
  // of system prompt and tools; from the third on, the API was also sent WebFetch's definition,
  // 450 tokens the file does not hold.
  const costs = [100, 50, 200, 30, 40, 60]
  const loads = (prompt: number, inputTokens: number, tools: string[]): ReportedUsage => ({
    ...report(prompt, inputTokens),
    toolsLoaded: tools,
  })

  it('derives each load from the request first sent it, and keeps it in every later prompt', () => {
    const withLoad = [
      report(1, 1100),
      report(2, 1150),
      loads(3, 1800, ['WebFetch']),
      report(5, 1870),
    ]
    const c = compareUsage(withLoad, costs, 0)
    // Request 3 grew 650 reported where its message grew 200 estimated: 450 are the definition.
    expect(c.toolsLoaded).toEqual([
      { tools: ['WebFetch'], tokens: 450, request: 3, at: 'line 3', prompt: 3 },
    ])
    expect(c.rows.map((r) => r.toolsLoaded)).toEqual([undefined, undefined, 450, 450])
    // In the growth: 50 of 50; 250 + 450 of 700; 320 + 450 of 770.
    expect(c.rows.map((r) => r.incrementRatio)).toEqual([null, 1, 1, 1])
    // The estimates are the messages' alone, and the hidden context at the last request has both.
    expect(c.rows.map((r) => r.estimated)).toEqual([100, 150, 350, 420])
    expect(c.hiddenTokens).toBe(1450)
    expect(c.rows.map((r) => hiddenTokensOf(c, r))).toEqual([1000, 1000, 1450, 1450])
    // Without the mark the same reports miss at every request from the third.
    const unmarked = compareUsage(
      withLoad.map((u) => ({ ...u, toolsLoaded: undefined })),
      costs,
      0,
    )
    expect(unmarked.toolsLoaded).toEqual([])
    expect(unmarked.rows[2].incrementRatio).toBeCloseTo(250 / 700, 6)
  })

  it('is none where the step shows none, and never more than its cap a tool', () => {
    const none = compareUsage([report(1, 1100), loads(3, 1300, ['WebFetch'])], costs, 0)
    expect(none.toolsLoaded).toEqual([])
    expect(none.hiddenTokens).toBe(1000)
    // Two tools, 9,000 tokens past the estimate's step: 6,000 are taken, the rest is a miss.
    const big = compareUsage(
      [report(1, 1100), loads(3, 1100 + 250 + 9000, ['TodoWrite', 'AskUserQuestion'])],
      costs,
      0,
    )
    expect(DEFERRED_TOOL_MAX_TOKENS).toBe(3000)
    expect(big.toolsLoaded[0].tokens).toBe(6000)
    expect(big.rows[1].incrementRatio).toBe((250 + 6000) / 9250)
  })

  it('takes a step first, and leaves a subagent’s unrecorded context the rest of it', () => {
    // A subagent's second request: WebFetch's 450 and 300 of attachments, in one step.
    const both: ReportedUsage = { ...loads(3, 1100 + 250 + 750, ['WebFetch']), unrecorded: true }
    const c = compareUsage(
      [report(1, 1100), both, { ...report(5, 2170), unrecorded: true }],
      costs,
      0,
    )
    expect(c.toolsLoaded.map((l) => l.tokens)).toEqual([750])
    expect(c.unrecorded).toBeNull()
    const capped = compareUsage(
      [report(1, 1100), { ...loads(3, 1100 + 250 + 3300, ['WebFetch']), unrecorded: true }],
      costs,
      0,
    )
    expect(capped.toolsLoaded[0].tokens).toBe(3000)
    expect(capped.unrecorded?.tokens).toBe(300)
    expect(capped.hiddenTokens).toBe(1000 + 3000 + 300)
    expect(capped.rows[1].incrementRatio).toBe(1)
  })

  it('raises the chart’s hidden band at the prompt it was derived at', () => {
    const withLoad = [report(1, 1100), loads(3, 1800, ['WebFetch']), report(6, 1930)]
    const c = compareUsage(withLoad, costs, 0)
    const g = contextGrowth({
      messages: costs.map((_, i) => ({ type: 'user', text: String(i) })),
      costs,
      overhead: 0,
      usage: withLoad,
      hiddenTokens: c.hiddenTokens,
      late: lateContext(c),
      threshold: 5000,
    })
    expect(c.toolsLoaded[0].tokens).toBe(450)
    expect(g.estimate).toEqual([0, 100, 150, 350, 380, 420, 480])
    expect(g.withHidden).toEqual([1000, 1100, 1150, 1800, 1830, 1870, 1930])
  })
})
