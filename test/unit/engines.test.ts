import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  ENGINE_IDS,
  engineBuckets,
  EngineInputError,
  formatNumber,
  MODEL_LIMITS,
  modelLimits,
  runEngines,
  runnableEngines,
  type EngineId,
  type EngineInput,
  type EngineResult,
  type Message,
} from '@core'
import { geminiTruncated } from '../../src/engines/gemini-cli'
import { opencodePruned } from '../../src/engines/opencode'

// Every expectation below is worked out by hand from the rule docs/engines.md states for the preset
// (and the engine's source it cites); the costs are given, not counted, so the arithmetic is all
// in the comments. The request's own overhead is 0: the native wire, no hidden context.

/** A message and its cost. `call:ID` / `result:ID` make the halves of a tool use. */
type Spec = [kind: string, tokens: number, text?: string]

function conversation(specs: Spec[]): { messages: Message[]; counts: number[] } {
  const messages = specs.map(([kind, , text], i): Message => {
    const [type, id] = kind.split(':')
    if (type === 'call') {
      return {
        type: 'activity',
        text: text ?? 'read',
        payload: JSON.stringify({ type: 'tool_use', id, name: text ?? 'read', input: {} }),
      }
    }
    if (type === 'result')
      return { type: 'activity', text: 'output', payload: `{"tool_use_id":"${id}"}` }
    const short = { i: 'instructions', u: 'user', b: 'bot', c: 'context' }[type] ?? type
    return { id: `m${i}`, type: short, text: text ?? short }
  })
  return { messages, counts: specs.map(([, tokens]) => tokens) }
}

function run(
  id: EngineId,
  specs: Spec[],
  limits: Pick<EngineInput, 'window' | 'maxOutput'>,
  settings?: EngineInput['settings'],
): EngineResult {
  const { messages, counts } = conversation(specs)
  return runEngines({ messages, counts, ...limits, settings }, [id])[0]
}

const buckets = (r: EngineResult) => ({
  firesAfter: r.firesAfter,
  summarize: r.summarize,
  keep: r.keep,
  cleared: r.cleared,
  nextRequestTokens: r.nextRequestTokens,
  cutsToolExchange: r.cutsToolExchange,
})

describe('claude-code', () => {
  // Effective window = 200,000 − min(64,000, 20,000) = 180,000; trigger = 180,000 − 13,000.
  const limits = { window: 200_000, maxOutput: 64_000 }
  const specs: Spec[] = [
    ['i', 1000],
    ['u', 100_000],
    ['b', 60_000],
    ['u', 6000],
  ]

  it('fires at effective window − 13,000 and summarises all but the system prompt', () => {
    // Running: 1,000, 101,000, 161,000, 167,000 → reaches 167,000 after message 3.
    const r = run('claude-code', specs, limits)
    expect(r.trigger).toBe(167_000)
    // Next: the instructions (1,000) + the summary estimate (2,000).
    expect(buckets(r)).toEqual({
      firesAfter: 3,
      summarize: [1, 2, 3],
      keep: [0],
      cleared: [],
      nextRequestTokens: 3000,
      cutsToolExchange: false,
    })
  })

  it('does not fire one token short, and the next request is the current one', () => {
    const r = run('claude-code', [...specs.slice(0, 3), ['u', 5999]], limits)
    expect(buckets(r)).toMatchObject({ firesAfter: null, summarize: [], keep: [0, 1, 2, 3] })
    expect(r.nextRequestTokens).toBe(166_999)
  })

  it('a small max output shrinks the reserve; the override only lowers the threshold', () => {
    // 200,000 − 8,192 = 191,808 effective; − 13,000 = 178,808.
    expect(run('claude-code', specs, { window: 200_000, maxOutput: 8192 }).trigger).toBe(178_808)
    // 50% of 180,000 = 90,000 < 167,000: it wins.
    expect(run('claude-code', specs, limits, { claudeAutocompactPct: 50 }).trigger).toBe(90_000)
    // 95% of 180,000 = 171,000 > 167,000: capped at the default (anthropics/claude-code#31806).
    expect(run('claude-code', specs, limits, { claudeAutocompactPct: 95 }).trigger).toBe(167_000)
  })
})

