import { beforeAll, describe, expect, it } from 'vitest'
import { decodePayload } from '../../src/formats/payload'
import {
  compareUsage,
  countEachMessage,
  importConversation,
  requestOverhead,
  thinkingRuleNote,
  turnCostsOf,
  type Message,
} from '../../src/index'
import { messageCost } from '../../src/pricing/cost'
import { describeOpaqueParts } from '../../src/pricing/opaque'
import { fixture } from './formats-fixtures'
import { loadGemma, LOAD_GEMMA_MS } from './helpers/gemma'

// gemini-cli-thoughts.json, read by hand: turn 1 is u1, then g1 (one thought recorded,
// tokens.thoughts 400, a search call), g2 (no thought recorded, thoughts 150, a replace call) and
// g3 (text, thoughts 0); turn 2 is u2, then g4 (one thought, thoughts 60, a shell call) and g5.
// The rule (docs/tokens.md, "Earlier turns' thinking"): a Gemini reply's thinking is billed at its
// reported count in every later request of its turn, and dropped at the next user prompt.
const spec = { model: 'gemini-3-flash-preview', wire: 'gemini' } as const
const imported = importConversation(fixture('gemini-cli-thoughts.json'))
const { messages } = imported
const reportedOf = (m: Message) => decodePayload(m.payload)?.reasoning_tokens

beforeAll(loadGemma, LOAD_GEMMA_MS)

describe('a Gemini CLI reply’s thinking is priced by its reported thoughts', () => {
  it('gives each reply’s reasoning its tokens.thoughts; a reply with none recorded gets one', () => {
    const reasoning = messages.filter((m) => m.type === 'reasoning')
    expect(reasoning.map((m) => [m.text, reportedOf(m)])).toEqual([
      ['**Finding the helper** I will search for every use of total before renaming it.', 400],
      // g2 recorded no thought: its 150 tokens are carried by a reasoning message with no text.
      ['', 150],
      ['**Running the suite** npm test runs vitest once.', 60],
    ])
    // The carrier stands where the thinking came: before g2's call.
    const carrier = messages.findIndex((m) => m.type === 'reasoning' && m.text === '')
    expect(messages[carrier + 1].id).toBe('g2')
    // g3 reported no thinking, so nothing is added for it.
    expect(messages.map((m) => m.type)).toEqual([
      'user',
      'reasoning',
      'bot',
      'activity',
      'reasoning',
      'bot',
      'activity',
      'bot',
      'user',
      'reasoning',
      'bot',
      'activity',
      'bot',
    ])
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: 'messages[2].tokens.thoughts',
      problem:
        'thinking reported with no thought recorded: loaded as a reasoning message with no text, priced at the reported count',
    })
  })

  it('costs the reported count in its turn, the summary not billed again; nothing after', () => {
    const empty = messageCost(spec, { text: '' })
    const [first, carrier] = messages.filter((m) => m.type === 'reasoning')
    expect(messageCost(spec, first)).toBe(empty + 400)
    expect(messageCost(spec, carrier)).toBe(empty + 150)
    // An earlier turn's thinking is dropped from the context.
    expect(messageCost(spec, first, undefined, true)).toBe(0)
    expect(
      describeOpaqueParts(carrier.payload!, {
        wire: 'gemini',
        model: spec.model,
        family: 'google',
        retained: true,
      }),
    ).toEqual([
      {
        kind: 'thinking',
        path: 'reasoning_tokens',
        bytes: 0,
        tokens: 150,
        label:
          "thinking, 150 tokens (its reply's reported thinking tokens; the summary is not billed again)",
      },
    ])
    expect(
      describeOpaqueParts(carrier.payload!, {
        wire: 'gemini',
        model: spec.model,
        family: 'google',
        retained: false,
      })[0].label,
    ).toBe('thinking, not in this context: 0 tokens')
  })

  it('grows each request of a turn by its thinking, and drops it at the next prompt', () => {
    const costs = countEachMessage(spec, messages)
    const { rows } = compareUsage(
      imported.usage ?? [],
      costs,
      requestOverhead(spec),
      turnCostsOf(spec, messages),
    )
    const estimated = rows.map((r) => r.estimated)
    const cost = (i: number) => messageCost(spec, messages[i])
    const empty = messageCost(spec, { text: '' })
    // Request 2's prompt adds g1's thinking (400), its call and the call's result.
    expect(estimated[1] - estimated[0]).toBe(empty + 400 + cost(2) + cost(3))
    // Request 3's adds g2's thinking (150), its call and result: g1's thinking is still in.
    expect(estimated[2] - estimated[1]).toBe(empty + 150 + cost(5) + cost(6))
    // Request 4 starts turn 2: g3's reply and u2 come in, turn 1's thinking (both parts) goes.
    expect(estimated[3] - estimated[2]).toBe(cost(7) + cost(8) - (empty + 400) - (empty + 150))
  })
})

