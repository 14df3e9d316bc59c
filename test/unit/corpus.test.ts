import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  KEEP_RECENT_RATIO,
  MESSAGE_OVERHEAD_TOKENS,
  MIN_MESSAGES,
  TRIGGER_RATIO,
  applySummary,
  buildSummaryPrompt,
  checkCompaction,
  countMessageTokens,
  countMessagesTokens,
  resolveModel,
  serializeConversation,
  type Message,
} from '@core'

// The corpus is read, never regenerated: its expected values come from tiktoken and from the
// hand-written cases in scripts/corpus-cases.ts (see testdata/README.md).
interface CorpusCase {
  name: string
  model: string
  encoding: string
  fellBack: boolean
  options: { maxTokens: number; keepRecentCount?: number; triggerRatio?: number }
  messages: Message[]
  summary: string
  expected: {
    tokens: number[]
    estimatedTokens: number
    threshold: number
    shouldCompact: boolean
    reason: string | null
    messagesToSummarize: number[]
    messagesToKeep: number[]
    prompt: string
    applied: string | null
  }
}

const corpus = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../../testdata/corpus.json'), 'utf8'),
) as { constants: Record<string, number>; cases: CorpusCase[] }

describe('testdata/corpus.json', () => {
  it('states the constants the core uses', () => {
    expect(corpus.constants).toEqual({
      MIN_MESSAGES,
      KEEP_RECENT_RATIO,
      TRIGGER_RATIO,
      MESSAGE_OVERHEAD_TOKENS,
    })
    expect(corpus.cases.length).toBeGreaterThanOrEqual(60)
    expect(new Set(corpus.cases.map((c) => c.name)).size).toBe(corpus.cases.length)
  })

  it('every case: tokens, estimate, threshold, decision, buckets, prompt and applied bytes', () => {
    for (const c of corpus.cases) {
      const { expected } = c
      const at = (what: string) => `${c.name}: ${what}`

      const resolved = resolveModel(c.model)
      expect.soft(resolved.encoding, at('encoding')).toBe(c.encoding)
      expect.soft(resolved.fellBack, at('fellBack')).toBe(c.fellBack)

      const tokens = c.messages.map((m) => countMessageTokens(c.model, m))
      expect.soft(tokens, at('per-message tokens')).toEqual(expected.tokens)
      expect
        .soft(countMessagesTokens(c.model, c.messages), at('countMessagesTokens'))
        .toBe(expected.estimatedTokens)

      const check = checkCompaction(c.messages, { model: c.model, ...c.options })
      expect.soft(check.estimatedTokens, at('estimatedTokens')).toBe(expected.estimatedTokens)
      expect
        .soft(Object.is(check.threshold, expected.threshold), at(`threshold ${check.threshold}`))
        .toBe(true)
      expect.soft(check.shouldCompact, at('shouldCompact')).toBe(expected.shouldCompact)
      expect.soft(check.reason, at('reason')).toBe(expected.reason)
      // By identity: the buckets hold the input's own messages, in bucket order.
      const indexes = (bucket: Message[]) => bucket.map((m) => c.messages.indexOf(m))
      expect
        .soft(indexes(check.messagesToSummarize), at('messagesToSummarize'))
        .toEqual(expected.messagesToSummarize)
      expect
        .soft(indexes(check.messagesToKeep), at('messagesToKeep'))
        .toEqual(expected.messagesToKeep)

      expect.soft(buildSummaryPrompt(check.messagesToSummarize), at('prompt')).toBe(expected.prompt)
      const applied = check.shouldCompact
        ? serializeConversation(
            applySummary(check.messagesToKeep, c.summary, check.messagesToSummarize),
          )
        : null
      expect.soft(applied, at('applied')).toBe(expected.applied)
    }
  })
})
