import { describe, expect, it } from 'vitest'
import { countEachMessage, serializeConversation } from '../../src/index'
import { generateConversation } from '../../bench/generate'
import { startCountingPool } from '../../bench/worker-pool'

const bytesOf = (text: string) => Buffer.byteLength(text, 'utf8')

describe("the bench's conversation generator", () => {
  it('makes the same conversation, byte for byte, from the same seed', () => {
    const a = serializeConversation(generateConversation({ seed: 5, targetBytes: 100_000 }))
    const b = serializeConversation(generateConversation({ seed: 5, targetBytes: 100_000 }))
    const c = serializeConversation(generateConversation({ seed: 6, targetBytes: 100_000 }))
    expect(a).toBe(b)
    expect(c).not.toBe(a)
  })

  it('hits its size and message-count targets', () => {
    for (const [targetBytes, messages] of [
      [300_000, 600],
      [1_000_000, 2_000],
      [1_000_000, 500],
    ] as const) {
      const conversation = generateConversation({ seed: 1, targetBytes, messages })
      expect(conversation).toHaveLength(messages)
      const size = bytesOf(serializeConversation(conversation))
      expect(Math.abs(size - targetBytes) / targetBytes).toBeLessThan(0.03)
    }
    // Without a count, one message per 500 bytes.
    expect(generateConversation({ seed: 1, targetBytes: 250_000 })).toHaveLength(500)
  })

  it('mixes prose, code, tool payloads, non-Latin scripts and emoji, in varied lengths', () => {
    const conversation = generateConversation({ seed: 2, targetBytes: 1_000_000 })
    const all = conversation.map((m) => m.text + (m.payload ?? '')).join('\n')
    expect(new Set(conversation.map((m) => m.type))).toEqual(
      new Set(['instructions', 'user', 'bot', 'reasoning', 'activity', 'context']),
    )
    for (const script of [/\p{Script=Han}/u, /\p{Script=Cyrillic}/u, /\p{Script=Arabic}/u]) {
      expect(all).toMatch(script)
    }
    expect(all).toMatch(/\p{Script=Devanagari}/u)
    expect(all).toMatch(/\p{Extended_Pictographic}/u)
    expect(all).toMatch(/```(ts|python|go)\n/)
    for (const m of conversation.filter((m) => m.payload)) {
      expect(JSON.parse(m.payload!)).toHaveProperty('call_id')
    }
    const sizes = conversation.map((m) => bytesOf(m.text + (m.payload ?? ''))).sort((a, b) => a - b)
    const median = sizes[sizes.length >> 1]
    // Mostly short, with a long tail of big tool outputs.
    expect(sizes[sizes.length - 1]).toBeGreaterThan(20 * median)
  })
})

describe("the bench's worker threads", () => {
  it('count, slice by slice across two workers, exactly what countEachMessage counts', async () => {
    const messages = generateConversation({ seed: 4, targetBytes: 400_000 })
    const pool = await startCountingPool(2, '')
    try {
      // Small slices, so that both workers take several and results arrive out of order.
      expect(await pool.count(messages, 20_000)).toEqual(countEachMessage('', messages))
      await pool.reset()
      expect(await pool.count(messages, 100_000)).toEqual(countEachMessage('', messages))
    } finally {
      await pool.close()
    }
  })
})