// gemini-cli-thoughts-unsent.jsonl, read by hand: turn 1 is u1, g1 (a thought, tokens.thoughts 600,
// a grep call) and g2 (text; input 8,210, output 30); turn 2 is u2 ("Raise it to 5.", 14
// characters), g3 (a thought, thoughts 500, a replace call; output 45) and g4 (input 8,330, output
// 10); turn 3 is u3 (26 characters), g5 (a thought, thoughts 200, a shell call) and g6. Had turn 1's
// 600 tokens of thinking been in its requests, g3's prompt would have come out at about 8,210 + 30
// + 4 − 600 = 7,644; it is 8,244, the last reply and the prompt alone. The same at u3: 8,330 + 10
// + 7 = 8,347, where the sent rule says 7,847. So the requests held none of the replies' thinking.
describe('Gemini thinking the reports show was not sent', () => {
  const unsent = importConversation(fixture('gemini-cli-thoughts-unsent.jsonl'))
  const dropped = { ...spec, thinking: unsent.thinking }

  it('reads the rule from the reported prompts at each new turn, and says so', () => {
    expect(unsent.thinking).toBe('dropped')
    expect(unsent.report).toContainEqual({
      severity: 'info',
      path: '',
      problem:
        "Gemini's reported prompts show its requests held none of the replies' thinking: at 2 of 2 new prompts after a turn that thought, the prompt grew by the last reply and the new prompt alone, where the turn's thinking, had it been sent, would have come out of it; thinking is priced at 0 in every request",
    })
    // gemini-cli-thoughts.json: turn 2's first prompt, 9,382, is turn 1's last (9,900) plus g3's 25
    // output tokens and u2's 26 characters, less the 550 tokens of thinking turn 1 had sent.
    expect(imported.thinking).toBeUndefined()
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: '',
      problem:
        "Gemini's reported prompts show its requests held the turn's thinking: at 1 of 1 new prompts after a turn that thought, the prompt fell by about that thinking; it is priced in every request of its turn",
    })
  })

  it('prices every reply’s thinking at 0, its own turn’s too, and keeps the count to show', () => {
    const reasoning = unsent.messages.flatMap((m, i) => (m.type === 'reasoning' ? [i] : []))
    expect(reasoning.map((i) => reportedOf(unsent.messages[i]))).toEqual([600, 500, 200])
    const costs = countEachMessage(dropped, unsent.messages)
    expect(reasoning.map((i) => costs[i])).toEqual([0, 0, 0])
    // Under the model's own rule the last turn's thinking (g5's 200) would be in the next request.
    const sentCosts = countEachMessage(spec, unsent.messages)
    expect(sentCosts[reasoning[2]]).toBe(messageCost(spec, { text: '' }) + 200)
    // Everything else costs what it does under the model's rule.
    const others = (c: number[]) => c.filter((_, i) => !reasoning.includes(i))
    expect(others(costs)).toEqual(others(sentCosts))
    expect(thinkingRuleNote(dropped)).toBe(
      'thinking priced at 0 in every request: the file’s reported prompts show that none of its requests held an earlier reply’s thinking, not even its own turn’s',
    )
  })

  it('grows each request of a turn by the messages alone', () => {
    const costs = countEachMessage(dropped, unsent.messages)
    expect(turnCostsOf(dropped, unsent.messages)).toBeNull()
    const { rows } = compareUsage(unsent.usage ?? [], costs, requestOverhead(dropped), null)
    const estimated = rows.map((r) => r.estimated)
    const cost = (i: number) => costs[i]
    // Request 2 adds g1's thinking (0), its call (2) and the result (3).
    expect(estimated[1] - estimated[0]).toBe(cost(1) + cost(2) + cost(3))
    expect(cost(1)).toBe(0)
    // Request 3 starts turn 2: g2 and u2 come in, and nothing goes out.
    expect(estimated[2] - estimated[1]).toBe(cost(4) + cost(5))
  })
})