describe('codex', () => {
  const limits = { window: 100_000, maxOutput: 32_000 }
  const specs: Spec[] = [
    ['i', 500],
    ['u', 15_000],
    ['b', 30_000],
    ['call:c1', 1000],
    ['result:c1', 30_000],
    ['u', 8000],
    ['b', 5500],
    ['u', 4000],
  ]

  it('fires at 90% of the window and keeps the newest user messages up to 20,000 tokens', () => {
    // Trigger 100,000 × 9 / 10 = 90,000. Running: 500, 15,500, 45,500, 46,500, 76,500, 84,500,
    // 90,000 → after message 6. Users newest first: #7 (4,000; 16,000 left), #5 (8,000; 8,000
    // left), #1 (15,000 > 8,000: kept truncated to 8,000, and the selection stops).
    const r = run('codex', specs, limits)
    expect(r.trigger).toBe(90_000)
    // Next: 500 + 8,000 (#1 truncated) + 8,000 + 4,000 + 2,000 summary = 22,500.
    expect(buckets(r)).toEqual({
      firesAfter: 6,
      summarize: [2, 3, 4, 6],
      keep: [0, 1, 5, 7],
      cleared: [],
      nextRequestTokens: 22_500,
      cutsToolExchange: false,
    })
  })

  it("takes a GPT-5 model's window as Codex's catalog does: 272,000, the window less its output", () => {
    // codex-rs/core/models.json gives gpt-5.x-codex context_window 272000; openai_model_info.rs
    // gives every gpt-5* and codex-* slug 272,000 = 400,000 − 128,000. 90%: 244,800.
    const { messages, counts } = conversation(specs)
    const gpt5 = { window: 400_000, maxOutput: 128_000 }
    const run5 = (model: string, id: EngineId = 'codex') =>
      runEngines({ messages, counts, ...gpt5, spec: { model } }, [id])[0]
    expect(run5('gpt-5.1-codex').trigger).toBe(244_800)
    expect(run5('openai/gpt-5.1-codex-max').trigger).toBe(244_800)
    // The Responses API preset puts its threshold where Codex compacts, so it moves with it.
    expect(run5('gpt-5.1', 'openai-compaction').trigger).toBe(244_800)
    // A smaller window given moves it down (300,000 − 128,000 = 172,000; 90%: 154,800), a larger
    // one never past the catalog's 272,000.
    const given = (window: number) =>
      runEngines({ messages, counts, window, maxOutput: 128_000, spec: { model: 'gpt-5.1' } }, [
        'codex',
      ])[0].trigger
    expect(given(300_000)).toBe(154_800)
    expect(given(2_000_000)).toBe(244_800)
    // Any other model runs on the window as given: gpt-4.1's 1,047,576 × 9 / 10 = 942,818.
    const [r] = runEngines(
      { messages, counts, window: 1_047_576, maxOutput: 32_768, spec: { model: 'gpt-4.1' } },
      ['codex'],
    )
    expect(r.trigger).toBe(942_818)
    // openai_model_info.rs lists codex-mini-latest first, with the API's own 200,000 (its page:
    // 200,000 and 100,000), so it is not the window less its output: 180,000, not 90,000.
    const [mini] = runEngines(
      {
        messages,
        counts,
        window: 200_000,
        maxOutput: 100_000,
        spec: { model: 'codex-mini-latest' },
      },
      ['codex'],
    )
    expect(mini.trigger).toBe(180_000)
  })

  it('runs on the window the rollout records Codex ran with, whatever the API window given', () => {
    // A rollout's model_context_window is the catalog window × effective_context_window_percent
    // (95) / 100 (openai_models.rs). Public GPT-5.5 rollouts record 258,400 = 272,000 × 0.95 and
    // compact near 240,000. Given GPT-5.5's API window, 1,050,000 with 128,000 of output, the
    // window less its output is 922,000 (trigger 829,800), more than the 272,000 Codex's catalog
    // gives a GPT-5 model without an entry of its own: with no record, 272,000. From the record:
    // 272,000 as well, trigger 272,000 × 9 / 10 = 244,800.
    const { messages, counts } = conversation(specs)
    const api = { window: 1_050_000, maxOutput: 128_000 }
    const runRecorded = (recordedWindow: number | undefined, id: EngineId = 'codex') =>
      runEngines(
        {
          messages,
          counts,
          ...api,
          spec: { model: 'gpt-5.5' },
          ...(recordedWindow === undefined ? {} : { recordedWindow }),
        },
        [id],
      )[0]
    expect(runRecorded(undefined).trigger).toBe(244_800)
    expect(runRecorded(258_400).trigger).toBe(244_800)
    expect(runRecorded(258_400, 'openai-compaction').trigger).toBe(244_800)
    // A server catalog of 372,000 records 353,400: trigger 334,800.
    expect(runRecorded(353_400).trigger).toBe(334_800)
    // A configured limit still only lowers it.
    const [limited] = runEngines(
      {
        messages,
        counts,
        ...api,
        spec: { model: 'gpt-5.5' },
        recordedWindow: 258_400,
        settings: { codexAutoCompactTokenLimit: 200_000 },
      },
      ['codex'],
    )
    expect(limited.trigger).toBe(200_000)
    // The other presets do not read it: Claude Code's trigger is the same with and without.
    expect(runRecorded(258_400, 'claude-code').trigger).toBe(
      runRecorded(undefined, 'claude-code').trigger,
    )
    expect(() => runRecorded(0)).toThrow(EngineInputError)
  })

  it('model_auto_compact_token_limit lowers the trigger but never raises it', () => {
    expect(run('codex', specs, limits, { codexAutoCompactTokenLimit: 50_000 }).trigger).toBe(50_000)
    expect(run('codex', specs, limits, { codexAutoCompactTokenLimit: 120_000 }).trigger).toBe(
      90_000,
    )
  })
})

