import { describe, expect, it } from 'vitest'
import { codexRecordedWindowFor, contextWindowOf, offeredWindow } from '../../src'

// Each figure is the provider's own, as its model page states it (see src/context-windows.ts).
describe('the context windows the core knows', () => {
  it('gives OpenAI’s documented windows', () => {
    expect(contextWindowOf('gpt-4o')?.tokens).toBe(128_000)
    expect(contextWindowOf('gpt-4o-mini')?.tokens).toBe(128_000)
    expect(contextWindowOf('gpt-4.1')?.tokens).toBe(1_047_576)
    expect(contextWindowOf('gpt-5')?.tokens).toBe(400_000)
    expect(contextWindowOf('gpt-4')?.tokens).toBe(8_192)
    expect(contextWindowOf('gpt-4-turbo')?.tokens).toBe(128_000)
    expect(contextWindowOf('gpt-3.5-turbo')?.tokens).toBe(16_385)
    expect(contextWindowOf('o3')?.tokens).toBe(200_000)
  })

  it('gives Anthropic’s 200,000 and Google’s 1,048,576', () => {
    expect(contextWindowOf('claude-sonnet-4-5')?.tokens).toBe(200_000)
    expect(contextWindowOf('claude-haiku-4-5')?.tokens).toBe(200_000)
    expect(contextWindowOf('gemini-2.5-pro')?.tokens).toBe(1_048_576)
    expect(contextWindowOf('gemini-2.0-flash')?.tokens).toBe(1_048_576)
  })

  it('gives GPT-5.1 and Gemini 3 the windows their model pages publish', () => {
    expect(contextWindowOf('gpt-5.1')?.tokens).toBe(400_000)
    expect(contextWindowOf('gemini-3-pro-preview')?.tokens).toBe(1_048_576)
    expect(contextWindowOf('gemini-3-flash-preview')?.tokens).toBe(1_048_576)
  })

  it('knows a dated snapshot, an alias and a router’s name of a listed model', () => {
    expect(contextWindowOf('gpt-4o-2024-08-06')?.tokens).toBe(128_000)
    expect(contextWindowOf('claude-sonnet-4-5-20250929')?.tokens).toBe(200_000)
    expect(contextWindowOf('claude-3-7-sonnet-latest')?.tokens).toBe(200_000)
    expect(contextWindowOf('openai/gpt-4.1')?.tokens).toBe(1_047_576)
    expect(contextWindowOf('GPT-4o')?.tokens).toBe(128_000)
  })

  it('does not take one model’s window for a longer name that only starts like it', () => {
    // gpt-4 has 8,192; gpt-4o and gpt-4-turbo are other models with 128,000.
    expect(contextWindowOf('gpt-4o')?.tokens).not.toBe(contextWindowOf('gpt-4')?.tokens)
    expect(contextWindowOf('gpt-4-32k')).toBeNull()
    expect(contextWindowOf('gpt-5.1-chat-latest')).toBeNull()
  })

  it('knows no window for a model it does not list, and says where each one comes from', () => {
    expect(contextWindowOf('my-fine-tune')).toBeNull()
    expect(contextWindowOf('')).toBeNull()
    expect(contextWindowOf('gpt-4o')?.source).toBe('https://platform.openai.com/docs/models/gpt-4o')
    expect(contextWindowOf('claude-opus-4-1')?.source).toMatch(/^https:\/\/docs\.claude\.com\//)
    expect(contextWindowOf('gemini-2.5-flash')?.source).toMatch(/^https:\/\/ai\.google\.dev\//)
  })
})

describe('the window offered as MaxTokens', () => {
  const recorded = { tokens: 258_400, at: 'line 3: payload.model_context_window' }

  it('is the one the log records its engine ran with, for the log’s own model', () => {
    expect(offeredWindow('gpt-5.5', { model: 'gpt-5.5', contextWindow: recorded })).toEqual({
      tokens: 258_400,
      source: 'the log, line 3: payload.model_context_window',
      fromLog: true,
    })
    // A log that names no model: its window is the one its requests ran with.
    expect(offeredWindow('gpt-4o', { contextWindow: recorded })?.tokens).toBe(258_400)
  })

  it('is the provider’s documented window for any other model, or none', () => {
    expect(offeredWindow('gpt-4.1', { model: 'gpt-5.5', contextWindow: recorded })).toEqual({
      ...contextWindowOf('gpt-4.1'),
      fromLog: false,
    })
    expect(offeredWindow('gpt-4.1')?.tokens).toBe(1_047_576)
    expect(offeredWindow('my-fine-tune', { model: 'gpt-5.5', contextWindow: recorded })).toBeNull()
  })
})

describe('the window the Codex presets run on', () => {
  it('is a Codex rollout’s recorded window, never another engine’s', () => {
    const codex = {
      tokens: 258_400,
      at: 'line 3: payload.model_context_window',
      codex: true as const,
    }
    const qwen = { tokens: 1_000_000, at: 'line 2: contextWindowSize' }
    expect(codexRecordedWindowFor('gpt-5.5', { model: 'gpt-5.5', contextWindow: codex })).toBe(
      codex,
    )
    // Qwen Code records its model's whole window: offered as MaxTokens, not a Codex window.
    expect(codexRecordedWindowFor('qwen3-coder-plus', { contextWindow: qwen })).toBeUndefined()
    expect(offeredWindow('qwen3-coder-plus', { contextWindow: qwen })?.tokens).toBe(1_000_000)
  })
})
