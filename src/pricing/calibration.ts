import type { EncodingName } from '../tokens'

/**
 * How one model generation of a provider without a public tokenizer is counted: with a vocabulary
 * we have, times a factor measured against the provider's own counts.
 */
export interface Calibration {
  family: 'anthropic' | 'google'
  /** e.g. 'Claude 4.x (before Opus 4.7)', 'Claude Opus 4.7', 'Gemini 2.5/3' */
  generation: string
  /** model names this generation covers */
  matches: (model: string) => boolean
  /** the vocabulary counted with, then multiplied by factor */
  encoding: EncodingName
  factor: number
  /** measured: |estimate/report − 1| ≤ withinPct/100 on `requests` provider-reported requests */
  withinPct: number
  requests: number
}

/**
 * Provisional: the factors until measured. Claude's is 1/0.865, from the finding that o200k
 * counts 0.86–0.87 of Anthropic's count on identical requests; Gemini's is 1. `requests: 0` says that
 * no measurement backs them yet.
 */
export const CALIBRATIONS: readonly Calibration[] = [
  {
    family: 'anthropic',
    generation: 'Claude Opus 4.7',
    matches: (model) => /opus-4-7/.test(model),
    encoding: 'o200k_base',
    factor: 1.16,
    withinPct: 0,
    requests: 0,
  },
  {
    family: 'anthropic',
    generation: 'Claude (before Opus 4.7)',
    matches: (model) => model.includes('claude'),
    encoding: 'o200k_base',
    factor: 1.16,
    withinPct: 0,
    requests: 0,
  },
  {
    family: 'google',
    generation: 'Gemini 2.5/3',
    matches: (model) => model.includes('gemini'),
    encoding: 'o200k_base',
    factor: 1,
    withinPct: 0,
    requests: 0,
  },
]