describe('opencode', () => {
  // Window 16,000, max output 4,000: usable 16,000 − 4,000 = 12,000 (opencode 1.18.33 reserves
  // nothing more without an input limit); tail budget max(2,000, ⌊12,000 × 0.25⌋ = 3,000) = 3,000.
  const limits = { window: 16_000, maxOutput: 4000 }
  const specs: Spec[] = [
    ['i', 200],
    ['u', 3000],
    ['b', 4000],
    ['u', 1000],
    ['b', 500],
    ['call:c1', 300],
    ['result:c1', 1500],
    ['b', 500],
    ['u', 400],
    ['b', 600],
  ]

  it('keeps whole turns under the tail budget, then splits the next one, even between a call and its result', () => {
    // Running: 200, 3,200, 7,200, 8,200, 8,700, 9,000, 10,500, 11,000, 11,400, 12,000 → after 9.
    // Newest turn #8–9 = 1,000 ≤ 3,000 (2,000 left). Turn #3–7 = 3,800 > 2,000: split at the first
    // start whose suffix fits: #4 2,800, #5 2,300, #6 2,000 ≤ 2,000 → the tail starts at #6, the
    // result, while its call (#5) is summarised.
    const r = run('opencode', specs, limits)
    expect(r.trigger).toBe(12_000)
    // Next: 200 + 1,500 + 500 + 400 + 600 + 2,000 = 5,200.
    expect(buckets(r)).toEqual({
      firesAfter: 9,
      summarize: [1, 2, 3, 4, 5],
      keep: [0, 6, 7, 8, 9],
      cleared: [],
      nextRequestTokens: 5200,
      cutsToolExchange: true,
    })
  })

  it('summarises everything, system prompt aside, when no tail fits (a tail from the first message is none)', () => {
    // Usable 12,000; running 200, 700, 12,200 → after 2. The one turn (12,000) is over the 3,000
    // budget and no suffix of it fits (#2 alone is 11,500): no tail. Next: 200 + 2,000.
    const r = run(
      'opencode',
      [
        ['i', 200],
        ['u', 500],
        ['b', 11_500],
      ],
      limits,
    )
    expect(buckets(r)).toMatchObject({ firesAfter: 2, summarize: [1, 2], keep: [0] })
    expect(r.nextRequestTokens).toBe(2200)
  })

  it('usable input is the window less the max output, capped at 32,000', () => {
    // 200,000 − min(64,000, 32,000) = 168,000; a model with 8,000 of output: 192,000.
    expect(run('opencode', specs, { window: 200_000, maxOutput: 64_000 }).trigger).toBe(168_000)
    expect(run('opencode', specs, { window: 200_000, maxOutput: 8000 }).trigger).toBe(192_000)
  })

  it('prune protects the last two turns and 40,000 tokens of tool output, and needs 20,000 to free', () => {
    const older = (a: number, b: number, c: number) =>
      conversation([
        ['u', 100],
        ['call:a', 10],
        ['result:a', a],
        ['call:b', 10],
        ['result:b', b],
        ['call:c', 10],
        ['result:c', c],
        ['u', 100],
        ['b', 100],
        ['u', 100],
        ['b', 100],
      ])
    // Back from #6: 25,000 (protected), #4 → 50,000 > 40,000: pruned, #2 → pruned; 50,000 > 20,000.
    let c = older(25_000, 25_000, 25_000)
    expect(opencodePruned(c.messages, c.counts).sort()).toEqual([2, 4])
    // #6 30,000 protected; #4 → 45,000: 15,000 would go, not more than 20,000: nothing is pruned.
    c = older(0, 15_000, 30_000)
    expect(opencodePruned(c.messages, c.counts)).toEqual([])
    // With prune on, it clears whether or not compaction fires (it runs after every prompt loop).
    c = older(25_000, 25_000, 25_000)
    const [r] = runEngines(
      { ...c, window: 1_000_000, maxOutput: 32_000, settings: { opencodePrune: true } },
      ['opencode'],
    )
    // Total 100 + 3 × 10 + 3 × 25,000 + 4 × 100 = 75,530, less the two pruned 25,000s: 25,530.
    expect(buckets(r)).toMatchObject({
      firesAfter: null,
      cleared: [2, 4],
      nextRequestTokens: 25_530,
    })
  })
})

describe('kimi-cli', () => {
  const limits = { window: 200_000 }

  it('fires within 50,000 tokens of the window, and keeps the last two user or assistant messages', () => {
    // Trigger: min(⌈0.85 × 200,000⌉ = 170,000, 200,000 − 50,000 = 150,000) = 150,000.
    // Running: 1,000, 51,000, 91,000, 101,000, 131,000, 151,000 ≥ 150,000 after message 5.
    const specs: Spec[] = [
      ['i', 1000],
      ['u', 50_000],
      ['b', 40_000],
      ['call:t1', 10_000],
      ['result:t1', 30_000],
      ['b', 20_000],
      ['u', 5000],
      ['b', 1000],
    ]
    const r = run('kimi-cli', specs, limits)
    expect(r.trigger).toBe(150_000)
    // From the end: 7 (assistant), 6 (user): the tail starts at 6. The call and its result (a
    // tool's, not a user's or assistant's) go into the summary together.
    // Next: 1,000 + 5,000 + 1,000 + the summary's 2,000 = 9,000.
    expect(buckets(r)).toEqual({
      firesAfter: 5,
      summarize: [1, 2, 3, 4, 5],
      keep: [0, 6, 7],
      cleared: [],
      nextRequestTokens: 9000,
      cutsToolExchange: false,
    })
    // compaction_trigger_ratio 0.5: min(100,000, 150,000) = 100,000, reached after message 3.
    const half = run('kimi-cli', specs, limits, { kimiTriggerRatio: 0.5 })
    expect([half.trigger, half.firesAfter]).toEqual([100_000, 3])
  })

  it('fires at the ratio on a large window, rounded up to a whole token', () => {
    // ⌈0.85 × 1,000,001⌉ = ⌈850,000.85⌉ = 850,001, below 1,000,001 − 50,000 = 950,001.
    expect(run('kimi-cli', [['u', 10]], { window: 1_000_001 }).trigger).toBe(850_001)
    // reserved_context_size 200,000: 800,001 is first.
    expect(
      run('kimi-cli', [['u', 10]], { window: 1_000_001 }, { kimiReservedContextSize: 200_000 })
        .trigger,
    ).toBe(800_001)
  })

  it("keeps a reply's thinking with it, and declines with fewer than three such messages", () => {
    const tiny = { window: 60_000 }
    // Trigger min(51,000, 10,000) = 10,000; running 100, 5,100, 8,100, 10,100 after message 3.
    // From the end: 4 (user), 3 (assistant): the tail starts at 3, moved back over its thinking
    // at 2.
    const thinking = run(
      'kimi-cli',
      [
        ['i', 100],
        ['u', 5000],
        ['reasoning', 3000],
        ['b', 2000],
        ['u', 1000],
      ],
      tiny,
    )
    expect([thinking.firesAfter, thinking.summarize, thinking.keep]).toEqual([3, [1], [0, 2, 3, 4]])
    // Only two: nothing before them to compact.
    const two = run(
      'kimi-cli',
      [
        ['u', 20_000],
        ['b', 20_000],
      ],
      tiny,
    )
    expect([two.firesAfter, two.summarize, two.declined]).toEqual([
      0,
      [],
      'only the last two user or assistant messages: nothing before them',
    ])
    const one = run('kimi-cli', [['u', 20_000]], tiny)
    expect(one.declined).toBe('fewer than two user or assistant messages: it keeps them all')
  })
})

