import { describe, expect, it } from 'vitest'
import { CALIBRATIONS, calibrationFor } from '../../src/pricing/calibration'

// Which generation a model name falls under, from Anthropic's and Google's model lists: Opus 4.7
// brought the new tokenizer, and later Opus and Claude 5 models keep it.
describe('calibrationFor', () => {
  it.each([
    ['claude-opus-4-7', 'Claude Opus 4.7'],
    ['claude-opus-4-7-20260415', 'Claude Opus 4.7'],
    ['claude-opus-4-8', 'Claude Opus 4.7'],
    ['claude-opus-5', 'Claude Opus 4.7'],
    ['claude-sonnet-5', 'Claude Opus 4.7'],
    ['anthropic/claude-opus-4-7', 'Claude Opus 4.7'],
    // GitHub Copilot CLI and OpenRouter write the minor version after a dot.
    ['claude-opus-4.7', 'Claude Opus 4.7'],
    ['anthropic/claude-opus-4.8', 'Claude Opus 4.7'],
    ['claude-opus-4.6', 'Claude before Opus 4.7'],
    ['claude-sonnet-4.5', 'Claude before Opus 4.7'],
    // A Claude 5 of another family's name, as public Claude Code sessions name one.
    ['claude-fable-5', 'Claude Opus 4.7'],
    ['claude-instant-1.2', 'Claude before Opus 4.7'],
    ['claude-sonnet-4-5-20250929', 'Claude before Opus 4.7'],
    ['claude-opus-4-5', 'Claude before Opus 4.7'],
    ['claude-opus-4-1-20250805', 'Claude before Opus 4.7'],
    ['claude-opus-4-6', 'Claude before Opus 4.7'],
    ['claude-3-5-haiku-20241022', 'Claude before Opus 4.7'],
    ['claude-haiku-4-5', 'Claude before Opus 4.7'],
    ['Claude-Sonnet-4', 'Claude before Opus 4.7'],
    ['gemini-3-pro-preview', 'Gemini 2.5/3'],
    ['gemini-2.5-flash', 'Gemini 2.5/3'],
  ])('%s is counted as %s', (model, generation) => {
    expect(calibrationFor(model)?.generation).toBe(generation)
  })

  it('leaves OpenAI and open models to their exact vocabularies', () => {
    for (const model of ['gpt-5.1-codex', 'gpt-4o', 'o3-mini', 'llama-3.1-8b', 'qwen2.5-coder']) {
      expect(calibrationFor(model)).toBeUndefined()
    }
  })

  it('holds factors above 1 that claim no more precision than their data', () => {
    for (const c of CALIBRATIONS) {
      expect(c.factor).toBeGreaterThanOrEqual(1)
      expect(c.withinPct).toBeGreaterThan(0)
      // A derived factor (no measured requests) states a band of at least ±10%.
      if (c.requests === 0) expect(c.withinPct).toBeGreaterThanOrEqual(10)
    }
  })
})
