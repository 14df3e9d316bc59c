import { describe, expect, it } from 'vitest'
// The pricing module alone, as the renderer's main thread has it: no vocabulary is provided.
import { turnCostsOf } from '../../src/pricing/cost'
import type { Message } from '../../src/types'

const TURNS: Message[] = [
  { type: 'user', text: 'Fix the invoice total.' },
  { type: 'bot', text: 'Fixed.' },
  { type: 'user', text: 'Thanks.' },
]

describe('turnCostsOf without a vocabulary', () => {
  it('needs none when no earlier turn holds reasoning (the app calls it on its main thread)', () => {
    const spec = { model: 'claude-sonnet-4-5', wire: 'anthropic' } as const
    expect(() => turnCostsOf(spec, TURNS)).not.toThrow()
    expect(turnCostsOf(spec, TURNS)).toBeNull()
  })
})
