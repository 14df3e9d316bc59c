import { describe, expect, it } from 'vitest'
import {
  MESSAGE_OVERHEAD_TOKENS,
  SummaryError,
  applySummary,
  countMessageTokens,
  resolveModel,
  type Message,
} from '@core'
import { tiktokenFor } from './helpers/tiktoken'

describe('applySummary', () => {
  const keep: Message[] = [
    { id: 'sys', type: 'instructions', text: 'Be brief.' },
    { id: 'u9', type: 'user', text: 'Next?' },
  ]
  const summarized: Message[] = [
    { id: 'u1', type: 'user', text: 'a' },
    { type: 'bot', text: 'b' },
    { id: '', type: 'user', text: 'c' },
  ]

  it.each(['', ' ', '\n\t\r ', '\u00a0\u3000'])(
    'rejects an empty or whitespace-only summary (%j)',
    (summary) => {
      expect(() => applySummary(keep, summary, summarized)).toThrow(SummaryError)
    },
  )

  it('puts leading instructions, then the summary, then the rest; lists non-empty ids', () => {
    expect(applySummary(keep, 'S', summarized)).toEqual([
      keep[0],
      {
        type: 'context',
        text: 'S',
        meta: { compacted: true, droppedCount: 3, summarizedIds: ['u1'] },
      },
      keep[1],
    ])
  })

  it('leaves its inputs unchanged', () => {
    const before = JSON.stringify([keep, summarized])
    applySummary(keep, 'S', summarized)
    expect(JSON.stringify([keep, summarized])).toBe(before)
  })
})

describe('model resolution', () => {
  it('falls back to o200k_base for an unknown name, and says so', () => {
    expect(resolveModel('claude-3-5-sonnet')).toEqual({
      model: 'claude-3-5-sonnet',
      encoding: 'o200k_base',
      fellBack: true,
    })
    expect(resolveModel('GPT-4').fellBack).toBe(true)
  })

  it('uses o200k_base for an empty name without calling it a fallback', () => {
    expect(resolveModel('')).toEqual({ model: '', encoding: 'o200k_base', fellBack: false })
    expect(resolveModel()).toEqual({ model: '', encoding: 'o200k_base', fellBack: false })
  })

  it('maps known model names and encoding names, as tiktoken does', () => {
    expect(resolveModel('gpt-4').encoding).toBe('cl100k_base')
    expect(resolveModel('gpt-4o').encoding).toBe('o200k_base')
    expect(resolveModel('text-davinci-003').encoding).toBe('p50k_base')
    expect(resolveModel('gpt-oss-20b').encoding).toBe('o200k_harmony')
    expect(resolveModel('cl100k_base')).toEqual({
      model: 'cl100k_base',
      encoding: 'cl100k_base',
      fellBack: false,
    })
  })

  it('counts an unknown model exactly as the default encoding', () => {
    const message: Message = { type: 'user', text: 'naïve café 🚀 <|endoftext|>' }
    expect(countMessageTokens('no-such-model', message)).toBe(countMessageTokens('', message))
  })
})

describe('special-token strings are ordinary text', () => {
  const SPECIAL = [
    '<|endoftext|>',
    '<|startoftext|>',
    '<|fim_prefix|>',
    '<|fim_middle|>',
    '<|fim_suffix|>',
    '<|endofprompt|>',
    '<|im_start|>',
    '<|im_end|>',
    '<|im_sep|>',
    '<|start|>',
    '<|end|>',
    '<|message|>',
    '<|channel|>',
    '<|constrain|>',
    '<|return|>',
    '<|call|>',
  ]
  const MODELS = [
    'davinci',
    'text-davinci-003',
    'text-davinci-edit-001',
    'gpt-4',
    'gpt-4o',
    'gpt-oss-20b',
  ]

  it.each(MODELS)('%s: never throws, and counts each as its characters', (model) => {
    const reference = tiktokenFor(resolveModel(model).encoding)
    for (const special of SPECIAL) {
      const message: Message = { type: 'user', text: `a ${special} b`, payload: special }
      const expected = reference.encode_ordinary(message.text + message.payload).length
      expect(countMessageTokens(model, message), special).toBe(expected + MESSAGE_OVERHEAD_TOKENS)
      // More than one token: the string was not read as the special token.
      expect(countMessageTokens(model, { type: 'user', text: special })).toBeGreaterThan(
        1 + MESSAGE_OVERHEAD_TOKENS,
      )
    }
  })
})