// gemini-cli-thoughts-one-prompt.jsonl, read by hand: one prompt, u1; g1 thinks 800 tokens and
// reads a file (input 9,000, output 40; its result 56 characters, about 14 tokens), g2 thinks 700
// and runs a test (input 9,075, output 35; its result 32 characters, 8), g3 answers (input 9,135).
// No new prompt can tell whether the thinking was sent, but each step can: had g1's 800 tokens
// been sent, g2's prompt would be about 9,000 + 40 + 14 + 800 = 9,854; it is 9,075, the reply and
// its result alone. The same at g3: 9,075 + 35 + 8 = 9,118 without g2's 700, 9,818 with; 9,135.
describe('Gemini thinking a one-prompt session’s steps show was not sent', () => {
  const onePrompt = importConversation(fixture('gemini-cli-thoughts-one-prompt.jsonl'))
  const gemini = { model: 'gemini-3.1-pro-preview', wire: 'gemini' as const }

  it('reads the rule from the requests inside the turn, and says so', () => {
    expect(onePrompt.thinking).toBe('dropped')
    expect(onePrompt.report).toContainEqual({
      severity: 'info',
      path: '',
      problem:
        "Gemini's reported prompts show its requests held none of the replies' thinking: at 2 of 2 requests inside a turn after a reply that thought, the prompt grew by the reply and its tool results alone; thinking is priced at 0 in every request",
    })
  })

  it('grows each request of the turn by the reply and its result alone', () => {
    const dropped = { ...gemini, thinking: onePrompt.thinking }
    const costs = countEachMessage(dropped, onePrompt.messages)
    expect(onePrompt.messages.map((m) => m.type)).toEqual([
      'user',
      'reasoning',
      'bot',
      'activity',
      'reasoning',
      'bot',
      'activity',
      'bot',
    ])
    expect([costs[1], costs[4]]).toEqual([0, 0])
    const { rows } = compareUsage(onePrompt.usage ?? [], costs, requestOverhead(dropped), null)
    const estimated = rows.map((r) => r.estimated)
    expect(estimated[1] - estimated[0]).toBe(costs[2] + costs[3])
    expect(estimated[2] - estimated[1]).toBe(costs[5] + costs[6])
  })
})

// gemini-cli-thoughts-held.jsonl, read by hand (gemini-3.5-flash): turn 1 is u1, g1 (thinks 800,
// a grep; input 9,000, output 40; its result 44 characters, 11 tokens) and g2 (input 9,855: 9,000
// + 40 + 11 + 800 + 4, so g1's thinking was sent); turn 2 is u2 ("Make it 1024.", 13 characters)
// and g3, input 9,878: g2's 9,855 + its 20 output + the prompt's 3, with nothing out, where the
// model's rule has turn 1's thinking come out (about 9,078). The steps inside the turn outweigh the
// new prompt: the thinking was sent, and the model's rule prices it.
describe('Gemini thinking the steps show was sent, where the next prompt does not fall', () => {
  const kept = importConversation(fixture('gemini-cli-thoughts-held.jsonl'))
  const gemini = { model: 'gemini-3.5-flash', wire: 'gemini' as const }

  it('keeps the model’s rule, and says what the reports show', () => {
    expect(kept.thinking).toBeUndefined()
    expect(kept.report).toContainEqual({
      severity: 'info',
      path: '',
      problem:
        "Gemini's reported prompts show its requests held the replies' thinking: at 1 of 1 requests inside a turn the prompt grew by the last reply's thinking, though at 1 of 1 new prompts it did not fall by the turn's; it is priced in every request of its turn, as the model's rule has it",
    })
  })

  it('prices turn 1’s thinking in turn 1’s requests', () => {
    const costs = countEachMessage(gemini, kept.messages)
    const { rows } = compareUsage(
      kept.usage ?? [],
      costs,
      requestOverhead(gemini),
      turnCostsOf(gemini, kept.messages),
    )
    const estimated = rows.map((r) => r.estimated)
    // Request 2 (g2's) adds g1's thinking (its 800 tokens and the framing), its call and result.
    expect(estimated[1] - estimated[0]).toBe(
      messageCost(gemini, { text: '' }) + 800 + costs[2] + costs[3],
    )
  })
})
