import { describe, expect, it } from 'vitest'
import {
  bucketsOf,
  checkCompaction,
  headLength,
  splitMessagesForCompaction,
  type Message,
} from '../../src'

// An agent run: the system prompt, a reminder mid-run and a tool call, eight messages in all.
const run: Message[] = [
  { id: 'sys', type: 'instructions', text: 'You are a careful agent.' },
  { id: 'u1', type: 'user', text: 'Fix the bug.' },
  { id: 'b1', type: 'bot', text: 'Looking.' },
  { id: 'rem', type: 'instructions', text: 'Reminder: run the tests.' },
  { id: 'a1', type: 'activity', text: '', payload: 'run_tests()' },
  { id: 'u2', type: 'user', text: 'Well?' },
  { id: 'b2', type: 'bot', text: 'Fixed.' },
  { id: 'u3', type: 'user', text: 'Thanks.' },
]

describe('bucketsOf', () => {
  it('hoists head instructions and summarises the rest of the head, by the derived keep count', () => {
    // keep = max(1, floor(8 × 0.25)) = 2, so the head is indexes 0–5.
    expect(headLength(8)).toBe(6)
    expect(bucketsOf(run, { shouldCompact: true })).toEqual([
      'hoisted',
      'summarize',
      'summarize',
      'hoisted',
      'summarize',
      'summarize',
      'keep',
      'keep',
    ])
  })

  it('moves the boundary with keepRecentCount, leaving tail instructions where they are', () => {
    // keep 5: the head is indexes 0–2; the reminder at 3 is in the tail and stays put.
    expect(bucketsOf(run, { shouldCompact: true }, 5)).toEqual([
      'hoisted',
      'summarize',
      'summarize',
      'keep',
      'keep',
      'keep',
      'keep',
      'keep',
    ])
    // keep 0: everything is head; keep beyond n: everything is tail.
    expect(headLength(8, 0)).toBe(8)
    expect(headLength(8, 20)).toBe(0)
  })

  it('keeps everything when the check declines', () => {
    expect(bucketsOf(run, { shouldCompact: false }, 1)).toEqual(Array(8).fill('keep'))
  })

  it('agrees with the split for every keep count', () => {
    for (let keep = 0; keep <= 9; keep++) {
      const check = checkCompaction(run, { maxTokens: 1, keepRecentCount: keep })
      const buckets = bucketsOf(run, check, keep)
      const split = splitMessagesForCompaction(run, { keepRecentCount: keep })
      if (!check.shouldCompact) {
        expect(buckets.every((b) => b === 'keep')).toBe(true)
        continue
      }
      expect(run.filter((_, i) => buckets[i] === 'summarize')).toEqual(split.messagesToSummarize)
      const hoisted = run.filter((_, i) => buckets[i] === 'hoisted')
      const kept = run.filter((_, i) => buckets[i] === 'keep')
      expect([...hoisted, ...kept]).toEqual(split.messagesToKeep)
    }
  })
})