describe('copilot-cli', () => {
  it('fires at 80% of the window and summarises all but the system prompt', () => {
    // Window 128,000: 80% is 102,400. Running: 2,000, 52,000, 102,000, 102,500 ≥ 102,400 after
    // message 3.
    const r = run(
      'copilot-cli',
      [
        ['i', 2000],
        ['u', 50_000],
        ['b', 50_000],
        ['u', 500],
        ['b', 300],
      ],
      { window: 128_000 },
    )
    expect(r.trigger).toBe(102_400)
    // Next: the system prompt (2,000) + the summary's 2,000.
    expect(buckets(r)).toEqual({
      firesAfter: 3,
      summarize: [1, 2, 3, 4],
      keep: [0],
      cleared: [],
      nextRequestTokens: 4000,
      cutsToolExchange: false,
    })
  })

  it('takes the background compaction threshold the session was configured with', () => {
    // 0.5 × 200,001 = 100,000.5, which a whole count reaches at 100,001.
    const half = run(
      'copilot-cli',
      [['u', 10]],
      { window: 200_001 },
      {
        copilotCompactionThreshold: 0.5,
      },
    )
    expect(half.trigger).toBe(100_001)
  })
})

describe('mistral-vibe', () => {
  it('fires at 200,000 tokens whatever the window, and summarises all but the system prompt', () => {
    // Running: 3,000, 103,000, 199,999, 200,000 ≥ 200,000 after message 3.
    const r = run(
      'mistral-vibe',
      [
        ['i', 3000],
        ['u', 100_000],
        ['b', 96_999],
        ['u', 1],
        ['b', 500],
      ],
      { window: 1_000_000 },
    )
    expect(r.trigger).toBe(200_000)
    expect(buckets(r)).toEqual({
      firesAfter: 3,
      summarize: [1, 2, 3, 4],
      keep: [0],
      cleared: [],
      nextRequestTokens: 5000,
      cutsToolExchange: false,
    })
  })

  it("takes the model's auto_compact_threshold, and 0 turns it off", () => {
    const low = run('mistral-vibe', [['u', 60_000]], {}, { vibeAutoCompactThreshold: 50_000 })
    expect([low.trigger, low.firesAfter]).toEqual([50_000, 0])
    const off = run('mistral-vibe', [['u', 300_000]], {}, { vibeAutoCompactThreshold: 0 })
    expect([off.trigger, off.firesAfter]).toEqual([0, null])
  })
})

describe('continue', () => {
  it("fires where the CLI leaves its reply's room and a buffer, and summarises the whole history", () => {
    // Window 200,000: max tokens ⌈min(0.35 × 200,000, 64,000)⌉ = 64,000; buffer
    // min(max(64,000, ⌈0.2 × 136,000⌉ = 27,200), 15,000) = 15,000; trigger 200,000 − 64,000 −
    // 15,000 = 121,000. Running: 1,000, 61,000, 121,000 ≥ 121,000 after message 2.
    const r = run(
      'continue',
      [
        ['i', 1000],
        ['u', 60_000],
        ['b', 60_000],
        ['u', 500],
      ],
      { window: 200_000 },
    )
    expect(r.trigger).toBe(121_000)
    // Next: the system message (1,000) + the summary's 2,000.
    expect(buckets(r)).toEqual({
      firesAfter: 2,
      summarize: [1, 2, 3],
      keep: [0],
      cleared: [],
      nextRequestTokens: 3000,
      cutsToolExchange: false,
    })
  })

  it("takes the model config's max tokens, and a small window's buffer is the reply's room", () => {
    // Window 32,768: max tokens ⌈0.35 × 32,768⌉ = ⌈11,468.8⌉ = 11,469; buffer min(max(11,469,
    // ⌈0.2 × 21,299⌉ = 4,260), 15,000) = 11,469; trigger 32,768 − 2 × 11,469 = 9,830.
    expect(run('continue', [['u', 10]], { window: 32_768 }).trigger).toBe(9830)
    // max_tokens 8,192 on 128,000: buffer min(max(8,192, ⌈0.2 × 119,808⌉ = 23,962), 15,000) =
    // 15,000; trigger 128,000 − 8,192 − 15,000 = 104,808.
    const configured = run(
      'continue',
      [['u', 10]],
      { window: 128_000 },
      { continueMaxTokens: 8192 },
    )
    expect(configured.trigger).toBe(104_808)
    // A max_tokens that leaves no room: the CLI stops with an error; it never fires.
    const none = run('continue', [['u', 10]], { window: 10_000 }, { continueMaxTokens: 9000 })
    expect([none.trigger, none.firesAfter]).toEqual([0, null])
  })
})

describe('gemini-cli', () => {
  const limits = { window: 100_000, maxOutput: 8192 }
  const x = (n: number) => 'x'.repeat(n)

  it('fires at half the window and compresses the history before 70% of its characters', () => {
    // Characters (history, without the system prompt): 100, 200, 300, 100, 200, 100 = 1,000;
    // target 700. User turns at history positions 0 (0 before it), 2 (300), 4 (700 ≥ 700) → 4.
    // Tokens running: 10, 20,010, 40,010, 45,010, 50,000 ≥ 50,000 after message 4.
    const r = run(
      'gemini-cli',
      [
        ['i', 10, x(50)],
        ['u', 20_000, x(100)],
        ['b', 20_000, x(200)],
        ['u', 5000, x(300)],
        ['b', 4990, x(100)],
        ['u', 100, x(200)],
        ['b', 100, x(100)],
      ],
      limits,
    )
    expect(r.trigger).toBe(50_000)
    // Next: 10 + 100 + 100 + 2,000 = 2,210.
    expect(buckets(r)).toEqual({
      firesAfter: 4,
      summarize: [1, 2, 3, 4],
      keep: [0, 5, 6],
      cleared: [],
      nextRequestTokens: 2210,
      cutsToolExchange: false,
    })
  })

  it('compresses everything when no user turn passes 70% and the history ends on a plain reply', () => {
    // 100 + 900 characters: the only user turn has 0 before it; the last message is a bot reply.
    const r = run(
      'gemini-cli',
      [
        ['u', 30_000, x(100)],
        ['b', 30_000, x(900)],
      ],
      limits,
    )
    expect(r.summarize).toEqual([0, 1])
  })

  it('truncates tool output past a 50,000-token budget, newest first', () => {
    // Newest first: 30,000 (30,000 used), 25,000 (55,000 > 50,000: truncated), 10,000 (40,000).
    const c = conversation([
      ['u', 10],
      ['call:a', 10],
      ['result:a', 10_000],
      ['call:b', 10],
      ['result:b', 25_000],
      ['call:c', 10],
      ['result:c', 30_000],
    ])
    expect(geminiTruncated(c.messages, c.counts)).toEqual([4])
  })
})

