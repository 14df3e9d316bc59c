import { describe, expect, it } from 'vitest'
import {
  DEFAULT_MODEL,
  OptionError,
  checkCompaction,
  proposedModel,
  splitMessagesForCompaction,
  type Message,
} from '@core'
import { openingOptions } from '../../renderer/store/options-slice'

const messages: Message[] = [
  { type: 'user', text: 'a' },
  { type: 'bot', text: 'b' },
  { type: 'user', text: 'c' },
  { type: 'bot', text: 'd' },
]

/** The OptionError a check throws for these options. */
function rejection(options: unknown): OptionError {
  try {
    checkCompaction(messages, options as Parameters<typeof checkCompaction>[1])
  } catch (error) {
    expect(error).toBeInstanceOf(OptionError)
    return error as OptionError
  }
  throw new Error(`accepted ${JSON.stringify(options)}`)
}

describe('option validation', () => {
  it.each([
    [0, 'option maxTokens: 0 is not a positive integer'],
    [-1, 'option maxTokens: -1 is not a positive integer'],
    [1.5, 'option maxTokens: 1.5 is not a positive integer'],
    [NaN, 'option maxTokens: NaN is not a positive integer'],
    [Infinity, 'option maxTokens: Infinity is not a positive integer'],
    ['10', 'option maxTokens: "10" is not a positive integer'],
    [undefined, 'option maxTokens: undefined is not a positive integer'],
  ])('maxTokens %s is rejected, naming the option and the value', (maxTokens, message) => {
    const error = rejection({ maxTokens })
    expect(error.option).toBe('maxTokens')
    expect(error.value).toBe(maxTokens)
    expect(error.message).toBe(message)
  })

  it.each([
    [0, 'option triggerRatio: 0 is not a number in (0, 1]'],
    [1.0001, 'option triggerRatio: 1.0001 is not a number in (0, 1]'],
    [NaN, 'option triggerRatio: NaN is not a number in (0, 1]'],
    [-0.5, 'option triggerRatio: -0.5 is not a number in (0, 1]'],
    ['0.5', 'option triggerRatio: "0.5" is not a number in (0, 1]'],
  ])('triggerRatio %s is rejected', (triggerRatio, message) => {
    const error = rejection({ maxTokens: 100, triggerRatio })
    expect(error.option).toBe('triggerRatio')
    expect(error.value).toBe(triggerRatio)
    expect(error.message).toBe(message)
  })

  it.each([
    [-1, 'option keepRecentCount: -1 is not a non-negative integer'],
    [2.5, 'option keepRecentCount: 2.5 is not a non-negative integer'],
    [NaN, 'option keepRecentCount: NaN is not a non-negative integer'],
    ['3', 'option keepRecentCount: "3" is not a non-negative integer'],
  ])(
    'keepRecentCount %s is rejected, by the check and by the split',
    (keepRecentCount, message) => {
      const error = rejection({ maxTokens: 100, keepRecentCount })
      expect(error.option).toBe('keepRecentCount')
      expect(error.value).toBe(keepRecentCount)
      expect(error.message).toBe(message)
      expect(() =>
        splitMessagesForCompaction(messages, { keepRecentCount: keepRecentCount as number }),
      ).toThrow(message)
    },
  )

  it('accepts the edges of each range', () => {
    expect(() => checkCompaction(messages, { maxTokens: 1 })).not.toThrow()
    expect(() => checkCompaction(messages, { maxTokens: 1, triggerRatio: 1 })).not.toThrow()
    expect(() => checkCompaction(messages, { maxTokens: 1, triggerRatio: 1e-9 })).not.toThrow()
    expect(() => checkCompaction(messages, { maxTokens: 1, keepRecentCount: 0 })).not.toThrow()
    expect(() => checkCompaction(messages, { maxTokens: 2 ** 53 - 1 })).not.toThrow()
  })

  it('checks the options even when the conversation is empty', () => {
    expect(() => checkCompaction([], { maxTokens: 0 })).toThrow(OptionError)
  })
})

describe('the model proposed for a file that names none', () => {
  it("is none where one maker's models alone speak the wire, so its family counts it", () => {
    // Gemini CLI speaks only to Gemini, Anthropic's API only to Claude: gpt-4o was sent nothing.
    expect(proposedModel('gemini')).toBe('')
    expect(proposedModel('anthropic')).toBe('')
    for (const wire of ['native', 'openai-chat', 'openai-responses', undefined] as const) {
      expect(proposedModel(wire)).toBe(DEFAULT_MODEL)
    }
  })

  it('is what the app opens such a file with, unless the user saved a model', () => {
    expect(openingOptions({}, null, false, 'gemini').options.model).toBe('')
    expect(openingOptions({ model: 'gemini-2.5-pro' }, null, false, 'gemini').options.model).toBe(
      'gemini-2.5-pro',
    )
    expect(openingOptions({}, 'claude-opus-4-7', false, 'gemini').options.model).toBe(
      'claude-opus-4-7',
    )
    expect(openingOptions({}, null, false, 'openai-chat').options.model).toBe(DEFAULT_MODEL)
  })
})
