import { describe, expect, it } from 'vitest'
import { decodePayload } from '../../src/formats/payload'
import {
  compareUsage,
  countEachMessage,
  importConversation,
  requestOverhead,
  turnCostsOf,
  type Message,
} from '../../src/index'
import { messageCost } from '../../src/pricing/cost'
import { describeOpaqueParts } from '../../src/pricing/opaque'
import { fixture } from './formats-fixtures'

// gemini-cli-thoughts.json, read by hand: turn 1 is u1, then g1 (one thought recorded,
// tokens.thoughts 400, a search call), g2 (no thought recorded, thoughts 150, a replace call) and
// g3 (text, thoughts 0); turn 2 is u2, then g4 (one thought, thoughts 60, a shell call) and g5.
// The rule (docs/tokens.md, "Earlier turns' thinking"): a Gemini reply's thinking is billed at its
// reported count in every later request of its turn, and dropped at the next user prompt.
const spec = { model: 'gemini-3-flash-preview', wire: 'gemini' } as const
const imported = importConversation(fixture('gemini-cli-thoughts.json'))
const { messages } = imported
const reportedOf = (m: Message) => decodePayload(m.payload)?.reasoning_tokens

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