describe('cline', () => {
  it('fires at 0.9 × 0.9 of the window and keeps 20,000 recent tokens from a safe start', () => {
    // Usable 100,000 × 0.9 = 90,000; trigger × 0.9 = 81,000. Preserve min(20,000, ⌊56,700⌋).
    // Running: 1,000, 31,000, 51,000, 51,500, 66,500, 76,500, 79,500, 81,000 → after 7.
    // Back from the end: 1,500, 4,500, 14,500, 29,500 ≥ 20,000 at #4 (a result: not a safe
    // start) → #3, the call.
    const r = run(
      'cline',
      [
        ['i', 1000],
        ['u', 30_000],
        ['b', 20_000],
        ['call:c1', 500],
        ['result:c1', 15_000],
        ['b', 10_000],
        ['u', 3000],
        ['b', 1500],
      ],
      { window: 100_000, maxOutput: 8192 },
    )
    expect(r.trigger).toBeCloseTo(81_000, 6)
    // Next: 1,000 + 500 + 15,000 + 10,000 + 3,000 + 1,500 + 2,000 = 33,000.
    expect(buckets(r)).toEqual({
      firesAfter: 7,
      summarize: [1, 2],
      keep: [0, 3, 4, 5, 6, 7],
      cleared: [],
      nextRequestTokens: 33_000,
      cutsToolExchange: false,
    })
  })
})

describe('cline: the long-conversation target', () => {
  it('keeps half the usable input at most once there are 5 user/assistant pairs', () => {
    // Window 40,000, max output 8,192: usable 36,000, trigger 32,400. Six pairs (≥ 5) and
    // 8,192 < 36,000: the request's target is ⌊36,000 × 0.5⌋ = 18,000 (not 70% of the trigger,
    // 22,680), so 18,000 recent tokens are kept, not 20,000.
    const pairs = Array.from({ length: 12 }, (_, k): Spec => [k % 2 === 0 ? 'u' : 'b', 3000])
    const r = run('cline', [['i', 1000], ...pairs], { window: 40_000, maxOutput: 8192 })
    // Running: 1,000 + 3,000 × k reaches 32,400 at k = 11: after message 11.
    // Back from the end: 3,000 × 6 = 18,000 at message 7, a user turn (before the latest, #11).
    // Next: 1,000 + 6 × 3,000 + the 2,000 summary = 21,000.
    expect(buckets(r)).toEqual({
      firesAfter: 11,
      summarize: [1, 2, 3, 4, 5, 6],
      keep: [0, 7, 8, 9, 10, 11, 12],
      cleared: [],
      nextRequestTokens: 21_000,
      cutsToolExchange: false,
    })
  })
})

describe('aider', () => {
  // Window 32,000: budget min(max(2,000, 1,024), 8,192) = 2,000; half 1,000; summary 1,000.
  const limits = { window: 32_000, maxOutput: 8192 }
  const history: Spec[] = [
    ...Array.from({ length: 8 }, (_, k): Spec => [k % 2 === 0 ? 'u' : 'b', 250]),
    ...Array.from({ length: 4 }, (_, k): Spec => [k % 2 === 0 ? 'u' : 'b', 100]),
  ]

  it('fires when the history exceeds its budget and keeps a tail under half of it', () => {
    // History (after the 300-token system prompt): 8 × 250 then 4 × 100. It exceeds 2,000 at
    // 2,100, history position 8 = message 9. Tail from the end: 100, 200, 300, 400, 650, 900;
    // + 250 = 1,150 is not < 1,000 → the tail starts at position 6, whose predecessor (5) is an
    // assistant message: split 6 > 4. Head = positions 0–5 = messages 1–6.
    const r = run('aider', [['i', 300], ...history], limits)
    expect(r.trigger).toBe(2000)
    // Next: 300 + the tail 900 + the summary 1,000 = 2,200.
    expect(buckets(r)).toEqual({
      firesAfter: 9,
      summarize: [1, 2, 3, 4, 5, 6],
      keep: [0, 7, 8, 9, 10, 11, 12],
      cleared: [],
      nextRequestTokens: 2200,
      cutsToolExchange: false,
    })
  })

  it('summarises everything when at most 4 messages would be left before the tail', () => {
    // 2,001 in 3 messages: fewer than 5 → all of it.
    const r = run(
      'aider',
      [
        ['u', 1000],
        ['b', 1000],
        ['u', 1],
      ],
      limits,
    )
    expect(buckets(r)).toMatchObject({ firesAfter: 2, summarize: [0, 1, 2], keep: [] })
  })

  it('the budget is a sixteenth of the window, between 1,024 and 8,192', () => {
    expect(run('aider', history, { window: 8000, maxOutput: 1000 }).trigger).toBe(1024)
    expect(run('aider', history, { window: 64_000, maxOutput: 1000 }).trigger).toBe(4000)
    expect(run('aider', history, { window: 1_000_000, maxOutput: 1000 }).trigger).toBe(8192)
  })
})

