import { describe, expect, it } from 'vitest'
import {
  applySummary,
  checkCompaction,
  OptionError,
  planCompaction,
  requestOverhead,
  type Message,
} from '../../src'

// An agent run: the system prompt, a reminder mid-run, a tool call and its reasoning, and a tail
// that opens on instructions, nine messages in all. Counts are given, so nothing is tokenised.
const run: Message[] = [
  { id: 'sys', type: 'instructions', text: 'You are a careful agent.' },
  { id: 'u1', type: 'user', text: 'Fix the bug.' },
  { id: 'r1', type: 'reasoning', text: 'The test fails on line 3.' },
  { id: 'rem', type: 'instructions', text: 'Reminder: run the tests.' },
  { id: 'a1', type: 'activity', text: '', payload: 'run_tests()' },
  { id: 'b1', type: 'bot', text: 'Fixed.' },
  { id: 'tail-rem', type: 'instructions', text: 'Reminder: be brief.' },
  { id: 'u2', type: 'user', text: 'Thanks.' },
  { id: 'b2', type: 'bot', text: 'Welcome.' },
]
const counts = [10, 10, 10, 10, 10, 10, 10, 10, 10]

describe('planCompaction', () => {
  it('lays out one compaction: the tail, the hoisted, the summarised and the unprompted', () => {
    // keep 3: the head is indexes 0–5; its instructions (0, 3) are hoisted, the rest summarised;
    // reasoning (2) and activity (4) never reach the prompt.
    const plan = planCompaction(run, { maxTokens: 50, keepRecentCount: 3 }, counts)
    expect(plan.shouldCompact).toBe(true)
    expect(plan.reason).toBe(null)
    expect(plan.keepCount).toBe(3)
    expect(plan.headLength).toBe(6)
    expect(plan.tailStart).toBe(6)
    expect(plan.head).toBe(6)
    expect(plan.layout.hoisted).toEqual([0, 3])
    expect(plan.layout.summarized).toEqual([1, 2, 4, 5])
    expect(plan.layout.unprompted).toEqual([2, 4])
    expect(plan.layout.buckets).toEqual([
      'hoisted',
      'summarize',
      'summarize',
      'hoisted',
      'summarize',
      'summarize',
      'keep',
      'keep',
      'keep',
    ])
  })

  it('puts the summary where applySummary does: after the hoisted and the tail’s own instructions', () => {
    // Kept: sys, rem (hoisted), then tail-rem opening the tail: the summary goes at index 3.
    const plan = planCompaction(run, { maxTokens: 50, keepRecentCount: 3 }, counts)
    expect(plan.layout.summaryAt).toBe(3)
    const { messagesToKeep, messagesToSummarize } = plan.split
    const applied = applySummary(messagesToKeep, 'Summary.', messagesToSummarize)
    expect(applied[3].text).toBe('Summary.')
  })

  it('prices the estimate and the threshold as the check reports them', () => {
    // 9 × 10 tokens, the native wire's request overhead, and 7 hidden tokens; 50 × 0.5 = 25.
    const options = { maxTokens: 50, triggerRatio: 0.5, hiddenTokens: 7 }
    const plan = planCompaction(run, options, counts)
    expect(plan.requestOverhead).toBe(requestOverhead(''))
    expect(plan.hiddenTokens).toBe(7)
    expect(plan.estimatedTokens).toBe(90 + requestOverhead('') + 7)
    expect(plan.triggerRatio).toBe(0.5)
    expect(plan.threshold).toBe(25)
    expect(plan.check).toEqual(checkCompaction(run, options, counts))
  })

  it('splits nothing when it declines: the tail starts at the end and no head is laid out', () => {
    // 90 tokens against 1,000 × 0.9: below the threshold.
    const plan = planCompaction(run, { maxTokens: 1000 }, counts)
    expect(plan.reason).toBe('below-threshold')
    expect(plan.keepCount).toBe(2)
    expect(plan.headLength).toBe(7)
    expect(plan.tailStart).toBe(9)
    expect(plan.head).toBe(0)
    expect(plan.layout.hoisted).toEqual([])
    expect(plan.layout.summarized).toEqual([])
    expect(plan.layout.buckets).toEqual(Array(9).fill('keep'))
    expect(plan.split.messagesToSummarize).toEqual([])
    expect(plan.split.messagesToKeep).toEqual(run)
  })

  it('declines a head of instructions only, and keeps every message then', () => {
    // keep 8: the head is index 0 alone, the system prompt, which is never summarised.
    const plan = planCompaction(run, { maxTokens: 50, keepRecentCount: 8 }, counts)
    expect(plan.reason).toBe('nothing-to-summarize')
    expect(plan.tailStart).toBe(9)
    expect(plan.layout.hoisted).toEqual([])
  })

  it('summarises everything but the instructions with KeepRecentCount 0', () => {
    const plan = planCompaction(run, { maxTokens: 50, keepRecentCount: 0 }, counts)
    expect(plan.tailStart).toBe(9)
    expect(plan.head).toBe(9)
    expect(plan.layout.hoisted).toEqual([0, 3, 6])
    expect(plan.layout.summaryAt).toBe(3)
  })

  it('refuses bad options and counts that do not match the messages', () => {
    expect(() => planCompaction(run, { maxTokens: 0 }, counts)).toThrow(OptionError)
    expect(() => planCompaction(run, { maxTokens: 50 }, [1, 2])).toThrow(
      'counts has 2 entries for 9 messages',
    )
  })
})
