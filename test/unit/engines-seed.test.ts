import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { countEachMessage, runEngines, type Message } from '@core'

// The seed preset is the package's own policy: on every corpus case it must decide what the corpus
// says checkCompaction decides, with MaxTokens given as the window.
interface CorpusCase {
  name: string
  model: string
  options: { maxTokens: number; keepRecentCount?: number; triggerRatio?: number }
  messages: Message[]
  expected: {
    estimatedTokens: number
    shouldCompact: boolean
    reason: string | null
    messagesToSummarize: number[]
    messagesToKeep: number[]
  }
}

const corpus = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../../testdata/corpus.json'), 'utf8'),
) as { cases: CorpusCase[] }

describe('the seed preset on testdata/corpus.json', () => {
  it.each(corpus.cases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    const { maxTokens, keepRecentCount, triggerRatio } = c.options
    const [seed] = runEngines(
      {
        messages: c.messages,
        counts: countEachMessage(c.model, c.messages),
        window: maxTokens,
        maxOutput: 1,
        spec: { model: c.model },
        settings: { seed: { triggerRatio, keepRecentCount } },
      },
      ['seed'],
    )
    const { expected } = c
    // It reaches its trigger exactly when the check does not decline for being below it.
    expect(seed.firesAfter === null).toBe(expected.reason === 'below-threshold')
    expect(seed.firesAfter !== null && seed.declined === undefined).toBe(expected.shouldCompact)
    expect(seed.summarize).toEqual(expected.messagesToSummarize)
    expect(seed.keep).toEqual([...expected.messagesToKeep].sort((a, b) => a - b))
    expect(seed.cleared).toEqual([])
    if (!expected.shouldCompact) expect(seed.nextRequestTokens).toBe(expected.estimatedTokens)
  })
})