describe('langchain', () => {
  const specs: Spec[] = [
    ['i', 100],
    ['u', 200],
    ['b', 200],
    ['u', 200],
    ['call:c1', 50],
    ['result:c1', 300],
    ['b', 100],
    ['u', 100],
    ['b', 100],
  ]
  const limits = { window: 100_000, maxOutput: 8192 }

  it('moves the cutoff back so an AI/Tool pair stays together', () => {
    // Trigger ('tokens', 1,000): running 100, 300, 500, 700, 750, 1,050 → after 5. Keep 4 of the 8
    // history messages: the cut would be at position 4 (the result, message 5), separating it from
    // its call at position 3; position 3 is safe.
    const r = run('langchain', specs, limits, {
      langchainTrigger: { kind: 'tokens', value: 1000 },
      langchainKeep: { kind: 'messages', value: 4 },
    })
    // Next: 100 + 50 + 300 + 100 + 100 + 100 + 2,000 = 2,750.
    expect(buckets(r)).toEqual({
      firesAfter: 5,
      summarize: [1, 2, 3],
      keep: [0, 4, 5, 6, 7, 8],
      cleared: [],
      nextRequestTokens: 2750,
      cutsToolExchange: false,
    })
  })

  it('moves a cut on a tool message back to the AI message that made its call, however far back', () => {
    // One AI message (#1) makes six calls, a–f, answered by #2–#7. Keep 4 of the 11: the cut
    // would be at #7, the answer to f. langchainjs' findSafeCutoffPoint searches back from it
    // for the AI message that made call f (#1, six positions back, beyond the ±5 window of
    // isSafeCutoffPoint) and cuts there: the whole exchange is kept.
    const c = conversation([
      ['u', 100],
      ['b', 50],
      ...['a', 'b', 'c', 'd', 'e', 'f'].map((id): Spec => [`result:${id}`, 100]),
      ['b', 100],
      ['u', 100],
      ['b', 100],
    ])
    c.messages[1].payload = JSON.stringify(
      ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => ({
        type: 'tool_use',
        id,
        name: 'read',
        input: {},
      })),
    )
    const [r] = runEngines(
      {
        ...c,
        ...limits,
        settings: {
          langchainTrigger: { kind: 'tokens', value: 1000 },
          langchainKeep: { kind: 'messages', value: 4 },
        },
      },
      ['langchain'],
    )
    // Running 100, 150, 250 … 950 after #9, 1,050 after #10. Next: 1,050 − 100 + 2,000 = 2,950.
    expect(buckets(r)).toEqual({
      firesAfter: 10,
      summarize: [0],
      keep: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      cleared: [],
      nextRequestTokens: 2950,
      cutsToolExchange: false,
    })
  })

  it('keep by tokens: the earliest suffix within the budget, or the last message alone', () => {
    // History (system prompt aside) 200, 200, 200, 50, 300, 100, 100, 100. Suffixes from the end:
    // 100, 200, 300, 600 (from the result, #5), 650, … Keep 600 tokens: the earliest suffix
    // within it starts at #5, a tool message, so the cut moves back to its call, #4.
    const keep = (value: number) =>
      run('langchain', specs, limits, {
        langchainTrigger: { kind: 'tokens', value: 1000 },
        langchainKeep: { kind: 'tokens', value },
      })
    expect(keep(600).summarize).toEqual([1, 2, 3])
    // 50 fits no suffix: the last message alone is kept (findTokenBasedCutoff's fallback).
    expect(keep(50).summarize).toEqual([1, 2, 3, 4, 5, 6, 7])
    // The whole history (1,250) within the budget: nothing to cut.
    expect(keep(1250).summarize).toEqual([])
  })

  it('by default fires at 80% of the input limit and keeps 20 messages', () => {
    // 25 messages of 4,000: 80,000 = 0.8 × 100,000 is reached after message 19; keep 20 → cut at 5.
    const many = Array.from({ length: 25 }, (_, k): Spec => [k % 2 === 0 ? 'u' : 'b', 4000])
    const r = run('langchain', many, limits)
    expect(r.trigger).toBe(80_000)
    expect(r.firesAfter).toBe(19)
    expect(r.summarize).toEqual([0, 1, 2, 3, 4])
    expect(r.nextRequestTokens).toBe(20 * 4000 + 2000)
  })

  it('a message-count trigger fires on the message that reaches it', () => {
    const r = run('langchain', specs, limits, { langchainTrigger: { kind: 'messages', value: 8 } })
    expect(r.firesAfter).toBe(8)
  })
})

describe('anthropic-compaction and openai-compaction', () => {
  const specs: Spec[] = [
    ['i', 5000],
    ['u', 100_000],
    ['b', 45_000],
    ['u', 10],
  ]

  it('Anthropic: 150,000 input tokens by default; everything before the compaction block goes', () => {
    // Running 5,000, 105,000, 150,000 → after 2. Next: 5,000 + 2,000.
    const r = run('anthropic-compaction', specs, { window: 200_000, maxOutput: 64_000 })
    expect(buckets(r)).toMatchObject({ firesAfter: 2, summarize: [1, 2, 3], keep: [0] })
    expect(r.nextRequestTokens).toBe(7000)
    const later = run(
      'anthropic-compaction',
      specs,
      { window: 200_000, maxOutput: 64_000 },
      {
        anthropicCompactionTrigger: 200_000,
      },
    )
    expect(later.firesAfter).toBeNull()
  })

  it('OpenAI: compact_threshold, 90% of the window unless given', () => {
    // 90% of 160,000 = 144,000: reached at 150,000 after message 2.
    const r = run('openai-compaction', specs, { window: 160_000, maxOutput: 16_384 })
    expect(r.trigger).toBe(144_000)
    expect(buckets(r)).toMatchObject({ firesAfter: 2, summarize: [1, 2, 3], keep: [0] })
    const given = run(
      'openai-compaction',
      specs,
      { window: 160_000, maxOutput: 16_384 },
      {
        openaiCompactThreshold: 100_000,
      },
    )
    expect(given.firesAfter).toBe(1)
  })
})

