import { describe, expect, it } from 'vitest'
import { checkCompaction, forecastCompaction, type Message } from '../../src/core'

/** Messages of the given types, and their counts (made up, so every figure below is by hand). */
function conversation(rows: [Message['type'], number][]) {
  const messages: Message[] = rows.map(([type], i) => ({ type, text: `m${i}` }))
  return { messages, counts: rows.map(([, c]) => c) }
}

// Turns start at the prompts (1, 3 and 6); the tool result (activity) is not one. Completed turns:
// [1, 3) adds 10 + 40 = 50 and [3, 6) adds 20 + 30 + 50 = 100, so the rate is 75 a turn.
const three = conversation([
  ['instructions', 100],
  ['user', 10],
  ['bot', 40],
  ['user', 20],
  ['bot', 30],
  ['activity', 50],
  ['user', 5],
  ['bot', 45],
])

describe('forecastCompaction', () => {
  it('takes the total the budget shows, and counts turns left at the recent rate', () => {
    const { messages, counts } = three
    // Native wire: no request overhead, so the total is the 300 of the counts.
    const check = checkCompaction(messages, { maxTokens: 1010, triggerRatio: 0.9 }, counts)
    expect(forecastCompaction(messages, counts, check)).toEqual({
      total: 300,
      threshold: 909,
      tokensLeft: 609,
      turns: 3,
      perTurn: 75,
      turnsLeft: 9, // 609 / 75 = 8.12, so a ninth turn crosses it
    })
  })

  it('includes what the budget adds beyond the messages (hidden tokens)', () => {
    const { messages, counts } = three
    const check = checkCompaction(messages, { maxTokens: 1000, hiddenTokens: 150 }, counts)
    const forecast = forecastCompaction(messages, counts, check)
    expect(forecast.total).toBe(450)
    expect(forecast.tokensLeft).toBe(900 - 450)
    expect(forecast.turnsLeft).toBe(6) // 450 / 75
  })

  it('is 0 turns at or over the threshold, whatever the rate', () => {
    const { messages, counts } = three
    const at = forecastCompaction(messages, counts, { estimatedTokens: 900, threshold: 900 })
    expect(at).toMatchObject({ tokensLeft: 0, turnsLeft: 0 })
    const over = forecastCompaction(messages.slice(0, 2), counts.slice(0, 2), {
      estimatedTokens: 950,
      threshold: 900,
    })
    expect(over).toMatchObject({ tokensLeft: 0, turns: 1, perTurn: null, turnsLeft: 0 })
  })

  it('says nothing of the rate with fewer than two turns, or a rate that is not positive', () => {
    const one = conversation([
      ['instructions', 100],
      ['user', 10],
      ['bot', 40],
    ])
    const check = { estimatedTokens: 150, threshold: 900 }
    expect(forecastCompaction(one.messages, one.counts, check)).toMatchObject({
      turns: 1,
      perTurn: null,
      turnsLeft: null,
    })
    const free = conversation([
      ['user', 0],
      ['bot', 0],
      ['user', 0],
    ])
    expect(forecastCompaction(free.messages, free.counts, check)).toMatchObject({
      turns: 2,
      perTurn: null,
      turnsLeft: null,
    })
  })

  it('takes the mean of the last five completed turns only', () => {
    // Seven prompts, each followed by a reply; turn k (1-based) adds k × 10 (prompt) + 100 (reply).
    const rows: [Message['type'], number][] = []
    for (let k = 1; k <= 7; k++) rows.push(['user', k * 10], ['bot', 100])
    const { messages, counts } = conversation(rows)
    // Completed turns 2..6 (the 7th is in progress): 120, 130, 140, 150, 160, mean 140.
    const f = forecastCompaction(messages, counts, { estimatedTokens: 1_000, threshold: 2_000 })
    expect(f.perTurn).toBe(140)
    expect(f.turnsLeft).toBe(8) // 1000 / 140 = 7.14
  })

  it('refuses counts that do not match the messages', () => {
    expect(() =>
      forecastCompaction(three.messages, [1, 2], { estimatedTokens: 0, threshold: 1 }),
    ).toThrow(RangeError)
  })
})