describe('anthropic-clear-tool-uses', () => {
  const specs: Spec[] = [
    ['u', 1000],
    ['call:t1', 100, 'read'],
    ['result:t1', 30_000],
    ['call:t2', 100, 'grep'],
    ['result:t2', 30_000],
    ['call:t3', 100, 'grep'],
    ['result:t3', 20_000],
    ['call:t4', 100, 'grep'],
    ['result:t4', 10_000],
    ['call:t5', 100, 'grep'],
    ['result:t5', 10_000],
    ['b', 500],
  ]
  const limits = { window: 200_000, maxOutput: 64_000 }

  it('past 100,000 input tokens, clears the results of all but the 3 most recent tool uses', () => {
    // Running: …, 91,500 after #9, 101,500 after #10. Total 102,000; the two oldest results
    // (30,000 each) are cleared: 42,000.
    const r = run('anthropic-clear-tool-uses', specs, limits)
    expect(buckets(r)).toEqual({
      firesAfter: 10,
      summarize: [],
      keep: [0, 1, 3, 5, 6, 7, 8, 9, 10, 11],
      cleared: [2, 4],
      nextRequestTokens: 42_000,
      cutsToolExchange: false,
    })
  })

  it('clear_tool_inputs clears the calls too; exclude_tools spares a tool by name', () => {
    const inputs = run('anthropic-clear-tool-uses', specs, limits, {
      clearToolUses: { clearToolInputs: true },
    })
    expect(inputs.cleared).toEqual([1, 2, 3, 4])
    expect(inputs.nextRequestTokens).toBe(41_800)
    const spared = run('anthropic-clear-tool-uses', specs, limits, {
      clearToolUses: { excludeTools: ['read'] },
    })
    expect(spared.cleared).toEqual([4])
    expect(spared.nextRequestTokens).toBe(72_000)
  })

  it('clear_at_least: a clearing that would free less than it is not applied', () => {
    // The two oldest results free 30,000 + 30,000 = 60,000 tokens.
    const enough = run('anthropic-clear-tool-uses', specs, limits, {
      clearToolUses: { clearAtLeast: 60_000 },
    })
    expect(enough.cleared).toEqual([2, 4])
    const short = run('anthropic-clear-tool-uses', specs, limits, {
      clearToolUses: { clearAtLeast: 60_001 },
    })
    // It reaches its trigger (after #10) but changes nothing: the next request is the current one.
    expect(buckets(short)).toMatchObject({
      firesAfter: 10,
      cleared: [],
      nextRequestTokens: 102_000,
    })
    expect(short.declined).toBe('clearing frees 60,000 tokens, under clear_at_least (60,001)')
  })

  it("engineBuckets names each message's bucket, for the message list", () => {
    const r = run('anthropic-clear-tool-uses', specs, limits)
    expect(engineBuckets(r, 12)).toEqual([
      'keep',
      'keep',
      'cleared',
      'keep',
      'cleared',
      'keep',
      'keep',
      'keep',
      'keep',
      'keep',
      'keep',
      'keep',
    ])
  })
})

describe('runEngines', () => {
  it('refuses a window that is not a positive integer, naming it', () => {
    const input = { messages: [], counts: [], window: 0, maxOutput: 1000 }
    expect(() => runEngines(input)).toThrow(EngineInputError)
    expect(() => runEngines(input)).toThrow('window: 0 is not a positive integer')
  })

  it('runs every preset, in order, on an empty conversation without firing', () => {
    const results = runEngines({ messages: [], counts: [], window: 200_000, maxOutput: 64_000 })
    expect(results.map((r) => r.id)).toEqual([
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
    ])
    expect(results.every((r) => r.firesAfter === null)).toBe(true)
  })
})

describe('modelLimits', () => {
  it('finds a model by its id or a dated id, preferring the longest stem', () => {
    expect(modelLimits('claude-sonnet-4-5-20250929')?.model).toBe('claude-sonnet-4-5')
    expect(modelLimits('gpt-4o-2024-08-06')?.model).toBe('gpt-4o')
    expect(modelLimits('gpt-4o-mini')?.model).toBe('gpt-4o-mini')
    expect(modelLimits('gpt-4o')).toMatchObject({ window: 128_000, maxOutput: 16_384 })
    expect(modelLimits('no-such-model')).toBeUndefined()
  })

  it('knows GPT-5.1 and Gemini 3 by the names their logs write, with their pages numbers', () => {
    // developers.openai.com/api/docs/models/gpt-5.1: 400,000 context window, 128,000 max output.
    expect(modelLimits('gpt-5.1')).toMatchObject({ window: 400_000, maxOutput: 128_000 })
    expect(modelLimits('gpt-5.1-2025-11-13')?.model).toBe('gpt-5.1')
    // developers.openai.com/api/docs/models/codex-mini-latest: 200,000 and 100,000.
    expect(modelLimits('codex-mini-latest')).toMatchObject({ window: 200_000, maxOutput: 100_000 })
    // ai.google.dev's pages for gemini-3-pro-preview and gemini-3.1-pro-preview, and Google
    // Cloud's for gemini-3-flash-preview: input 1,048,576, output 65,536.
    for (const model of [
      'gemini-3-pro-preview',
      'gemini-3.1-pro-preview',
      'gemini-3-flash-preview',
    ]) {
      expect(modelLimits(model), model).toMatchObject({ window: 1_048_576, maxOutput: 65_536 })
    }
    expect(modelLimits('google/gemini-3-pro-preview')?.source).toBe(
      'https://ai.google.dev/gemini-api/docs/models/gemini-3-pro-preview',
    )
    // A name that only starts like gpt-5.1 is another model (gpt-5.1-chat-latest has 128,000).
    expect(modelLimits('gpt-5.1-chat-latest')).toBeUndefined()
  })

  it('knows the current models real logs name, with the numbers their providers publish', () => {
    // OpenAI's model pages (developers.openai.com/api/docs/models/<id>, read 2026-12-06):
    // "1,050,000 context window, 128,000 max output tokens" from GPT-5.4 on, "400,000" and
    // "128,000" for the Codex models of 5.1 to 5.3, and 272,000 of output for GPT-5 pro.
    const openai: [string, number, number][] = [
      ['gpt-5.5-2026-04-23', 1_050_000, 128_000],
      ['gpt-5.6-sol', 1_050_000, 128_000],
      ['gpt-5.4', 1_050_000, 128_000],
      ['gpt-5.4-mini', 400_000, 128_000],
      ['gpt-5.3-codex', 400_000, 128_000],
      ['gpt-5.2-codex', 400_000, 128_000],
      ['openai/gpt-5.1-codex-max', 400_000, 128_000],
      ['gpt-5-pro', 400_000, 272_000],
      ['o3-pro', 200_000, 100_000],
    ]
    for (const [model, window, maxOutput] of openai) {
      expect(modelLimits(model), model).toMatchObject({ window, maxOutput })
    }
    // Google's pages: input 1,048,576 and output 65,536 for Gemini 3.5 to 3.8 Flash; Gemini 4's
    // limit is one of 1,048,576 for input and output together, 65,536 out in one request.
    for (const model of ['gemini-3.6-flash', 'gemini-3.8-flash', 'gemini-4-argon']) {
      expect(modelLimits(model), model).toMatchObject({ window: 1_048_576, maxOutput: 65_536 })
    }
    // Z.ai's GLM-4.6 page: "maximum context 200K, maximum output 128K", under a router's name and
    // in the capitals some engines write.
    expect(modelLimits('zai-coding-plan/GLM-4.6')).toMatchObject({
      window: 200_000,
      maxOutput: 128_000,
    })
    // GitHub Copilot CLI and OpenRouter write a Claude's minor version after a dot.
    expect(modelLimits('claude-opus-4.7')?.model).toBe('claude-opus-4-7')
    expect(modelLimits('anthropic/claude-sonnet-4.5')?.model).toBe('claude-sonnet-4-5')
    expect(modelLimits('claude-haiku-4.5')).toMatchObject({ window: 200_000, maxOutput: 64_000 })
    expect(modelLimits('deepseek-v4-flash')).toMatchObject({
      window: 1_000_000,
      maxOutput: 384_000,
    })
    // DeepSeek's old names stood for deepseek-v4-flash's two modes until their retirement on
    // 2026-07-24, and for older models before: a log of one says nothing of its window.
    expect(modelLimits('deepseek-chat')).toBeUndefined()
  })

  it('never lists a max output more than its window, which the CLI and the app refuse', () => {
    for (const m of MODEL_LIMITS) expect(m.maxOutput, m.model).toBeLessThanOrEqual(m.window)
  })
})

describe('docs/engines.md', () => {
  const text = readFileSync(resolve(import.meta.dirname, '../../docs/engines.md'), 'utf8')

  it('has a section for every preset', () => {
    for (const id of ENGINE_IDS) expect(text).toContain(`### \`${id}\``)
  })

  it("states every model's window and max output as the table in src/engines/models.ts has them", () => {
    const rows = text
      .split('\n')
      .filter((line) => /^\| [a-z]/.test(line) && !line.startsWith('| model'))
    for (const m of MODEL_LIMITS) {
      const row = rows.find((r) =>
        r
          .split('|')[1]
          .split(',')
          .map((s) => s.trim())
          .includes(m.model),
      )
      expect(row, m.model).toBeDefined()
      const cells = row!.split('|').map((s) => s.trim())
      expect([cells[2], cells[3]]).toEqual([formatNumber(m.window), formatNumber(m.maxOutput)])
    }
  })
})

describe('presets on a model whose limits are not known', () => {
  // Which limits each rule reads, as docs/engines.md states each rule: what a model the limits
  // table does not list can still run.
  const { messages, counts } = conversation([
    ['u', 100],
    ['b', 100],
  ])
  const bare = { messages, counts }
  const waitingFor = (input: Omit<EngineInput, 'messages' | 'counts'>) =>
    runnableEngines(input).waiting.map((w) => [w.id, w.missing.join('+')])

  it('with no limit, runs the rules with thresholds of their own and says what the rest read', () => {
    expect(runnableEngines({}).runnable).toEqual([
      'mistral-vibe',
      'anthropic-compaction',
      'anthropic-clear-tool-uses',
    ])
    expect(waitingFor({})).toEqual([
      ['seed', 'window'],
      ['claude-code', 'window+maxOutput'],
      ['codex', 'window'],
      ['opencode', 'window+maxOutput'],
      ['gemini-cli', 'window'],
      ['kimi-cli', 'window'],
      ['copilot-cli', 'window'],
      ['continue', 'window'],
      ['cline', 'window+maxOutput'],
      ['aider', 'window'],
      ['langchain', 'window'],
      ['openai-compaction', 'window'],
    ])
  })

  it('settings and a recorded window stand in for the limits', () => {
    // The seed's MaxTokens; LangChain's trigger in tokens and keep in messages; a threshold for
    // the Responses compaction; Codex's window from the rollout's record.
    const input = {
      recordedWindow: 258_400,
      settings: {
        seed: { maxTokens: 50_000 },
        langchainTrigger: { kind: 'tokens' as const, value: 4_000 },
        langchainKeep: { kind: 'messages' as const, value: 20 },
        openaiCompactThreshold: 10_000,
      },
    }
    expect(waitingFor(input)).toEqual([
      ['claude-code', 'window+maxOutput'],
      ['opencode', 'window+maxOutput'],
      ['gemini-cli', 'window'],
      ['kimi-cli', 'window'],
      ['copilot-cli', 'window'],
      ['continue', 'window'],
      ['cline', 'window+maxOutput'],
      ['aider', 'window'],
    ])
    // Codex's catalog models read the max output too, without a record (the window less it).
    expect(waitingFor({ window: 400_000, spec: { model: 'gpt-5.1-codex' } })).toEqual([
      ['claude-code', 'maxOutput'],
      ['codex', 'maxOutput'],
      ['opencode', 'maxOutput'],
      ['cline', 'maxOutput'],
      ['openai-compaction', 'maxOutput'],
    ])
  })

  it('refuses to run a preset on a limit it reads and the input lacks, naming the limit', () => {
    const [r] = runEngines({ ...bare, recordedWindow: 258_400 }, ['codex'])
    expect(r.trigger).toBe(244_800)
    expect(() => runEngines(bare, ['claude-code'])).toThrow(
      new EngineInputError('window', 'not given, and claude-code reads it'),
    )
  })
})
